package rundir

import (
	"fmt"
	"sort"

	"varena/results"
)

// Overruns counts an engine's moves that overstepped their time within
// the margin (time_control.margin, default configs.DefaultMargin): such
// a move is not a time forfeit, but an engine that does it often plays
// with more time than its opponent, so it is counted and warned about.
type Overruns struct {
	Moves   int   `json:"moves"`
	TotalMS int64 `json:"total_ms"`
	WorstMS int64 `json:"worst_ms"`
}

// countOverruns adds g's overruns to their engines' counts.
func (t *Tally) countOverruns(g results.Game) { t.overruns = AddOverruns(t.overruns, g) }

// AddOverruns adds g's overruns to m, engine by engine, and returns m
// (made when nil and g has some): the one count of the summary and the
// report.
func AddOverruns(m map[string]*Overruns, g results.Game) map[string]*Overruns {
	for _, o := range g.Overruns {
		name := g.White
		if o.Side == "black" {
			name = g.Black
		}
		if m == nil {
			m = map[string]*Overruns{}
		}
		c := m[name]
		if c == nil {
			c = &Overruns{}
			m[name] = c
		}
		c.Moves++
		c.TotalMS += o.OverMS
		c.WorstMS = max(c.WorstMS, o.OverMS)
	}
	return m
}

// OverrunWarnings are one line per engine that overran its time within
// the margin, as fastchess warns: "Warning; fsf overran its time on 3
// moves, by 586 ms in all, 434 ms at worst (within the margin)".
func (s *Summary) OverrunWarnings() []string {
	names := make([]string, 0, len(s.Overruns))
	for n := range s.Overruns {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		o := s.Overruns[n]
		out = append(out, fmt.Sprintf("Warning; %s overran its time on %d moves, by %d ms in all, %d ms at worst (within the margin)",
			n, o.Moves, o.TotalMS, o.WorstMS))
	}
	return out
}
