package proc

import "syscall"

// setDeathSignal asks the kernel to SIGKILL the engine when varena's
// thread that started it ends, which for Go means when varena ends (the
// runtime ends a thread only when a goroutine locked to it returns, and
// varena locks none): an engine that ignores end of input and SIGTERM
// kept running with parent pid 1 after kill -9 of varena. Only the
// engine process itself gets the signal; a wrapper script's children
// are left to notice their closed input.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
