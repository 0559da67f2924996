package search

import (
	"time"

	"varena/engines"
	"varena/engines/limits"
)

// MoveTime returns the time a search within lim would mean to spend on a
// move of side (optimum) and the most it would spend (hard), 0 for
// searches without a time limit. A pondering UCI server uses it when told
// "ponderhit": the search it started on the opponent's time goes on
// without a clock of its own, and is stopped when the move's time, counted
// from the hit, is spent.
func MoveTime(lim limits.Limits, side engines.Color) (optimum, hard time.Duration) {
	p := planTime(lim, side)
	return p.optimum, p.hard
}
