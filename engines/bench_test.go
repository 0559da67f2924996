package engines_test

import (
	"testing"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/evolution"
	"varena/engines/extinction"
	fairydefs "varena/engines/fairy"
	"varena/engines/losalamos"
	"varena/engines/wide"
)

// BenchmarkPerft measures move generation, make-move and bulk counting
// from each start position, and from Kiwipete in standard chess, in
// nodes/s (compare with Stockfish's or Fairy-Stockfish's `go perft` on
// the same position and depth; docs/chess.md and docs/performance.md).
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
		{"standard", chess.Standard, 5},
		{"standard-kiwipete", chess.Standard, 4},
		{"fischerandom", chess.Chess960, 4},
	}
	// The FEN of a bench, where not the start position.
	fens := map[string]string{
		"standard-kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"fischerandom":      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	}
	for _, bb := range benches {
		b.Run(bb.name, func(b *testing.B) {
			fen := bb.v.StartFEN
			if f, ok := fens[bb.name]; ok {
				fen = f
			}
			pos, err := engines.ParseFEN(bb.v, fen)
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

// BenchmarkPerftGeneral measures the general rules engine (engines/wide,
// 128-bit bitboards, Fairy-Stockfish's rules) on standard chess, which
// the 64-square engine plays too: BenchmarkPerft/standard-kiwipete
// against BenchmarkPerftGeneral/standard-kiwipete is what a variant would
// pay if every board took the general engine (docs/engine.md).
func BenchmarkPerftGeneral(b *testing.B) {
	w, err := fairydefs.Lookup(nil, "chess").Wide()
	if err != nil {
		b.Fatal(err)
	}
	pos, err := wide.ParseFEN(w, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("standard-kiwipete", func(b *testing.B) {
		var nodes uint64
		b.ReportAllocs()
		for b.Loop() {
			nodes += wide.Perft(&pos, 4)
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
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
