package search

import (
	"time"

	"varena/engines"
)

// Quiesce returns the quiescence score of pos (side to move's view): the
// search over captures and promotions that the main search runs at its
// leaves, with a full window and no node limit. The tuner keeps a
// position as quiet when this equals the static evaluation, so that its
// label is not the outcome of a pending exchange. It forgets earlier
// searches' transposition entries, as a node-limited search does. The
// search stops after maxNodes nodes (0: no limit), with ok false: a
// position whose exchanges take that long to settle is not quiet.
func (s *Searcher) Quiesce(pos *engines.Position, maxNodes int64) (score int, ok bool) {
	if wp := pos.Wide(); wp != nil {
		s.wideSearcher(pos.Variant())
		return s.ws.Quiesce(wp, maxNodes)
	}
	s.nodes, s.seldepth, s.aborted, s.par = 0, 0, false, nil
	if statsOn {
		s.stats = Stats{}
	}
	s.stop.Store(false)
	s.nodeLimit, s.hard, s.reuseTT = maxNodes, time.Time{}, false
	s.tt.newSearch()
	s.path = append(s.path[:0], pos.Hash())
	if s.decided(pos) {
		return s.terminalScore(pos, 0), true
	}
	score = s.quiesce(pos, 0, 0, -infinity, infinity)
	return score, !s.aborted
}
