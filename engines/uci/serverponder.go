package uci

import (
	"time"

	"varena/engines/limits"
	"varena/engines/search"
)

// Pondering, the server's side. "go ponder ..." searches the position
// after the move the engine expects from its opponent, on the opponent's
// time: with the clock's limits set aside, since the clock is not the
// engine's yet. "ponderhit" (the opponent played that move) turns it into
// a normal search: one with a clock is stopped once the move's time,
// counted from the hit, is spent (search.MoveTime); one with a depth or
// node limit ends at its limit. "stop" (another move was played) ends it
// at once with its bestmove. Until one of the two comes, a ponder search
// never answers, even when it has reached its depth or nodes: its result
// is held.

// ponder is a search job's pondering state.
type ponder struct {
	pondering bool           // started by "go ponder", not hit nor stopped yet
	limits    limits.Limits  // the limits "go ponder" gave, clock included
	timed     bool           // limits hold a clock or a movetime
	held      *search.Result // the result of a ponder search that ended before a hit
	timer     *time.Timer    // stops a hit search when its time is spent
}

func (p *ponder) stopTimer() {
	if p.timer != nil {
		p.timer.Stop()
	}
}

// startPonder starts a ponder search within lim.
func (s *server) startPonder(lim limits.Limits) {
	search := lim
	timed := lim.MoveTime > 0 || lim.WTime > 0 || lim.BTime > 0
	if timed {
		search.MoveTime, search.WTime, search.BTime, search.WInc, search.BInc, search.MovesToGo = 0, 0, 0, 0, 0, 0
		search.Infinite = true // until the hit's timer or a stop
	}
	s.startSearch(search)
	s.job.ponder = ponder{pondering: true, limits: lim, timed: timed}
}

// cmdPonderHit: the opponent played the move pondered on; the search goes
// on as the engine's own.
func (s *server) cmdPonderHit(_ []string, _ string) {
	j := s.job
	if j == nil || !j.pondering {
		s.info("ponderhit: not pondering")
		return
	}
	j.pondering = false
	if j.held != nil {
		s.finishSearch(*j.held)
		return
	}
	if j.timed {
		optimum, hard := search.MoveTime(j.limits, j.game.Position().SideToMove())
		if optimum <= 0 {
			optimum = hard
		}
		j.timer = time.AfterFunc(max(optimum, time.Millisecond), j.cancel)
	}
}
