package search

import (
	"context"
	"testing"

	"varena/engines"
	"varena/engines/limits"
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
		res := s.Search(context.Background(), game, limits.Limits{Depth: 4}, nil)
		pos := game.Position()
		if !pos.IsLegal(res.Move) {
			t.Fatalf("ply %d: %s returned %v, not legal", ply, pos.FEN(), res.Move)
		}
		game.Play(res.Move)
	}
}

// TestSearchAsymmetricStart: a variant of chess's rules whose start
// position has no colour-reversing symmetry (sections of Fairy-Stockfish's
// variants.ini: peasant revolt, weak, microchess) gets the rank mirror for
// Black's tables instead of a panic, and the search returns legal moves.
func TestSearchAsymmetricStart(t *testing.T) {
	cases := []struct {
		name         string
		files, ranks int
		fen          string
	}{
		{"peasant", 8, 8, "1nn1k1n1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"},
		{"weak", 8, 8, "nnnnknnn/pppppppp/2p2p2/1pppppp1/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
		{"microchess", 4, 5, "rbnk/p3/4/3P/RBNK w - - 0 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := engines.NewGeometry(c.files, c.ranks)
			if err != nil {
				t.Fatal(err)
			}
			v, err := engines.NewVariant(engines.Variant{Name: c.name, Geometry: g, StartFEN: c.fen,
				Pieces:     []engines.PieceType{engines.Pawn, engines.Knight, engines.Bishop, engines.Rook, engines.Queen, engines.King},
				Promotions: []engines.PieceType{engines.Queen, engines.Rook, engines.Bishop, engines.Knight}, Check: true, DoubleStep: c.ranks == 8})
			if err != nil {
				t.Fatal(err)
			}
			fs := featureSetOf(v)
			w := newWeights(v, fs, make([]float64, len(fs.list)))
			game := engines.NewGame(v.StartPosition())
			s := New(w, 1)
			for ply := 0; ply < 6 && game.Position().CountMoves() > 0; ply++ {
				res := s.Search(context.Background(), game, limits.Limits{Depth: 3}, nil)
				if pos := game.Position(); !pos.IsLegal(res.Move) {
					t.Fatalf("ply %d: %s returned %v, not legal", ply, pos.FEN(), res.Move)
				}
				game.Play(res.Move)
			}
		})
	}
}
