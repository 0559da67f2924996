package proc

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// BenchmarkRoundTrip sends a line to cat and reads it back: a write and a
// read that waits for the answer, the client's work for each line an
// engine writes to a waiting reader. cpu-ns/op is this process's CPU per
// round trip (all its threads; cat's excluded).
func BenchmarkRoundTrip(b *testing.B) {
	p := startTool(b, "cat")
	ctx := context.Background()
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	for b.Loop() {
		if err := p.Send("info depth 1 score cp 20 nodes 100 pv e2e4", time.Second); err != nil {
			b.Fatal(err)
		}
		if _, err := p.NextBytes(ctx, time.Now().Add(5*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	cpu := syscall.TimevalToNsec(after.Utime) - syscall.TimevalToNsec(before.Utime) +
		syscall.TimevalToNsec(after.Stime) - syscall.TimevalToNsec(before.Stime)
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
}
