package widesearch

import (
	"time"

	"varena/engines/wide"
)

// Scores are centipawns from the side to move's point of view. A game
// won n plies from the root scores Mate-n, a lost one -(Mate-n): the
// values of engines/search, so that a Result maps to its one to one.
const (
	Mate     = 30000
	infinity = 31000
	MaxPly   = 100
	mateBand = Mate - 2*MaxPly // scores beyond it are mate scores
)

// MateIn returns the moves (not plies) to the end of a mate score: +n when
// the side to move wins, -n when it loses, 0 when score is no mate score
// (engines/search.MateIn).
func MateIn(score int) int {
	switch {
	case score > mateBand:
		return (Mate - score + 1) / 2
	case score < -mateBand:
		return -(Mate + score + 1) / 2
	}
	return 0
}

// Limits bound a search. Zero fields are no limit, and so are negative
// ones (a protocol layer says what it makes of them); with none set the
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
	SearchMoves []wide.Move
}

// Info describes one finished iteration, as UCI "info" prints it. Its
// PV is its own: the search does not change it later.
type Info struct {
	Depth    int
	SelDepth int
	Score    int
	Nodes    int64
	Time     time.Duration
	PV       []wide.Move
}

// Result is the outcome of a search.
type Result struct {
	Move  wide.Move // NullMove only when the position has no legal move
	Score int
	Depth int
	Nodes int64
	Time  time.Duration
	PV    []wide.Move
}
