package variants

import (
	"strings"
	"testing"

	"varena/engines"
)

// TestBuiltinRuleResults: the game ends of the rules only one built-in
// of Fairy-Stockfish 11.1 has, judged as 11.1 judges them (its search
// scores each such end so; the arena's TestBuiltinsAgainstFSF checks
// played games against the binary).
func TestBuiltinRuleResults(t *testing.T) {
	tests := []struct {
		name, variant, fen, moves string
		want                      engines.Result
		reason                    engines.Termination
	}{
		// suicide: the stalemated side to move wins with fewer pieces,
		// loses with more, draws with as many.
		{"suicide fewer", "suicide", "8/7p/8/p7/P7/8/8/8 w - - 0 1", "", engines.WhiteWins, engines.Stalemate},
		{"suicide more", "suicide", "8/8/8/p6p/P6P/7P/8/8 w - - 0 1", "", engines.BlackWins, engines.Stalemate},
		{"suicide equal", "suicide", "8/8/8/p7/P7/8/8/8 w - - 0 1", "", engines.Draw, engines.Stalemate},
		// shatar: a mate by a knight alone loses for the mover; a mate
		// whose series of checks holds a shak (the rook's) wins; a mate
		// by a bishop with no shak before it is a draw.
		{"shatar knight mate", "shatar", "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", "g5f7", engines.BlackWins, engines.Checkmate},
		{"shatar rook mate", "shatar", "k7/8/1K6/8/8/8/p7/7R w - - 0 1", "h1h8", engines.WhiteWins, engines.Checkmate},
		{"shatar bishop mate", "shatar", "k7/p1K5/4B3/8/8/8/8/8 w - - 0 1", "e6d5", engines.Draw, engines.Checkmate},
		// A bare king draws at once.
		{"shatar bare king", "shatar", "k7/8/1K6/8/8/8/8/7R b - - 0 1", "", engines.Draw, engines.Extinction},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := ByName(tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			pos, err := engines.ParseFEN(v, tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range strings.Fields(tc.moves) {
				m, err := pos.ParseUCIMove(text)
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				var child engines.Position
				pos.MakeMove(m, &child)
				pos = child
			}
			got := pos.Status()
			if got.Result != tc.want || got.Reason != tc.reason {
				t.Errorf("%s: status %v (%v), want %v (%v)", pos.FEN(), got.Result, got.Reason, tc.want, tc.reason)
			}
		})
	}
}
