package widesearch

import (
	"context"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"varena/engines/wide"
)

// TestFSFReplay plays game N of TestFSFBaseline again (the same opening
// and colours; Fairy-Stockfish at a node limit with one thread plays the
// same moves) and logs each of the searcher's moves with its score, depth,
// PV and position, to see where a game was lost:
//
//	VARENA_FSF_REPLAY=10 go test -run FSFReplay -v ./engines/widesearch
func TestFSFReplay(t *testing.T) {
	game, err := strconv.Atoi(os.Getenv("VARENA_FSF_REPLAY"))
	if err != nil || game < 1 {
		t.Skip("the replay of a baseline game: VARENA_FSF_REPLAY=N")
	}
	v := variant(t, "xiangqi")
	f := startFSF(t, "xiangqi")
	s := New(64)
	rng := rand.New(rand.NewSource(2026))
	var opening []wide.Move
	for i := 0; i < game; i += 2 {
		opening = randomOpening(v, rng, 2)
	}
	us := wide.Color((game - 1) % 2)
	g := wide.NewGame(mustFEN(t, v, v.StartFEN()))
	for _, m := range opening {
		g.Play(m)
	}
	f.send("ucinewgame")
	for len(g.Moves()) < 300 && g.Outcome().Reason == wide.NotOver {
		p := g.Position()
		if p.SideToMove() == us {
			res := s.Search(context.Background(), g, Limits{Nodes: 20000}, nil)
			pv := ""
			q := *p
			for _, m := range res.PV {
				pv += " " + q.UCI(m)
				q.MakeMove(m, &q)
			}
			t.Logf("%3d us  %-6s score %5d depth %d pv%s   fen %s", len(g.Moves()), p.UCI(res.Move), res.Score, res.Depth, pv, p.FEN())
			g.Play(res.Move)
			continue
		}
		mv := f.bestmove(g, 20000)
		t.Logf("%3d fsf %s", len(g.Moves()), mv)
		if err := g.PlayUCI(mv); err != nil {
			t.Fatalf("Fairy-Stockfish's %q: %v", mv, err)
		}
	}
	t.Logf("%v", g.Outcome())
}
