package rundir

import "varena/results"

// PonderRate is an engine's pondering over a run.
type PonderRate struct {
	Tries   int     `json:"tries"`    // moves it had pondered for
	Hits    int     `json:"hits"`     // of them, pondered on the move played
	HitRate float64 `json:"hit_rate"` // Hits / Tries
}

func (t *Tally) countPonder(g results.Game) {
	if g.Ponder == nil {
		return
	}
	if t.ponder == nil {
		t.ponder = map[string]*PonderRate{}
	}
	for c, name := range [2]string{g.White, g.Black} {
		if g.Ponder.Tries[c] == 0 {
			continue
		}
		r := t.ponder[name]
		if r == nil {
			r = &PonderRate{}
			t.ponder[name] = r
		}
		r.Tries += g.Ponder.Tries[c]
		r.Hits += g.Ponder.Hits[c]
	}
}

func (t *Tally) ponderRates() map[string]PonderRate {
	if len(t.ponder) == 0 {
		return nil
	}
	out := map[string]PonderRate{}
	for name, r := range t.ponder {
		rate := *r
		rate.HitRate = float64(r.Hits) / float64(r.Tries)
		out[name] = rate
	}
	return out
}
