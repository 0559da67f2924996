//go:build unix

package arena_test

import (
	"syscall"
	"testing"
	"time"
)

// cpuSelf returns the CPU time (user + system) this process has used;
// external engines, being other processes, are not in it.
func cpuSelf(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
