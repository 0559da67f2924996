package search

import (
	"context"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// BenchmarkSearch measures the searcher's speed (nodes/s) from each start
// position to a fixed depth.
func BenchmarkSearch(b *testing.B) {
	depths := map[string]int{"extinction": 8, "losalamos-bunkers": 8, "evolution": 6}
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			w, _ := DefaultWeights(v)
			s := New(w, 16)
			pos, _ := engines.ParseFEN(v, v.StartFEN)
			g := engines.NewGame(pos)
			var nodes int64
			for b.Loop() {
				nodes += s.Search(context.Background(), g, Limits{Depth: depths[v.Name]}, nil).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkEvaluate measures the static evaluation on each start position.
func BenchmarkEvaluate(b *testing.B) {
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			w, _ := DefaultWeights(v)
			pos, _ := engines.ParseFEN(v, v.StartFEN)
			b.ReportAllocs()
			for b.Loop() {
				Evaluate(&pos, w, nil)
			}
		})
	}
}
