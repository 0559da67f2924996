package limits

import (
	"time"

	"varena/engines"
)

// Scores are centipawns from the side to move's point of view. A won
// game (extinction or checkmate) n plies from the root scores Mate-n, a
// lost one -(Mate-n), so the search prefers the fastest win.
const (
	Mate     = 30000
	MaxPly   = 100
	MateBand = Mate - 2*MaxPly // scores beyond it are mate scores
)

// MateIn returns the moves (not plies) to the end of a mate score: +n when
// the side to move wins, -n when it loses, 0 when score is no mate score.
func MateIn(score int) int {
	switch {
	case score > MateBand:
		return (Mate - score + 1) / 2
	case score < -MateBand:
		return -(Mate + score + 1) / 2
	}
	return 0
}

// Limits bound a search. Zero fields are no limit; with none set the
// search runs to MaxPly or until its context ends (UCI "go infinite").
type Limits struct {
	Depth     int
	Nodes     int64
	MoveTime  time.Duration
	WTime     time.Duration
	BTime     time.Duration
	WInc      time.Duration
	BInc      time.Duration
	MovesToGo int
	Infinite  bool
	// SearchMoves restricts the root to these moves (UCI "searchmoves");
	// those not legal are ignored, and when none is legal, or it is
	// empty, every move is searched.
	SearchMoves []engines.Move
}

// IsZero reports whether no limit is set.
func (l Limits) IsZero() bool {
	return l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0 && l.WTime == 0 && l.BTime == 0 &&
		l.WInc == 0 && l.BInc == 0 && l.MovesToGo == 0 && !l.Infinite && len(l.SearchMoves) == 0
}
