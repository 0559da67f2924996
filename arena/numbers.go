package arena

import (
	"fmt"

	"varena/arena/stats"
)

// EloText is how every view of a run (console, report, live page)
// writes an Elo estimate with its 95% interval: "+82.4 ± 40.0", and for
// a score of 100% or 0%, whose estimate is infinite, "+inf (95%: >
// +697.8)" (summary.json keeps the finite number the regularization of
// empty outcomes gives, with the score beside it).
func EloText(in stats.Interval, score float64) string { return eloText(in, score) }

// PriorNote says, under a rating table, why its Elo differs from a
// pairing's: the ratings hold virtual draws. "" without them. Its two
// lines keep to CrosstableWidth.
func (s *Summary) PriorNote() string {
	if s.PriorDraws <= 0 || len(s.Pairings) == 0 {
		return ""
	}
	draws := "draws"
	if s.PriorDraws == 1 {
		draws = "draw"
	}
	return fmt.Sprintf("Ratings hold %g virtual %s of each player against the pool's average (varena rate -prior),\n"+
		"which pull them toward 0 over few games; the Elo of each pairing is from its games alone.", s.PriorDraws, draws)
}
