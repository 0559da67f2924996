package fairy

import (
	"strings"
	"testing"

	"varena/engines/wide"
)

// TestPseudoRoyalExtinction: under extinctionPseudoRoyal without
// explosions, Fairy-Stockfish c19b5f6 plays on when a side has no piece
// of an extinction type (it set up without one, or lost its last one to
// a capture the rules let through); without pseudo-royalty the game is
// over. The counts are that build's go perft 1.
func TestPseudoRoyalExtinction(t *testing.T) {
	const ini = "[extq:chess]\nextinctionValue = loss\nextinctionPieceTypes = q\nking = -\ncommoner = k\ncastlingKingPiece = k\n\n" +
		"[extqp:extq]\nextinctionPseudoRoyal = true\n\n" +
		"[lone:chess]\namazon = m\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1\nextinctionValue = loss\nextinctionPieceTypes = m\nextinctionPseudoRoyal = true\n"
	cases := []struct {
		variant, fen string
		nodes        uint64
	}{
		{"extq", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1", 0},
		{"extq", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1", 0},
		{"extqp", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1", 21},
		{"extqp", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1", 21},
		{"extqp", "rnbqkbnr/pppp1ppp/8/8/3p4/8/PPPPPPPP/RNB1KBNR w - - 0 2", 20},
		{"lone", "rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1", 22},
		{"lone", "rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1", 5},
	}
	defs, err := Parse(strings.NewReader(ini), "ext.ini")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p := widePosition(t, defs, c.variant, c.fen, "")
		if got := wide.Perft(&p, 1); got != c.nodes {
			t.Errorf("%s %s: perft 1 = %d, want %d", c.variant, c.fen, got, c.nodes)
		}
	}
}
