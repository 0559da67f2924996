package openings

import (
	"context"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/search"
	"varena/engines/variants"
)

// endsAtOnce is the test's own look at a position: a legal move after
// which the game is over, found by playing every move.
func endsAtOnce(pos *engines.Position) (engines.Move, bool) {
	for _, m := range pos.GenerateMoves(nil) {
		if child := pos.Play(m); child.Status().Result != engines.Ongoing {
			return m, true
		}
	}
	return engines.NullMove, false
}

// TestRandomOpeningsLeaveAGame: in every variant, random openings of a
// few plies are games still to play: not over, no move of the side to
// move ends them, and a fresh 1000-node search finds neither a mate
// nor DecidedScore for a side. The same (seed, stream) gives the same
// opening. Random 8-ply lines without the test leave Los Alamos
// positions with an extinguishing capture in about a third of cases.
func TestRandomOpeningsLeaveAGame(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	for _, v := range variants.All {
		w, err := search.DefaultWeights(v)
		if err != nil {
			t.Fatal(err)
		}
		s := search.New(w, 1)
		for _, plies := range []int{1, 4, 8} {
			for i := range n {
				op, err := RandomOpening(v, plies, 9173, uint64(i))
				if err != nil {
					t.Fatalf("%s, %d plies, stream %d: %v", v.Name, plies, i, err)
				}
				again, _ := RandomOpening(v, plies, 9173, uint64(i))
				if again != op {
					t.Fatalf("%s, %d plies, stream %d: %q then %q", v.Name, plies, i, op.FEN, again.FEN)
				}
				pos, err := engines.ParseFEN(v, op.FEN)
				if err != nil {
					t.Fatalf("%s: opening %q: %v", v.Name, op.FEN, err)
				}
				if got := pos.FullmoveNumber()*2 - 2 + int(pos.SideToMove()); got != plies {
					t.Errorf("%s: opening %q is %d plies in, want %d", v.Name, op.FEN, got, plies)
				}
				if o := pos.Status(); o.Result != engines.Ongoing {
					t.Errorf("%s: opening %q is over: %v", v.Name, op.FEN, o.Reason)
				}
				if m, ok := endsAtOnce(&pos); ok {
					t.Errorf("%s: opening %q: %s ends the game at once", v.Name, op.FEN, pos.SAN(m))
				}
				s.NewGame()
				r := s.Search(context.Background(), engines.NewGame(pos), limits.Limits{Nodes: DecidedNodes}, nil)
				if limits.MateIn(r.Score) != 0 || r.Score >= DecidedScore || r.Score <= -DecidedScore {
					t.Errorf("%s: opening %q: a %d-node search scores %d", v.Name, op.FEN, DecidedNodes, r.Score)
				}
			}
		}
	}
}

// TestDecided: what Decided calls decided, and why.
func TestDecided(t *testing.T) {
	tests := []struct {
		variant, fen string
		decided      bool
		why          string
	}{
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, ""},
		// The case: Qxe8# ends the game (the king is extinct).
		{"extinction", "r1bqkb1r/ppppp1pp/2n2p1n/7Q/4P3/N7/PPPP1PPP/R1B1KBNR w KQkq - 4 4", true, "white can end the game at once with Qxe8#"},
		// Black has lost its king: over.
		{"extinction", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", true, "the game is over (extinction)"},
		// Black has no queen: extinct, over.
		{"extinction", "rnb1kbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", true, "the game is over (extinction)"},
		// White is a knight and a bishop up, nothing to end the game at
		// once: the search finds it decided.
		{"extinction", "r2qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true, "a 1000-node search scores it +"},
		// A pawn up is not decided.
		{"extinction", "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, ""},
	}
	for _, tt := range tests {
		v, err := variants.ByName(tt.variant)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := engines.ParseFEN(v, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		why, decided := Decided(&pos)
		if decided != tt.decided || !strings.HasPrefix(why, tt.why) {
			t.Errorf("Decided(%s) = %q, %v; want %v %q", tt.fen, why, decided, tt.decided, tt.why)
		}
	}
}

// BenchmarkRandomOpening: the cost of one 4-ply opening, which a run
// pays per pair before its first game.
func BenchmarkRandomOpening(b *testing.B) {
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := RandomOpening(v, 4, 1, uint64(i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
