//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the engine in a process group of its own and
// makes cancellation kill the whole group, so that a wrapper script's
// children die with it (and a terminal's Ctrl-C reaches the arena, which
// then closes its engines, not the engines directly).
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
}
