package live

import (
	"time"

	"varena/results"
)

// journalSpan is the wall time a run's games cover, from the start of
// the first to the end of the last: the elapsed time of a run the hub
// did not watch from its start (varena serve of a run directory), where
// the time since the page opened would say nothing.
type journalSpan struct {
	first, last time.Time
}

// add takes in a finished game.
func (s *journalSpan) add(g results.Game) {
	if g.Started.IsZero() {
		return
	}
	end := g.Started.Add(time.Duration(g.DurationMS) * time.Millisecond)
	if s.first.IsZero() || g.Started.Before(s.first) {
		s.first = g.Started
	}
	if end.After(s.last) {
		s.last = end
	}
}

// length is the span, 0 without games.
func (s *journalSpan) length() time.Duration {
	if s.first.IsZero() {
		return 0
	}
	return s.last.Sub(s.first)
}
