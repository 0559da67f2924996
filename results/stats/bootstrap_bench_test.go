package stats

import (
	"context"
	"math/rand/v2"
	"testing"
)

// BenchmarkBootstrap rates a round robin of 16 engines with 7,500
// colour-reversed pairs in each of its 120 pairings (1.8 million games)
// and 1,000 bootstrap replicates. A replicate's cost follows the
// pairings, not the games (see bootstrap).
func BenchmarkBootstrap(b *testing.B) {
	list := simList{Players: 16, Spread: 150, Pairs: 7500, Draw: 0.5, White: 30, Opening: 60}
	names, _, ms := list.simulate(rand.New(rand.NewPCG(1, 2)))
	const reps = 1000
	b.ResetTimer()
	for b.Loop() {
		if _, err := RateList(context.Background(), names, ms, RatingOptions{Bootstrap: reps, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(reps)*float64(b.N)/b.Elapsed().Seconds(), "replicates/s")
	b.ReportMetric(float64(list.Pairs*len(ms)), "pairs")
}

// BenchmarkFit is one fit of the same list, errors from the Hessian.
func BenchmarkFit(b *testing.B) {
	list := simList{Players: 16, Spread: 150, Pairs: 7500, Draw: 0.5, White: 30, Opening: 60}
	names, _, ms := list.simulate(rand.New(rand.NewPCG(1, 2)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := RateList(context.Background(), names, ms, RatingOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
