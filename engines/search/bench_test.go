package search

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/variants"
)

// cpuMeter reports, beside a benchmark's wall time, the process's CPU
// time per operation and the operations per CPU second (cpu-ns/op and
// unit/cpu-s): on a machine shared with other work they stay comparable
// between runs when wall time does not.
type cpuMeter struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuMeter {
	t, ok := cpuTime()
	return cpuMeter{t, ok}
}

func (m cpuMeter) report(b *testing.B, ops float64, unit string) {
	b.ReportMetric(ops/b.Elapsed().Seconds(), unit+"/s")
	if t, ok := cpuTime(); ok && m.ok && t > m.start {
		cpu := (t - m.start).Seconds()
		b.ReportMetric(cpu*1e9/float64(b.N), "cpu-ns/op")
		b.ReportMetric(ops/cpu, unit+"/cpu-s")
	}
}

// BenchmarkSearch measures the searcher's speed (nodes/s) from each start
// position to a fixed depth, each search from a new game: a search of the
// game's position again would find the last one's hash entries, and
// measure how fast they are read. The depths make each search last a few
// hundred milliseconds: the depths of caf0e6e's day (8, 8, 6) now take
// 10-40 ms, too short for a speed figure beside the new game's clearing.
func BenchmarkSearch(b *testing.B) {
	depths := map[string]int{"extinction": 11, "losalamos-bunkers": 14, "losalamos-extinction": 14, "evolution": 10,
		"standard": 13, "fischerandom": 13}
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			depth, ok := depths[v.Name]
			if !ok {
				b.Fatalf("no benchmark depth for %s (depth 0 would search without end)", v.Name)
			}
			w, _ := DefaultWeights(v)
			s := New(w, 16)
			pos, _ := engines.ParseFEN(v, v.StartFEN)
			g := engines.NewGame(pos)
			var nodes, visits int64
			b.ReportAllocs()
			m := startCPU()
			for b.Loop() {
				s.NewGame()
				nodes += s.Search(context.Background(), g, limits.Limits{Depth: depth}, nil).Nodes
				visits += s.visits
			}
			m.report(b, float64(nodes), "nodes")
			m.report(b, float64(visits), "visits")
		})
	}
}

// BenchmarkSearchSet measures the searcher's speed over a set of
// positions: a 100,000-node search of each of 8 random openings, the TT
// cleared before each. nodes/s counts moves made (as Fairy-Stockfish
// counts); visits/s counts positions searched, as the node count did
// before (caf0e6e and earlier), so that older builds compare like with
// like.
func BenchmarkSearchSet(b *testing.B) {
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			w, _ := DefaultWeights(v)
			s := New(w, 16)
			set := benchOpenings(v, 8)
			var nodes, visits int64
			b.ReportAllocs()
			m := startCPU()
			for b.Loop() {
				for i := range set {
					s.NewGame()
					nodes += s.Search(context.Background(), engines.NewGame(set[i]), limits.Limits{Nodes: 100000}, nil).Nodes
					visits += s.visits
				}
			}
			m.report(b, float64(nodes), "nodes")
			m.report(b, float64(visits), "visits")
		})
	}
}

// benchOpenings returns n positions of v after 6 to 21 random quiet plies
// from the start (material stays on the board), where the side to move
// cannot capture a last piece of a species (a decided game searches no
// tree).
func benchOpenings(v *engines.Variant, n int) []engines.Position {
	rng := rand.New(rand.NewPCG(7, 9))
	start, _ := engines.ParseFEN(v, v.StartFEN)
	var out []engines.Position
	for k := 0; len(out) < n; k++ {
		pos, ok := start, true
		for ply := 0; ply < 6+k%16 && ok; ply++ {
			var quiet []engines.Move
			for _, m := range pos.GenerateMoves(nil) {
				if pos.CapturedType(m) == engines.NoPieceType {
					quiet = append(quiet, m)
				}
			}
			if ok = len(quiet) > 0; ok {
				pos = pos.Play(quiet[rng.IntN(len(quiet))])
			}
		}
		them := pos.SideToMove().Other()
		for _, m := range pos.GenerateMoves(nil) {
			if c := pos.CapturedType(m); c != engines.NoPieceType && pos.Pieces(them, c).Count() == 1 {
				ok = false
			}
		}
		if ok {
			out = append(out, pos)
		}
	}
	return out
}

// BenchmarkEvaluate measures the full static evaluation on each start
// position.
func BenchmarkEvaluate(b *testing.B) {
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			w, _ := DefaultWeights(v)
			pos, _ := engines.ParseFEN(v, v.StartFEN)
			b.ReportAllocs()
			m := startCPU()
			for b.Loop() {
				Evaluate(&pos, w, nil)
			}
			m.report(b, float64(b.N), "evals")
		})
	}
}

// BenchmarkEvaluateLine measures the full static evaluation over the
// positions of random games, the set BenchmarkEvaluateSearch evaluates
// with incremental sums.
func BenchmarkEvaluateLine(b *testing.B) {
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			w, _ := DefaultWeights(v)
			line := randomLine(v, rand.New(rand.NewPCG(1, 2)), 400)
			b.ReportAllocs()
			m := startCPU()
			i := 0
			for b.Loop() {
				Evaluate(&line[i], w, nil)
				if i++; i == len(line) {
					i = 0
				}
			}
			m.report(b, float64(b.N), "evals")
		})
	}
}

// BenchmarkEvaluateSearch measures the evaluation as the searcher calls
// it, with incremental material and piece-square sums, over the positions
// of random games (each one move after the one before, as siblings and
// children in a search are).
func BenchmarkEvaluateSearch(b *testing.B) {
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			w, _ := DefaultWeights(v)
			s := New(w, 1)
			line := randomLine(v, rand.New(rand.NewPCG(1, 2)), 400)
			b.ReportAllocs()
			m := startCPU()
			i := 0
			for b.Loop() {
				s.evaluate(&line[i], 1)
				if i++; i == len(line) {
					i = 0
				}
			}
			m.report(b, float64(b.N), "evals")
		})
	}
}

// BenchmarkTrace measures the evaluation with a trace, as the tuner
// computes the feature vectors of its positions.
func BenchmarkTrace(b *testing.B) {
	for _, v := range variants.All {
		b.Run(v.Name, func(b *testing.B) {
			w, _ := DefaultWeights(v)
			line := randomLine(v, rand.New(rand.NewPCG(1, 2)), 400)
			var tr Trace
			b.ReportAllocs()
			m := startCPU()
			i := 0
			for b.Loop() {
				tr.Reset()
				Evaluate(&line[i], w, &tr)
				if i++; i == len(line) {
					i = 0
				}
			}
			m.report(b, float64(b.N), "positions")
		})
	}
}

// randomLine returns n positions of random games of v from the start,
// each the position after a random move in the one before (a new game
// when one ends or reaches 150 plies).
func randomLine(v *engines.Variant, rng *rand.Rand, n int) []engines.Position {
	start, _ := engines.ParseFEN(v, v.StartFEN)
	pos, ply := start, 0
	var line []engines.Position
	for len(line) < n {
		moves := pos.GenerateMoves(nil)
		if len(moves) == 0 || ply == 150 {
			pos, ply = start, 0
			continue
		}
		pos = pos.Play(moves[rng.IntN(len(moves))])
		ply++
		line = append(line, pos)
	}
	return line
}
