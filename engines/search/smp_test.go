package search

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/limits"
	"varena/engines/losalamos"
)

// TestFindsWinsParallel: two and three threads find the fastest wins
// TestFindsWins's one thread finds, with a principal variation that wins.
func TestFindsWinsParallel(t *testing.T) {
	for _, threads := range []int{2, 3} {
		for _, tt := range findsWinsTests {
			t.Run(fmt.Sprintf("%d threads/%s", threads, tt.name), func(t *testing.T) {
				s := newSearcher(t, tt.v)
				s.SetThreads(threads)
				checkWin(t, s, tt)
			})
		}
	}
}

// TestParallelLimits: a search of two threads within a node limit, a
// move time or until cancelled stops there, with a legal move, and
// counts the nodes of both threads (more than the main thread's).
func TestParallelLimits(t *testing.T) {
	tests := []struct {
		name   string
		lim    limits.Limits
		cancel time.Duration // cancel the search after this (0: never)
		most   time.Duration // the longest it may take
		helped bool          // long enough for the helper to have searched
	}{
		{"nodes", limits.Limits{Nodes: 200000}, 0, 0, true},
		// The main thread may reach it before the helper has started.
		{"few nodes", limits.Limits{Nodes: 50}, 0, 0, false},
		// The bounds are loose (a loaded CI machine runs other test
		// binaries beside this one): they catch a search that does not
		// stop, not one that stops a little late.
		{"movetime", limits.Limits{MoveTime: 150 * time.Millisecond}, 0, 2 * time.Second, true},
		{"clock", limits.Limits{WTime: 2 * time.Second, BTime: 2 * time.Second}, 0, 2 * time.Second, true},
		{"infinite, cancelled", limits.Limits{Infinite: true}, 100 * time.Millisecond, 2 * time.Second, true},
	}
	for _, v := range []*engines.Variant{extinction.Variant, losalamos.Variant, evolution.Variant} {
		for _, tt := range tests {
			t.Run(v.Name+"/"+tt.name, func(t *testing.T) {
				s := newSearcher(t, v)
				s.SetThreads(2)
				g := gameFrom(t, v, v.StartFEN)
				ctx := context.Background()
				if tt.cancel > 0 {
					var cancel context.CancelFunc
					ctx, cancel = context.WithTimeout(ctx, tt.cancel)
					defer cancel()
				}
				start := time.Now()
				res := s.Search(ctx, g, tt.lim, nil)
				took := time.Since(start)
				if !slices.Contains(g.Position().GenerateMoves(nil), res.Move) {
					t.Fatalf("move %v is not legal", res.Move)
				}
				if tt.most > 0 && took > tt.most {
					t.Errorf("took %v, at most %v", took, tt.most)
				}
				// Within nodeSync a helper, and a node a thread, of the limit.
				if n := tt.lim.Nodes; n > 0 && (res.Nodes < n || res.Nodes > n+nodeSync+2) {
					t.Errorf("%d nodes, want %d to %d", res.Nodes, n, n+nodeSync+2)
				}
				if tt.helped && res.Nodes <= s.nodes {
					t.Errorf("%d nodes in all, the main thread's alone %d: the helper's are not counted", res.Nodes, s.nodes)
				}
			})
		}
	}
}

// TestOneThreadAfterParallel: a searcher taken back to one thread
// searches as one that never had more, from a new game.
func TestOneThreadAfterParallel(t *testing.T) {
	v := extinction.Variant
	g := gameFrom(t, v, v.StartFEN)
	lim := limits.Limits{Nodes: 30000}
	want := newSearcher(t, v).Search(context.Background(), g, lim, nil)
	s := newSearcher(t, v)
	s.SetThreads(4)
	s.Search(context.Background(), g, lim, nil)
	s.SetThreads(1)
	s.NewGame()
	got := s.Search(context.Background(), g, lim, nil)
	if got.Move != want.Move || got.Score != want.Score || got.Nodes != want.Nodes || got.Depth != want.Depth {
		t.Errorf("after 4 threads: %v %d %d nodes depth %d; never parallel: %v %d %d nodes depth %d",
			got.Move, got.Score, got.Nodes, got.Depth, want.Move, want.Score, want.Nodes, want.Depth)
	}
	if s.Threads() != 1 {
		t.Errorf("Threads() = %d after SetThreads(1)", s.Threads())
	}
}

// TestSkipsDepth: the first helper searches the even depths, the next
// ones alternate in runs of two at different phases, and among the
// first seven helpers every depth and the one after it are searched by
// some helper.
func TestSkipsDepth(t *testing.T) {
	tests := []struct {
		helper int
		want   []int // the depths 1 to 8 it searches
	}{
		{1, []int{2, 4, 6, 8}},
		{2, []int{3, 4, 7, 8}},
		{3, []int{2, 3, 6, 7}},
		{4, []int{3, 4, 5}},
	}
	for _, tt := range tests {
		var got []int
		for d := 1; d <= 8; d++ {
			if !skipsDepth(tt.helper, d) {
				got = append(got, d)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("helper %d searches depths %v of 1-8, want %v", tt.helper, got, tt.want)
		}
	}
	for d := 1; d <= 40; d++ {
		n := 0
		for h := 1; h <= 7; h++ {
			if !skipsDepth(h, d) {
				n++
			}
		}
		if n == 0 || n == 7 {
			t.Errorf("depth %d: searched by %d of 7 helpers, want some but not all", d, n)
		}
	}
}
