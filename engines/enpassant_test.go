package engines_test

import (
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/extinction"
	"varena/engines/losalamos"
)

// playUCI plays UCI moves from fen in a new game.
func playUCI(t *testing.T, v *engines.Variant, fen string, moves string) *engines.Game {
	t.Helper()
	g := engines.NewGame(mustFEN(t, v, fen))
	for _, s := range strings.Fields(moves) {
		m, err := g.Position().ParseUCIMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		g.Play(m)
	}
	return g
}

// TestEnPassantRight: a double step leaves an en-passant right only when
// an enemy pawn can take it (RULES.md), in the position, its hash and the
// FEN written, as cutechess-cli and Fairy-Stockfish count it.
func TestEnPassantRight(t *testing.T) {
	v := extinction.Variant
	tests := []struct {
		name, fen, moves string
		wantFEN          string // after the moves
	}{
		{"1. e4: no black pawn on d4 or f4", v.StartFEN, "e2e4",
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"1. e4 d5: the e4 pawn does not attack d6", v.StartFEN, "e2e4 d7d5",
			"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
		{"black pawn on d4 can take on e3", "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3", "e2e4",
			"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"},
		{"black pawn on f4 can take on e3", "rnbqkbnr/ppppp1pp/8/8/5p2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3", "e2e4",
			"rnbqkbnr/ppppp1pp/8/8/4Pp2/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"},
		{"white pawn on e5 can take on d6", "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", "d7d5",
			"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
		{"a pawn on the far file does not count", "rnbqkbnr/ppp1pppp/8/8/p7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3", "h2h4",
			"rnbqkbnr/ppp1pppp/8/8/p6P/8/PPPPPPP1/RNBQKBNR b KQkq - 0 3"},
		{"a white pawn beside does not count", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3", "e2e4",
			"rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := playUCI(t, v, tt.fen, tt.moves)
			p := g.Position()
			if got := p.FEN(); got != tt.wantFEN {
				t.Fatalf("FEN %s, want %s", got, tt.wantFEN)
			}
			// The hash is the one of the FEN read back.
			back := mustFEN(t, v, tt.wantFEN)
			if back.Hash() != p.Hash() || back.EnPassant() != p.EnPassant() {
				t.Errorf("after the moves: hash %x, ep %v; from the FEN: hash %x, ep %v",
					p.Hash(), p.EnPassant(), back.Hash(), back.EnPassant())
			}
			fields := strings.Fields(tt.wantFEN)
			if fields[3] == "-" {
				if p.EnPassant() != engines.NoSquare {
					t.Errorf("en-passant square %v, want none", p.EnPassant())
				}
				return
			}
			// A right kept: the capture is a legal move, and the hash
			// differs from the same placement without the right.
			fields[3] = "-"
			without := mustFEN(t, v, strings.Join(fields, " "))
			if without.Hash() == p.Hash() {
				t.Errorf("hash with the right %s equals the hash without", tt.wantFEN)
			}
			found := false
			for _, m := range p.GenerateMoves(nil) {
				found = found || m.IsEnPassant()
			}
			if !found {
				t.Errorf("right kept but no en-passant capture generated")
			}
		})
	}
}

// TestEnPassantFENDropped: a FEN with an en-passant square no pawn can
// take is accepted, and the right is dropped (hash and FEN as without it).
func TestEnPassantFENDropped(t *testing.T) {
	v := extinction.Variant
	for _, tt := range []struct{ in, out string }{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"},
		// Kept: a white pawn on e5 can take d6.
		{"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
	} {
		p := mustFEN(t, v, tt.in)
		q := mustFEN(t, v, tt.out)
		if p.FEN() != tt.out || p.Hash() != q.Hash() {
			t.Errorf("%s read as %s (hash %x), want %s (hash %x)", tt.in, p.FEN(), p.Hash(), tt.out, q.Hash())
		}
	}
}

// TestRepetitionAfterDoubleStep: the position after 1. e4 (no right) is
// the one after the knights have gone out and back, so the third
// occurrence comes at ply 9, as in cutechess-cli and Fairy-Stockfish; a
// kept right after 1. e4 would have put it at ply 13.
func TestRepetitionAfterDoubleStep(t *testing.T) {
	v := extinction.Variant
	moves := "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1"
	g := playUCI(t, v, v.StartFEN, moves)
	if o := g.Outcome(); o.Reason != engines.Repetition {
		t.Fatalf("after %s: outcome %v, want a draw by repetition", moves, o)
	}
	g = playUCI(t, v, v.StartFEN, "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8")
	if o := g.Outcome(); o.Reason == engines.Repetition {
		t.Fatalf("repetition a ply early: %v", o)
	}
	// With a capturable double step the right makes the first position
	// different: the repetition needs one more round.
	capt := "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3"
	g = playUCI(t, v, capt, moves)
	if o := g.Outcome(); o.Reason == engines.Repetition {
		t.Fatalf("capturable: repetition counted the position with the right: %v", o)
	}
	g = playUCI(t, v, capt, moves+" g8f6 g1f3 f6g8 f3g1")
	if o := g.Outcome(); o.Reason != engines.Repetition {
		t.Fatalf("capturable: outcome %v after two more rounds, want repetition", o)
	}
}

// TestRepetitionThroughBunkerSteps: in Los Alamos with bunkers a pawn's
// vertical step resets the halfmove clock (a pawn move) and the step back
// undoes it, so the positions repeat across it. A run once played a game
// of thousands of plies of c5Vc5 d5Vd5 Vc5c5 Vd5d5 that the repetition
// rule, looking back only to the last pawn move, never ended.
func TestRepetitionThroughBunkerSteps(t *testing.T) {
	v := losalamos.Variant
	round := " c2Vc2 c5Vc5 Vc2c2 Vc5c5"
	g := playUCI(t, v, v.StartFEN, strings.TrimSpace(round+round))
	if o := g.Outcome(); o.Result != engines.Draw || o.Reason != engines.Repetition {
		t.Fatalf("after two rounds of%s: outcome %v, want a draw by repetition", round, o)
	}
	g = playUCI(t, v, v.StartFEN, strings.TrimSpace(round+round[:len(round)-6]))
	if o := g.Outcome(); o.Result != engines.Ongoing {
		t.Fatalf("a ply before the third occurrence: outcome %v, want the game on", o)
	}
	if n := g.Repetitions(); n != 1 {
		t.Errorf("a ply before the third occurrence: %d repetitions, want 1", n)
	}
}

// TestRepetitionWindow: the halfmove clock bounds the look-back where it
// marks the last irreversible move, never past the history there is;
// with bunkers the whole history is looked at.
func TestRepetitionWindow(t *testing.T) {
	for _, c := range []struct {
		v      *engines.Variant
		fen    string
		plies  int
		window int
	}{
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 7 4", 20, 7},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 7 4", 3, 3},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1", 20, 20},
	} {
		pos := mustFEN(t, c.v, c.fen)
		if got := pos.RepetitionWindow(c.plies); got != c.window {
			t.Errorf("%s %s: RepetitionWindow(%d) = %d, want %d", c.v.Name, c.fen, c.plies, got, c.window)
		}
	}
}
