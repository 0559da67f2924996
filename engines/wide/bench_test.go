package wide_test

import (
	"testing"
	"time"

	"varena/engines/wide"
)

// BenchmarkPerft counts each variant's start position to the suite's
// depth under about a million nodes and reports nodes per second.
func BenchmarkPerft(b *testing.B) {
	for _, name := range variantNames {
		b.Run(name, func(b *testing.B) {
			v := variant(b, name)
			lines := readSuite(&testing.T{}, "testdata/perft/"+name+".epd")
			pos := mustFEN(b, v, lines[0].fen)
			depth := 1
			for d, c := range lines[0].counts {
				if c <= 2_000_000 {
					depth = d + 1
				}
			}
			var nodes uint64
			start := time.Now()
			for i := 0; i < b.N; i++ {
				nodes += wide.Perft(&pos, depth)
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}
