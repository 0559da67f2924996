package tuning_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"varena/tuning"
)

// A data line as varena datagen writes it, read back.
func ExampleParseRecord() {
	r, err := tuning.ParseRecord(`rnbqkbnr/2pppppp/p7/1p6/3P1N2/8/PPPBPPPP/RN1QKB1R w KQkq - hmvc 0; fmvn 5; c9 "0-1"; ce 73; ply 8; game 1;`)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.FEN)
	fmt.Println(r.Result, r.Score, r.Ply, r.Game)
	fmt.Println(r.Format())
	// Output:
	// rnbqkbnr/2pppppp/p7/1p6/3P1N2/8/PPPBPPPP/RN1QKB1R w KQkq - 0 5
	// 0 73 8 1
	// rnbqkbnr/2pppppp/p7/1p6/3P1N2/8/PPPBPPPP/RN1QKB1R w KQkq - hmvc 0; fmvn 5; c9 "0-1"; ce 73; ply 8; game 1;
}

// FitK finds the scale of the sigmoid that maps evaluations to expected
// scores: here results drawn with K = 1.5 give it back.
func ExampleFitK() {
	rng := rand.New(rand.NewPCG(1, 2))
	evals := make([]float64, 100000)
	results := make([]float32, len(evals))
	for i := range evals {
		evals[i] = rng.NormFloat64() * 400
		if rng.Float64() < tuning.Sigmoid(1.5, evals[i]) {
			results[i] = 1
		}
	}
	K, err := tuning.FitK(evals, results)
	if err != nil {
		panic(err)
	}
	fmt.Printf("K = %.1f\n", K)
	// Output: K = 1.5
}

// Fit over a data set of two features labelled by weights 100 and -50
// (with noise) recovers them from a start at 0: the loss and its
// gradient are summed over goroutines, and gonum's L-BFGS does the rest.
func ExampleFit() {
	rng := rand.New(rand.NewPCG(3, 4))
	d := &tuning.Dataset{Features: 2, Start: []uint32{0}}
	for i := range 50000 {
		a, b := float32(rng.IntN(5)-2), float32(rng.IntN(7)-3)
		d.Index = append(d.Index, 0, 1)
		d.Value = append(d.Value, a, b)
		d.Start = append(d.Start, uint32(len(d.Index)))
		r := float32(0)
		if rng.Float64() < tuning.Sigmoid(1, 100*float64(a)-50*float64(b)) {
			r = 1
		}
		d.Result = append(d.Result, r)
		d.Group = append(d.Group, uint64(i))
	}
	res, err := tuning.Fit(context.Background(), d, nil, tuning.FitOptions{K: 1, Start: []float64{0, 0}, Iterations: 100})
	if err != nil {
		panic(err)
	}
	fmt.Printf("weights %.0f %.0f, loss %.3f -> %.3f\n",
		math.Round(res.Weights[0]/10)*10, math.Round(res.Weights[1]/10)*10, res.TrainBefore, res.TrainAfter)
	// Output: weights 100 -50, loss 0.250 -> 0.240
}
