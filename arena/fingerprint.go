package arena

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"varena/arena/openings"
	"varena/configs"
	"varena/configs/plan"
	"varena/results/rundir"
	"varena/results/stats"
)

// metaOf describes the run for its summary and fingerprints it for
// resuming: Settings holds everything that changes what a game is.
func metaOf(r *plan.Plan, total int) (rundir.Meta, error) {
	m := rundir.Meta{Name: r.Name, Variants: r.VariantNames(), Tournament: r.Tournament.Type, Total: total, Seed: r.Seed}
	for _, e := range r.Engines {
		m.Engines = append(m.Engines, e.Name)
	}
	if r.SPRT != nil && r.Tournament.Type == configs.SPRTTest {
		model, err := stats.ParseEloModel(r.SPRT.Model)
		if err != nil {
			return m, err
		}
		s, err := stats.NewSPRT(r.SPRT.Elo0, r.SPRT.Elo1, r.SPRT.Alpha, r.SPRT.Beta, model)
		if err != nil {
			return m, err
		}
		m.SPRT = &s
	}
	var err error
	if m.Settings, err = fingerprint(r); err != nil {
		return m, err
	}
	m.VariantFile = r.VariantFile
	// The engines' order and the schedule's size (which depends on the
	// variants each external engine offers) complete the schedule.
	m.Settings["engines"] = strings.Join(m.Engines, ", ")
	m.Settings["games in all"] = strconv.Itoa(total)
	return m, nil
}

// fingerprint lists, by a key in words, every setting of the run that
// changes what its games are: the schedule, openings (by content),
// adjudication, the SPRT, and for each engine its program (by content),
// arguments, options, history mode, weights (by content) and limit in
// each variant it plays. Settings that do not change games (concurrency,
// progress, logs, the output directory) are not in it, so they may
// change between a run and its resume. The run's length (games, rounds,
// games in all) is in it for merge, which joins shards of one run only,
// but a resume lets it change (capKeys).
func fingerprint(r *plan.Plan) (map[string]string, error) {
	s := map[string]string{}
	set := func(key, value string) {
		if value != "" {
			s[key] = value
		}
	}
	multi := r.Multi
	in := func(variant string) string {
		if multi {
			return " in " + variant
		}
		return ""
	}
	set("name", r.Name)
	set("seed", strconv.FormatUint(r.Seed, 10))
	set("variants", strings.Join(r.VariantNames(), ", "))
	set("variant_schedule", r.VariantSchedule)
	t := r.Tournament
	set("tournament: type", t.Type)
	set("tournament: challenger", t.Challenger)
	set("tournament: games", strconv.Itoa(t.Games))
	set("tournament: rounds", strconv.Itoa(t.Rounds))
	if t.Adaptive != nil {
		set("tournament: adaptive", fmt.Sprintf("los %g", t.Adaptive.LOS))
	}
	if t.Seeds > 0 {
		set("tournament: seeds", strconv.Itoa(t.Seeds))
	}
	if len(t.Pairs) > 0 { // a round of a swiss or knockout
		var ps []string
		for _, p := range t.Pairs {
			ps = append(ps, p[0]+"-"+p[1])
		}
		set("tournament: pairs", strings.Join(ps, ", "))
	}
	if sp := r.SPRT; sp != nil {
		set("sprt", fmt.Sprintf("elo0 %g, elo1 %g, alpha %g, beta %g, %s", sp.Elo0, sp.Elo1, sp.Alpha, sp.Beta, sp.Model))
		if sp.PerVariant {
			// The games a test counts, and so where it stops.
			set("sprt: per variant", "true")
		}
	}
	a := r.Adjudication
	if a.MaxPlies > 0 {
		set("adjudication: max_plies", strconv.Itoa(a.MaxPlies))
	}
	if d := a.Draw; d != nil {
		set("adjudication: draw", fmt.Sprintf("move_number %d, moves %d, score %d", d.MoveNumber, d.Moves, d.Score))
	}
	if rs := a.Resign; rs != nil {
		set("adjudication: resign", fmt.Sprintf("moves %d, score %d", rs.Moves, rs.Score))
	}
	// The rules of the file's variants are in its content.
	set(variantFileKey, r.VariantSet.Hash())
	for _, pv := range r.Variants {
		v, o := pv.Name, pv.Openings
		prefix := "openings" + in(v) + ": "
		switch {
		case pv.Book == nil:
		case o.File != "":
			set(prefix+"file", pv.Book.Hash)
		default:
			set(prefix+"built-in book", pv.Book.Name+" "+pv.Book.Hash)
		}
		set(prefix+"order", o.Order)
		// Format and start only when not their defaults: a run directory
		// made before they existed resumes.
		if o.Format == configs.FormatPGN {
			set(prefix+"format", o.Format)
		}
		if o.Start > 1 {
			set(prefix+"start", strconv.Itoa(o.Start))
		}
		if o.PlyCount() > 0 {
			set(prefix+"plies", strconv.Itoa(o.PlyCount()))
		}
		if o.File == "" && o.PlyCount() > 0 {
			set(prefix+"random rule", openings.RandomOpeningRule)
		}
	}
	for _, e := range r.Engines {
		p := "engine " + e.Name + ": "
		set(p+"kind", e.Kind)
		set(p+"command", e.Command)
		if e.External() {
			program := ""
			if e.ProgramErr == nil {
				program = programHash(e.Program)
			}
			set(p+"program", program)
		}
		if len(e.Args) > 0 {
			set(p+"args", fmt.Sprintf("%q", e.Args))
		}
		set(p+"dir", e.Dir)
		for _, k := range slices.Sorted(maps.Keys(e.Options)) {
			set(p+"option "+k, e.Options[k])
		}
		for _, k := range slices.Sorted(maps.Keys(e.VariantNames)) {
			set(p+"variant_names "+k, e.VariantNames[k])
		}
		set(p+"restart", e.Restart)
		set(p+"history", e.History)
		if e.Ponder {
			set(p+"ponder", "on") // absent when off: older runs resume
		}
		if e.Hash > 0 {
			set(p+"hash", strconv.Itoa(e.Hash))
		}
		if e.Threads > 1 {
			set(p+"threads", strconv.Itoa(e.Threads))
		}
		switch e.Kind {
		case configs.KindRandom, configs.KindGreedy:
			set(p+"seed", strconv.FormatUint(e.PlayerSeed, 10))
		}
		if len(e.Plays) > 0 {
			set(p+"plays", strings.Join(e.Plays, ", "))
		}
		if len(e.Declines) > 0 {
			set(p+"declines", strings.Join(e.Declines, ", "))
		}
		for _, v := range r.VariantNames() {
			if !e.Accepts(v) {
				continue
			}
			if w := e.WeightsData[v]; w != nil {
				set(p+"weights"+in(v), w.Hash)
			}
			tc := e.Limits[v]
			for _, f := range limitFields(tc) {
				set(p+f[0]+in(v), f[1])
			}
		}
	}
	return s, nil
}

// limitFields are the parts of a limit as (name, value) pairs, so that
// a change reads "depth 3 -> 5".
func limitFields(tc configs.TimeControl) [][2]string {
	var out [][2]string
	switch tc.Kind() {
	case configs.LimitDepth:
		out = append(out, [2]string{"depth", strconv.Itoa(tc.Depth)})
	case configs.LimitNodes:
		out = append(out, [2]string{"nodes", strconv.FormatInt(tc.Nodes, 10)})
	case configs.LimitMoveTime:
		out = append(out, [2]string{"movetime", strconv.FormatFloat(tc.MoveTime, 'f', -1, 64)})
	case configs.LimitClock:
		out = append(out, [2]string{"clock", tc.String()})
	}
	if m := tc.MarginSeconds(); m > 0 {
		out = append(out, [2]string{"margin", strconv.FormatFloat(m, 'f', -1, 64)})
	}
	return out
}

func contentHash(data []byte) string { return plan.Hash(data) }
