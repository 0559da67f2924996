package rundir

import "varena/results/stats"

// Played returns the number of finished games counted.
func (t *Tally) Played() int { return t.played }

// MatchPenta returns the pentanomial counts of the colour-reversed pairs
// of a run with a single pairing (a match, an SPRT test); false when the
// run has several pairings or none yet. It is cheap: no fit.
func (t *Tally) MatchPenta() (stats.Penta, bool) {
	if len(t.order) != 1 {
		return stats.Penta{}, false
	}
	return t.pairings[t.order[0]].penta, true
}

// CellText is a crosstable cell: the row engine's results against the
// column engine (flip: the row is the pairing's B), as WriteText prints
// it: points/games, or in multivariant runs each game with its variant's
// letter (perGame: 1-E 0.5-L) or each variant's points/games (E1.5/2).
func CellText(p Pairing, flip bool, letters map[string]string, order []string, perGame bool) string {
	return cellText(p, flip, letters, order, perGame)
}

// PerGameCells says whether crosstable cells of the summary's pairings
// are short enough listing each game (at most 6 games per pairing).
func (s *Summary) PerGameCells() bool {
	for _, p := range s.Pairings {
		if p.WDL.Games() > 6 {
			return false
		}
	}
	return true
}

// PairsCounted returns the number of pairs an SPRT run has counted so
// far: the contiguous prefix of finished pairs in schedule order.
func (t *Tally) PairsCounted() int { return t.nextPair }
