package search

import (
	"context"
	"testing"

	"varena/engines"
)

// TestSearchFairyVariant: the searcher plays a variant with fairy pieces
// (weights of zeros: the variant has no weights file) without running off
// its per-type tables, and returns a legal move.
func TestSearchFairyVariant(t *testing.T) {
	g, err := engines.NewGeometry(8, 8)
	if err != nil {
		t.Fatal(err)
	}
	n := func(dx, dy, r int) []engines.Atom {
		var out []engines.Atom
		for _, s := range [][2]int{{dx, dy}, {-dx, dy}, {dx, -dy}, {-dx, -dy}, {dy, dx}, {-dy, dx}, {dy, -dx}, {-dy, -dx}} {
			out = append(out, engines.Atom{DX: s[0], DY: s[1], Range: r, Move: true, Capture: true})
		}
		return out
	}
	amazon := append(append(n(1, 0, 0), n(1, 1, 0)...), n(1, 2, 1)...)
	v, err := engines.NewVariant(engines.Variant{Name: "fairy-search", Geometry: g,
		StartFEN:   "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1",
		Pieces:     []engines.PieceType{engines.Pawn, engines.Knight, engines.Bishop, engines.Rook, engines.King},
		Fairy:      []engines.FairyPiece{{Name: "amazon", Letter: 'A', Atoms: amazon}},
		Promotions: []engines.PieceType{engines.FirstFairy, engines.Rook}, Check: true, DoubleStep: true, EnPassant: true})
	if err != nil {
		t.Fatal(err)
	}
	fs := featureSetOf(v)
	w := newWeights(v, fs, make([]float64, len(fs.list)))
	game := engines.NewGame(v.StartPosition())
	s := New(w, 1)
	for ply := 0; ply < 12; ply++ {
		res := s.Search(context.Background(), game, Limits{Depth: 4}, nil)
		pos := game.Position()
		if !pos.IsLegal(res.Move) {
			t.Fatalf("ply %d: %s returned %v, not legal", ply, pos.FEN(), res.Move)
		}
		game.Play(res.Move)
	}
}
