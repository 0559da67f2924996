package widesearch

import (
	"time"

	"varena/engines/wide"
)

// Quiesce returns the quiescence score of pos (side to move's view): the
// search over captures and promotions that the main search runs at its
// leaves, with a full window, evaluated by the evaluation SetEval gave
// for pos's variant (else DefaultEval). A tuner keeps a position as quiet
// when this equals the static evaluation (engines/search.Quiesce does the
// same for the 64-square engine). It stops after maxNodes nodes (0: no
// limit) with ok false: a position whose exchanges take that long to
// settle is not quiet.
func (s *Searcher) Quiesce(pos *wide.Position, maxNodes int64) (score int, ok bool) {
	s.eval = DefaultEval(pos.Variant())
	if s.own != nil && s.own.Variant() == pos.Variant() {
		s.eval = s.own
	}
	s.nodes, s.seldepth, s.aborted, s.rootDepth = 0, 0, false, 0
	s.stop.Store(false)
	s.nodeLimit, s.hard = maxNodes, time.Time{}
	s.tt.newSearch()
	s.path = append(s.path[:0], pos.Hash())
	s.checks = append(s.checks[:0], pos.InCheck())
	score = s.quiesce(pos, 0, 0, -infinity, infinity)
	return score, !s.aborted
}
