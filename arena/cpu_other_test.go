//go:build !unix

package arena_test

import (
	"testing"
	"time"
)

// cpuSelf is not measured here: the CPU metrics of the benchmarks read 0.
func cpuSelf(tb testing.TB) time.Duration { return 0 }
