package search

import (
	"context"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/losalamos"
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

// TestFindsWins checks the search takes the fastest win: an extinction
// capture, a mate, a bunker capture, a win in two.
func TestFindsWins(t *testing.T) {
	tests := []struct {
		name  string
		v     *engines.Variant
		fen   string
		depth int
		mate  int // moves to the win
	}{
		{"capture the last queen", extinction.Variant, "rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 1},
		{"mate in one", evolution.Variant, "6k/4Q2/R6/7/7/K6 w - - 0 1", 3, 1},
		{"bunker capture", losalamos.Variant, "rnQknr/pp1ppp/6/6/PPPPPP/RN1KNR|q1/2/2/2 w - - 0 1", 3, 1},
		// The knight on f3 takes the last black queen on d4.
		{"knight takes the last queen", extinction.Variant, "rnb1kbnr/pppppppp/8/8/3q4/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1", 4, 1},
		{"evolution mate in two", evolution.Variant, "6k/7/7/2Q4/R6/K6 w - - 0 1", 5, 2},
		{"evolution rook mate in two", evolution.Variant, "5k1/7/7/7/1R5/K1R4 w - - 0 1", 5, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSearcher(t, tt.v)
			g := gameFrom(t, tt.v, tt.fen)
			mover := g.Position().SideToMove()
			res := s.Search(context.Background(), g, Limits{Depth: tt.depth}, nil)
			if got := MateIn(res.Score); got != tt.mate {
				t.Fatalf("mate in %d (score %d, move %s), want %d", got, res.Score, g.Position().Geometry().UCI(res.Move), tt.mate)
			}
			// Play the principal variation out: the mover must have won.
			for _, m := range res.PV {
				g.Play(m)
			}
			if o := g.Outcome(); !o.Result.Decisive() || o.Result.Winner() != mover {
				t.Errorf("PV %v ends in %v (%v), not a win", res.PV, o.Result, o.Reason)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, v := range []*engines.Variant{extinction.Variant, losalamos.Variant, evolution.Variant} {
		s := newSearcher(t, v)
		g := gameFrom(t, v, v.StartFEN)
		a := s.Search(context.Background(), g, Limits{Nodes: 20000}, nil)
		// Something else in between must not change the next answer.
		other := gameFrom(t, v, v.StartFEN)
		other.Play(other.Position().GenerateMoves(nil)[3])
		s.Search(context.Background(), other, Limits{Depth: 4}, nil)
		b := s.Search(context.Background(), g, Limits{Nodes: 20000}, nil)
		if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
			t.Errorf("%s: two searches of one position differ: %v/%d/%d vs %v/%d/%d", v.Name, a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
		}
	}
}

func TestStopsOnCancel(t *testing.T) {
	s := newSearcher(t, extinction.Variant)
	g := gameFrom(t, extinction.Variant, extinction.StartFEN)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	start := time.Now()
	res := s.Search(ctx, g, Limits{Infinite: true}, nil)
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
	s.Search(context.Background(), g, Limits{MoveTime: 100 * time.Millisecond}, nil)
	if d := time.Since(start); d > 300*time.Millisecond || d < 40*time.Millisecond {
		t.Errorf("movetime 100ms took %v", d)
	}
}
