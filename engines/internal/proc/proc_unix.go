//go:build unix

package proc

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts the engine in a process group of its own and
// makes cancellation kill the whole group, so that a wrapper script's
// children die with it (and a terminal's Ctrl-C reaches the arena, which
// then closes its engines, not the engines directly). Where the kernel
// offers it (Linux), the engine is also killed when varena dies however
// it dies, kill -9 included (see setDeathSignal).
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	setDeathSignal(cmd.SysProcAttr)
	cmd.Cancel = func() error {
		if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
}
