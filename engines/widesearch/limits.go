package widesearch

import (
	"time"

	"varena/engines/wide"
)

// Scores follow engines/limits (Mate, MaxPly, MateIn), as
// engines/search's do, so that a Result maps to its one to one;
// infinity bounds every score, beyond the mate scores.
const infinity = 31000

// Limits bound a search. Zero fields are no limit, and so are negative
// ones (a protocol layer says what it makes of them); with none set the
// search runs to limits.MaxPly or until its context ends (UCI "go infinite").
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
