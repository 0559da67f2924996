package search

import (
	"context"
	"math"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"varena/engines"
	"varena/engines/limits"
)

// materialOnly returns w with every weight but material zeroed: the
// yardstick the derived evaluation is measured against.
func materialOnly(w *Weights) *Weights {
	fs := w.fs
	vals := make([]float64, len(w.values))
	for _, t := range fs.allTypes {
		if tm := fs.material[t]; tm.ok() {
			vals[tm[mg]], vals[tm[eg]] = w.values[tm[mg]], w.values[tm[eg]]
		}
	}
	return w.WithValues(vals)
}

// playMatchGame plays one game of a (White when aWhite) against b from
// the opening moves, at nodes a move, and returns a's score (1, 0.5, 0);
// a game past maxPly is a draw.
func playMatchGame(v *engines.Variant, opening []engines.Move, a, b *Searcher, aWhite bool, nodes int64, maxPly int) float64 {
	g := engines.NewGame(v.StartPosition())
	for _, m := range opening {
		g.Play(m)
	}
	a.NewGame()
	b.NewGame()
	for ply := 0; ply < maxPly && g.Outcome().Reason == engines.NotOver; ply++ {
		s := b
		if (g.Position().SideToMove() == engines.White) == aWhite {
			s = a
		}
		g.Play(s.Search(context.Background(), g, limits.Limits{Nodes: nodes}, nil).Move)
	}
	o := g.Outcome()
	if !o.Result.Decisive() {
		return 0.5
	}
	if (o.Result.Winner() == engines.White) == aWhite {
		return 1
	}
	return 0
}

// TestDerivedVsMaterial plays the derived evaluation against material
// alone (the derived material values, every other weight zero) in four
// variants: pairs of games from random openings, colours swapped, at a
// fixed node count a move. It logs the derived side's score with a 95%
// interval and fails when the interval lies below one half. It takes
// minutes: VARENA_MATCH=N runs it with N game pairs per variant.
func TestDerivedVsMaterial(t *testing.T) {
	pairs, _ := strconv.Atoi(os.Getenv("VARENA_MATCH"))
	if pairs <= 0 {
		t.Skip("a match of minutes: VARENA_MATCH=N runs N game pairs per variant")
	}
	vs := ruleVariants(t)
	for _, name := range []string{"kingofthehill", "3check", "amazonchess", "makruk"} {
		v := vs[name]
		derived := DerivedWeights(v)
		a, b := New(derived, 4), New(materialOnly(derived), 4)
		rng := rand.New(rand.NewSource(11))
		var scores []float64
		for i := 0; i < pairs; i++ {
			g := randomPlayout(v, rng, 4)
			if g.Outcome().Reason != engines.NotOver {
				continue
			}
			open := g.Moves()
			scores = append(scores, playMatchGame(v, open, a, b, true, 1000, 300), playMatchGame(v, open, a, b, false, 1000, 300))
		}
		n := float64(len(scores))
		mean, ss := 0.0, 0.0
		for _, x := range scores {
			mean += x / n
		}
		for _, x := range scores {
			ss += (x - mean) * (x - mean)
		}
		half := 1.96 * math.Sqrt(ss/(n-1)/n)
		t.Logf("%s: derived vs material only: %.3f +- %.3f over %d games", name, mean, half, len(scores))
		if mean+half < 0.5 {
			t.Errorf("%s: the derived evaluation loses to material alone: %.3f +- %.3f", name, mean, half)
		}
	}
}
