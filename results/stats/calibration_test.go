package stats

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// calibrationLists are the kinds of list the calibration plays: round
// robins and gauntlets, few and many pairs, drawish and decisive.
var calibrationLists = []struct {
	name string
	list simList
}{
	{"round robin 6, 30 pairs, draws 60%", simList{Players: 6, Spread: 100, Pairs: 30, Draw: 0.6, White: 30, Opening: 60}},
	{"round robin 8, 100 pairs, draws 30%", simList{Players: 8, Spread: 150, Pairs: 100, Draw: 0.3, White: 30, Opening: 60}},
	{"round robin 4, 10 pairs, draws 40%", simList{Players: 4, Spread: 60, Pairs: 10, Draw: 0.4, White: 30, Opening: 60}},
	{"gauntlet 1+7, 50 pairs, draws 50%", simList{Players: 8, Spread: 100, Pairs: 50, Gauntlet: true, Draw: 0.5, White: 30, Opening: 60}},
	{"round robin 6, 50 pairs, no draws, no opening bias", simList{Players: 6, Spread: 100, Pairs: 50, Draw: 0, White: 0, Opening: 0}},
	// Spread wide: a sixth of the pairings end with every pair won twice.
	{"round robin 6, 10 pairs, draws 10%, spread 300", simList{Players: 6, Spread: 300, Pairs: 10, Draw: 0.1, White: 30, Opening: 60}},
}

// coverage counts how often 95% intervals hold the truth: for every two
// players their difference, and for every player its rating relative to
// the mean (the table's ±).
type coverage struct {
	diffs, diffsIn int
	rows, rowsIn   int
	width          float64 // mean half width of the differences
}

func (c *coverage) String() string {
	return fmt.Sprintf("differences %5.1f%% of %d (mean ± %.1f), ratings %5.1f%% of %d",
		100*float64(c.diffsIn)/float64(c.diffs), c.diffs, c.width/float64(c.diffs),
		100*float64(c.rowsIn)/float64(c.rows), c.rows)
}

// check counts one rated list against the truth.
func (c *coverage) check(t *testing.T, l *RatingList, names []string, truth []float64) {
	mean := 0.0
	for _, v := range truth {
		mean += v / float64(len(truth))
	}
	true := map[string]float64{}
	for i, n := range names {
		true[n] = truth[i]
	}
	for _, r := range l.Table {
		c.rows++
		if v := true[r.Name] - mean; r.Lower <= v && v <= r.Upper {
			c.rowsIn++
		}
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			d, err := l.Diff(names[i], names[j])
			if err != nil {
				t.Fatal(err)
			}
			c.diffs++
			c.width += d.Error
			if v := truth[i] - truth[j]; d.Lower <= v && v <= d.Upper {
				c.diffsIn++
			}
		}
	}
}

// calibrate rates lists simulated lists of each kind with bootstrap and
// Hessian errors and returns the coverage of each, per kind.
func calibrate(t *testing.T, lists, reps int) (boot, hess []coverage) {
	boot = make([]coverage, len(calibrationLists))
	hess = make([]coverage, len(calibrationLists))
	for k, c := range calibrationLists {
		rng := rand.New(rand.NewPCG(42, uint64(k)))
		for n := range lists {
			names, truth, ms := c.list.simulate(rng)
			hl, err := RateList(context.Background(), names, ms, RatingOptions{})
			if err != nil {
				t.Fatal(err)
			}
			hess[k].check(t, hl, names, truth)
			bl, err := RateList(context.Background(), names, ms, RatingOptions{Bootstrap: reps, Seed: uint64(n)})
			if err != nil {
				t.Fatal(err)
			}
			boot[k].check(t, bl, names, truth)
		}
	}
	return boot, hess
}

// TestCalibration checks the 95% intervals of rating lists against
// simulated lists of known ratings (see simList): a short run here, the
// documented one (docs/statistics.md) with VARENA_CALIBRATE=1, about a
// minute on 2 cores:
//
//	VARENA_CALIBRATE=1 go test ./results/stats -run TestCalibration -v
func TestCalibration(t *testing.T) {
	lists, reps := 8, 200
	long := os.Getenv("VARENA_CALIBRATE") == "1"
	if long {
		lists, reps = 100, 1000
	}
	boot, hess := calibrate(t, lists, reps)
	var b strings.Builder
	var all [2]coverage
	for k, c := range calibrationLists {
		fmt.Fprintf(&b, "%s (%d lists):\n  bootstrap: %v\n  hessian:   %v\n", c.name, lists, &boot[k], &hess[k])
		for i, cv := range []coverage{boot[k], hess[k]} {
			all[i].diffs += cv.diffs
			all[i].diffsIn += cv.diffsIn
			all[i].rows += cv.rows
			all[i].rowsIn += cv.rowsIn
			all[i].width += cv.width
		}
	}
	fmt.Fprintf(&b, "all %d lists:\n  bootstrap: %v\n  hessian:   %v\n", lists*len(calibrationLists), &all[0], &all[1])
	t.Log("\n" + b.String())
	// The short run's bounds are loose (a few hundred intervals); the
	// long run's numbers are in docs/statistics.md.
	for _, c := range []struct {
		name string
		cv   coverage
	}{{"bootstrap", all[0]}, {"hessian", all[1]}} {
		if f := float64(c.cv.diffsIn) / float64(c.cv.diffs); f < 0.85 || f > 1 {
			t.Errorf("%s: %.1f%% of the differences' 95%% intervals hold the truth", c.name, 100*f)
		}
	}
}

// TestCalibrationPairing checks the 95% Elo interval of one pairing
// (Summarize of its pairs) against simulated matches of a few to a
// hundred pairs, beside the normal interval fishtest and fastchess print
// (the same mean and spread, μ ± 1.96·σ/√N), which small samples made
// too narrow. Long run as TestCalibration's.
func TestCalibrationPairing(t *testing.T) {
	matches := 300
	if os.Getenv("VARENA_CALIBRATE") == "1" {
		matches = 4000
	}
	list := simList{Draw: 0.4, White: 30, Opening: 60}
	rng := rand.New(rand.NewPCG(11, 11))
	var b strings.Builder
	fmt.Fprintf(&b, "%6s %12s %12s\n", "pairs", "likelihood", "normal")
	for _, pairs := range []int{1, 2, 3, 5, 10, 30, 100} {
		list.Pairs = pairs
		lr, normal := 0, 0
		for range matches {
			// True differences of 0 to 300 Elo.
			d := 300 * rng.Float64()
			_, _, ms := list.simulateAt(rng, []float64{d, 0})
			s, err := Summarize(ms[0].Pairs)
			if err != nil {
				t.Fatal(err)
			}
			if s.Elo.Lower <= d && d <= s.Elo.Upper {
				lr++
			}
			dd := newDist(ms[0].Pairs)
			mu, v := meanVar(dd.a, dd.p)
			se := math.Sqrt(v / dd.n)
			if EloFromScore(mu-Z95*se) <= d && d <= EloFromScore(mu+Z95*se) {
				normal++
			}
		}
		fmt.Fprintf(&b, "%6d %11.1f%% %11.1f%%\n", pairs, 100*float64(lr)/float64(matches), 100*float64(normal)/float64(matches))
		if pairs <= 3 && float64(lr)/float64(matches) < 0.93 {
			t.Errorf("%d pairs: the likelihood-ratio interval held the truth %d times in %d", pairs, lr, matches)
		}
	}
	t.Logf("95%% Elo intervals of one pairing holding the true difference, %d matches each:\n%s", matches, b.String())
}
