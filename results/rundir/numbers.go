package rundir

import (
	"fmt"

	"varena/results/stats"
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

// PairingText is a pairing's Elo estimates as the console, the report
// and summary.json write them, so that a 100% score reads "+inf (95%: >
// +697.8)" in all three, not the regularized number in one of them.
type PairingText struct {
	Elo       string `json:"elo"`                  // over games
	PairsElo  string `json:"pairs_elo,omitempty"`  // over finished pairs
	PairsNElo string `json:"pairs_nelo,omitempty"` // normalized, over pairs
}

func pairingText(p Pairing) PairingText {
	t := PairingText{Elo: EloText(p.Games.Elo, p.Games.Score)}
	if p.Pairs != nil {
		t.PairsElo, t.PairsNElo = EloText(p.Pairs.Elo, p.Pairs.Score), EloText(p.Pairs.NElo, p.Pairs.Score)
	}
	return t
}

// ErrorsNote says where the errors of a bootstrapped rating table come
// from; "" for the Hessian's, the default, which the LOS matrix's
// heading names.
func (s *Summary) ErrorsNote() string {
	if s.RatingErrors != stats.ErrorsBootstrap {
		return ""
	}
	return fmt.Sprintf("Errors: 95%% intervals of %d bootstrap replicates, each resampling the colour-reversed pairs\n"+
		"(and lone games) within each pairing (seed %d).", s.Bootstrap, s.BootstrapSeed)
}

// LOSHeading introduces the LOS matrix, naming its source.
func (s *Summary) LOSHeading() string {
	if s.LOS == nil {
		return ""
	}
	return fmt.Sprintf("LOS, %%: the likelihood that the row is stronger than the column (from %s):", s.LOS.Source())
}

// GauntletHeading introduces the gauntlet table.
func (s *Summary) GauntletHeading() string {
	if s.Gauntlet == nil {
		return ""
	}
	return fmt.Sprintf("Gauntlet of %s (each opponent's Elo to it from their own games; 95%% intervals\n"+
		"of their colour-reversed pairs, or of their games when no pair is complete):", s.Gauntlet.Base)
}
