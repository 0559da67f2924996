package widesearch

import (
	"context"
	"math/rand"
	"testing"

	"varena/engines/wide"
)

// TestBeatsRandom plays 4 games of xiangqi, colours alternating, the
// searcher at 20,000 nodes a move against a random mover: it must win
// all four, as wide.Game's Outcome judges them.
func TestBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("a match of 4 games")
	}
	v := variant(t, "xiangqi")
	s := New(16)
	rng := rand.New(rand.NewSource(5))
	var buf [wide.MaxMoves]wide.Move
	for game := 0; game < 4; game++ {
		us := wide.Color(game % 2)
		g := wide.NewGame(mustFEN(t, v, v.StartFEN()))
		s.NewGame()
		for ply := 0; ply < 400 && g.Outcome().Reason == wide.NotOver; ply++ {
			p := g.Position()
			if p.SideToMove() == us {
				res := s.Search(context.Background(), g, Limits{Nodes: 20000}, nil)
				g.Play(res.Move)
				continue
			}
			legal := p.GenerateLegal(buf[:0])
			g.Play(legal[rng.Intn(len(legal))])
		}
		o := g.Outcome()
		want := wide.WhiteWins
		if us == wide.Black {
			want = wide.BlackWins
		}
		if o.Result != want {
			t.Errorf("game %d, the searcher %s: %v by %v after %d moves", game+1, us, o.Result, o.Reason, len(g.Moves()))
		} else {
			t.Logf("game %d, the searcher %s: %v by %v after %d moves", game+1, us, o.Result, o.Reason, len(g.Moves()))
		}
	}
}
