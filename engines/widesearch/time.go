package widesearch

import (
	"time"

	"varena/engines/wide"
)

// Time management: engines/search/time.go's decisions, copied for wide's
// types (this package does not import engines/search). A "go movetime
// T" searches until T less a small margin; under a clock the search
// plans an optimum and a hard limit per move, and between iterations
// scales the optimum up while the best move changes or the score falls,
// down once one move has stayed best for long.
const (
	moveTimeMargin = 20 * time.Millisecond // most taken off a movetime
	clockReserve   = 50 * time.Millisecond // most kept back from the clock
	defaultMTG     = 30                    // moves to go in sudden death
	startFraction  = 0.6                   // of the scaled optimum: no new iteration past it
)

// timePlan is the time of one move.
type timePlan struct {
	optimum time.Duration // 0: no time management (movetime, depth, nodes)
	hard    time.Duration // abort past it; 0: none
}

// movetimeMargin is what a "go movetime T" keeps back: T/50, at most
// moveTimeMargin, and at least 5 ms (a quarter of T when T is shorter).
// From engines/search/time.go.
func movetimeMargin(t time.Duration) time.Duration {
	return min(moveTimeMargin, max(t/50, min(5*time.Millisecond, t/4)))
}

// planTime returns the time plan of a move for the side to move. From
// engines/search/time.go.
func planTime(lim Limits, side wide.Color) timePlan {
	if lim.MoveTime > 0 {
		return timePlan{hard: max(lim.MoveTime-movetimeMargin(lim.MoveTime), time.Microsecond)}
	}
	left, inc := lim.WTime, lim.WInc
	if side == wide.Black {
		left, inc = lim.BTime, lim.BInc
	}
	if left <= 0 {
		if lim.WTime > 0 || lim.BTime > 0 {
			// The clock of the other side only, or ours at zero: move at once.
			return timePlan{optimum: time.Millisecond, hard: time.Millisecond}
		}
		return timePlan{}
	}
	mtg := lim.MovesToGo
	if mtg <= 0 || mtg > defaultMTG {
		mtg = defaultMTG
	}
	reserve := min(left/10, clockReserve)
	usable := left - reserve
	optimum := usable/time.Duration(mtg) + inc*9/10
	// With few moves to go most of the time may go to one move, since
	// the clock is refilled after them; in sudden death a third at most.
	capFraction := 0.3 + 0.6/float64(mtg)
	hard := min(5*optimum, time.Duration(float64(usable)*capFraction))
	if inc > 0 {
		hard = min(max(hard, inc*8/10), usable)
	}
	optimum = min(optimum, hard)
	return timePlan{optimum: max(optimum, time.Millisecond), hard: max(hard, time.Millisecond)}
}

// timeState follows the iterations of one timed search.
type timeState struct {
	plan      timePlan
	lastBest  wide.Move
	changes   float64 // best-move changes, halved at each iteration
	stable    int     // iterations the best move has stayed the same
	prevScore int     // score of the previous iteration
	haveScore bool
	single    bool // only one legal move: no time to think
}

// enough reports, after an iteration with this best move and score,
// whether the search should stop rather than start another iteration.
// From engines/search/time.go.
func (t *timeState) enough(best wide.Move, score int, elapsed time.Duration) bool {
	if t.plan.optimum == 0 {
		return false
	}
	if t.single {
		return true
	}
	t.changes /= 2
	if t.lastBest != wide.NullMove && best != t.lastBest {
		t.changes++
		t.stable = 0
	} else {
		t.stable++
	}
	t.lastBest = best
	scale := 1 + t.changes // up to twice as long while the best move wavers
	if t.haveScore && score < t.prevScore {
		drop := min(t.prevScore-score, 150)
		scale *= 1 + float64(drop)/250 // up to 1.6 when the score falls
	}
	if t.stable >= 6 {
		scale *= 0.7 // one move has been best for long
	}
	t.prevScore, t.haveScore = score, true
	return float64(elapsed) > startFraction*scale*float64(t.plan.optimum)
}
