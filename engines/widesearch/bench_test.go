package widesearch

import (
	"context"
	"testing"
)

// BenchmarkSearch searches the start position of each variant to a
// fixed node count from a new game, and reports nodes per second (a
// node as the search counts it: a position a move made).
func BenchmarkSearch(b *testing.B) {
	for _, name := range []string{"xiangqi", "janggi", "capablanca"} {
		b.Run(name, func(b *testing.B) {
			g := newGame(b, name, "")
			s := New(16)
			var nodes int64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.NewGame()
				res := s.Search(context.Background(), g, Limits{Nodes: 200000}, nil)
				nodes += res.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
