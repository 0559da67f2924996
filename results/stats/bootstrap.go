package stats

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// bootstrap fits the model again to reps resamples of its games and
// returns the ratings of each (replicate r, player i at r·n+i, through
// toElo). A resample draws, within each pairing, as many colour-reversed
// pairs as it had from its pairs with replacement, and as many lone games
// from its lone games: the pentanomial bootstrap, which keeps the
// correlation of the two games of a pair (same opening, colours
// reversed) that a bootstrap of single games would lose.
//
// Pairs with the same points are interchangeable in the likelihood, so a
// resample is a draw of the pairing's pentanomial counts from a
// multinomial law (see resampled for its two corrections for small
// pairings), and costs the same for ten pairs as for ten thousand. Replicate r draws from its own PCG
// stream (seed, r), so the numbers depend on the seed alone, not on
// which goroutine fits which replicate. Memory is reps × players values.
func bootstrap(ctx context.Context, m *btModel, x0 []float64, gauge []bool, toElo func(dst, x []float64), reps int, seed uint64) ([]float64, error) {
	n := m.n
	out := make([]float64, reps*n)
	var next atomic.Int64
	var mu sync.Mutex
	var firstErr error
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
	}
	workers := min(runtime.GOMAXPROCS(0), reps)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rm := &btModel{n: n, prior: m.prior, pairs: slices.Clone(m.pairs)}
			s := newSolver(rm, gauge)
			x := make([]float64, n)
			var penta [5]int
			var wdl, lone [3]int
			w := make([]float64, 5)
			for {
				r := int(next.Add(1) - 1)
				if r >= reps {
					return
				}
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				rng := rand.New(rand.NewPCG(seed, uint64(r)))
				for k, p := range m.pairs {
					lone = [3]int{p.lone.L, p.lone.D, p.lone.W}
					pts := resampled(rng, p.penta[:], penta[:], w, 0.5) + resampled(rng, lone[:], wdl[:], w[:3], 0.5)
					rm.pairs[k].pts = pts
				}
				if m.prior == 0 && !stronglyConnected(n, rm.pairs) {
					fail(fmt.Errorf("bootstrap replicate %d: %w", r+1, ErrDivergent))
					return
				}
				copy(x, x0)
				if err := s.solve(x); err != nil {
					fail(fmt.Errorf("bootstrap replicate %d: %w", r+1, err))
					return
				}
				toElo(out[r*n:(r+1)*n], x)
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return out, nil
}

// resampled returns the points of one pairing's units of one kind
// (pairs, or lone games) in a replicate: category q of counts scores
// q·step points; out and w are buffers of len(counts).
//
// Two corrections make small pairings honest (the calibration in
// docs/statistics.md measured both):
//
//   - It draws n-1 of the n units and scales their points by n/(n-1)
//     (Rao and Wu's rescaled bootstrap): the plain bootstrap's n of n
//     spreads a pairing's points by only (n-1)/n of their variance, and
//     over pairings of ten pairs its 95% intervals held the truth 92% of
//     the time.
//   - It draws from the units plus one virtual unit spread evenly over the
//     categories, and keeps the spread that adds but not its pull on the
//     mean: the replicate is centred on the observed points (and kept
//     within what the games can score). Without it a pairing whose pairs
//     all ended alike (ten pairs won twice, or two deterministic engines
//     trading wins) never varies, and a list of such pairings claimed
//     certainty; with it, as without, the effect fades as pairs add up.
func resampled(rng *rand.Rand, counts, out []int, w []float64, step float64) float64 {
	n := 0
	obs := 0.0
	for q, c := range counts {
		n += c
		obs += float64(q) * step * float64(c)
	}
	if n == 0 {
		return 0
	}
	m := max(n-1, 1)
	total := float64(n) + virtualUnits
	for k, c := range counts {
		w[k] = float64(c) + virtualUnits/float64(len(counts))
	}
	multinomialOf(rng, m, w, out)
	dev := 0.0 // points drawn minus their expectation
	for q, c := range out {
		dev += float64(q) * step * (float64(c) - w[q]/total*float64(m))
	}
	most := float64(len(counts)-1) * step * float64(n)
	return math.Max(0, math.Min(obs+dev*float64(n)/float64(m), most))
}

// virtualUnits is the virtual unit each pairing's resampling adds (see
// resampled), spread over its outcomes.
const virtualUnits = 1.0

// multinomialOf draws n units over the categories of weights w, each with
// the probability of its share of w, into out.
func multinomialOf(rng *rand.Rand, n int, w []float64, out []int) {
	left, weight := n, 0.0
	for _, c := range w {
		weight += c
	}
	for k, c := range w {
		switch {
		case left == 0 || c == 0:
			out[k] = 0
		case k == len(w)-1 || c >= weight:
			out[k] = left // the last category with weight
		default:
			out[k] = binomial(rng, left, c/weight)
		}
		left -= out[k]
		weight -= c
	}
}

// binomial draws from the binomial law of n trials of probability p:
// directly for a few trials, else by gonum's rejection sampler, whose
// cost does not grow with n.
func binomial(rng *rand.Rand, n int, p float64) int {
	if n < 25 {
		k := 0
		for range n {
			if rng.Float64() < p {
				k++
			}
		}
		return k
	}
	return int(distuv.Binomial{N: float64(n), P: p, Src: rng}.Rand())
}

// quantiles returns the 2.5% and 97.5% quantiles over the replicates of
// player i's rating minus player j's (j < 0: of i's rating).
func (l *RatingList) quantiles(i, j int) (lo, hi float64) {
	v := make([]float64, l.Replicates)
	for r := range v {
		v[r] = l.reps[r*l.n+i]
		if j >= 0 {
			v[r] -= l.reps[r*l.n+j]
		}
	}
	slices.Sort(v)
	return stat.Quantile(0.025, stat.LinInterp, v, nil), stat.Quantile(0.975, stat.LinInterp, v, nil)
}
