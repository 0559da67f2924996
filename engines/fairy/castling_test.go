package fairy

import (
	"strings"
	"testing"

	"varena/engines/wide"
)

// TestCastlingKeys: castlingWins (castling by a listed right wins, losing
// it loses) and oppositeCastling (castling takes the opponent's right on
// that wing), with the FENs, results and move counts of Fairy-Stockfish
// c19b5f6 after these moves.
func TestCastlingKeys(t *testing.T) {
	const ini = "[castle:chess]\ncastlingWins = q\n\n[opposite:chess]\noppositeCastling = true\n"
	const start = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"
	cases := []struct {
		variant, fen, moves string
		result              wide.Result // Ongoing: the game goes on
		fenAfter            string      // "" not checked
	}{
		{"castle", start, "e8c8", wide.BlackWins, ""},
		{"castle", start, "e8g8", wide.WhiteWins, ""},
		{"castle", start, "a8b8", wide.WhiteWins, ""},
		{"castle", start, "h8g8", wide.Ongoing, ""},
		{"castle", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQk - 0 1", "", wide.WhiteWins, ""},
		{"opposite", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1g1", wide.Ongoing, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b q - 1 1"},
		{"opposite", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1c1", wide.Ongoing, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b k - 1 1"},
		{"opposite", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1f1", wide.Ongoing, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4K1R b kq - 1 1"},
	}
	defs, err := Parse(strings.NewReader(ini), "castling.ini")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p := widePosition(t, defs, c.variant, c.fen, c.moves)
		o, over := p.ImmediateEnd()
		if !over {
			o.Result = wide.Ongoing
		}
		if o.Result != c.result || over && o.Reason != wide.CastlingWon {
			t.Errorf("%s %s %s: %v (%v), want %v", c.variant, c.fen, c.moves, o.Result, o.Reason, c.result)
		}
		if c.fenAfter != "" && p.FEN() != c.fenAfter {
			t.Errorf("%s after %s: %s, want %s", c.variant, c.moves, p.FEN(), c.fenAfter)
		}
	}
}
