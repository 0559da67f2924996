package wide_test

import (
	"testing"

	"varena/engines/wide"
)

// Counts and ends checked against Fairy-Stockfish 11.1 (go perft 1 on the
// same FEN and moves).
func TestRuleCases(t *testing.T) {
	cases := []struct {
		variant, fen string
		moves        []string
		perft1       int
		end          wide.Termination
		result       wide.Result
	}{
		// Janggi: the royal pieces face each other; the side to move must
		// break the line (e2e1, e2e3 are illegal) or pass.
		{"janggi", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", nil, 7, wide.NotOver, wide.Ongoing},
		// Passing into bikjang twice in a row ends the game, by counting
		// (janggi: Black's bonus point wins the bare kings).
		{"janggi", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", []string{"e2e2"}, 0, wide.Bikjang, wide.BlackWins},
		{"janggitraditional", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", []string{"e2e2"}, 0, wide.Bikjang, wide.Draw},
		// Without bikjang, facing kings are nothing special.
		{"janggicasual", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", nil, 9, wide.NotOver, wide.Ongoing},
		// Two passes in a row end the game.
		{"janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", []string{"e2e2", "e9e9"}, 0, wide.DoublePass, wide.BlackWins},
		{"janggicasual", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", []string{"e2e2", "e9e9"}, 0, wide.DoublePass, wide.Draw},
		// Courier: a bare king loses, the bared side first gets its move
		// when the other can be bared back.
		{"courier", "5k6/12/12/12/12/12/4R7/5K6 b - - 0 1", nil, 3, wide.NotOver, wide.Ongoing},
		{"courier", "5k6/12/12/12/12/12/4R7/5K6 w - - 0 1", nil, 0, wide.Extinction, wide.WhiteWins},
		{"courier", "5k6/12/12/12/12/12/4r7/5K6 w - - 0 1", nil, 2, wide.NotOver, wide.Ongoing},
		// Xiangqi: stalemate loses (the rook holds e10 and rank 9).
		{"xiangqi", "3k5/4R4/4K4/9/9/9/9/9/9/9 b - - 0 1", nil, 0, wide.Stalemate, wide.WhiteWins},
	}
	for _, c := range cases {
		v := variant(t, c.variant)
		g := wide.NewGame(mustFEN(t, v, c.fen))
		for _, m := range c.moves {
			if err := g.PlayUCI(m); err != nil {
				t.Fatal(err)
			}
		}
		p := g.Position()
		if n := p.CountLegal(); n != c.perft1 {
			t.Errorf("%s %s %v: %d moves, want %d", c.variant, c.fen, c.moves, n, c.perft1)
		}
		if o := g.Outcome(); o.Reason != c.end || o.Result != c.result {
			t.Errorf("%s %s %v: %v (%v), want %v (%v)", c.variant, c.fen, c.moves, o.Reason, o.Result, c.end, c.result)
		}
	}
}

// TestRepetition: xiangqi's repetition is a draw unless one side checked
// at every move of the cycle (it loses); janggi's is decided by the
// material count (one point to Black), janggitraditional's is a draw, as
// Fairy-Stockfish 11.1 scores the last move of each cycle (go depth 2
// searchmoves: mate 1 for Black in the first janggi line, mate -1 for
// Black in the second, cp 0 in janggitraditional).
func TestRepetition(t *testing.T) {
	cycle := func(name, fen string, moves []string) wide.Outcome {
		v := variant(t, name)
		g := wide.NewGame(mustFEN(t, v, fen))
		for i := 0; i < 2; i++ {
			for _, m := range moves {
				if o := g.Outcome(); o.Reason != wide.NotOver {
					t.Fatalf("%s: over early after %v: %v", name, g.Moves(), o.Reason)
				}
				if err := g.PlayUCI(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		return g.Outcome()
	}
	// Rooks shuffle: a plain third occurrence, a draw.
	quiet := []string{"a1a2", "i10i9", "a2a1", "i9i10"}
	if o := cycle("xiangqi", "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", quiet); o.Reason != wide.Repetition || o.Result != wide.Draw {
		t.Errorf("xiangqi rook shuffle: %v %v", o.Reason, o.Result)
	}
	// White's rook checks at every move, Black's king steps aside and
	// back: White loses by perpetual check.
	if o := cycle("xiangqi", "R2k5/9/9/9/9/9/9/9/9/5K3 b - - 0 1", []string{"d10d9", "a10a9", "d9d10", "a9a10"}); o.Reason != wide.PerpetualCheck || o.Result != wide.BlackWins {
		t.Errorf("xiangqi perpetual check: %v %v", o.Reason, o.Result)
	}
	// Equal material: Black wins the count by its point, whoever moves.
	if o := cycle("janggi", "3k4r/9/9/9/9/9/9/9/4K4/R8 w - - 0 1", quiet); o.Reason != wide.Repetition || o.Result != wide.BlackWins {
		t.Errorf("janggi repetition, equal material: %v %v", o.Reason, o.Result)
	}
	// A rook up, White wins the count, though White is to move at the
	// third occurrence.
	if o := cycle("janggi", "3k4r/9/9/9/9/9/9/9/4K4/RR7 w - - 0 1", quiet); o.Reason != wide.Repetition || o.Result != wide.WhiteWins {
		t.Errorf("janggi repetition, White a rook up: %v %v", o.Reason, o.Result)
	}
	if o := cycle("janggitraditional", "3k4r/9/9/9/9/9/9/9/4K4/RR7 w - - 0 1", quiet); o.Reason != wide.Repetition || o.Result != wide.Draw {
		t.Errorf("janggitraditional repetition: %v %v", o.Reason, o.Result)
	}
}

func TestSAN(t *testing.T) {
	cases := []struct{ variant, fen, uci, san string }{
		{"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h3e3", "Che3"},
		{"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "h3h10", "Cxh10"},
		{"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "a4a5", "Pa5"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1i1", "O-O"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1c1", "O-O-O"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "a1a8", "Rxa8+"},
		{"caparandom", "r4k3r/10/10/10/10/10/10/R4K3R w JAja - 0 1", "f1j1", "O-O"},
		{"grand", "4k5/P9/10/10/10/10/10/10/10/4K5 w - - 0 1", "a9a10q", "a10=Q+"},
		{"janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", "e2e2", "Ke2"},
		{"janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", "a1a2", "Ra2"},
		{"janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", "d1e1", "Ade1"},
		{"capablanca", "4k5/10/10/10/10/10/10/R8R w - - 0 1", "a1e1", "Rae1+"},
		{"capablanca", "4k5/10/10/10/10/10/10/R8R w - - 0 1", "j1j8", "Rj8+"},
	}
	for _, c := range cases {
		v := variant(t, c.variant)
		p := mustFEN(t, v, c.fen)
		m, err := p.ParseUCIMove(c.uci)
		if err != nil {
			t.Errorf("%s: %v", c.uci, err)
			continue
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.variant, c.uci, got, c.san)
		}
		if back, err := p.ParseSAN(c.san); err != nil || back != m {
			t.Errorf("%s %s: ParseSAN(%q) = %v, %v", c.variant, c.uci, c.san, back, err)
		}
	}
}

// TestHandRules: rules of pieces in hand as Fairy-Stockfish 11.1 plays
// them, each line checked against its go perft 1 and d.
func TestHandRules(t *testing.T) {
	cases := []struct {
		variant, fen string
		moves        []string
		perft1       int
		fen2         string // the FEN after the moves, "" to skip
	}{
		// A pawn drop that mates is a legal move (perft counts it); the
		// mate then loses for the dropper (TestPawnDropMate).
		{"shogi", "k8/2G6/1G7/9/9/9/9/9/4K4[P] w - - 0 1", nil, 85, ""},
		{"shogi", "k8/2G6/1G7/9/9/9/9/9/4K4[P] w - - 0 1", []string{"P@a8"}, 0, ""},
		// No pawn or lance dropped on the last rank, no knight on the last two.
		{"shogi", "k8/9/9/9/9/9/9/9/4K4[LNP] w - - 0 1", nil, 209, ""},
		// Nifu: no pawn dropped on a file with a pawn of its side.
		{"shogi", "k8/9/9/9/9/9/9/P8/4K4[P] w - - 0 1", nil, 69, ""},
		// A promoted pawn captured returns as a pawn ("Q~" in the FEN);
		// in loop as what it is.
		{"crazyhouse", "1n2k3/P7/8/8/8/8/8/4K3[] w - - 0 1", []string{"a7b8q", "e8d7", "b8b5", "d7c7", "b5c6", "c7c6"}, -1, "8/8/2k5/8/8/8/8/4K3[Np] w - - 0 4"},
		{"loop", "1n2k3/P7/8/8/8/8/8/4K3[] w - - 0 1", []string{"a7b8q", "e8d7", "b8b5", "d7c7", "b5c6", "c7c6"}, -1, "8/8/2k5/8/8/8/8/4K3[Nq] w - - 0 4"},
		{"crazyhouse", "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", []string{"b7b8q"}, -1, "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1"},
		// Kyoto shogi: every move of a piece promotes ('+') or demotes ('-').
		{"kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[-] w 0 1", nil, 12, ""},
		{"kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[Ll] w 0 1", []string{"+L@c3"}, -1, "p+nks+l/5/2+L2/5/+LSK+NP[l] b - - 1 1"},
		// Seirawan: the gates of an empty hand are not written; a gating
		// move on the rook's square is written from it to the king's.
		{"seirawan", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[he] w KQBCDFGkqbcdfg - 0 1", nil, 20, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[eh] w KQkqabcdefgh - 0 1"},
		{"seirawan", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQBCDFGkqbcdfg - 0 1", []string{"h1e1h"}, -1, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b ABCDFGkqabcdefgh - 1 1"},
		{"seirawan", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQBCDFGkqbcdfg - 0 1", nil, 47, ""},
		// A gated piece does not shield the king from the check its move
		// uncovers: b1d2h is illegal with the knight pinned.
		{"seirawan", "1rb1k2r/pQ4bp/1n2p1p1/5pP1/2P2N2/BP1BP1P1/P5P1/qN1K2ER[H] w BHk - 0 23", nil, -1, ""},
		// Sittuyin: a lone pawn promotes anywhere, in place or by a fers
		// step to an empty square where the fers attacks nothing.
		{"sittuyin", "3k4/8/5P2/8/8/8/P7/2K5[] w - - 0 1", nil, 11, ""},
		{"sittuyin", "3k4/8/4P3/8/8/8/P7/2K5[] w - - 0 1", nil, 7, ""},
		// ASEAN counting starts when the side to move is bared: 16 moves
		// against a rook, written in the en-passant field, in plies.
		{"sittuyin", "8/8/8/3k4/8/8/3r4/R3K3[] w - - 0 40", []string{"e1d2", "d5d4"}, -1, "8/8/8/8/3k4/8/3K4/R7[] w - 32 1 41"},
		// Placement: drops only while any is legal, on the first rank.
		{"placement", "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1", nil, 40, ""},
	}
	for _, c := range cases {
		v := variant(t, c.variant)
		g := wide.NewGame(mustFEN(t, v, c.fen))
		for _, m := range c.moves {
			if err := g.PlayUCI(m); err != nil {
				t.Fatal(err)
			}
		}
		p := g.Position()
		if n := p.CountLegal(); c.perft1 >= 0 && n != c.perft1 {
			t.Errorf("%s %s %v: %d moves, want %d", c.variant, c.fen, c.moves, n, c.perft1)
		}
		if c.fen2 != "" && p.FEN() != c.fen2 {
			t.Errorf("%s %s %v: FEN %s, want %s", c.variant, c.fen, c.moves, p.FEN(), c.fen2)
		}
	}
	v := variant(t, "seirawan")
	p := mustFEN(t, v, "1rb1k2r/pQ4bp/1n2p1p1/5pP1/2P2N2/BP1BP1P1/P5P1/qN1K2ER[H] w BHk - 0 23")
	if _, err := p.ParseUCIMove("b1d2h"); err == nil {
		t.Error("seirawan: the pinned knight's gating move b1d2h is legal")
	}
}

// TestPawnDropMate: a checkmate given by a shogi pawn's drop loses for
// the dropper (Fairy-Stockfish 11.1 plays it and scores it so).
func TestPawnDropMate(t *testing.T) {
	v := variant(t, "shogi")
	g := wide.NewGame(mustFEN(t, v, "k8/2G6/1G7/9/9/9/9/9/4K4[P] w - - 0 1"))
	if err := g.PlayUCI("P@a8"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Reason != wide.PawnDropMate || o.Result != wide.BlackWins {
		t.Errorf("pawn-drop mate: %v %v", o.Reason, o.Result)
	}
	// A mate by a piece drop is an ordinary mate.
	g = wide.NewGame(mustFEN(t, v, "k8/2G6/1G7/9/9/9/9/9/4K4[G] w - - 0 1"))
	if err := g.PlayUCI("G@a8"); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Reason != wide.Checkmate || o.Result != wide.WhiteWins {
		t.Errorf("G@a8: %v %v", o.Reason, o.Result)
	}
}
