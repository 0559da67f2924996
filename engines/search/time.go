package search

import (
	"time"

	"varena/engines"
	"varena/engines/limits"
)

// Time management. A fixed "go movetime T" searches until T less a small
// safety margin (the reply still has to reach the GUI). Under a clock the
// searcher plans two limits for the move:
//
//   - optimum: the time it means to spend on an average move, the usable
//     time left shared over the moves to go, plus most of the increment;
//   - hard: the limit it never passes (the search aborts there), a few
//     times the optimum but never more than a fraction of what is left.
//
// Between iterations it decides whether to start another: the optimum is
// scaled up when the best move changed in the last iterations or the
// score dropped, and down when the same move has been best for many
// iterations. An iteration takes about twice the time of all before it,
// so stopping once past about 0.6 of the scaled optimum spends about the
// optimum on average.
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
// moveTimeMargin, and at least 5 ms (a quarter of T when T is shorter),
// which covers the reply's way through the pipe and a busy scheduler.
func movetimeMargin(t time.Duration) time.Duration {
	return min(moveTimeMargin, max(t/50, min(5*time.Millisecond, t/4)))
}

// planTime returns the time plan of a move for the side to move.
func planTime(lim limits.Limits, side engines.Color) timePlan {
	if lim.MoveTime > 0 {
		return timePlan{hard: max(lim.MoveTime-movetimeMargin(lim.MoveTime), time.Microsecond)}
	}
	left, inc := lim.WTime, lim.WInc
	if side == engines.Black {
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
	// The reserve covers the process, the pipe and the scheduler.
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
	lastBest  engines.Move
	changes   float64 // best-move changes, halved at each iteration
	stable    int     // iterations the best move has stayed the same
	prevScore int     // score of the previous iteration
	haveScore bool
	single    bool // only one legal move: no time to think
}

// enough reports, after an iteration with this best move and score,
// whether the search should stop rather than start another iteration.
func (t *timeState) enough(best engines.Move, score int, elapsed time.Duration) bool {
	if t.plan.optimum == 0 {
		return false
	}
	if t.single {
		return true
	}
	t.changes /= 2
	if t.lastBest != engines.NullMove && best != t.lastBest {
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
