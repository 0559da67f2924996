//go:build !unix

package proc

import "os/exec"

// setProcessGroup leaves the default: cancellation kills the process.
func setProcessGroup(cmd *exec.Cmd) {}
