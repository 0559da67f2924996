package widesearch

import (
	"context"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"varena/engines/wide"
)

// abMatch plays games games (pairs from random 2-ply openings, colours
// swapped) between searchers a and b at nodes a move, and returns a's
// wins, draws and losses.
func abMatch(t *testing.T, v *wide.Variant, a, b *Searcher, games, nodes int, seed int64) (w, d, l int) {
	rng := rand.New(rand.NewSource(seed))
	var opening []wide.Move
	for game := 0; game < games; game++ {
		if game%2 == 0 {
			opening = randomOpening(v, rng, 2)
		}
		aSide := wide.Color(game % 2)
		g := wide.NewGame(mustFEN(t, v, v.StartFEN()))
		for _, m := range opening {
			g.Play(m)
		}
		a.NewGame()
		b.NewGame()
		for len(g.Moves()) < 400 && g.Outcome().Reason == wide.NotOver {
			s := b
			if g.Position().SideToMove() == aSide {
				s = a
			}
			g.Play(s.Search(context.Background(), g, Limits{Nodes: int64(nodes)}, nil).Move)
		}
		switch r := g.Outcome().Result; {
		case r == wide.WhiteWins && aSide == wide.White, r == wide.BlackWins && aSide == wide.Black:
			w++
		case r == wide.WhiteWins || r == wide.BlackWins:
			l++
		default:
			d++
		}
	}
	return w, d, l
}

// TestABEval plays the derived evaluation against itself without its
// mobility and king-attack terms, or with VARENA_AB_EVAL=danger without
// king danger (VARENA_LONG=1; VARENA_AB_GAMES and VARENA_FSF_VARIANT
// change it): a measurement for the log.
func TestABEval(t *testing.T) {
	if os.Getenv("VARENA_LONG") == "" {
		t.Skip("a self-play match: VARENA_LONG=1")
	}
	name, games := "xiangqi", 40
	if s := os.Getenv("VARENA_FSF_VARIANT"); s != "" {
		name = s
	}
	if n, err := strconv.Atoi(os.Getenv("VARENA_AB_GAMES")); err == nil && n > 0 {
		games = n
	}
	v := variant(t, name)
	full := DefaultEval(v)
	w := full.Weights()
	for ty := range w.Mobility {
		w.Mobility[ty] = 0
	}
	w.KingAttack = 0
	what := "mobility and king attacks"
	switch os.Getenv("VARENA_AB_EVAL") {
	case "danger":
		w = full.Weights()
		w.KingDanger = 0
		what = "king danger"
	}
	plain := NewEval(v, w)
	a, b := New(16), New(16)
	b.SetEval(plain)
	wins, draws, losses := abMatch(t, v, a, b, games, 20000, 7)
	t.Logf("%s: derived eval against it without %s: %d-%d-%d", name, what, wins, draws, losses)
}

// TestABSearch plays the search against itself with one of its rules
// off (VARENA_AB_OFF: iir, qtt, badcaptures), as TestABEval.
func TestABSearch(t *testing.T) {
	if os.Getenv("VARENA_LONG") == "" || os.Getenv("VARENA_AB_OFF") == "" {
		t.Skip("a self-play match: VARENA_LONG=1 VARENA_AB_OFF=rule")
	}
	name, games := "xiangqi", 40
	if n, err := strconv.Atoi(os.Getenv("VARENA_AB_GAMES")); err == nil && n > 0 {
		games = n
	}
	v := variant(t, name)
	a, b := New(16), New(16)
	switch off := os.Getenv("VARENA_AB_OFF"); off {
	case "iir":
		b.off.iir = true
	case "qtt":
		b.off.qTT = true
	case "badcaptures":
		b.off.badCaptures = true
	default:
		t.Fatalf("no rule %q", off)
	}
	wins, draws, losses := abMatch(t, v, a, b, games, 20000, 7)
	t.Logf("%s: the search against it with %s off: %d-%d-%d", name, os.Getenv("VARENA_AB_OFF"), wins, draws, losses)
}
