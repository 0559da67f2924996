package wide_test

import "testing"

// TestWalls: a wall ('*') is a square no piece enters, captures or rides
// through, and stays in the FEN after moves. Counts from the c19b5f6
// build of Fairy-Stockfish (go perft 1 and d on the same FEN and moves).
func TestWalls(t *testing.T) {
	cases := []struct {
		variant, fen string
		move         string
		perft1       int
		after        string
	}{
		// The rooks stop before f1, the king does not enter it.
		{"capablanca", "4k5/10/10/10/10/10/10/R3K*1R2 w - - 0 1", "h1h8", 24, "4k2R2/10/10/10/10/10/10/R3K*4 b - - 1 1"},
		// A knight does not land on a wall.
		{"capablanca", "4k5/10/10/10/10/10/2*7/1N2K1*3 w - - 0 1", "b1a3", 8, "4k5/10/10/10/10/N9/2*7/4K1*3 b - - 1 1"},
	}
	for _, c := range cases {
		v := variant(t, c.variant)
		p := mustFEN(t, v, c.fen)
		if got := p.FEN(); got != c.fen {
			t.Errorf("%s: FEN round trip gives %s", c.fen, got)
		}
		if got := p.CountLegal(); got != c.perft1 {
			t.Errorf("%s: %d moves, want %d", c.fen, got, c.perft1)
		}
		m, err := p.ParseUCIMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		var q = p
		p.MakeMove(m, &q)
		if got := q.FEN(); got != c.after {
			t.Errorf("%s %s: %s, want %s", c.fen, c.move, got, c.after)
		}
	}
}
