package arena

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"varena/configs"
	"varena/configs/plan"
	"varena/results/rundir"
)

// SetupOf describes a run's config in words, for the report's header
// (rundir.Setup). It lives here, beside the config's other readers, so
// that results/rundir need not know configs.
func SetupOf(r *plan.Plan) rundir.Setup {
	s := rundir.Setup{Name: r.Name, Config: r.File, Seed: r.Seed, Concurrency: r.Concurrency}
	t := r.Tournament
	s.Tournament = t.Type
	if t.Type == configs.Gauntlet && t.Challenger != "" {
		s.Tournament += " of " + t.Challenger
	}
	if t.Games > 0 {
		s.Tournament += fmt.Sprintf(", %d game(s) per pairing", t.Games)
	}
	if t.Rounds > 1 {
		s.Tournament += fmt.Sprintf(", %d rounds", t.Rounds)
	}
	if t.Adaptive != nil {
		s.Tournament += fmt.Sprintf(", adaptive: rounds after the first play the neighbours in the ranking under %g%% LOS", 100*t.Adaptive.LOS)
	}
	if r.Multi {
		s.Schedule = "variants: " + r.VariantSchedule
	}
	s.Adjudication = adjudicationText(r.Adjudication)
	if p := r.SPRT; p != nil {
		s.SPRT = fmt.Sprintf("elo0 %g, elo1 %g, alpha %g, beta %g, %s", p.Elo0, p.Elo1, p.Alpha, p.Beta, p.Model)
	}
	for _, v := range r.VariantNames() {
		s.Variants = append(s.Variants, rundir.VariantSetup{Name: v, Openings: openingsText(r.Variant(v).Openings), Limit: limitOf(r, v)})
	}
	for _, e := range r.Engines {
		es := rundir.EngineSetup{Name: e.Name, Kind: e.Kind, Command: strings.TrimSpace(e.Command + " " + strings.Join(e.Args, " "))}
		var opts []string
		for k, v := range e.Options {
			opts = append(opts, k+"="+v)
		}
		for k, v := range e.Weights {
			opts = append(opts, "weights."+k+"="+v)
		}
		if e.Hash > 0 {
			opts = append(opts, fmt.Sprintf("hash=%dMB", e.Hash))
		}
		if e.Seed != 0 {
			opts = append(opts, fmt.Sprintf("seed=%d", e.Seed))
		}
		if e.Restart != "" {
			opts = append(opts, "restart="+e.Restart)
		}
		if e.History != "" {
			opts = append(opts, "history="+e.History)
		}
		sort.Strings(opts)
		es.Options = strings.Join(opts, ", ")
		if e.TimeControl != nil {
			es.Limit = e.TimeControl.String()
		}
		switch {
		case len(e.Plays) > 0:
			es.Plays = strings.Join(e.Plays, ", ")
		case len(e.Declines) > 0:
			es.Plays = "all but " + strings.Join(e.Declines, ", ")
		}
		s.Engines = append(s.Engines, es)
	}
	return s
}

// limitOf is the variant's limit for an engine without its own.
func limitOf(r *plan.Plan, variant string) string {
	if v := r.Variant(variant); v != nil && v.Limit != nil {
		return v.Limit.String()
	}
	return r.Limit.String()
}

func openingsText(o configs.Openings) string {
	switch {
	case o.Builtin():
		return "built-in book"
	case o.File == "" && o.PlyCount() > 0:
		return fmt.Sprintf("start position + %d random plies", o.PlyCount())
	case o.File == "":
		return "start position"
	}
	s := fmt.Sprintf("book %s (%s", filepath.Base(o.File), o.Order)
	if o.Start > 1 {
		s += fmt.Sprintf(", from opening %d", o.Start)
	}
	s += ")"
	if o.Format == configs.FormatPGN && o.PlyCount() > 0 {
		s += fmt.Sprintf(", %d plies of each game", o.PlyCount())
	}
	return s
}

func adjudicationText(a configs.Adjudication) string {
	var parts []string
	if d := a.Draw; d != nil {
		parts = append(parts, fmt.Sprintf("draw from move %d after %d moves within %d cp", d.MoveNumber, d.Moves, d.Score))
	}
	if r := a.Resign; r != nil {
		parts = append(parts, fmt.Sprintf("resign after %d moves at %d cp", r.Moves, r.Score))
	}
	if a.MaxPlies > 0 {
		parts = append(parts, fmt.Sprintf("draw at %d plies", a.MaxPlies))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}
