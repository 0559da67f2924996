package report

import (
	"varena/results"
)

// Outcomes of a game for one engine, in the order of the endings chart's
// bars.
var outcomes = []string{"won", "drawn", "lost"}

// outcomeEndingCounts counts, for each engine, its games by outcome (an
// index of outcomes) and ending, so that the chart tells an engine that
// wins by extinction from one that loses so.
func outcomeEndingCounts(engines []string, games []results.Game) [3]map[string]map[string]int {
	var out [3]map[string]map[string]int
	for k := range out {
		out[k] = map[string]map[string]int{}
		for _, e := range engines {
			out[k][e] = map[string]int{}
		}
	}
	for _, g := range games {
		w, ok := g.WhiteScore()
		if !ok {
			continue
		}
		end := endingOf(g)
		for c, e := range []string{g.White, g.Black} {
			score := w
			if c == 1 {
				score = 1 - w
			}
			k := 1
			switch {
			case score > 0.5:
				k = 0
			case score < 0.5:
				k = 2
			}
			if out[k][e] == nil {
				out[k][e] = map[string]int{}
			}
			out[k][e][end]++
			if g.White == g.Black {
				break
			}
		}
	}
	return out
}
