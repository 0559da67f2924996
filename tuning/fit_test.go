package tuning

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// synthetic returns n positions of nf features, nnz non-zero each, with
// values of the kind an evaluation has (small counts, phase fractions),
// labelled by results drawn from Sigmoid(K, w·f) when w is given (else
// 0.5), from rng.
func synthetic(rng *rand.Rand, n, nf, nnz int, w []float64, K float64) *Dataset {
	d := &Dataset{Features: nf, Start: []uint32{0}}
	for i := range n {
		e := 0.0
		for range nnz {
			j := rng.IntN(nf)
			v := float32(rng.IntN(5)-2) + float32(rng.Float64())
			d.Index = append(d.Index, uint16(j))
			d.Value = append(d.Value, v)
			if w != nil {
				e += w[j] * float64(v)
			}
		}
		d.Start = append(d.Start, uint32(len(d.Index)))
		r := float32(0.5)
		if w != nil {
			// A win, draw or loss with the probabilities of a model
			// whose expected score is Sigmoid(K, e).
			p := Sigmoid(K, e)
			switch u := rng.Float64(); {
			case u < p*p:
				r = 1
			case u < p*p+2*p*(1-p):
				r = 0.5
			default:
				r = 0
			}
		}
		d.Result = append(d.Result, r)
		d.Group = append(d.Group, uint64(i))
	}
	return d
}

func TestGradientMatchesFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	nf := 40
	w := make([]float64, nf)
	for i := range w {
		w[i] = rng.NormFloat64() * 50
	}
	d := synthetic(rng, 3000, nf, 12, w, 1.3)
	for _, workers := range []int{1, 3} {
		l := &Loss{Data: d, K: 1.3, Workers: workers}
		grad := make([]float64, nf)
		f := l.ValueGrad(w, grad)
		if got := l.Value(w); math.Abs(got-f) > 1e-12 {
			t.Fatalf("Value %g != ValueGrad %g", got, f)
		}
		for i := range nf {
			h := 1e-3
			wp, wm := append([]float64(nil), w...), append([]float64(nil), w...)
			wp[i] += h
			wm[i] -= h
			fd := (l.Value(wp) - l.Value(wm)) / (2 * h)
			if math.Abs(fd-grad[i]) > 1e-7+1e-4*math.Abs(fd) {
				t.Errorf("workers %d: d/dw%d: analytic %g, finite differences %g", workers, i, grad[i], fd)
			}
		}
	}
}

func TestFitKRecoversK(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, K := range []float64{0.6, 1.0, 2.3} {
		n := 200000
		evals := make([]float64, n)
		results := make([]float32, n)
		for i := range evals {
			e := rng.NormFloat64() * 300
			evals[i] = e
			if rng.Float64() < Sigmoid(K, e) {
				results[i] = 1
			}
		}
		got, err := FitK(evals, results)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-K)/K > 0.03 {
			t.Errorf("K %g: fitted %g", K, got)
		}
	}
}

// The fit recovers the weights that labelled the positions (with the
// noise of game results drawn from the model), starting far from them.
func TestFitRecoversWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	nf := 12
	truth := make([]float64, nf)
	start := make([]float64, nf)
	for i := range truth {
		truth[i] = float64(rng.IntN(200) - 100)
		start[i] = truth[i] + float64(rng.IntN(80)-40)
	}
	K := 1.1
	d := synthetic(rng, 150000, nf, 6, truth, K)
	train, valid := d.Split(0.1, 7)
	if valid.Len() < 10000 || train.Len() < 120000 {
		t.Fatalf("split %d/%d", train.Len(), valid.Len())
	}
	// One weight frozen at its true value: it must stay put.
	free := make([]bool, nf)
	for i := range free {
		free[i] = i != 0
	}
	start[0] = truth[0]
	iters := 0
	res, err := Fit(context.Background(), train, valid, FitOptions{K: K, Start: start, Free: free, Iterations: 300,
		Progress: func(p FitProgress) { iters = p.Iteration }})
	if err != nil {
		t.Fatal(err)
	}
	if iters == 0 || res.TrainAfter >= res.TrainBefore || res.ValidAfter >= res.ValidBefore {
		t.Errorf("no progress: %+v", res)
	}
	if res.Weights[0] != truth[0] {
		t.Errorf("frozen weight moved: %g", res.Weights[0])
	}
	for i := range truth {
		if math.Abs(res.Weights[i]-truth[i]) > 6 {
			t.Errorf("w%d: fitted %.1f, truth %.1f (start %.1f)", i, res.Weights[i], truth[i], start[i])
		}
	}
}

// An ended context stops the fit with the best weights so far.
func TestFitStopsOnCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	d := synthetic(rng, 5000, 8, 4, []float64{10, 20, 30, 40, 50, 60, 70, 80}, 1)
	ctx, cancel := context.WithCancel(context.Background())
	res, err := Fit(ctx, d, nil, FitOptions{K: 1, Start: make([]float64, 8),
		Progress: func(p FitProgress) {
			if p.Iteration == 2 {
				cancel()
			}
		}})
	if err == nil || res == nil || res.Status != "interrupted" || res.TrainAfter > res.TrainBefore {
		t.Fatalf("res %+v, err %v", res, err)
	}
}

// BenchmarkLossGrad is one loss+gradient pass over a generated data set
// the size of a real one: 1,000,000 positions, 500 features, 64
// non-zero each (a piece-square evaluation's count: a few per piece on
// the board, in two phases).
func BenchmarkLossGrad(b *testing.B) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	rng := rand.New(rand.NewPCG(10, 11))
	d := synthetic(rng, n, 500, 64, nil, 1)
	w := make([]float64, 500)
	for i := range w {
		w[i] = rng.NormFloat64() * 30
	}
	l := &Loss{Data: d, K: 1}
	grad := make([]float64, 500)
	b.ResetTimer()
	for b.Loop() {
		l.ValueGrad(w, grad)
	}
	perPass := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(n)/perPass, "positions/s")
	b.ReportMetric(perPass*1e3*1e6/float64(n), "ms/Mpositions")
}
