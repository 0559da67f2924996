package tuning

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/optimize"
)

// FitK returns the sigmoid scale K that minimises the mean squared error
// between results and Sigmoid(K, evals[i]): a one-dimensional search
// (gonum's L-BFGS over ln K, with the analytic derivative), so that K is
// positive.
func FitK(evals []float64, results []float32) (float64, error) {
	if len(evals) == 0 {
		return 0, errors.New("tuning: no positions to fit K on")
	}
	n := float64(len(evals))
	lossGrad := func(lnK float64) (f, df float64) {
		K := math.Exp(lnK)
		for i, e := range evals {
			s := Sigmoid(K, e)
			r := float64(results[i])
			f += (r - s) * (r - s)
			// d/dK (r - s)^2 = 2 (s - r) s (1 - s) e / 400; times dK/dlnK = K
			df += 2 * (s - r) * s * (1 - s) * e / 400 * K
		}
		return f / n, df / n
	}
	p := optimize.Problem{
		Func: func(x []float64) float64 { f, _ := lossGrad(x[0]); return f },
		Grad: func(g, x []float64) { _, g[0] = lossGrad(x[0]) },
	}
	res, err := optimize.Minimize(p, []float64{0}, &optimize.Settings{
		GradientThreshold: 1e-12,
		Converger:         &optimize.FunctionConverge{Absolute: 1e-12, Iterations: 10},
		MajorIterations:   200,
	}, &optimize.LBFGS{})
	if err != nil && res == nil {
		return 0, fmt.Errorf("tuning: fitting K: %w", err)
	}
	K := math.Exp(res.X[0])
	if math.IsNaN(K) || math.IsInf(K, 0) || K <= 0 {
		return 0, fmt.Errorf("tuning: fitting K: no finite K (%g)", K)
	}
	return K, nil
}

// FitOptions configure Fit.
type FitOptions struct {
	K     float64   // sigmoid scale (fit it first with FitK)
	Start []float64 // start weights, one per feature
	// Free marks the weights the fit may change (nil: all); the others
	// keep their start values.
	Free []bool
	// L2 adds L2 * sum over free weights of (w - start)^2 to the loss,
	// pulling weights that the data says little about toward their
	// start values.
	L2         float64
	Iterations int // major iterations of L-BFGS (0: no limit)
	Workers    int // goroutines of the loss sum (0: one per CPU)
	// Progress, if set, is called after each iteration.
	Progress func(FitProgress)
}

// FitProgress describes one iteration.
type FitProgress struct {
	Iteration    int
	Train, Valid float64 // losses (MSE without the L2 term)
	Evaluations  int     // loss+gradient passes so far
}

// FitResult is the outcome of Fit.
type FitResult struct {
	Weights                 []float64 // the best weights found
	TrainBefore, TrainAfter float64
	ValidBefore, ValidAfter float64 // NaN without validation positions
	Iterations, Evaluations int
	Status                  string // gonum's termination status, or "interrupted"
}

// ValidText says the validation losses before and after as "validation
// B -> A", or "no validation positions" when there were none (the losses
// are then NaN, which no message or weights header should print).
func (r *FitResult) ValidText() string {
	if math.IsNaN(r.ValidBefore) || math.IsNaN(r.ValidAfter) {
		return "no validation positions"
	}
	return fmt.Sprintf("validation %.6f -> %.6f", r.ValidBefore, r.ValidAfter)
}

// Fit minimises the loss over train's positions by gonum's L-BFGS with
// the analytic gradient, reporting the training and validation losses
// each iteration. It stops on convergence, at the iteration limit, or
// when ctx ends; in every case it returns the best weights seen, and on
// ctx's end also ctx's error.
func Fit(ctx context.Context, train, valid *Dataset, opt FitOptions) (*FitResult, error) {
	nf := len(opt.Start)
	if train.Features != nf {
		return nil, fmt.Errorf("tuning: %d start weights for %d features", nf, train.Features)
	}
	if train.Len() == 0 {
		return nil, errors.New("tuning: no training positions")
	}
	var free []int
	for i := range nf {
		if opt.Free == nil || opt.Free[i] {
			free = append(free, i)
		}
	}
	if len(free) == 0 {
		return nil, errors.New("tuning: every weight is frozen")
	}
	tl := &Loss{Data: train, K: opt.K, Workers: opt.Workers}
	vl := &Loss{Data: valid, K: opt.K, Workers: opt.Workers}
	validLoss := func(w []float64) float64 {
		if valid == nil || valid.Len() == 0 {
			return math.NaN()
		}
		return vl.Value(w)
	}

	w := slices.Clone(opt.Start)
	full := make([]float64, nf)
	expand := func(x []float64) []float64 {
		for k, i := range free {
			w[i] = x[k]
		}
		return w
	}
	// The value and the gradient come from one pass; gonum asks for them
	// separately at the same point, so the gradient of the last point is
	// kept.
	var lastX, lastGrad []float64
	evals := 0
	objective := func(x, grad []float64) float64 {
		ww := expand(x)
		f := tl.ValueGrad(ww, full)
		evals++
		for k, i := range free {
			d := ww[i] - opt.Start[i]
			f += opt.L2 * d * d
			if grad != nil {
				grad[k] = full[i] + 2*opt.L2*d
			}
		}
		return f
	}
	p := optimize.Problem{
		Func: func(x []float64) float64 {
			if lastGrad == nil {
				lastGrad = make([]float64, len(x))
			}
			f := objective(x, lastGrad)
			lastX = append(lastX[:0], x...)
			return f
		},
		Grad: func(g, x []float64) {
			if slices.Equal(x, lastX) {
				copy(g, lastGrad)
				return
			}
			objective(x, g)
		},
		Status: func() (optimize.Status, error) {
			if err := ctx.Err(); err != nil {
				return optimize.Failure, err
			}
			return optimize.NotTerminated, nil
		},
	}
	x0 := make([]float64, len(free))
	for k, i := range free {
		x0[k] = opt.Start[i]
	}
	res := &FitResult{
		TrainBefore: tl.Value(opt.Start),
		ValidBefore: validLoss(opt.Start),
	}
	best, bestF := slices.Clone(x0), math.Inf(1)
	iter := 0
	rec := recorder(func(loc *optimize.Location, op optimize.Operation) {
		if op != optimize.MajorIteration && op != optimize.InitIteration {
			return
		}
		if loc.F < bestF {
			bestF = loc.F
			best = append(best[:0], loc.X...)
		}
		if op == optimize.MajorIteration {
			iter++
			if opt.Progress != nil {
				ww := expand(loc.X)
				opt.Progress(FitProgress{Iteration: iter, Train: tl.Value(ww), Valid: validLoss(ww), Evaluations: evals})
			}
		}
	})
	settings := &optimize.Settings{
		MajorIterations: opt.Iterations,
		Converger:       &optimize.FunctionConverge{Relative: 1e-8, Iterations: 25},
		Recorder:        rec,
	}
	out, err := optimize.Minimize(p, x0, settings, &optimize.LBFGS{})
	status := ""
	if out != nil {
		status = out.Status.String()
		if out.F < bestF && !math.IsNaN(out.F) {
			bestF = out.F
			best = append(best[:0], out.X...)
		}
	}
	if cerr := ctx.Err(); cerr != nil {
		status, err = "interrupted", cerr
	} else if err != nil && out == nil {
		return nil, fmt.Errorf("tuning: %w", err)
	} else {
		err = nil // a line search that cannot improve further ends the fit, as convergence does
	}
	res.Weights = slices.Clone(expand(best))
	res.TrainAfter = tl.Value(res.Weights)
	res.ValidAfter = validLoss(res.Weights)
	res.Iterations, res.Evaluations, res.Status = iter, evals, status
	return res, err
}

// recorder adapts a function to gonum's Recorder.
type recorder func(*optimize.Location, optimize.Operation)

func (recorder) Init() error { return nil }
func (r recorder) Record(loc *optimize.Location, op optimize.Operation, _ *optimize.Stats) error {
	r(loc, op)
	return nil
}
