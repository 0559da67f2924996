package widesearch

import (
	"context"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
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

// TestABEval plays the derived evaluation against itself with other
// weights (VARENA_LONG=1): by default without its mobility and
// king-attack terms; VARENA_AB_SET=name=value,... sets weights of the
// other side by their names in Eval.Names (king_danger=12). Games and
// nodes come from VARENA_AB_GAMES and VARENA_AB_NODES, the variant from
// VARENA_FSF_VARIANT: a measurement for the log.
func TestABEval(t *testing.T) {
	if os.Getenv("VARENA_LONG") == "" {
		t.Skip("a self-play match: VARENA_LONG=1")
	}
	name, games, nodes := "xiangqi", 40, 20000
	if s := os.Getenv("VARENA_FSF_VARIANT"); s != "" {
		name = s
	}
	if n, err := strconv.Atoi(os.Getenv("VARENA_AB_GAMES")); err == nil && n > 0 {
		games = n
	}
	if n, err := strconv.Atoi(os.Getenv("VARENA_AB_NODES")); err == nil && n > 0 {
		nodes = n
	}
	v := variant(t, name)
	full := DefaultEval(v)
	var other *Eval
	what := "without mobility and king attacks"
	if set := os.Getenv("VARENA_AB_SET"); set != "" {
		x := full.Vector()
		names := full.Names()
		for _, kv := range strings.Split(set, ",") {
			k, val, _ := strings.Cut(kv, "=")
			f, err := strconv.ParseFloat(val, 64)
			i := slices.Index(names, k)
			if err != nil || i < 0 {
				t.Fatalf("VARENA_AB_SET: %q is no name=number of %v", kv, names)
			}
			x[i] = f
		}
		var err error
		if other, err = full.WithVector(x); err != nil {
			t.Fatal(err)
		}
		what = "with " + set
	} else {
		w := full.Weights()
		for ty := range w.Mobility {
			w.Mobility[ty] = 0
		}
		w.KingAttack, w.KingDanger = 0, 0
		other = NewEval(v, w)
	}
	a, b := New(16), New(16)
	b.SetEval(other)
	wins, draws, losses := abMatch(t, v, a, b, games, nodes, 7)
	t.Logf("%s, %d nodes: the derived evaluation against it %s: %d-%d-%d", name, nodes, what, wins, draws, losses)
}

// TestABSearch plays the search against itself with one of its rules
// off (VARENA_AB_OFF: iir, qtt, badcaptures, lazy), as TestABEval.
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
	case "lazy":
		b.off.lazy = true
	default:
		t.Fatalf("no rule %q", off)
	}
	wins, draws, losses := abMatch(t, v, a, b, games, 20000, 7)
	t.Logf("%s: the search against it with %s off: %d-%d-%d", name, os.Getenv("VARENA_AB_OFF"), wins, draws, losses)
}
