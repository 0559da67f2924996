package engines_test

import (
	"testing"

	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/losalamos"
)

// BenchmarkPerft measures move generation, make-move and bulk counting
// from each start position, in nodes/s (compare with Fairy-Stockfish's
// `go perft` on the same position and depth).
func BenchmarkPerft(b *testing.B) {
	benches := []struct {
		name  string
		v     *engines.Variant
		depth int
	}{
		{"extinction", extinction.Variant, 5},
		{"losalamos-bunkers", losalamos.Variant, 5},
		{"losalamos-nobunkers", losalamos.NoBunkers, 6},
		{"evolution", evolution.Variant, 4},
	}
	for _, bb := range benches {
		b.Run(bb.name, func(b *testing.B) {
			pos, err := engines.ParseFEN(bb.v, bb.v.StartFEN)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				nodes += engines.Perft(&pos, bb.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkGenerateMoves measures full move-list generation (what search
// uses) on the extinction start position.
func BenchmarkGenerateMoves(b *testing.B) {
	for _, v := range []*engines.Variant{extinction.Variant, losalamos.Variant, evolution.Variant} {
		b.Run(v.Name, func(b *testing.B) {
			pos, _ := engines.ParseFEN(v, v.StartFEN)
			var buf [engines.MaxMoves]engines.Move
			b.ReportAllocs()
			for b.Loop() {
				_ = pos.GenerateMoves(buf[:0])
			}
		})
	}
}
