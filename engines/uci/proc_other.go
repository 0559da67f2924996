//go:build !unix

package uci

import "os/exec"

// setProcessGroup leaves the default: cancellation kills the process.
func setProcessGroup(cmd *exec.Cmd) {}
