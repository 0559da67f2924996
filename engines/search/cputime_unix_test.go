//go:build unix

package search

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used. On a shared machine
// a benchmark's wall time counts the time other processes held the cores;
// its CPU time does not, so ratios measured with it hold under load.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
