package search

import (
	"context"
	"math/rand"
	"testing"

	"varena/engines"
	"varena/engines/limits"
)

// Test variants of the general path (engines.Variant.FairyRules) and of
// fairy pieces, as engines/fairyrules_test.go and engines/fairyvariants_test.go
// describe them for their comparison with Fairy-Stockfish 11.1.

// atoms returns the eight symmetric atoms of step (dx, dy) with range r.
func atoms(dx, dy, r int) []engines.Atom {
	var out []engines.Atom
	seen := map[[2]int]bool{}
	for _, s := range [][2]int{{dx, dy}, {-dx, dy}, {dx, -dy}, {-dx, -dy}, {dy, dx}, {-dy, dx}, {dy, -dx}, {-dy, -dx}} {
		if !seen[s] {
			seen[s] = true
			out = append(out, engines.Atom{DX: s[0], DY: s[1], Range: r, Move: true, Capture: true})
		}
	}
	return out
}

func squares(g *engines.Geometry, names ...string) engines.Bitboard {
	var b engines.Bitboard
	for _, n := range names {
		sq, err := g.ParseSquare(n)
		if err != nil {
			panic(err)
		}
		b |= engines.SquareBB(sq)
	}
	return b
}

// ruleVariants builds the test variants by name.
func ruleVariants(t testing.TB) map[string]*engines.Variant {
	t.Helper()
	g, err := engines.NewGeometry(8, 8)
	if err != nil {
		t.Fatal(err)
	}
	P, N, B, R, Q, K := engines.Pawn, engines.Knight, engines.Bishop, engines.Rook, engines.Queen, engines.King
	ft := func(i int) engines.PieceType { return engines.FirstFairy + engines.PieceType(i) }
	const chessFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	all := []engines.PieceType{P, N, B, R, Q, K}
	qrbn := []engines.PieceType{Q, R, B, N}
	chess := func(name string) engines.Variant {
		return engines.Variant{Name: name, Geometry: g, StartFEN: chessFEN, Pieces: all, Promotions: qrbn,
			Check: true, Castling: true, DoubleStep: true, EnPassant: true}
	}
	var rank8 engines.Bitboard
	for f := 'a'; f <= 'h'; f++ {
		rank8 |= squares(g, string(f)+"8")
	}
	var vs []engines.Variant

	v := chess("kingofthehill")
	v.FlagPiece, v.FlagRegion = K, [2]engines.Bitboard{squares(g, "d4", "e4", "d5", "e5"), squares(g, "d4", "e4", "d5", "e5")}
	vs = append(vs, v)

	v = chess("racingkings")
	v.StartFEN = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
	v.Pieces, v.Promotions = []engines.PieceType{K, Q, R, B, N}, nil
	v.Castling, v.DoubleStep, v.EnPassant = false, false, false
	v.FlagPiece, v.FlagRegion, v.FlagMove = K, [2]engines.Bitboard{rank8, rank8}, true
	v.NoChecking = true
	vs = append(vs, v)

	v = chess("3check")
	v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
	v.CheckCounting = true
	vs = append(vs, v)

	v = chess("antichess")
	v.Check, v.Castling, v.Promotions = false, false, []engines.PieceType{K, Q, R, B, N}
	v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
	v.ExtinctionValue, v.ExtinctionAll = engines.ValueWin, true
	v.StalemateValue, v.MustCapture = engines.ValueWin, true
	vs = append(vs, v)

	v = chess("horde")
	v.StartFEN = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/8 w kq - 0 1"
	v.ExtinctionValue, v.ExtinctionAll = engines.ValueLoss, true
	vs = append(vs, v)

	v = chess("threekings")
	v.StartFEN = "knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1"
	v.Check, v.Castling = false, false
	v.ExtinctionValue, v.Species, v.ExtinctionPieceCount = engines.ValueLoss, []engines.PieceType{K}, 2
	vs = append(vs, v)

	// Shatranj: fers and alfil; a side left with its king alone loses
	// unless it bares the other king at once; stalemate loses; 70 moves.
	fers, alfil := atoms(1, 1, 1), atoms(2, 2, 1)
	v = engines.Variant{Name: "shatranj", Geometry: g,
		StartFEN: "rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w - - 0 1",
		Pieces:   []engines.PieceType{P, N, R, K},
		Fairy: []engines.FairyPiece{{Name: "fers", Letter: 'F', Atoms: fers},
			{Name: "alfil", Letter: 'A', Atoms: alfil}},
		Promotions: []engines.PieceType{ft(0)}, Check: true}
	v.ExtinctionValue, v.ExtinctionAll, v.ExtinctionPieceCount = engines.ValueLoss, true, 1
	v.ExtinctionOpponentPieceCount, v.ExtinctionClaim = 2, true
	v.StalemateValue, v.NMoveRule = engines.ValueLoss, 70
	vs = append(vs, v)

	// Chess with an amazon (QN) for the queen, an archbishop (BN) and a
	// chancellor (RN) for the knights.
	amazon := append(append(atoms(1, 0, 0), atoms(1, 1, 0)...), atoms(1, 2, 1)...)
	vs = append(vs, engines.Variant{Name: "amazonchess", Geometry: g,
		StartFEN: "rhbakbcr/pppppppp/8/8/8/8/PPPPPPPP/RHBAKBCR w - - 0 1",
		Pieces:   []engines.PieceType{P, B, R, K},
		Fairy: []engines.FairyPiece{{Name: "amazon", Letter: 'A', Atoms: amazon},
			{Name: "archbishop", Letter: 'H', Atoms: append(atoms(1, 1, 0), atoms(1, 2, 1)...)},
			{Name: "chancellor", Letter: 'C', Atoms: append(atoms(1, 0, 0), atoms(1, 2, 1)...)}},
		Promotions: []engines.PieceType{ft(0), ft(1), ft(2), R, B},
		Check:      true, DoubleStep: true, EnPassant: true})

	// Makruk-like: silver (fers and a forward step) and met (fers), pawns
	// on the third rank promoting to a met.
	silver := append(atoms(1, 1, 1), engines.Atom{DX: 0, DY: 1, Range: 1, Move: true, Capture: true})
	vs = append(vs, engines.Variant{Name: "makruk", Geometry: g,
		StartFEN: "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
		Pieces:   []engines.PieceType{P, N, R, K},
		Fairy: []engines.FairyPiece{{Name: "silver", Letter: 'S', Atoms: silver},
			{Name: "met", Letter: 'M', Atoms: fers}},
		Promotions: []engines.PieceType{ft(1)}, Check: true})

	out := map[string]*engines.Variant{}
	for _, d := range vs {
		nv, err := engines.NewVariant(d)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		out[nv.Name] = nv
	}
	return out
}

// selfPlayVariants are the variants of the self-play and random-position
// tests.
var selfPlayVariants = []string{"kingofthehill", "3check", "antichess", "horde", "racingkings", "shatranj", "amazonchess", "makruk"}

func searchFEN(t *testing.T, v *engines.Variant, fen string, lim limits.Limits) (Result, *engines.Position) {
	t.Helper()
	pos, err := engines.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("%s %s: %v", v.Name, fen, err)
	}
	s := New(DerivedWeights(v), 4)
	res := s.Search(context.Background(), engines.NewGame(pos), lim, nil)
	if !pos.IsLegal(res.Move) {
		t.Fatalf("%s %s: %s is not legal", v.Name, fen, v.UCI(res.Move))
	}
	return res, &pos
}

// after returns pos after m.
func after(pos *engines.Position, m engines.Move) *engines.Position {
	var child engines.Position
	pos.MakeMove(m, &child)
	return &child
}

// TestRulesWins: in each rule family the searcher finds the win the rule
// gives, scored as a mate in the right number of moves.
func TestRulesWins(t *testing.T) {
	vs := ruleVariants(t)
	for _, tc := range []struct {
		name, variant, fen string
		mateIn             int
		check              func(pos, child *engines.Position) string // "" when the move is the win
	}{
		{"amazon mates in one", "amazonchess", "k7/8/2K5/8/8/8/8/1A6 w - - 0 1", 1, func(pos, child *engines.Position) string {
			if o := child.Status(); o.Reason != engines.Checkmate || o.Result != engines.WhiteWins {
				return "not checkmate: " + o.Reason.String()
			}
			return ""
		}},
		{"amazon mates in two", "amazonchess", "k7/8/8/8/8/8/8/3A2K1 w - - 0 1", 2, nil},
		{"king of the hill: walk to the centre", "kingofthehill", "k7/8/8/8/8/3K4/8/7r w - - 0 1", 1, func(pos, child *engines.Position) string {
			if o, over := child.FairyEnd(); !over || o.Reason != engines.FlagReached || o.Result != engines.WhiteWins {
				return "the king is not on the hill"
			}
			return ""
		}},
		{"3check: the third check", "3check", "3k4/pppppppp/8/8/8/8/8/4QK2 w - - 1+3 0 1", 1, func(pos, child *engines.Position) string {
			if o, over := child.FairyEnd(); !over || o.Reason != engines.CheckLimit {
				return "no check-limit win"
			}
			return ""
		}},
		{"antichess: lose the last piece", "antichess", "8/8/8/8/8/8/r7/1R6 w - - 0 1", 1, func(pos, child *engines.Position) string {
			replies := child.GenerateMoves(nil)
			if len(replies) == 0 {
				return "no reply"
			}
			for _, r := range replies {
				if o := after(child, r).Status(); o.Result != engines.WhiteWins {
					return "a reply does not lose for Black: " + child.Variant().UCI(r)
				}
			}
			return ""
		}},
		{"racing kings: to the last rank", "racingkings", "8/6K1/8/8/8/8/k7/8 w - - 0 1", 1, func(pos, child *engines.Position) string {
			if !squares(pos.Geometry(), "f8", "g8", "h8").Has(child.Pieces(engines.White, engines.King).First()) {
				return "the king is not on the last rank"
			}
			return ""
		}},
		{"shatranj: bare the king", "shatranj", "4k3/8/8/8/8/8/4r3/4RK2 w - - 0 1", 1, func(pos, child *engines.Position) string {
			if child.PiecesOf(engines.Black, engines.Rook) != 0 {
				return "the rook is not taken"
			}
			for _, r := range child.GenerateMoves(nil) {
				if o := after(child, r).Status(); o.Result != engines.WhiteWins || o.Reason != engines.Extinction {
					return "a reply escapes the bare king: " + child.Variant().UCI(r)
				}
			}
			return ""
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := vs[tc.variant]
			res, pos := searchFEN(t, v, tc.fen, limits.Limits{Depth: 2*tc.mateIn + 2})
			// The reference: a plain minimax over the rules engine's moves
			// and Status finds a forced win in mateIn moves, none faster.
			// A win in n moves ends the game by ply 2n (the opponent's n-th
			// move may lose it by rule).
			if !forcedWin(pos, 2*tc.mateIn) || tc.mateIn > 1 && forcedWin(pos, 2*tc.mateIn-2) {
				t.Fatalf("%s: the reference finds no fastest win in %d", tc.fen, tc.mateIn)
			}
			if !lostFor(after(pos, res.Move), pos.SideToMove(), 2*tc.mateIn-1) {
				t.Errorf("%s: %s does not force the win in %d", tc.fen, v.UCI(res.Move), tc.mateIn)
			}
			if got := limits.MateIn(res.Score); got != tc.mateIn {
				t.Errorf("%s: %s scores %d (mate in %d), want mate in %d", tc.fen, v.UCI(res.Move), res.Score, got, tc.mateIn)
			}
			if tc.check != nil {
				if msg := tc.check(pos, after(pos, res.Move)); msg != "" {
					t.Errorf("%s: %s: %s", tc.fen, v.UCI(res.Move), msg)
				}
			}
		})
	}
}

// TestRulesTerminal: the side to move that has lost by a rule, or has no
// move, is scored by the rule's value.
func TestRulesTerminal(t *testing.T) {
	vs := ruleVariants(t)
	for _, tc := range []struct {
		variant, fen string
		want         int // score of the root for the side to move
	}{
		{"antichess", "8/8/8/8/8/8/8/r7 w - - 0 1", limits.Mate},        // White has no piece: it wins
		{"antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1", limits.Mate},       // stalemated: a win
		{"kingofthehill", "k7/8/8/8/3K4/8/8/8 b - - 0 1", -limits.Mate}, // White's king is on the hill
		{"3check", "3k4/8/8/8/8/8/8/4QK2 b - - 0+3 0 1", -limits.Mate},  // White gave its third check
		{"horde", "k7/8/8/8/8/8/8/8 w - - 0 1", -limits.Mate},           // the horde is gone
		{"racingkings", "6K1/8/8/8/8/8/k7/8 w - - 0 1", limits.Mate},    // White reached the last rank, Black did not follow
	} {
		v := vs[tc.variant]
		res, _ := searchFENAny(t, v, tc.fen)
		if res.Score != tc.want {
			t.Errorf("%s %s: score %d, want %d", tc.variant, tc.fen, res.Score, tc.want)
		}
	}
}

// searchFENAny searches fen, which may be over, to depth 2.
func searchFENAny(t *testing.T, v *engines.Variant, fen string) (Result, *engines.Position) {
	t.Helper()
	pos, err := engines.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("%s %s: %v", v.Name, fen, err)
	}
	s := New(DerivedWeights(v), 1)
	return s.Search(context.Background(), engines.NewGame(pos), limits.Limits{Depth: 2}, nil), &pos
}

// randomPlayout plays up to n random legal moves from the start of v and
// returns the game, stopping at its end.
func randomPlayout(v *engines.Variant, rng *rand.Rand, n int) *engines.Game {
	g := engines.NewGame(v.StartPosition())
	for i := 0; i < n; i++ {
		if g.Outcome().Reason != engines.NotOver {
			break
		}
		moves := g.Position().GenerateMoves(nil)
		if len(moves) == 0 {
			break
		}
		g.Play(moves[rng.Intn(len(moves))])
	}
	return g
}

// TestRulesRandomPositions searches 200 random positions of each variant
// at a few hundred nodes: no panic, a legal move where there is one.
func TestRulesRandomPositions(t *testing.T) {
	vs := ruleVariants(t)
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, name := range append(selfPlayVariants, "threekings") {
		v := vs[name]
		rng := rand.New(rand.NewSource(int64(len(name))))
		s := New(DerivedWeights(v), 1)
		for i := 0; i < n; i++ {
			g := randomPlayout(v, rng, rng.Intn(120))
			s.NewGame()
			res := s.Search(context.Background(), g, limits.Limits{Nodes: 300}, nil)
			pos := g.Position()
			moves := pos.GenerateMoves(nil)
			switch {
			case len(moves) == 0 && res.Move != engines.NullMove:
				t.Fatalf("%s %s: no legal move, search returned %s", name, pos.FEN(), v.UCI(res.Move))
			case len(moves) > 0 && !pos.IsLegal(res.Move):
				t.Fatalf("%s %s: %s is not legal", name, pos.FEN(), v.UCI(res.Move))
			}
		}
	}
}

// TestRulesSelfPlay plays 20 games of each variant, searcher against
// itself at a few hundred nodes a move from a few random opening moves:
// every move legal (and, in racing kings, no check), no panic, and every
// game that ends before the ply cap ends by a rule the rules engine names.
func TestRulesSelfPlay(t *testing.T) {
	vs := ruleVariants(t)
	games, nodes := 20, int64(400)
	if testing.Short() {
		games, nodes = 4, 200
	}
	const maxPly = 400
	for _, name := range selfPlayVariants {
		t.Run(name, func(t *testing.T) {
			v := vs[name]
			rng := rand.New(rand.NewSource(7))
			s := New(DerivedWeights(v), 2)
			ended := map[string]int{}
			for gi := 0; gi < games; gi++ {
				g := randomPlayout(v, rng, 2+rng.Intn(4))
				s.NewGame()
				for ply := 0; ply < maxPly && g.Outcome().Reason == engines.NotOver; ply++ {
					pos := g.Position()
					res := s.Search(context.Background(), g, limits.Limits{Nodes: nodes}, nil)
					if !pos.IsLegal(res.Move) {
						t.Fatalf("game %d: %s: %s is not legal", gi, pos.FEN(), v.UCI(res.Move))
					}
					if v.NoChecking && after(pos, res.Move).InCheck() {
						t.Fatalf("game %d: %s: %s gives check", gi, pos.FEN(), v.UCI(res.Move))
					}
					if v.MustCapture && !pos.IsCapture(res.Move) && hasCapture(pos) {
						t.Fatalf("game %d: %s: %s does not capture", gi, pos.FEN(), v.UCI(res.Move))
					}
					g.Play(res.Move)
				}
				o := g.Outcome()
				ended[o.Reason.String()+" "+o.Result.String()]++
			}
			t.Logf("%s: %v", name, ended)
		})
	}
}

// TestDerivedWeights: material from the pieces' reach, a variant with a
// weights file keeps it, and the tables cover the fairy types.
func TestDerivedWeights(t *testing.T) {
	vs := ruleVariants(t)
	v := vs["amazonchess"]
	w := DerivedWeights(v)
	for _, tc := range []struct {
		t    engines.PieceType
		want int
	}{
		{engines.Pawn, 100}, {engines.Bishop, 360}, {engines.Rook, 503}, {engines.King, 0},
		{engines.FirstFairy, 1163},
	} {
		if got := w.PieceValue(tc.t); got != tc.want {
			t.Errorf("%s: value of %c = %d, want %d", v.Name, v.Letter(tc.t), got, tc.want)
		}
	}
	if w.PieceValue(engines.FirstFairy+1) <= w.PieceValue(engines.Bishop) || w.PieceValue(engines.FirstFairy+2) <= w.PieceValue(engines.Rook) {
		t.Errorf("archbishop %d, chancellor %d: want above bishop and rook", w.PieceValue(engines.FirstFairy+1), w.PieceValue(engines.FirstFairy+2))
	}
	if d, err := DefaultWeights(v); err != nil || d != w {
		t.Errorf("DefaultWeights of a variant without a file: %v, %v; want the derived ones", d, err)
	}
	// The weights file of a fairy variant reads back to the same values.
	if back, err := ParseWeights(v, "derived", w.YAML()); err != nil {
		t.Errorf("%s: derived weights do not read back: %v", v.Name, err)
	} else if got, want := back.Values(), w.Values(); len(got) != len(want) {
		t.Errorf("%s: %d values read back, want %d", v.Name, len(got), len(want))
	} else {
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: %s reads back %g, want %g", v.Name, w.Names()[i], got[i], want[i])
				break
			}
		}
	}
	// Makruk: the met (a fers) is worth less than a knight; the king,
	// royal, nothing; in antichess a piece is a burden.
	mk := DerivedWeights(vs["makruk"])
	if m := mk.PieceValue(engines.FirstFairy + 1); m != 175 {
		t.Errorf("makruk met %d, want 175", m)
	}
	anti := DerivedWeights(vs["antichess"])
	if q, _ := anti.Get("material_queen_mg"); q >= 0 {
		t.Errorf("antichess queen material %g, want negative", q)
	}
	// The start position of a symmetric variant scores the tempo only.
	for _, name := range []string{"amazonchess", "makruk", "kingofthehill", "racingkings", "3check"} {
		v := vs[name]
		w := DerivedWeights(v)
		pos := v.StartPosition()
		tempo, _ := w.Get("tempo_mg")
		if got := Evaluate(&pos, w, nil); got != tempo {
			t.Errorf("%s start: eval %g, want the tempo %g", name, got, tempo)
		}
	}
}

// forcedWin reports whether the side to move of pos wins by rule within
// plies plies, by brute force over GenerateMoves and Status: the
// reference the search's mate scores are checked against.
func forcedWin(pos *engines.Position, plies int) bool {
	us := pos.SideToMove()
	for _, m := range pos.GenerateMoves(nil) {
		if lostFor(after(pos, m), us, plies-1) {
			return true
		}
	}
	return false
}

// lostFor reports whether, in pos (the opponent of winner to move), the
// game is won by winner now or within plies plies whatever the opponent
// does.
func lostFor(pos *engines.Position, winner engines.Color, plies int) bool {
	if o := pos.Status(); o.Reason != engines.NotOver {
		return o.Result.Decisive() && o.Result.Winner() == winner
	}
	if plies <= 0 {
		return false
	}
	for _, m := range pos.GenerateMoves(nil) {
		if !forcedWinAfter(after(pos, m), winner, plies-1) {
			return false
		}
	}
	return true
}

// forcedWinAfter is forcedWin for winner, to move in pos, also when pos
// is over already.
func forcedWinAfter(pos *engines.Position, winner engines.Color, plies int) bool {
	if o := pos.Status(); o.Reason != engines.NotOver {
		return o.Result.Decisive() && o.Result.Winner() == winner
	}
	return plies > 0 && forcedWin(pos, plies)
}

// hasCapture reports whether the side to move attacks an enemy piece
// (so has a capture, in a variant without check), by the attack tables
// rather than by the move generator whose restriction it checks.
func hasCapture(pos *engines.Position) bool {
	us := pos.SideToMove()
	for b := pos.ByColor(us.Other()); b != 0; {
		if pos.Attacked(b.Pop(), us) {
			return true
		}
	}
	return false
}
