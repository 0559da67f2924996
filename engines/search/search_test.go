package search

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/limits"
	"varena/engines/losalamos"
	"varena/engines/variants"
)

func newSearcher(t testing.TB, v *engines.Variant) *Searcher {
	t.Helper()
	w, err := DefaultWeights(v)
	if err != nil {
		t.Fatal(err)
	}
	return New(w, 16)
}

func gameFrom(t testing.TB, v *engines.Variant, fen string) *engines.Game {
	t.Helper()
	p, err := engines.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return engines.NewGame(p)
}

// winTest is a position with a fastest win, searched to depth.
type winTest struct {
	name  string
	v     *engines.Variant
	fen   string
	depth int
	mate  int // moves to the win
}

// findsWinsTests are positions with a fastest win: an extinction
// capture, a mate, a bunker capture, a win in two.
var findsWinsTests = []winTest{
	{"capture the last queen", extinction.Variant, "rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 1},
	{"mate in one", evolution.Variant, "6k/4Q2/R6/7/7/K6 w - - 0 1", 3, 1},
	{"bunker capture", losalamos.Variant, "rnQknr/pp1ppp/6/6/PPPPPP/RN1KNR|q1/2/2/2 w - - 0 1", 3, 1},
	// The knight on f3 takes the last black queen on d4.
	{"knight takes the last queen", extinction.Variant, "rnb1kbnr/pppppppp/8/8/3q4/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1", 4, 1},
	{"evolution mate in two", evolution.Variant, "6k/7/7/2Q4/R6/K6 w - - 0 1", 5, 2},
	{"evolution rook mate in two", evolution.Variant, "5k1/7/7/7/1R5/K1R4 w - - 0 1", 5, 2},
}

// TestFindsWins checks the search takes the fastest win of each of
// findsWinsTests.
func TestFindsWins(t *testing.T) {
	for _, tt := range findsWinsTests {
		t.Run(tt.name, func(t *testing.T) { checkWin(t, newSearcher(t, tt.v), tt) })
	}
}

// checkWin searches the position of tt with s: the score must be the
// win in tt.mate moves, and its principal variation, played out, a win.
func checkWin(t *testing.T, s *Searcher, tt winTest) {
	t.Helper()
	g := gameFrom(t, tt.v, tt.fen)
	mover := g.Position().SideToMove()
	res := s.Search(context.Background(), g, limits.Limits{Depth: tt.depth}, nil)
	if got := limits.MateIn(res.Score); got != tt.mate {
		t.Fatalf("mate in %d (score %d, move %s), want %d", got, res.Score, g.Position().Geometry().UCI(res.Move), tt.mate)
	}
	// Play the principal variation out: the mover must have won.
	for _, m := range res.PV {
		g.Play(m)
	}
	if o := g.Outcome(); !o.Result.Decisive() || o.Result.Winner() != mover {
		t.Errorf("PV %v ends in %v (%v), not a win", res.PV, o.Result, o.Reason)
	}
}

func TestDeterministic(t *testing.T) {
	// A game's searches share what they learnt, so determinism is of the
	// sequence since NewGame: whatever was searched before it, the same
	// searches give the same answers.
	for _, v := range []*engines.Variant{extinction.Variant, losalamos.Variant, evolution.Variant} {
		s := newSearcher(t, v)
		g := gameFrom(t, v, v.StartFEN)
		next := gameFrom(t, v, v.StartFEN)
		next.Play(next.Position().GenerateMoves(nil)[0])
		sequence := func() [2]Result {
			s.NewGame()
			return [2]Result{
				s.Search(context.Background(), g, limits.Limits{Nodes: 20000}, nil),
				s.Search(context.Background(), next, limits.Limits{Nodes: 20000}, nil),
			}
		}
		a := sequence()
		// Something else in between must not change the answers.
		other := gameFrom(t, v, v.StartFEN)
		other.Play(other.Position().GenerateMoves(nil)[3])
		s.Search(context.Background(), other, limits.Limits{Depth: 4}, nil)
		b := sequence()
		for i := range a {
			if a[i].Move != b[i].Move || a[i].Score != b[i].Score || a[i].Nodes != b[i].Nodes {
				t.Errorf("%s: search %d of the sequence differs: %v/%d/%d vs %v/%d/%d", v.Name, i, a[i].Move, a[i].Score, a[i].Nodes, b[i].Move, b[i].Score, b[i].Nodes)
			}
		}
	}
}

func TestStopsOnCancel(t *testing.T) {
	s := newSearcher(t, extinction.Variant)
	g := gameFrom(t, extinction.Variant, extinction.StartFEN)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	start := time.Now()
	res := s.Search(ctx, g, limits.Limits{Infinite: true}, nil)
	// Generous bounds: CI runs other test packages beside this one.
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Errorf("stop took %v", d)
	}
	if res.Move == engines.NullMove {
		t.Error("no move after stop")
	}
}

func TestMoveTime(t *testing.T) {
	s := newSearcher(t, extinction.Variant)
	g := gameFrom(t, extinction.Variant, extinction.StartFEN)
	start := time.Now()
	s.Search(context.Background(), g, limits.Limits{MoveTime: 100 * time.Millisecond}, nil)
	if d := time.Since(start); d > 300*time.Millisecond || d < 40*time.Millisecond {
		t.Errorf("movetime 100ms took %v", d)
	}
}

// SearchMoves keeps the root to the moves given; illegal ones are
// ignored, and with none legal every move is searched.
func TestSearchMoves(t *testing.T) {
	const fen = "rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1" // bxc3 etc. win at once
	move := func(p *engines.Position, text string) engines.Move {
		m, err := p.ParseUCIMove(text)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	tests := []struct {
		name    string
		allowed []string // legal moves to restrict to
		illegal bool     // add a move of the other side
		want    []string // acceptable best moves
	}{
		{"restricted to quiet moves", []string{"a2a3", "h2h3"}, false, []string{"a2a3", "h2h3"}},
		{"one move", []string{"g1f3"}, false, []string{"g1f3"}},
		{"the wins among others", []string{"a2a3", "d2c3"}, true, []string{"d2c3"}},
		{"none legal: all moves", nil, true, []string{"b2c3", "d2c3", "b1c3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameFrom(t, extinction.Variant, fen)
			pos := g.Position()
			var lim limits.Limits
			lim.Depth = 3
			for _, text := range tt.allowed {
				lim.SearchMoves = append(lim.SearchMoves, move(pos, text))
			}
			if tt.illegal {
				black := gameFrom(t, extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
				lim.SearchMoves = append(lim.SearchMoves, move(black.Position(), "e7e5"))
			}
			res := newSearcher(t, extinction.Variant).Search(context.Background(), g, lim, nil)
			got := pos.Geometry().UCI(res.Move)
			if !slices.Contains(tt.want, got) {
				t.Errorf("best move %s, want one of %v", got, tt.want)
			}
			if len(res.PV) == 0 || res.PV[0] != res.Move {
				t.Errorf("PV %v does not start with the move", res.PV)
			}
		})
	}
}

// IsZero must see every field: a limit it missed would be ignored by
// players that take their own limits when the request has none.
func TestLimitsIsZero(t *testing.T) {
	if !(limits.Limits{}).IsZero() {
		t.Fatal("limits.Limits{} is not zero")
	}
	typ := reflect.TypeOf(limits.Limits{})
	for i := range typ.NumField() {
		var l limits.Limits
		f := reflect.ValueOf(&l).Elem().Field(i)
		switch f.Kind() {
		case reflect.Int, reflect.Int64:
			f.SetInt(1)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		default:
			t.Fatalf("field %s of kind %s: teach this test", typ.Field(i).Name, f.Kind())
		}
		if l.IsZero() {
			t.Errorf("limits.Limits with only %s set is zero", typ.Field(i).Name)
		}
	}
}

// TestKeepsWhatItLearnt checks that a node-limited search builds on the
// game's earlier searches (the hash table and histories are kept), and
// that NewGame forgets them.
func TestKeepsWhatItLearnt(t *testing.T) {
	for _, v := range []*engines.Variant{extinction.Variant, losalamos.Variant} {
		s := newSearcher(t, v)
		g := gameFrom(t, v, v.StartFEN)
		lim := limits.Limits{Depth: 6}
		first := s.Search(context.Background(), g, lim, nil)
		again := s.Search(context.Background(), g, lim, nil)
		if again.Nodes >= first.Nodes/2 {
			t.Errorf("%s: the second search to depth 6 took %d nodes, the first %d: the first's hash entries were not used", v.Name, again.Nodes, first.Nodes)
		}
		s.NewGame()
		fresh := s.Search(context.Background(), g, lim, nil)
		if fresh.Nodes != first.Nodes || fresh.Move != first.Move || fresh.Score != first.Score {
			t.Errorf("%s: after NewGame: %d nodes, %v, %d; the first search: %d nodes, %v, %d", v.Name, fresh.Nodes, fresh.Move, fresh.Score, first.Nodes, first.Move, first.Score)
		}
	}
}

func TestGravity(t *testing.T) {
	tests := []struct {
		name        string
		h, bonus    int32
		lo, hi      int32 // the result's range
		wantChanged bool
	}{
		{"bonus from zero", 0, 16, 512, 512, true},
		{"malus from zero", 0, -16, -512, -512, true},
		{"saturates high", historyMax, 400, historyMax - 1, historyMax, false},
		{"saturates low", -historyMax, -400, -historyMax, -historyMax + 1, false},
		{"a malus lowers a high score", historyMax, -400, -historyMax, historyMax - 1, true},
	}
	for _, tt := range tests {
		got := gravity(tt.h, tt.bonus)
		if got < tt.lo || got > tt.hi {
			t.Errorf("%s: gravity(%d, %d) = %d, want %d..%d", tt.name, tt.h, tt.bonus, got, tt.lo, tt.hi)
		}
		if (got != tt.h) != tt.wantChanged {
			t.Errorf("%s: gravity(%d, %d) = %d, changed %v, want %v", tt.name, tt.h, tt.bonus, got, got != tt.h, tt.wantChanged)
		}
	}
	// Repeated bonuses converge inside the bound, never past it.
	h := int32(0)
	for range 1000 {
		h = gravity(h, 400)
		if h > historyMax {
			t.Fatalf("gravity went past historyMax: %d", h)
		}
	}
}

// TestContinuationHistory checks that a quiet cutoff rewards the move in
// the butterfly and both continuation tables of the moves before it, and
// gives the quiet moves tried before it a malus there.
func TestContinuationHistory(t *testing.T) {
	s := newSearcher(t, extinction.Variant)
	g := gameFrom(t, extinction.Variant, extinction.StartFEN)
	pos := g.Position()
	c1, c2 := &s.cont[pieceIndex(engines.Black, engines.Knight)][21], &s.cont[pieceIndex(engines.White, engines.Pawn)][28]
	s.stack[0].cont, s.stack[1].cont = c2, c1
	cut, err := pos.ParseUCIMove("g1f3")
	if err != nil {
		t.Fatal(err)
	}
	tried, err := pos.ParseUCIMove("b1c3")
	if err != nil {
		t.Fatal(err)
	}
	knight := pieceIndex(engines.White, engines.Knight)
	s.rememberQuiet(pos, cut, knight, 2, 4, engines.NullMove, []engines.Move{tried}, []uint8{uint8(knight)})
	if s.killers[2][0] != cut {
		t.Errorf("killer %v, want %v", s.killers[2][0], cut)
	}
	for name, tab := range map[string]*contTable{"one ply back": c1, "two plies back": c2} {
		if v := tab[knight][cut.To()]; v <= 0 {
			t.Errorf("%s: the cutoff move scores %d, want > 0", name, v)
		}
		if v := tab[knight][tried.To()]; v >= 0 {
			t.Errorf("%s: the move tried before it scores %d, want < 0", name, v)
		}
	}
	good, bad := s.quietScore(engines.White, cut, knight, c1, c2), s.quietScore(engines.White, tried, knight, c1, c2)
	if good <= 0 || bad >= 0 {
		t.Errorf("quiet scores: cutoff move %d, tried move %d; want > 0 and < 0", good, bad)
	}
	// Without the tables (after a null move, at the root) only the
	// butterfly history counts.
	if got, want := s.quietScore(engines.White, cut, knight, nil, nil), s.history[engines.White][cut.From()][cut.To()]; got != want {
		t.Errorf("quiet score without continuation tables %d, want the history %d", got, want)
	}
}

// TestTTEvalIsStaticEval checks what quiescence and negamax rely on when
// they take the static score from the hash table: every evaluation the
// table keeps is the searcher's own evaluation of that position. After a
// search it probes the positions two plies from the root and the
// captures below them.
func TestTTEvalIsStaticEval(t *testing.T) {
	for _, v := range []*engines.Variant{extinction.Variant, losalamos.Variant, losalamos.NoBunkers, evolution.Variant} {
		s := newSearcher(t, v)
		g := gameFrom(t, v, v.StartFEN)
		s.Search(context.Background(), g, limits.Limits{Nodes: 30000}, nil)
		checked := 0
		var visit func(pos *engines.Position, depth int, capturesOnly bool)
		visit = func(pos *engines.Position, depth int, capturesOnly bool) {
			if e, ok := s.tt.probe(pos.Hash(), true); ok && e.eval != noEvalTT {
				if want := s.evaluate(pos, 1); int(e.eval) != want {
					t.Fatalf("%s %s: TT eval %d, static eval %d", v.Name, pos.FEN(), e.eval, want)
				}
				checked++
			}
			if depth == 0 || pos.Status().Result.Decisive() {
				return
			}
			for _, m := range pos.GenerateMoves(nil) {
				if capturesOnly && !pos.IsCapture(m) {
					continue
				}
				child := pos.Play(m)
				visit(&child, depth-1, capturesOnly || depth == 1)
			}
		}
		visit(g.Position(), 3, false)
		t.Logf("%s: %d TT evals checked", v.Name, checked)
		if checked < 20 {
			t.Errorf("%s: only %d positions with a TT eval checked", v.Name, checked)
		}
	}
}

// TestSetWeightsClearsTT: entries (scores and static evaluations) of
// other weights must not survive a change of weights; the same weights
// keep them.
func TestSetWeightsClearsTT(t *testing.T) {
	s := newSearcher(t, extinction.Variant)
	g := gameFrom(t, extinction.Variant, extinction.StartFEN)
	used := func() int {
		n := 0
		for i := range s.tt.buckets {
			for j := range s.tt.buckets[i] {
				if s.tt.buckets[i][j].load().bound != boundNone {
					n++
				}
			}
		}
		return n
	}
	s.Search(context.Background(), g, limits.Limits{Nodes: 5000}, nil)
	n := used()
	if n == 0 {
		t.Fatal("no TT entry after a search")
	}
	s.SetWeights(s.Weights())
	if used() != n {
		t.Errorf("SetWeights with the same weights: %d entries left of %d", used(), n)
	}
	w := s.Weights()
	s.SetWeights(w.WithValues(w.Values()))
	if used() != 0 {
		t.Errorf("SetWeights with new weights: %d entries left", used())
	}
}

// extinguishingByLookup is Searcher.extinguishing as it was before it
// skipped moves by square: every move's victim looked up.
func extinguishingByLookup(s *Searcher, pos *engines.Position, moves []engines.Move) (engines.Move, bool) {
	if len(pos.Variant().Species) == 0 {
		return engines.NullMove, false
	}
	them := pos.SideToMove().Other()
	var child engines.Position
	best, bestValue := engines.NullMove, -1
	for _, m := range moves {
		victim := pos.CapturedType(m)
		if victim == engines.NoPieceType || pos.Pieces(them, victim).Count() != 1 {
			continue
		}
		if v := s.w.pieces[victim]; v > bestValue {
			pos.MakeMove(m, &child)
			if child.Extinct(them) {
				best, bestValue = m, v
			}
		}
	}
	return best, best != engines.NullMove
}

// TestExtinguishingSkipsExactly: skipping the moves that land on no lone
// piece (en passant excepted) finds the same extinguishing capture as
// looking up every move's victim, on random-game positions of every
// variant (castling, bunkers, evolving moves and en passant included).
func TestExtinguishingSkipsExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, v := range variants.All {
		s := newSearcher(t, v)
		found := 0
		for game := 0; game < 40; game++ {
			pos, _ := engines.ParseFEN(v, v.StartFEN)
			for ply := 0; ply < 150; ply++ {
				moves := pos.GenerateMoves(nil)
				if len(moves) == 0 || pos.Status().Result.Decisive() {
					break
				}
				gm, gok := s.extinguishing(&pos, moves)
				wm, wok := extinguishingByLookup(s, &pos, moves)
				if gm != wm || gok != wok {
					t.Fatalf("%s %s: extinguishing %v %v, by lookup %v %v", v.Name, pos.FEN(), gm, gok, wm, wok)
				}
				if wok {
					found++
				}
				pos = pos.Play(moves[rng.IntN(len(moves))])
			}
		}
		if len(v.Species) > 0 && found < 20 {
			t.Errorf("%s: only %d positions with an extinguishing capture", v.Name, found)
		}
		t.Logf("%s: %d positions with an extinguishing capture", v.Name, found)
	}
}

// TestEvalClamped: weights that make evaluations run past the mate scores
// (and past the hash table's 16 bits) give static scores just inside the
// mate band, and the table keeps them as they are.
func TestEvalClamped(t *testing.T) {
	for _, v := range variants.All {
		def, _ := DefaultWeights(v)
		vals := def.Values()
		for i := range vals {
			vals[i] *= 1e6
		}
		s := New(def.WithValues(vals), 1)
		line := randomLine(v, rand.New(rand.NewPCG(71, 72)), 200)
		wild := 0
		for i := range line {
			e := s.evaluate(&line[i], 1)
			if e <= -limits.MateBand || e >= limits.MateBand {
				t.Fatalf("%s %s: static score %d, in the mate band", v.Name, line[i].FEN(), e)
			}
			if abs(e) == limits.MateBand-1 {
				wild++
			}
			s.tt.store(line[i].Hash(), engines.NullMove, 0, 1, boundExact, e, true)
			if got, ok := s.tt.probe(line[i].Hash(), true); !ok || int(got.eval) != e {
				t.Fatalf("%s %s: stored eval %d, read back %d", v.Name, line[i].FEN(), e, got.eval)
			}
		}
		if wild == 0 {
			t.Errorf("%s: no evaluation reached the bound: the test weights are not wild enough", v.Name)
		}
	}
}
