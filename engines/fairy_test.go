package engines_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/extinction"
	"varena/engines/variants"
)

// Table tests of each Fairy-Stockfish rule on hand-made positions, the
// rules 11.1 has no built-in parent for (bareKingValue, which 11.1 does
// not know; extinctionPseudoRoyal, neither) checked by the rule text.

// fairyChess returns orthodox chess on 8x8 with f applied, validated.
func fairyChess(t testing.TB, f func(v *engines.Variant)) *engines.Variant {
	t.Helper()
	g, err := engines.NewGeometry(8, 8)
	if err != nil {
		t.Fatal(err)
	}
	v := engines.Variant{Name: "test", Geometry: g, StartFEN: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
		Pieces:     []engines.PieceType{engines.Pawn, engines.Knight, engines.Bishop, engines.Rook, engines.Queen, engines.King},
		Promotions: []engines.PieceType{engines.Queen, engines.Rook, engines.Bishop, engines.Knight},
		Check:      true, DoubleStep: true, EnPassant: true}
	f(&v)
	nv, err := engines.NewVariant(v)
	if err != nil {
		t.Fatal(err)
	}
	return nv
}

func TestFairyRuleStatus(t *testing.T) {
	bare := fairyChess(t, func(v *engines.Variant) { v.BareKingValue = engines.ValueLoss })
	bareMove := fairyChess(t, func(v *engines.Variant) { v.BareKingValue, v.BareKingMove = engines.ValueLoss, true })
	stalemateLoss := fairyChess(t, func(v *engines.Variant) { v.StalemateValue = engines.ValueLoss })
	mateWin := fairyChess(t, func(v *engines.Variant) { v.CheckmateValue = engines.ValueWin })
	seventy := fairyChess(t, func(v *engines.Variant) { v.NMoveRule = 70 })
	noMoveRule := fairyChess(t, func(v *engines.Variant) { v.NMoveRule = -1 })
	flag := fairyChess(t, func(v *engines.Variant) {
		v.FlagPiece = engines.Rook
		v.FlagRegion = [2]engines.Bitboard{engines.SquareBB(63), engines.SquareBB(0)} // h8 for White, a1 for Black
	})
	// Extinction at a count, with the opponent's count: a side with one
	// knight or none has lost, while the other has two.
	knights := fairyChess(t, func(v *engines.Variant) {
		v.ExtinctionValue, v.Species = engines.ValueLoss, []engines.PieceType{engines.Knight}
		v.ExtinctionPieceCount, v.ExtinctionOpponentPieceCount = 1, 2
	})
	// A non-royal king whose last one is pseudo-royal.
	pseudo := fairyChess(t, func(v *engines.Variant) {
		v.Check = false
		v.ExtinctionValue, v.Species, v.ExtinctionPseudoRoyal = engines.ValueLoss, []engines.PieceType{engines.King}, true
	})
	// Two non-royal kings, the last of which is pseudo-royal.
	pseudo2 := fairyChess(t, func(v *engines.Variant) {
		v.Check = false
		v.ExtinctionValue, v.Species, v.ExtinctionPseudoRoyal = engines.ValueLoss, []engines.PieceType{engines.King}, true
		v.ExtinctionPieceCount = 1
	})
	o := func(r engines.Result, t engines.Termination) engines.Outcome {
		return engines.Outcome{Result: r, Reason: t}
	}
	cases := []struct {
		name  string
		v     *engines.Variant
		fen   string
		moves int
		want  engines.Outcome
	}{
		{"bare king to move loses", bare, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", 0, o(engines.WhiteWins, engines.BareKing)},
		{"bare king, the other to move: not yet", bare, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 15, o(engines.Ongoing, engines.NotOver)},
		{"bare king move: the bare side moves first", bareMove, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", 5, o(engines.Ongoing, engines.NotOver)},
		{"bare king move: after its move it has lost", bareMove, "3k4/8/8/8/8/8/8/R3K3 w - - 1 1", 0, o(engines.WhiteWins, engines.BareKing)},
		{"both bare: the side that moved loses", bareMove, "3k4/8/8/8/8/8/8/4K3 w - - 1 1", 0, o(engines.WhiteWins, engines.BareKing)},
		{"stalemate loses", stalemateLoss, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 0, o(engines.WhiteWins, engines.Stalemate)},
		{"checkmate wins (losers)", mateWin, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", 0, o(engines.BlackWins, engines.Checkmate)},
		{"70 moves not yet", seventy, "4k3/8/8/8/8/8/8/R3K3 w - - 139 80", 15, o(engines.Ongoing, engines.NotOver)},
		{"70 moves", seventy, "4k3/8/8/8/8/8/8/R3K3 w - - 140 80", 15, o(engines.Draw, engines.FiftyMoves)},
		{"no move rule", noMoveRule, "4k3/8/8/8/8/8/8/R3K3 w - - 900 500", 15, o(engines.Ongoing, engines.NotOver)},
		{"flag on h8", flag, "r6R/8/8/8/8/8/8/k3K3 b - - 0 1", 0, o(engines.WhiteWins, engines.FlagReached)},
		{"flag piece of the other region", flag, "R6r/8/8/8/8/8/8/4K2k b - - 0 1", 16, o(engines.Ongoing, engines.NotOver)},
		{"one knight against two", knights, "n3k3/8/8/8/8/8/8/NN2K3 b - - 0 1", 0, o(engines.WhiteWins, engines.Extinction)},
		{"one knight against one", knights, "n3k3/8/8/8/8/8/8/N3K3 b - - 0 1", 7, o(engines.Ongoing, engines.NotOver)},
		// The last king may not step into the rook's file; attacked
		// without a move it is mated.
		{"pseudo-royal king", pseudo, "4k3/8/8/8/8/8/8/3RK3 b - - 0 1", 3, o(engines.Ongoing, engines.NotOver)},
		{"pseudo-royal king mated", pseudo, "R3k3/8/4K3/8/8/8/8/8 b - - 0 1", 0, o(engines.WhiteWins, engines.Checkmate)},
		// Of two kings neither is royal: one may be left attacked.
		{"two kings, none royal", pseudo, "k3k3/8/8/8/8/8/8/3RK3 b - - 0 1", 8, o(engines.Ongoing, engines.NotOver)},
		// With a count of 1 both of two kings are the last: both royal.
		{"two kings, both royal", pseudo2, "k3k3/8/8/8/8/8/8/3RK2K b - - 0 1", 6, o(engines.Ongoing, engines.NotOver)},
		{"built-in extinction: both extinct, the mover wins", extinction.Variant, "Q1bqkbn1/6pp/8/8/8/8/8/RNBQKBN1 b - - 0 1", 0, o(engines.WhiteWins, engines.Extinction)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.v, c.fen)
			if got := p.Status(); got != c.want {
				t.Errorf("%s: Status = %v, want %v", c.fen, got, c.want)
			}
			if got := p.CountMoves(); got != c.moves {
				t.Errorf("%s: %d legal moves, want %d", c.fen, got, c.moves)
			}
			if got := len(p.GenerateMoves(nil)); got != c.moves {
				t.Errorf("%s: %d moves generated, want %d", c.fen, got, c.moves)
			}
		})
	}
}

func TestFairyRuleMoves(t *testing.T) {
	mustCapture := fairyChess(t, func(v *engines.Variant) { v.MustCapture = true })
	noChecking := fairyChess(t, func(v *engines.Variant) { v.NoChecking = true })
	cases := []struct {
		name string
		v    *engines.Variant
		fen  string
		want []string // the legal moves, sorted
	}{
		// The rook must take.
		{"must capture", mustCapture, "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", []string{"a1a2"}},
		{"en passant is a capture", mustCapture, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", []string{"e5d6"}},
		{"no capture: every move", mustCapture, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", []string{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}},
		// Neither rook move along the e-file nor onto the 8th rank.
		{"no checking", noChecking, "4k3/8/8/8/8/8/8/R6K w - - 0 1",
			[]string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1b1", "a1c1", "a1d1", "a1f1", "a1g1", "h1g1", "h1g2", "h1h2"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.v, c.fen)
			var got []string
			for _, m := range p.GenerateMoves(nil) {
				got = append(got, p.Geometry().UCI(m))
			}
			sortStrings(got)
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("%s: moves %v, want %v", c.fen, got, c.want)
			}
			if n := p.CountMoves(); n != len(c.want) {
				t.Errorf("%s: CountMoves %d, want %d", c.fen, n, len(c.want))
			}
			// A move asked for alone is legal exactly when in the list.
			for _, m := range p.GenerateMoves(nil) {
				if !p.IsLegal(m) {
					t.Errorf("%s: %s generated but not IsLegal", c.fen, p.Geometry().UCI(m))
				}
			}
		})
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// A last non-royal king made pseudo-royal moves as a royal king: perft
// equals that of chess without castling, from random positions of it.
func TestFairyPseudoRoyalIsRoyal(t *testing.T) {
	royal := fairyChess(t, func(v *engines.Variant) {})
	pseudo := fairyChess(t, func(v *engines.Variant) {
		v.Check = false
		v.ExtinctionValue, v.Species, v.ExtinctionPseudoRoyal = engines.ValueLoss, []engines.PieceType{engines.King}, true
	})
	rng := rand.New(rand.NewPCG(3, 4))
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
	for game := 0; game < 6; game++ {
		p := mustFEN(t, royal, start)
		for ply := 0; ply < 60; ply++ {
			moves := p.GenerateMoves(nil)
			if len(moves) == 0 {
				break
			}
			if ply%10 == 5 {
				q := mustFEN(t, pseudo, p.FEN())
				if a, b := engines.Perft(&p, 3), engines.Perft(&q, 3); a != b {
					t.Fatalf("%s: perft(3) royal %d, pseudo-royal %d", p.FEN(), a, b)
				}
				if p.InCheck() != q.InCheck() {
					t.Fatalf("%s: InCheck royal %v, pseudo-royal %v", p.FEN(), p.InCheck(), q.InCheck())
				}
			}
			p = p.Play(moves[rng.IntN(len(moves))])
		}
	}
}

func TestFairyNFold(t *testing.T) {
	twofoldLoss := fairyChess(t, func(v *engines.Variant) { v.NFoldRule, v.NFoldValue = 2, engines.ValueLoss })
	absolute := fairyChess(t, func(v *engines.Variant) {
		v.NFoldRule, v.NFoldValue, v.NFoldValueAbsolute = 2, engines.ValueLoss, true
	})
	threefold := fairyChess(t, func(v *engines.Variant) { v.NMoveRule = 70 })
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}
	cases := []struct {
		v     *engines.Variant
		plies int // after which the game is over
		want  engines.Outcome
	}{
		// The position after 4 plies is the start again, White to move:
		// White, the side to move, gets the value.
		{twofoldLoss, 4, engines.Outcome{Result: engines.BlackWins, Reason: engines.Repetition}},
		{absolute, 4, engines.Outcome{Result: engines.BlackWins, Reason: engines.Repetition}},
		{threefold, 8, engines.Outcome{Result: engines.Draw, Reason: engines.Repetition}},
	}
	for i, c := range cases {
		g := engines.NewGame(mustFEN(t, c.v, "rn2k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1"))
		for ply, text := range shuffle {
			if o := g.Outcome(); o.Result != engines.Ongoing {
				t.Fatalf("case %d: over after %d plies: %v", i, ply, o)
			}
			m, err := g.Position().ParseUCIMove(text)
			if err != nil {
				t.Fatal(err)
			}
			g.Play(m)
			if ply+1 == c.plies {
				break
			}
		}
		if o := g.Outcome(); o != c.want {
			t.Errorf("case %d: %v after %d plies, want %v", i, o, c.plies, c.want)
		}
	}
	// Absolute: with Black to move in the repeated position the value is
	// still White's.
	g := engines.NewGame(mustFEN(t, absolute, "rn2k1nr/8/8/8/8/8/8/RN2K1NR b - - 0 1"))
	for _, text := range []string{"g8f6", "g1f3", "f6g8", "f3g1"} {
		m, _ := g.Position().ParseUCIMove(text)
		g.Play(m)
	}
	if o := g.Outcome(); o.Result != engines.BlackWins {
		t.Errorf("absolute n-fold value with Black to move: %v, want White's loss", o)
	}
}

func TestFairyCheckCountingFEN(t *testing.T) {
	v := fairyChess(t, func(v *engines.Variant) {
		v.CheckCounting = true
		v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
		v.Castling = true
	})
	start := v.StartPosition()
	if got, want := start.FEN(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"; got != want {
		t.Errorf("start FEN %q, want %q", got, want)
	}
	// Without the field the counts are the start position's.
	p := mustFEN(t, v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	if p.ChecksLeft(engines.White) != 3 || p.ChecksLeft(engines.Black) != 3 {
		t.Errorf("no field: checks %d+%d, want 3+3", p.ChecksLeft(engines.White), p.ChecksLeft(engines.Black))
	}
	// A check lowers the mover's count, and the hash tells the counts apart.
	g := engines.NewGame(start)
	for _, text := range []string{"e2e4", "f7f6", "d1h5"} {
		m, err := g.Position().ParseUCIMove(text)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	after := g.Position()
	if got, want := after.FEN(), "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"; got != want {
		t.Errorf("after a check: %q, want %q", got, want)
	}
	q := mustFEN(t, v, strings.Replace(after.FEN(), "2+3", "3+3", 1))
	if q.Hash() == after.Hash() {
		t.Error("positions that differ only by checks left hash alike")
	}
	if h := engines.ComputeHash(after); h != after.Hash() {
		t.Errorf("incremental hash %x, computed %x", after.Hash(), h)
	}
	for _, bad := range []string{
		"4k3/8/8/8/8/8/8/4K3 w - - 3+x 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 16+1 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - +1 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 1+2+3 0 1",
	} {
		_, err := engines.ParseFEN(v, bad)
		var fe *engines.FENError
		if !errors.As(err, &fe) || fe.Field != 7 {
			t.Errorf("%q: error %v, want a FENError of field 7 (checks left)", bad, err)
		}
	}
	// The field means nothing to other variants.
	if _, err := engines.ParseFEN(chess.Standard, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"); err == nil {
		t.Error("standard chess accepts a checks-left field")
	}
}

func TestFairyVariantErrors(t *testing.T) {
	g, _ := engines.NewGeometry(8, 8)
	base := engines.Variant{Name: "bad", Geometry: g, StartFEN: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
		Pieces: []engines.PieceType{engines.Rook, engines.King}, Check: true}
	for name, f := range map[string]func(v *engines.Variant){
		"extinction count without value": func(v *engines.Variant) { v.ExtinctionPieceCount = 2 },
		"all pieces without value":       func(v *engines.Variant) { v.ExtinctionAll = true },
		"value without species":          func(v *engines.Variant) { v.ExtinctionValue = engines.ValueWin },
		"bare king move without value":   func(v *engines.Variant) { v.BareKingMove = true },
		"flag region without piece":      func(v *engines.Variant) { v.FlagRegion[0] = 1 },
		"flag piece not in the variant":  func(v *engines.Variant) { v.FlagPiece = engines.Queen },
		"check counting without check":   func(v *engines.Variant) { v.Check, v.CheckCounting = false, true },
		"no checking without check":      func(v *engines.Variant) { v.Check, v.NoChecking = false, true },
		"onefold":                        func(v *engines.Variant) { v.NFoldRule = 1 },
		"bad value":                      func(v *engines.Variant) { v.StalemateValue = 9 },
		"check counting without counts":  func(v *engines.Variant) { v.CheckCounting = true },
		"RULES.md extinction with check": func(v *engines.Variant) { v.Species = []engines.PieceType{engines.Rook} },
	} {
		v := base
		f(&v)
		if _, err := engines.NewVariant(v); err == nil {
			t.Errorf("%s: NewVariant accepts it", name)
		}
	}
}

func FuzzParseFENChecks(f *testing.F) {
	v := fairyParents["3check"]
	f.Add(v.StartFEN)
	f.Add("rnbqkbnr/ppppp1pp/5p2/1B6/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 1 2")
	f.Add("4k3/8/8/8/8/8/8/4K3 w - - 0+15 0 1")
	f.Add("4k3/8/8/8/8/8/8/4K3 w - - 1+1")
	f.Add("4k3/8/8/8/8/8/8/4K3 w - - 3+3 5")
	f.Fuzz(func(t *testing.T, fen string) {
		for _, v := range []*engines.Variant{fairyParents["3check"], fairyParents["horde"], fairyParents["antichess"]} {
			p, err := engines.ParseFEN(v, fen)
			if err != nil {
				continue
			}
			out := p.FEN()
			q, err := engines.ParseFEN(v, out)
			if err != nil {
				t.Fatalf("%s: %q formats as %q, which does not parse: %v", v.Name, fen, out, err)
			}
			if q.FEN() != out || q.Hash() != p.Hash() {
				t.Fatalf("%s: %q -> %q does not round-trip", v.Name, fen, out)
			}
			p.CountMoves()
			p.Status()
		}
	})
}

// The built-in variants set none of the Fairy-Stockfish rules: they keep
// their own paths (and RULES.md's rules).
func TestBuiltinsHaveNoFairyRules(t *testing.T) {
	for _, v := range variants.All {
		if v.FairyRules() {
			t.Errorf("%s takes the Fairy-Stockfish path", v.Name)
		}
	}
	for _, v := range fairyParents {
		if !v.FairyRules() {
			t.Errorf("%s does not take the Fairy-Stockfish path", v.Name)
		}
	}
}

// BenchmarkFairyPerft measures the general path from start positions, in
// nodes/s (BenchmarkPerft measures the built-in variants' paths).
func BenchmarkFairyPerft(b *testing.B) {
	for _, bb := range []struct {
		name  string
		depth int
	}{{"3check", 4}, {"antichess", 4}, {"racingkings", 4}, {"horde", 4}} {
		b.Run(bb.name, func(b *testing.B) {
			p := fairyParents[bb.name].StartPosition()
			var nodes uint64
			for i := 0; i < b.N; i++ {
				nodes += engines.Perft(&p, bb.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
