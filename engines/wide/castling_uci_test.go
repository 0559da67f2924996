package wide_test

import (
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// TestCastlingUCIAnySide: a castling is written with its own king's
// target square whatever position writes it. engines.Variant.UCI writes
// every move from the start position (White to move), and wrote Black's
// O-O-O in capablanca as "f8c1": the journal then held a move no replay
// took, and Fairy-Stockfish, sent it in the move list, stopped reading
// there and lost its next move as illegal (5 of 20 games of
// configs/runs/wide/fsf-capablanca.yaml).
func TestCastlingUCIAnySide(t *testing.T) {
	cases := []struct{ variant, fen, uci string }{
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1", "f8c8"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1", "f8i8"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1c1"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1i1"},
		{"gothic", "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1", "f8c8"},
	}
	for _, c := range cases {
		v, err := variants.ByName(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := engines.ParseFEN(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseUCIMove(c.uci)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.uci, err)
		}
		if got := v.UCI(m); got != c.uci {
			t.Errorf("%s %s: Variant.UCI writes %q", c.variant, c.uci, got)
		}
		wm, err := pos.Wide().ParseUCIMove(c.uci)
		if err != nil {
			t.Fatal(err)
		}
		start := v.StartPosition()
		if got := start.Wide().UCI(wm); got != c.uci {
			t.Errorf("%s %s: the start position's UCI writes %q", c.variant, c.uci, got)
		}
	}
}
