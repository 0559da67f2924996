package arena

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"varena/configs/plan"
	"varena/results"
	"varena/results/stats"
)

// adaptive is the gate of an adaptive round robin (tournament.adaptive):
// round 1 plays every pairing; before round r > 1 it waits for every game
// handed out so far, rates the games of the rounds before, and lets
// through only the games of pairings of neighbours in the ranking whose
// order is not settled (LOS below the rule's). With none left it ends
// the run. Each round's choice depends only on the games of the rounds
// before it, so a resumed run makes the same choices from its journal
// and the games keep their ids in the full schedule.
//
// docs/statistics.md ("Spending games where the ranking is unsettled")
// measures the rule against the plain round robin by simulation.
type adaptive struct {
	los   float64
	names []string
	index map[string]int
	notef func(string, ...any)

	mu       sync.Mutex
	changed  chan struct{} // closed and made anew when a game finishes
	results  map[int]adaptiveGame
	pending  map[int]bool // handed out, not yet finished
	round    int          // the round chosen for (1: every pairing)
	selected map[[2]int]bool
	done     bool // settled: the feed ends
}

// adaptiveGame is what the gate keeps of a finished game.
type adaptiveGame struct {
	round        int
	white, black int
	score        float64 // White's
}

// newAdaptive makes the gate of run r, which has already played the
// games done (from its journal).
func newAdaptive(r *plan.Plan, done []results.Game, notef func(string, ...any)) *adaptive {
	a := &adaptive{los: r.Tournament.Adaptive.LOS, index: map[string]int{}, notef: notef,
		changed: make(chan struct{}), results: map[int]adaptiveGame{}, pending: map[int]bool{}, round: 1}
	for i, e := range r.Engines {
		a.names = append(a.names, e.Name)
		a.index[e.Name] = i
	}
	for _, g := range done {
		a.record(g)
	}
	return a
}

// record keeps a finished game; a game without a result (an abort)
// counts as not played.
func (a *adaptive) record(g results.Game) {
	w, okW := a.index[g.White]
	b, okB := a.index[g.Black]
	score, ok := whiteScore(g.Result)
	if !okW || !okB || !ok {
		return
	}
	a.results[g.ID] = adaptiveGame{round: g.Round, white: w, black: b, score: score}
}

func whiteScore(result string) (float64, bool) {
	switch result {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}

// observe notes a worker's outcome (the consumer's, before it records
// it) and wakes the gate.
func (a *adaptive) observe(o outcome) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.pending, o.game.ID)
	a.record(o.game)
	close(a.changed)
	a.changed = make(chan struct{})
}

// gate decides on g as the feed asks.
func (a *adaptive) gate(ctx context.Context, g GameSpec) gateVerdict {
	a.mu.Lock()
	defer a.mu.Unlock()
	for g.Round > a.round && !a.done {
		if len(a.pending) > 0 {
			ch := a.changed
			a.mu.Unlock()
			select {
			case <-ctx.Done():
				a.mu.Lock()
				return gateEnd
			case <-ch:
			}
			a.mu.Lock()
			continue
		}
		a.choose(ctx, g.Round)
	}
	switch {
	case a.done:
		return gateEnd
	case g.Round > 1 && !a.selected[pairingOf(a.index[g.White], a.index[g.Black])]:
		return gateSkip
	}
	if _, finished := a.results[g.ID]; !finished {
		a.pending[g.ID] = true
	}
	return gatePlay
}

// choose picks the pairings of round, from the games of the rounds
// before it.
func (a *adaptive) choose(ctx context.Context, round int) {
	a.round = round
	wdl := map[[2]int]*stats.Matchup{}
	for _, g := range a.results {
		if g.round >= round {
			continue
		}
		k := pairingOf(g.white, g.black)
		m := wdl[k]
		if m == nil {
			m = &stats.Matchup{A: k[0], B: k[1]}
			wdl[k] = m
		}
		score := g.score // the lower index's
		if g.white != k[0] {
			score = 1 - score
		}
		m.WDL.Add(score)
	}
	ms := make([]stats.Matchup, 0, len(wdl))
	for i := range a.names {
		for j := i + 1; j < len(a.names); j++ {
			if m := wdl[[2]int{i, j}]; m != nil {
				ms = append(ms, *m)
			}
		}
	}
	l, err := stats.RateList(ctx, a.names, ms, stats.RatingOptions{})
	if err != nil {
		a.notef("adaptive: rating the rounds before round %d: %v; playing every pairing", round, err)
		a.selected = map[[2]int]bool{}
		for i := range a.names {
			for j := i + 1; j < len(a.names); j++ {
				a.selected[[2]int{i, j}] = true
			}
		}
		return
	}
	unsettled := l.Unsettled(a.los)
	if len(unsettled) == 0 {
		a.done = true
		a.notef("adaptive: the ranking is settled after round %d (every neighbour at LOS %g%% or more): the games of later rounds are not played", round-1, 100*a.los)
		return
	}
	a.selected = map[[2]int]bool{}
	var names []string
	for _, u := range unsettled {
		i, j := l.Player(u[0]), l.Player(u[1])
		a.selected[pairingOf(i, j)] = true
		names = append(names, fmt.Sprintf("%s-%s %.0f%%", a.names[i], a.names[j], 100*l.LOS[u[0]][u[1]]))
	}
	a.notef("adaptive: round %d plays the neighbours not yet settled: %s", round, strings.Join(names, ", "))
}

// pairingOf is the pairing of two engines by index, lower first.
func pairingOf(i, j int) [2]int {
	if i > j {
		i, j = j, i
	}
	return [2]int{i, j}
}
