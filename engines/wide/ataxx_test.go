package wide_test

import (
	"strings"
	"testing"

	"varena/engines/fairy"
	"varena/engines/wide"
)

// crusadeINI is crusade of Fairy-Stockfish's variants.ini (its parent
// quadwrangle folded in): pieces that only capture, a king's step away,
// and turn the enemy pieces around the square they take.
const crusadeINI = `[crusade:ataxx]
maxRank = 8
maxFile = 8
startFen = PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP
customPiece1 = p:cK
flipEnclosedPieces = ataxx
enclosingDrop = none
pieceDrops = false
passOnStalemate = false
`

// TestAtaxxMoves: clones, jumps, flips, reversi's drops, passes and the
// walls snailtrail leaves, each position and move counted and written by
// the c19b5f6 build of Fairy-Stockfish (go perft 1 and d on the same FEN
// and move).
func TestAtaxxMoves(t *testing.T) {
	defs, err := fairy.ParseSections(strings.NewReader(crusadeINI), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	crusade, err := fairy.Lookup(defs, "crusade").Wide()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		v           *wide.Variant
		fen         string
		perft1      int
		move        string
		after       string
		afterPerft1 int
		name        string
	}{
		{variant(t, "ataxx"), "7/7/2pp3/2P4/7/7/7 w - - 0 1", 22, "P@d4", "7/7/2PP3/2PP3/7/7/7 b - - 0 1", 0,
			"a clone turns both black pieces beside it; Black, without a piece, has no move"},
		{variant(t, "ataxx"), "7/7/2pp3/2P4/7/7/7 w - - 0 1", 22, "c4e3", "7/7/2pp3/7/4P2/7/7 b - - 1 1", 40,
			"a jump leaves its square and lands beside no enemy piece"},
		{variant(t, "ataxx"), "PPppppp/ppppppp/ppppppp/ppppppp/ppppppp/ppppppp/Pppppp1 w - - 0 1", 1, "a1a1",
			"PPppppp/ppppppp/ppppppp/ppppppp/ppppppp/ppppppp/Pppppp1 b - - 1 1", 6,
			"White, without a move, passes with its first piece"},
		{variant(t, "flipello"), "8/8/8/3pP3/3Pp3/8/8/8[" + strings.Repeat("P", 60) + strings.Repeat("p", 60) + "] w - - 0 1", 4, "P@c5",
			"8/8/8/2PPP3/3Pp3/8/8/8[" + strings.Repeat("P", 59) + strings.Repeat("p", 60) + "] b - - 0 1", 3,
			"a drop must enclose, and turns what it encloses"},
		{variant(t, "snailtrail"), "6p/7/7/7/7/7/P6 w - - 0 1", 3, "a1b2,b2a1", "6p/7/7/7/7/1P5/*6 b - - 1 1", 3,
			"a step leaves a wall behind"},
		{crusade, "PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpP1/pPpPpPpP b - - 0 1", 109, "f2f1",
			"PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpPpPp/pPpPpPpP/PpPpp1p1/pPpPpppP w - - 0 2", 104,
			"a capture turns the enemy pieces around its square"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.v, c.fen)
		if got := p.CountLegal(); got != c.perft1 {
			t.Errorf("%s: %s: %d moves, want %d", c.name, c.fen, got, c.perft1)
		}
		m, err := p.ParseUCIMove(c.move)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.name, c.fen, err)
		}
		if got := p.UCI(m); got != c.move {
			t.Errorf("%s: %s written %s", c.name, c.move, got)
		}
		q := p
		p.MakeMove(m, &q)
		if got := q.FEN(); got != c.after {
			t.Errorf("%s: %s %s: %s, want %s", c.name, c.fen, c.move, got, c.after)
		}
		if got := q.CountLegal(); got != c.afterPerft1 {
			t.Errorf("%s: after %s: %d moves, want %d", c.name, c.move, got, c.afterPerft1)
		}
		back := mustFEN(t, c.v, c.after)
		if back.Hash() != q.Hash() {
			t.Errorf("%s: after %s the hash differs from the FEN's", c.name, c.move)
		}
	}
}

// TestAtaxxEnds: how the games of these families end, as Fairy-Stockfish
// judges them: a full board and two passes by the count of pieces, a
// stalemate by the count too where stalematePieceCount says so, else lost
// by the side to move.
func TestAtaxxEnds(t *testing.T) {
	cases := []struct {
		variant, fen string
		want         wide.Outcome
	}{
		{"ataxx", "PPppppp/ppppppp/ppppppp/ppppppp/ppppppp/ppppppp/Ppppppp w - - 0 1", wide.Outcome{Result: wide.BlackWins, Reason: wide.BoardFull}},
		{"ataxx", "PPPPPPP/PPPPPPP/PPPPPPP/PPPPppp/ppppppp/ppppppp/ppppppp b - - 0 1", wide.Outcome{Result: wide.WhiteWins, Reason: wide.BoardFull}},
		{"ataxx", "7/7/7/7/7/7/p5p w - - 0 1", wide.Outcome{Result: wide.BlackWins, Reason: wide.Stalemate}},
		{"ataxx", "P5p/7/7/7/7/7/p5P w - - 0 1", wide.Outcome{Result: wide.Ongoing, Reason: wide.NotOver}},
		{"flipello", "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/pppppppp[PPpp] w - - 0 1", wide.Outcome{Result: wide.Draw, Reason: wide.BoardFull}},
		// Snailtrail: a side without a step loses, whatever the count.
		{"snailtrail", "6p/7/7/7/7/**5/P*5 w - - 0 1", wide.Outcome{Result: wide.BlackWins, Reason: wide.Stalemate}},
	}
	for _, c := range cases {
		p := mustFEN(t, variant(t, c.variant), c.fen)
		if got := p.Status(); got != c.want {
			t.Errorf("%s %s: %+v, want %+v", c.variant, c.fen, got, c.want)
		}
	}
}

// TestAtaxxDoublePass: in othello a side without a drop passes, and the
// second pass in a row ends the game by the count of pieces (Fairy-
// Stockfish c19b5f6: go perft 1, 2 and 3 give 1, 1 and 0 here).
func TestAtaxxDoublePass(t *testing.T) {
	v := variant(t, "flipello")
	p := mustFEN(t, v, "8/8/8/3PP3/3PP3/8/8/P6p[Pp] w - - 0 1")
	g := wide.NewGame(p)
	for i, want := range []string{"a1a1", "h1h1"} {
		var buf [wide.MaxMoves]wide.Move
		legal := g.Position().GenerateLegal(buf[:0])
		if len(legal) != 1 || !legal[0].IsPass() || g.Position().UCI(legal[0]) != want {
			t.Fatalf("ply %d: moves %v, want the pass %s", i, legal, want)
		}
		g.Play(legal[0])
	}
	if got, want := g.Outcome(), (wide.Outcome{Result: wide.WhiteWins, Reason: wide.DoublePass}); got != want {
		t.Errorf("after two passes: %+v, want %+v", got, want)
	}
}
