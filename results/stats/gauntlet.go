package stats

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Gauntlet is each opponent's result against one base player, from the
// games of the two alone: the opponent's Elo difference to the base,
// with the pentanomial interval of their colour-reversed pairs (the
// trinomial one of their games when they have no complete pair).
type Gauntlet struct {
	Base string        `json:"base"`
	Rows []GauntletRow `json:"rows"`
}

// GauntletRow is one opponent's result, from the opponent's side.
type GauntletRow struct {
	Opponent string `json:"opponent"`
	WDL      WDL    `json:"wdl"`
	Pairs    Penta  `json:"pairs"`
	// Elo is Summarize of Pairs when there are pairs, else of WDL:
	// FromPairs says which.
	Elo       Summary `json:"elo"`
	FromPairs bool    `json:"from_pairs"`
}

// GauntletOf gathers the matchups of base against every other player
// into a gauntlet table, opponents in the order of names. Players who
// never met base are left out.
func GauntletOf(base string, names []string, ms []Matchup) (*Gauntlet, error) {
	b := -1
	for i, n := range names {
		if n == base {
			b = i
		}
	}
	if b < 0 {
		return nil, fmt.Errorf("stats: gauntlet base %q is not a player", base)
	}
	rows := make([]GauntletRow, len(names))
	met := make([]bool, len(names))
	for k, m := range ms {
		if m.A < 0 || m.A >= len(names) || m.B < 0 || m.B >= len(names) {
			return nil, fmt.Errorf("stats: matchup %d: player index out of range [0, %d)", k, len(names))
		}
		if _, err := m.units(); err != nil {
			return nil, fmt.Errorf("stats: matchup %d: %w", k, err)
		}
		opp, w, p := m.B, m.WDL, m.Pairs
		switch {
		case m.A == b && m.B != b:
			// The base's side: turn it round.
			w = WDL{W: w.L, D: w.D, L: w.W}
			for q := range p {
				p[q] = m.Pairs[4-q]
			}
		case m.B == b && m.A != b:
			opp = m.A
		default:
			continue
		}
		r := &rows[opp]
		met[opp] = true
		r.WDL = WDL{W: r.WDL.W + w.W, D: r.WDL.D + w.D, L: r.WDL.L + w.L}
		for q := range p {
			r.Pairs[q] += p[q]
		}
	}
	g := &Gauntlet{Base: base}
	for i, r := range rows {
		if !met[i] || r.WDL.Games() == 0 {
			continue
		}
		r.Opponent = names[i]
		var o Outcomes = r.WDL
		if r.FromPairs = r.Pairs.Pairs() > 0; r.FromPairs {
			o = r.Pairs
		}
		s, err := Summarize(o)
		if err != nil {
			return nil, err
		}
		r.Elo = s
		g.Rows = append(g.Rows, r)
	}
	return g, nil
}

// Write prints the table: each opponent's games and pairs, score, Elo
// difference to the base with its 95% interval, nElo and LOS (that the
// opponent is the stronger). eloText writes an Elo estimate as the other
// tables do.
func (g *Gauntlet) Write(w io.Writer, eloText func(Interval, float64) string) error {
	nw := len("Opponent")
	for _, r := range g.Rows {
		nw = max(nw, utf8.RuneCountInString(r.Opponent))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s %5s  %-20s %6s  %-21s %-21s %6s\n", nw, "Opponent", "Games", "Pairs", "Score", "Elo", "nElo", "LOS")
	for _, r := range g.Rows {
		pairs := r.Pairs.String()
		if !r.FromPairs {
			pairs = "none (from games)"
		}
		fmt.Fprintf(&b, "%s%*s %5d  %-20s %5.1f%%  %-21s %-21s %5s%%\n", r.Opponent, nw-utf8.RuneCountInString(r.Opponent), "",
			r.WDL.Games(), pairs, 100*r.WDL.Score(), eloText(r.Elo.Elo, r.Elo.Score), eloText(r.Elo.NElo, r.Elo.Score), LOSPercent(r.Elo.LOS))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
