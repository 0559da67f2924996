package stats

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// settleSim plays rating lists until their ranking is settled, under a
// plain round robin and under an adaptive one, from the same true
// ratings: the measurement docs/statistics.md gives.
type settleSim struct {
	list     simList // players, spread, draws, colours (Pairs unused)
	LOS      float64 // a neighbour pair is settled at this LOS
	CapPairs int     // a list stops unsettled after this many pairs
}

// settleResult is one list played under one policy.
type settleResult struct {
	pairs   int  // colour-reversed pairs played
	settled bool // stopped by the rule, not the cap
	correct bool // its ranking is the true order
}

// run plays one list: a first round (a pair for every pairing), then
// rounds until no neighbours of the ranking are unsettled. A plain round
// plays a pair for every pairing; an adaptive one a pair for each
// unsettled neighbour pair only.
func (s settleSim) run(rng *rand.Rand, truth []float64, adaptive bool) (settleResult, error) {
	n := len(truth)
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("e%02d", i)
	}
	at := map[[2]int]int{} // pairing -> index in ms
	var ms []Matchup
	var res settleResult
	play := func(i, j int) {
		if i > j {
			i, j = j, i
		}
		k, ok := at[[2]int{i, j}]
		if !ok {
			k = len(ms)
			at[[2]int{i, j}] = k
			ms = append(ms, Matchup{A: i, B: j})
		}
		e := ExpectedScore(truth[i] - truth[j])
		h := s.list.White + s.list.Opening*rng.NormFloat64()
		shift := math.Tanh(h*natural/2) * math.Min(e, 1-e)
		first := simGame(rng, e+shift, s.list.Draw)
		second := 1 - simGame(rng, 1-(e-shift), s.list.Draw)
		ms[k].WDL.Add(first)
		ms[k].WDL.Add(second)
		ms[k].Pairs.AddPair(first, second)
		res.pairs++
	}
	all := func() {
		for i := range n {
			for j := i + 1; j < n; j++ {
				play(i, j)
			}
		}
	}
	all()
	for {
		l, err := RateList(context.Background(), names, ms, RatingOptions{})
		if err != nil {
			return res, err
		}
		unsettled := l.Unsettled(s.LOS)
		if len(unsettled) == 0 || res.pairs >= s.CapPairs {
			res.settled = len(unsettled) == 0
			order := make([]int, n)
			for k := range order {
				order[k] = l.Player(k)
			}
			res.correct = slices.IsSortedFunc(order, func(a, b int) int {
				switch {
				case truth[a] > truth[b]:
					return -1
				case truth[a] < truth[b]:
					return 1
				}
				return 0
			})
			return res, nil
		}
		if !adaptive {
			all()
			continue
		}
		for _, u := range unsettled {
			play(l.Player(u[0]), l.Player(u[1]))
		}
	}
}

// settleTally sums the lists played under one policy.
type settleTally struct {
	pairs            []int
	settled, correct int
	each             []settleResult
}

func (t *settleTally) add(r settleResult) {
	t.each = append(t.each, r)
	t.pairs = append(t.pairs, r.pairs)
	if r.settled {
		t.settled++
		if r.correct {
			t.correct++
		}
	}
}

func (t *settleTally) String() string {
	p := slices.Sorted(slices.Values(t.pairs))
	sum := 0
	for _, v := range p {
		sum += v
	}
	return fmt.Sprintf("games median %5d, mean %6.0f; settled %3d of %d, of them the true order %5.1f%%",
		2*p[len(p)/2], 2*float64(sum)/float64(len(p)), t.settled, len(p), 100*float64(t.correct)/float64(max(t.settled, 1)))
}

// paired compares the lists both policies settled: the median of the
// adaptive one's games over the plain one's, and how often each found
// the true order.
func paired(plain, adaptive *settleTally) string {
	var ratios []float64
	okP, okA := 0, 0
	for i, p := range plain.each {
		a := adaptive.each[i]
		if !p.settled || !a.settled {
			continue
		}
		ratios = append(ratios, float64(a.pairs)/float64(p.pairs))
		if p.correct {
			okP++
		}
		if a.correct {
			okA++
		}
	}
	if len(ratios) == 0 {
		return "no list settled under both"
	}
	slices.Sort(ratios)
	return fmt.Sprintf("settled under both: %d lists; adaptive/plain games median %.2f (quartiles %.2f-%.2f); true order plain %d, adaptive %d",
		len(ratios), ratios[len(ratios)/2], ratios[len(ratios)/4], ratios[3*len(ratios)/4], okP, okA)
}

// compare plays lists lists of s under both policies, each list from
// the same true ratings.
func (s settleSim) compare(lists int, seed uint64) (plain, adaptive settleTally, err error) {
	for i := range lists {
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		truth := make([]float64, s.list.Players)
		for k := range truth {
			truth[k] = s.list.Spread * rng.NormFloat64()
		}
		for _, a := range []bool{false, true} {
			r, err := s.run(rand.New(rand.NewPCG(seed+1, uint64(i))), truth, a)
			if err != nil {
				return plain, adaptive, err
			}
			if a {
				adaptive.add(r)
			} else {
				plain.add(r)
			}
		}
	}
	return plain, adaptive, nil
}

// settleLists are the kinds of pool the measurement plays.
var settleLists = []struct {
	name string
	sim  settleSim
}{
	{"6 engines, spread 100, draws 50%", settleSim{list: simList{Players: 6, Spread: 100, Draw: 0.5, White: 30, Opening: 60}, LOS: 0.95, CapPairs: 20000}},
	{"8 engines, spread 50, draws 60%", settleSim{list: simList{Players: 8, Spread: 50, Draw: 0.6, White: 30, Opening: 60}, LOS: 0.95, CapPairs: 20000}},
	{"12 engines, spread 150, draws 30%", settleSim{list: simList{Players: 12, Spread: 150, Draw: 0.3, White: 30, Opening: 60}, LOS: 0.95, CapPairs: 40000}},
}

// TestSettleAdaptive measures how many games a round robin needs until
// every neighbour pair of its ranking has an LOS of 95%, played plainly
// and adaptively (VARENA_SETTLE_LISTS lists of each kind; by default a
// few, to check the two policies' invariants).
func TestSettleAdaptive(t *testing.T) {
	lists := 2
	if s := os.Getenv("VARENA_SETTLE_LISTS"); s != "" {
		if _, err := fmt.Sscan(s, &lists); err != nil || lists < 1 {
			t.Fatalf("VARENA_SETTLE_LISTS=%q", s)
		}
	}
	for _, c := range settleLists {
		t.Run(c.name, func(t *testing.T) {
			plain, adaptive, err := c.sim.compare(lists, 7)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			t.Logf("%s, %d lists:\n  plain    %s\n  adaptive %s\n  %s", c.name, lists, &plain, &adaptive, paired(&plain, &adaptive))
			n := c.sim.list.Players
			for i := range lists {
				// Both begin with a round; a plain round robin plays whole
				// rounds.
				if p := plain.pairs[i]; p%(n*(n-1)/2) != 0 {
					t.Errorf("%s list %d: plain played %d pairs, not whole rounds", c.name, i, p)
				}
				if adaptive.pairs[i] < n*(n-1)/2 {
					t.Errorf("%s list %d: adaptive played %d pairs, less than its first round", c.name, i, adaptive.pairs[i])
				}
			}
		})
	}
}
