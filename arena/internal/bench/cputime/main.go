//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: cputime COMMAND [ARG...]")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "cputime:", err)
		os.Exit(1)
	}
	pid := cmd.Process.Pid
	if err := waitNoReap(pid); err != nil {
		fmt.Fprintln(os.Stderr, "cputime: waitid:", err)
		os.Exit(1)
	}
	wall := time.Since(start)
	t, err := procTimes(pid)
	werr := cmd.Wait() // reap
	if err != nil {
		fmt.Fprintln(os.Stderr, "cputime:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "cputime: wall %.3f s, own CPU %.3f s (user %.3f s, system %.3f s), children's CPU %.3f s, exit: %v\n",
		wall.Seconds(), (t.user + t.sys).Seconds(), t.user.Seconds(), t.sys.Seconds(), t.children.Seconds(), exitText(werr))
	if werr != nil {
		os.Exit(1)
	}
}

func exitText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// waitNoReap waits for the process to exit and leaves it a zombie, so
// that /proc/PID still holds its final times.
func waitNoReap(pid int) error {
	const (
		pPID    = 1
		wExited = 4
		wNoWait = 0x1000000
	)
	var info [128]byte // siginfo_t
	for {
		_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid), uintptr(unsafe.Pointer(&info[0])),
			wExited|wNoWait, 0, 0)
		if e == syscall.EINTR {
			continue
		}
		if e != 0 {
			return e
		}
		return nil
	}
}

// times are a process's CPU times.
type times struct {
	user, sys time.Duration // its own
	children  time.Duration // of its children that it waited for
}

// procTimes reads utime, stime and cutime+cstime of a process.
func procTimes(pid int) (t times, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return t, err
	}
	// The command name (field 2) may hold spaces: fields start after ")".
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	// f[0] is field 3 (state); utime, stime, cutime, cstime are fields 14-17.
	if len(f) < 15 {
		return t, fmt.Errorf("/proc/%d/stat: %q", pid, s)
	}
	tick := func(i int) time.Duration {
		n, _ := strconv.ParseInt(f[i-3], 10, 64)
		return time.Duration(n) * time.Second / clockTicks
	}
	return times{user: tick(14), sys: tick(15), children: tick(16) + tick(17)}, nil
}

// clockTicks is sysconf(_SC_CLK_TCK), 100 on Linux.
const clockTicks = 100
