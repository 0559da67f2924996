//go:build unix && !linux

package proc

import "syscall"

// setDeathSignal does nothing where the kernel has no parent-death
// signal (macOS, the BSDs): there an engine outlives a varena killed by
// SIGKILL until it notices its closed input; every other way varena
// ends closes its engines.
func setDeathSignal(a *syscall.SysProcAttr) {}
