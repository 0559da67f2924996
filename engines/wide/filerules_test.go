package wide_test

import (
	"strings"
	"testing"

	"varena/engines/fairy"
)

// TestFileRules: rules that sections of Fairy-Stockfish's own
// variants.ini showed, each a position and its legal-move count as
// Fairy-Stockfish plays it (11.1 and the c19b5f6 build agree).
func TestFileRules(t *testing.T) {
	cases := []struct {
		name, ini, fen string
		perft1         int
	}{
		// A king in hand may not be dropped where it stands attacked:
		// K@h8 is missing (the bishop on a1 sees it), 39 moves.
		{"royal drop", "[x:placement]\n", "8/8/8/8/8/8/8/B7[KQRRBNNPPPPPPPPkqrrbbnnpppppppp] b - - 0 1", 39},
		// A pawn without promotion types but with a promoted type
		// (shinobi's p:c) promotes as a piece: g3f2+, g3g2+ and g3h2+,
		// forced in the zone, 8 moves.
		{"pawn promoted type", "[x:chess]\ncommoner = c\npromotionRegionWhite = *7 *8\npromotionRegionBlack = *2 *1\npromotionPieceTypes = -\npromotedPieceType = p:c\nmandatoryPiecePromotion = true\n",
			"4k3/8/8/8/8/6p1/5P1P/4K3 b - - 0 1", 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defs, err := fairy.Parse(strings.NewReader(c.ini), "x.ini")
			if err != nil {
				t.Fatal(err)
			}
			v, err := defs[0].Wide()
			if err != nil {
				t.Fatal(err)
			}
			p := mustFEN(t, v, c.fen)
			if n := p.CountLegal(); n != c.perft1 {
				t.Errorf("%s: %d moves, want %d", c.fen, n, c.perft1)
			}
		})
	}
}
