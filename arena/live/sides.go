package live

import (
	"fmt"

	"varena/results"
)

// Side is what the page shows of one side of a game in progress: its
// limit, its clock when it plays on one, and what its engine said of
// its last move.
type Side struct {
	Limit   string `json:"limit"`           // "depth=6", "nodes=20000", "40/60+0.6"
	ClockMS int64  `json:"clock_ms"`        // time left; -1 when the side has no clock
	Score   string `json:"score,omitempty"` // of its last move, its own view: "+0.35", "-M3"
	Depth   int    `json:"depth,omitempty"` // of its last move
	Moved   bool   `json:"moved,omitempty"` // it has made a move
}

// sidesOf reads a game in progress side by side: the limits and clocks
// of its latest move, and each side's last score and depth.
func sidesOf(g *liveGame) [2]Side {
	var sides [2]Side
	for c := range sides {
		sides[c].Limit = g.last.Limits[c].String()
		sides[c].ClockMS = -1
		if g.last.Limits[c].Clock != "" {
			sides[c].ClockMS = g.last.Clocks[c].Milliseconds()
		}
	}
	// The last move is by the side not to move now; the one before by
	// the other side.
	mover := g.pos.SideToMove().Other()
	for i, c := len(g.moves)-1, mover; i >= 0 && i >= len(g.moves)-2; i, c = i-1, c.Other() {
		m := g.moves[i]
		sides[c].Moved, sides[c].Depth, sides[c].Score = true, m.Depth, scoreText(m.Score)
	}
	return sides
}

// scoreText writes an engine's score in pawns from its own view, or as a
// mate distance as PGN comments do ("+M5"); "" without one.
func scoreText(s *results.Score) string {
	switch {
	case s == nil:
		return ""
	case s.Mate > 0:
		return fmt.Sprintf("+M%d", s.Mate)
	case s.Mate < 0:
		return fmt.Sprintf("-M%d", -s.Mate)
	}
	return fmt.Sprintf("%+.2f", float64(s.CP)/100)
}
