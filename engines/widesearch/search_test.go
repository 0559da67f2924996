package widesearch

import (
	"context"
	"math/rand"
	"slices"
	"testing"
	"time"

	"varena/engines/limits"
	"varena/engines/wide"
)

// newGame starts a game of variant name from fen (the start if empty).
func newGame(t testing.TB, name, fen string) *wide.Game {
	t.Helper()
	v := variant(t, name)
	if fen == "" {
		fen = v.StartFEN()
	}
	return wide.NewGame(mustFEN(t, v, fen))
}

// TestMates checks the searcher finds mates in 1 and 2, and a mate
// against it, in positions Fairy-Stockfish 11.1 scores the same at depth
// 6 (its best move where the mate is unique).
func TestMates(t *testing.T) {
	tests := []struct {
		name, variant, fen string
		mateIn             int    // moves, negative: the side to move is mated
		best               string // "" when more than one move mates as fast
	}{
		{"xiangqi rooks in 1", "xiangqi", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 1, "b1b10"},
		{"xiangqi double cannon in 1", "xiangqi", "3aka3/9/9/9/9/9/9/C8/4C4/3K5 w - - 0 1", 1, "a3e3"},
		{"xiangqi rooks in 2", "xiangqi", "4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1", 2, ""},
		{"xiangqi mated in 2", "xiangqi", "4k4/9/9/9/9/9/9/9/9/R2K4R b - - 0 1", -2, "e10f10"},
		{"capablanca back rank in 1", "capablanca", "9k/7ppp/10/10/10/10/10/R4K4 w - - 0 1", 1, "a1a8"},
		{"capablanca chancellor in 1", "capablanca", "5k4/10/5K4/10/10/10/10/C9 w - - 0 1", 1, "a1a8"},
		{"capablanca rooks in 2", "capablanca", "9k/10/10/10/10/10/R9/1R3K4 w - - 0 1", 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.variant, tc.fen)
			s := New(8)
			res := s.Search(context.Background(), g, Limits{Depth: 8}, nil)
			if got := limits.MateIn(res.Score); got != tc.mateIn {
				t.Fatalf("score %d (mate in %d), want mate in %d", res.Score, got, tc.mateIn)
			}
			p := g.Position()
			if !p.IsLegal(res.Move) {
				t.Fatalf("illegal move %v", res.Move)
			}
			if tc.best != "" && p.UCI(res.Move) != tc.best {
				t.Errorf("move %s, want %s", p.UCI(res.Move), tc.best)
			}
			// The PV is legal and ends in the game it promises (in
			// xiangqi stalemate loses too).
			q := *p
			for _, m := range res.PV {
				if !q.IsLegal(m) {
					t.Fatalf("PV move %v illegal in %s", m, q.FEN())
				}
				q.MakeMove(m, &q)
			}
			winner := p.SideToMove()
			if tc.mateIn < 0 {
				winner ^= 1
			}
			want := wide.WhiteWins
			if winner == wide.Black {
				want = wide.BlackWins
			}
			if len(res.PV) != 2*tc.mateIn-1 && tc.mateIn > 0 || q.Status().Result != want {
				t.Errorf("PV of %d moves ends in %s (%v)", len(res.PV), q.FEN(), q.Status())
			}
		})
	}
}

// TestLegalMoves searches positions of random games of every variant at
// 500 nodes: the move and the PV are legal, the node limit holds.
func TestLegalMoves(t *testing.T) {
	games, plies := 2, 120
	if testing.Short() {
		games, plies = 1, 80
	}
	for i, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			rng := rand.New(rand.NewSource(int64(100 + i)))
			s := New(4)
			var buf [wide.MaxMoves]wide.Move
			for gi := 0; gi < games; gi++ {
				g := wide.NewGame(mustFEN(t, v, v.StartFEN()))
				s.NewGame()
				for ply := 0; ply < plies; ply++ {
					p := g.Position()
					legal := p.GenerateLegal(buf[:0])
					if len(legal) == 0 || g.Outcome().Reason != wide.NotOver {
						break
					}
					if ply%3 == 0 {
						res := s.Search(context.Background(), g, Limits{Nodes: 500}, nil)
						if !slices.Contains(legal, res.Move) {
							t.Fatalf("%s: move %v is not legal", p.FEN(), res.Move)
						}
						if res.Nodes > 500 {
							t.Fatalf("%s: %d nodes, limit 500", p.FEN(), res.Nodes)
						}
						q := *p
						for _, m := range res.PV {
							if !q.IsLegal(m) {
								t.Fatalf("%s: PV move %v illegal in %s", p.FEN(), m, q.FEN())
							}
							q.MakeMove(m, &q)
						}
					}
					g.Play(legal[rng.Intn(len(legal))])
				}
			}
		})
	}
}

// TestNodeLimit checks a node limit is honoured exactly and spent.
func TestNodeLimit(t *testing.T) {
	for _, name := range []string{"xiangqi", "janggi", "capablanca", "grand"} {
		for _, n := range []int64{1, 37, 1000, 20000} {
			g := newGame(t, name, "")
			s := New(4)
			res := s.Search(context.Background(), g, Limits{Nodes: n}, nil)
			if res.Nodes > n || res.Nodes < n/2 {
				t.Errorf("%s: %d nodes searched, limit %d", name, res.Nodes, n)
			}
			if !g.Position().IsLegal(res.Move) {
				t.Errorf("%s at %d nodes: illegal move %v", name, n, res.Move)
			}
		}
	}
}

// TestCancel checks a cancelled context ends a search without limits,
// and that a context cancelled before the search still gets a legal
// move.
func TestCancel(t *testing.T) {
	g := newGame(t, "xiangqi", "")
	s := New(4)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	res := s.Search(ctx, g, Limits{}, nil)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("search ran %v after the cancel at 100ms", d)
	}
	if !g.Position().IsLegal(res.Move) {
		t.Errorf("illegal move %v", res.Move)
	}
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	res = s.Search(done, g, Limits{}, nil)
	if !g.Position().IsLegal(res.Move) {
		t.Errorf("cancelled before: illegal move %v", res.Move)
	}
	// Infinite returns only once the context ends.
	ctx3, cancel3 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel3()
	start = time.Now()
	s.Search(ctx3, g, Limits{Infinite: true, Depth: 2}, nil)
	if d := time.Since(start); d < 40*time.Millisecond {
		t.Errorf("infinite search of depth 2 returned after %v, before its context ended", d)
	}
}

// TestMoveTime checks a movetime is kept.
func TestMoveTime(t *testing.T) {
	g := newGame(t, "capablanca", "")
	s := New(4)
	start := time.Now()
	res := s.Search(context.Background(), g, Limits{MoveTime: 200 * time.Millisecond}, nil)
	// The upper bound leaves room for a busy machine's scheduler.
	if d := time.Since(start); d > 700*time.Millisecond || d < 100*time.Millisecond {
		t.Errorf("movetime 200ms took %v", d)
	}
	if res.Depth < 2 {
		t.Errorf("depth %d in 200ms", res.Depth)
	}
}

// TestDeterministic checks searches of a game since NewGame repeat
// bit for bit: every move, score, depth, node count and PV.
func TestDeterministic(t *testing.T) {
	for _, name := range []string{"xiangqi", "janggi", "capablanca"} {
		t.Run(name, func(t *testing.T) {
			play := func(s *Searcher) []Result {
				g := newGame(t, name, "")
				s.NewGame()
				var out []Result
				for i := 0; i < 8; i++ {
					res := s.Search(context.Background(), g, Limits{Nodes: 5000}, nil)
					res.Time = 0
					out = append(out, res)
					if res.Move == wide.NullMove {
						break
					}
					g.Play(res.Move)
				}
				return out
			}
			s := New(4)
			a := play(s)
			b := play(s)
			c := play(New(4))
			for i := range a {
				for _, o := range [][]Result{b, c} {
					if a[i].Move != o[i].Move || a[i].Score != o[i].Score || a[i].Nodes != o[i].Nodes ||
						a[i].Depth != o[i].Depth || !slices.Equal(a[i].PV, o[i].PV) {
						t.Fatalf("move %d: %+v then %+v", i, a[i], o[i])
					}
				}
			}
		})
	}
}

// TestSearchMoves checks the root keeps to SearchMoves.
func TestSearchMoves(t *testing.T) {
	g := newGame(t, "xiangqi", "")
	p := g.Position()
	only, err := p.ParseUCIMove("a1a2")
	if err != nil {
		t.Fatal(err)
	}
	res := New(4).Search(context.Background(), g, Limits{Depth: 4, SearchMoves: []wide.Move{only}}, nil)
	if res.Move != only {
		t.Errorf("move %s, want the only one allowed, a1a2", p.UCI(res.Move))
	}
}

// TestNoMoves checks a position without moves answers NullMove and the
// rules' score.
func TestNoMoves(t *testing.T) {
	// Black is mated by the double cannon.
	g := newGame(t, "xiangqi", "3aka3/9/9/9/9/9/9/4C4/4C4/3K5 b - - 0 1")
	res := New(4).Search(context.Background(), g, Limits{Depth: 3}, nil)
	if res.Move != wide.NullMove || res.Score != -limits.Mate {
		t.Errorf("mated: move %v score %d, want none and %d", res.Move, res.Score, -limits.Mate)
	}
}

// TestPerpetualCheckScored checks a repetition inside the search is
// scored by the rules: in xiangqi the side that checks perpetually
// loses, so a side that can only repeat checks finds another move, and
// the side checked sees the repetition as its win.
func TestPerpetualCheckScored(t *testing.T) {
	v := variant(t, "xiangqi")
	g := wide.NewGame(mustFEN(t, v, "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"))
	for _, m := range []string{"a1a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9", "e9e10"} {
		if err := g.PlayUCI(m); err != nil {
			t.Fatal(err)
		}
	}
	// White to move: a9a10 would make the third occurrence by perpetual check.
	hashes := g.Hashes()
	checks := make([]bool, len(hashes))
	q := *g.Start()
	checks[0] = q.InCheck()
	for i, m := range g.Moves() {
		q.MakeMove(m, &q)
		checks[i+1] = q.InCheck()
	}
	g2 := *g
	_ = g2
	m, _ := g.Position().ParseUCIMove("a9a10")
	var next wide.Position
	g.Position().MakeMove(m, &next)
	o, over := wide.RepetitionOutcome(&next, append(hashes, next.Hash()), append(checks, true), 2)
	if !over || o.Reason != wide.PerpetualCheck || o.Result != wide.BlackWins {
		t.Fatalf("after a9a10: %v %v, want Black wins by perpetual check", o, over)
	}
	res := New(4).Search(context.Background(), g, Limits{Depth: 6}, nil)
	if g.Position().UCI(res.Move) == "a9a10" {
		t.Errorf("the searcher repeats its perpetual check (score %d)", res.Score)
	}
}

// TestClock checks a search under a clock keeps to a fraction of it and
// still answers a spent clock with a searched move.
func TestClock(t *testing.T) {
	g := newGame(t, "janggi", "")
	s := New(4)
	start := time.Now()
	res := s.Search(context.Background(), g, Limits{WTime: time.Second, BTime: time.Second}, nil)
	// The plan's hard limit is 150ms; the rest is room for a busy
	// machine's scheduler, short of the whole clock.
	if d := time.Since(start); d > 700*time.Millisecond {
		t.Errorf("1s on the clock, the move took %v", d)
	}
	if res.Depth < 1 || !g.Position().IsLegal(res.Move) {
		t.Errorf("depth %d, move %v", res.Depth, res.Move)
	}
	res = s.Search(context.Background(), g, Limits{WTime: time.Millisecond, BTime: time.Second}, nil)
	if res.Depth < 1 || !g.Position().IsLegal(res.Move) {
		t.Errorf("spent clock: depth %d, move %v", res.Depth, res.Move)
	}
}

// TestSearchAllocations checks a search allocates only outside its loop:
// the same few allocations at 2,000 nodes as at 20,000.
func TestSearchAllocations(t *testing.T) {
	for _, name := range []string{"xiangqi", "janggi", "capablanca"} {
		g := newGame(t, name, "")
		s := New(4)
		count := func(nodes int64) float64 {
			return testing.AllocsPerRun(3, func() {
				s.NewGame()
				s.Search(context.Background(), g, Limits{Nodes: nodes}, nil)
			})
		}
		small, large := count(2000), count(20000)
		if large > small+2 || large > 32 {
			t.Errorf("%s: %v allocations at 20,000 nodes, %v at 2,000", name, large, small)
		}
	}
}

// TestBadLimits checks negative limits are no limits (the context ends
// the search) and a non-positive hash size is the smallest table.
func TestBadLimits(t *testing.T) {
	g := newGame(t, "xiangqi", "")
	s := New(-3)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	res := s.Search(ctx, g, Limits{Depth: -1, Nodes: -5, MoveTime: -time.Second, MovesToGo: -2}, nil)
	if !g.Position().IsLegal(res.Move) || res.Depth < 1 {
		t.Errorf("move %v depth %d", res.Move, res.Depth)
	}
	s.SetHash(0)
	if res := s.Search(context.Background(), g, Limits{Depth: 3}, nil); !g.Position().IsLegal(res.Move) {
		t.Errorf("move %v", res.Move)
	}
}
