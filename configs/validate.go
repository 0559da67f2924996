package configs

import (
	"varena/engines/variants"
	"varena/engines/yamlfile"

	"fmt"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Defaults filled in by Parse and Load.
const (
	DefaultGames     = 2     // per pairing per round, round-robin and gauntlet
	DefaultSPRTGames = 20000 // an SPRT's maximum number of games
	DefaultRounds    = 1
	DefaultAlpha     = 0.05
	DefaultBeta      = 0.05
	DefaultHash      = 16 // MB
	// MaxHash bounds an alphabeta engine's hash (MB), as `varena uci
	// -hash` and its Hash option are bounded (engines/uci's
	// defaultMaxHash): a larger table cannot be allocated (hash:
	// 1000000000 panicked in makeslice, 100000 ran out of memory).
	MaxHash = 4096
	// MaxThreads bounds an alphabeta engine's threads, as search.MaxThreads
	// (and so `varena uci`'s Threads option) is bounded.
	MaxThreads = 256
	// MaxConcurrency bounds the games played at once: each worker holds
	// its players and buffers (concurrency: 100000000 took 1.9 GB before
	// the first game), and no machine runs more engines at once usefully.
	MaxConcurrency = 1024
	// MaxSPSAIterations bounds an SPSA tune's game pairs (20 million
	// games; the tuner keeps a flag per iteration).
	MaxSPSAIterations = 10_000_000
)

// Accepted values of the enumerated settings.
const (
	OrderSequential = "sequential"
	OrderRandom     = "random"

	FormatEPD = "epd"
	FormatPGN = "pgn"

	ModelNormalized = "normalized"
	ModelLogistic   = "logistic"

	RestartOnCrash = "on-crash"
	RestartAlways  = "always"

	HistoryGame       = "game"
	HistoryReversible = "reversible"
	HistoryNone       = "none"

	ScheduleAll      = "all"
	ScheduleAssigned = "assigned"
)

// VariantNames returns the variants of the run: the single Variant or
// the names of Variants.
func (r *Run) VariantNames() []string {
	if r.Variant != "" {
		return []string{r.Variant}
	}
	names := make([]string, len(r.Variants))
	for i, s := range r.Variants {
		names[i] = s.Name
	}
	return names
}

// Engine returns the engine called name, or nil.
func (r *Run) Engine(name string) *Engine {
	for i := range r.Engines {
		if r.Engines[i].Name == name {
			return &r.Engines[i]
		}
	}
	return nil
}

// EngineTimeControl returns the time control of the engine called name:
// its own if it has one, else the run's.
func (r *Run) EngineTimeControl(name string) TimeControl {
	if e := r.Engine(name); e != nil && e.TimeControl != nil {
		return *e.TimeControl
	}
	return r.TimeControl
}

// TimeControlFor returns the time control of an engine in a variant: the
// engine's own, else the variant's (multivariant runs), else the run's.
// Random and greedy players may have none (IsZero): they ignore limits.
func (r *Run) TimeControlFor(engine, variant string) TimeControl {
	if e := r.Engine(engine); e != nil && e.TimeControl != nil {
		return *e.TimeControl
	}
	if s := r.variantSpec(variant); s != nil && s.TimeControl != nil {
		return *s.TimeControl
	}
	return r.TimeControl
}

// OpeningsFor returns the openings of a variant: the variant's own
// (multivariant runs), else the run's, with the variant's default
// (Openings.For) in place of the built-in book.
func (r *Run) OpeningsFor(variant string) Openings {
	o := r.Openings
	if s := r.variantSpec(variant); s != nil && s.Openings != nil {
		o = *s.Openings
	}
	return o.For(variant)
}

func (r *Run) variantSpec(name string) *VariantSpec {
	for i := range r.Variants {
		if r.Variants[i].Name == name {
			return &r.Variants[i]
		}
	}
	return nil
}

// Accepts reports whether engine e plays variant: it is in Plays (when
// Plays is given) and not in Declines.
func (e *Engine) Accepts(variant string) bool {
	if len(e.Plays) > 0 && !slices.Contains(e.Plays, variant) {
		return false
	}
	return !slices.Contains(e.Declines, variant)
}

// needsLimits reports whether the engine's kind searches and so needs a
// time control; random and greedy players move at once.
func (e *Engine) needsLimits() bool { return e.Kind == KindAlphaBeta || e.External() }

// NameRule says which names ValidName accepts, for messages.
const NameRule = "use letters, digits and . _ - + only, at most 64 characters, not starting with a dot"

// ValidName reports whether s may name an engine or a run. Names become
// file names (<engine>.log, out/<run>) and PGN tags, so they hold no
// path separator, space or control character, and cannot be "." or
// "..".
func ValidName(s string) bool {
	if s == "" || len(s) > 64 || s[0] == '.' {
		return false
	}
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '.' || c == '_' || c == '-' || c == '+':
		default:
			return false
		}
	}
	return true
}

// fillDefaults completes a valid run; name is the name of its file.
func (r *Run) fillDefaults(name string) {
	if r.Name == "" {
		base := filepath.Base(name)
		r.Name = strings.TrimSuffix(base, filepath.Ext(base))
		if !ValidName(r.Name) {
			// The file's own name, made safe: it becomes out/<name>.
			r.Name = strings.Map(func(c rune) rune {
				if ValidName(string(c)) {
					return c
				}
				return '_'
			}, strings.TrimLeft(r.Name, "."))
			if len(r.Name) > 64 {
				r.Name = r.Name[:64]
			}
			if r.Name == "" {
				r.Name = "run"
			}
		}
	}
	if len(r.Variants) > 0 && r.VariantSchedule == "" {
		r.VariantSchedule = ScheduleAll
	}
	t := &r.Tournament
	if t.Type == "" {
		t.Type = RoundRobin
	}
	if t.Games == 0 {
		t.Games = DefaultGames
		if t.Type == SPRTTest {
			t.Games = DefaultSPRTGames
		}
	}
	if t.Rounds == 0 {
		t.Rounds = DefaultRounds
		if t.Type == Swiss {
			t.Rounds = SwissRounds(len(r.Engines))
		}
	}
	r.Openings.fillDefaults()
	r.TimeControl.fillDefaults()
	for i := range r.Variants {
		if o := r.Variants[i].Openings; o != nil {
			o.fillDefaults()
		}
		if tc := r.Variants[i].TimeControl; tc != nil {
			tc.fillDefaults()
		}
	}
	if s := r.SPRT; s != nil {
		if s.Alpha == 0 {
			s.Alpha = DefaultAlpha
		}
		if s.Beta == 0 {
			s.Beta = DefaultBeta
		}
		if s.Model == "" {
			s.Model = ModelNormalized
		}
	}
	for i := range r.Engines {
		e := &r.Engines[i]
		if e.Kind == KindAlphaBeta && e.Hash == 0 {
			e.Hash = DefaultHash
		}
		if e.External() && e.Restart == "" {
			e.Restart = RestartOnCrash
		}
		if e.Kind == KindUCI && e.History == "" {
			e.History = HistoryGame
		}
		if e.TimeControl != nil {
			e.TimeControl.fillDefaults()
		}
	}
}

func (o *Openings) fillDefaults() {
	if o.Order == "" {
		o.Order = OrderSequential
	}
	if o.File != "" && o.Format == "" {
		o.Format = FormatEPD
		if strings.EqualFold(filepath.Ext(o.File), ".pgn") {
			o.Format = FormatPGN
		}
	}
	if o.File != "" && o.Start == 0 {
		o.Start = 1
	}
	if o.File != "" && o.Plies == nil {
		o.Plies = new(int) // a PGN book's games played to their end
	}
}

func (tc *TimeControl) fillDefaults() {
	if tc.Margin == nil && (tc.MoveTime != 0 || tc.Clock != "") {
		tc.Margin = Seconds(DefaultMargin)
	}
	if tc.StallTimeout == 0 && (tc.Depth != 0 || tc.Nodes != 0) {
		tc.StallTimeout = DefaultStallTimeout
	}
}

// validator checks a decoded run, collecting every problem.
type validator struct {
	name  string
	root  *yaml.Node // the run's mapping; nil for an empty file
	check Checker
	run   *Run
	errs  []*Error
	// refused: the variant_file's sections varena cannot play, and why.
	refused map[string]error
}

func (v *validator) errorf(line int, format string, args ...any) {
	if line <= 0 {
		line = max(v.run.Line, 1)
	}
	v.errs = append(v.errs, &Error{File: v.name, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// at returns the line of the key or list item at path (string keys and
// int indexes from the run's mapping), or of the nearest enclosing one
// that exists.
func (v *validator) at(path ...any) int {
	line, _ := v.find(path)
	return line
}

// zero reports an explicit 0 at path: the key is in the file with a
// zero value, which would otherwise read as "not given" and silently
// become the default.
func (v *validator) zero(val float64, path ...any) bool {
	_, found := v.find(path)
	return found && val == 0
}

func (v *validator) find(path []any) (line int, found bool) {
	if v.root == nil {
		return 0, false
	}
	n := yamlfile.Resolve(v.root)
	line = n.Line
	for _, step := range path {
		var next *yaml.Node
		switch s := step.(type) {
		case string:
			if n.Kind != yaml.MappingNode {
				return line, false
			}
			budget := maxMergePairs
			pairs, _ := mappingPairs(n, &budget, 0)
			for _, p := range pairs { // own keys come last and win
				if p.key.Value == s {
					line, next = p.key.Line, p.value
				}
			}
		case int:
			if n.Kind != yaml.SequenceNode || s >= len(n.Content) {
				return line, false
			}
			next = n.Content[s]
			line = next.Line
		}
		if next == nil {
			return line, false
		}
		n = yamlfile.Resolve(next)
	}
	return line, true
}

func sub(path []any, steps ...any) []any {
	return append(slices.Clip(path), steps...)
}

// variantFile loads the run's variant_file, whose variants the checks
// below then know.
func (v *validator) variantFile() {
	r := v.run
	if r.VariantFile == "" {
		return
	}
	line := v.at("variant_file")
	// Unless the file loads, the names the run gives are not checked: an
	// unknown name would only repeat the file's error.
	if v.check.LoadVariants != nil && !v.exists(r.VariantFile) {
		v.errorf(line, "variant_file: %s: no such file", r.Path(r.VariantFile))
		v.check.Variants = nil
		return
	}
	known, set, problem := v.check.loadVariantFile(r.Path(r.VariantFile))
	if problem != "" {
		v.errorf(line, "%s", problem)
		v.check.Variants = nil
		return
	}
	v.check.Variants, v.refused, r.VariantSet = known, set.Refused(), set
}

// loadVariantFile loads a config's variant_file at p (as seen from the
// working folder): the variants the config may then name (nil: any, as
// in Checker.Variants), the file's Set (its sections varena cannot play
// among it) and what is wrong ("" when the file loaded), for the
// variant_file key's line.
func (c Checker) loadVariantFile(p string) (known []string, set *variants.Set, problem string) {
	if c.LoadVariants == nil {
		return nil, nil, "variant_file: this command plays the built-in variants only"
	}
	set, err := c.LoadVariants(p)
	if err != nil {
		return nil, nil, fmt.Sprintf("variant_file: %v", err)
	}
	if c.Variants == nil {
		return nil, set, ""
	}
	known = slices.Clip(c.Variants)
	for _, v := range set.Loaded() {
		known = append(known, v.Name)
	}
	return known, set, ""
}

func (v *validator) knownVariant(name string) bool {
	return v.check.Variants == nil || slices.Contains(v.check.Variants, name)
}

// canonical returns the known variant's name that name gives
// (canonicalVariant).
func (v *validator) canonical(name string) string {
	return canonicalVariant(v.run.VariantSet, v.check.Variants, name)
}

// canonicalVariant returns the name, among known (nil: any), of the
// variant that name gives: name itself, or the name of the variant it is
// an alias of ("chess" is standard, "chess960" fischerandom, as
// Fairy-Stockfish users write them), so that a config checks, records and
// plays one spelling. A name that is neither is returned as it is, for
// the check to refuse.
func canonicalVariant(set *variants.Set, known []string, name string) string {
	if name == "" || known == nil || slices.Contains(known, name) {
		return name
	}
	if vr, err := set.ByName(name); err == nil && slices.Contains(known, vr.Name) {
		return vr.Name
	}
	return name
}

// canonicalNames gives the run's lists of variant names their canonical
// spelling before they are checked and compared (an engine's plays:
// [chess] must accept the run's variant: standard). The keys of the
// engines' maps keep theirs until their lines are reported
// (canonicalKeys).
func (v *validator) canonicalNames() {
	r := v.run
	r.Variant = v.canonical(r.Variant)
	for i := range r.Variants {
		r.Variants[i].Name = v.canonical(r.Variants[i].Name)
	}
	for i := range r.Engines {
		e := &r.Engines[i]
		for _, list := range [][]string{e.Plays, e.Declines} {
			for j := range list {
				list[j] = v.canonical(list[j])
			}
		}
	}
}

// canonicalKeys rewrites the variant names that key an engine's map
// (weights, variant_names) to their canonical spelling, refusing two
// keys that name one variant.
func (v *validator) canonicalKeys(m map[string]string, label, key string, path []any) map[string]string {
	if len(m) == 0 {
		return m
	}
	out := make(map[string]string, len(m))
	by := map[string]string{} // the key that gave each canonical name
	for _, name := range slices.Sorted(maps.Keys(m)) {
		c := v.canonical(name)
		if first, dup := by[c]; dup {
			v.errorf(v.at(sub(path, key, name)...), "%s: %s: %s and %s are one variant (%s); give it once", label, key, first, name, c)
			continue
		}
		by[c], out[c] = name, m[name]
	}
	return out
}

func (v *validator) unknownVariant(line int, prefix, name string) {
	if err, ok := v.refused[name]; ok {
		v.errorf(line, "%s%s is a section of the variant_file varena cannot play: %v", prefix, name, err)
		return
	}
	hint := ""
	if s := closest(name, v.check.Variants); s != "" {
		hint = fmt.Sprintf("did you mean %q? ", s)
	}
	v.errorf(line, "%sunknown variant %q (%sknown: %s)", prefix, name, hint, strings.Join(v.check.Variants, ", "))
}

// exists reports whether the file p named in the run exists.
func (v *validator) exists(p string) bool {
	if v.check.FileExists != nil {
		return v.check.FileExists(v.run.Path(p))
	}
	info, err := v.run.stat(p)
	return err == nil && !info.IsDir()
}

func (v *validator) validate() {
	r := v.run
	if r.Name != "" && !ValidName(r.Name) {
		v.errorf(v.at("name"), "name %q: %s", r.Name, NameRule)
	}
	v.variantFile()
	v.canonicalNames()
	v.variants()
	v.tournament()
	v.openings(&r.Openings, "openings", []any{"openings"})
	if len(r.Variants) > 0 && r.Openings.File != "" {
		v.errorf(v.at("openings", "file"), "openings.file with several variants: a file holds positions of one variant; give each variant its own openings")
	}
	v.timeControl(&r.TimeControl, "time_control", []any{"time_control"}, false)
	v.adjudication()
	v.engines()
	v.limitsCovered()
	if r.Concurrency < 0 {
		v.errorf(v.at("concurrency"), "concurrency: %d is negative (0 means one worker per CPU)", r.Concurrency)
	} else if r.Concurrency > MaxConcurrency {
		v.errorf(v.at("concurrency"), "concurrency: %d is more than %d games at once", r.Concurrency, MaxConcurrency)
	}
}

func (v *validator) variants() {
	r := v.run
	switch {
	case r.Variant == "" && len(r.Variants) == 0:
		v.errorf(v.at("variant"), "no variant: set variant (one) or variants (a list)")
	case r.Variant != "" && len(r.Variants) > 0:
		v.errorf(v.at("variants"), "variant and variants both set: give one of them")
	}
	if r.Variant != "" && !v.knownVariant(r.Variant) {
		v.unknownVariant(v.at("variant"), "variant: ", r.Variant)
	}
	seen := map[string]bool{}
	for i := range r.Variants {
		s := &r.Variants[i]
		p := []any{"variants", i}
		switch {
		case s.Name == "":
			v.errorf(v.at(p...), "variants: entry %d has no name", i+1)
		case !v.knownVariant(s.Name):
			v.unknownVariant(v.at(sub(p, "name")...), "variants: ", s.Name)
		case seen[s.Name]:
			v.errorf(v.at(sub(p, "name")...), "variants: %s listed twice", s.Name)
		}
		seen[s.Name] = true
		label := fmt.Sprintf("variant %q: ", s.Name)
		if s.Openings != nil {
			v.openings(s.Openings, label+"openings", sub(p, "openings"))
		}
		if s.TimeControl != nil {
			v.timeControl(s.TimeControl, label+"time_control", sub(p, "time_control"), true)
		}
	}
	switch r.VariantSchedule {
	case "":
	case ScheduleAll, ScheduleAssigned:
		if len(r.Variants) == 0 {
			v.errorf(v.at("variant_schedule"), "variant_schedule is for runs with several variants")
		}
	default:
		v.errorf(v.at("variant_schedule"), "variant_schedule: unknown schedule %q (known: all, assigned)", r.VariantSchedule)
	}
}

// SwissRounds is the default number of rounds of a Swiss of n players:
// ceil(log2 n), the fewest that can leave one player ahead of all.
func SwissRounds(n int) int {
	r := 0
	for 1<<r < n {
		r++
	}
	return max(r, 1)
}

func (v *validator) tournament() {
	r := v.run
	t := &r.Tournament
	typ, known := t.Type, true
	switch typ {
	case "":
		typ = RoundRobin
	case RoundRobin, Gauntlet, SPRTTest, Swiss, Knockout:
	default:
		known = false
		v.errorf(v.at("tournament", "type"), "tournament.type: unknown type %q (known: round-robin, gauntlet, sprt, swiss, knockout)", t.Type)
	}
	if (typ == Swiss || typ == Knockout) && len(r.Engines) < 2 {
		v.errorf(v.at("engines"), "tournament type %s needs 2 engines or more, have %d", typ, len(r.Engines))
	}
	if most := len(r.Engines) - 1 + len(r.Engines)%2; typ == Swiss && len(r.Engines) >= 2 && t.Rounds > most {
		v.errorf(v.at("tournament", "rounds"), "tournament.rounds: %d rounds of a Swiss of %d engines; at most %d, when every engine has met every other", t.Rounds, len(r.Engines), most)
	}
	if t.Seeds < 0 {
		v.errorf(v.at("tournament", "seeds"), "tournament.seeds: %d is negative", t.Seeds)
	} else if t.Seeds > 0 && typ != Knockout {
		v.errorf(v.at("tournament", "seeds"), "tournament.seeds is only for tournament type knockout")
	}
	switch {
	case t.Games < 0:
		v.errorf(v.at("tournament", "games"), "tournament.games: %d is negative", t.Games)
	case v.zero(float64(t.Games), "tournament", "games"):
		def := DefaultGames
		if typ == SPRTTest {
			def = DefaultSPRTGames
		}
		v.errorf(v.at("tournament", "games"), "tournament.games: 0 games; want an even number, 2 or more (leave the key out for %d)", def)
	case t.Games%2 != 0:
		v.errorf(v.at("tournament", "games"), "tournament.games: %d is odd; each opening is played twice, colours reversed, so games must be even", t.Games)
	}
	if t.Rounds < 0 {
		v.errorf(v.at("tournament", "rounds"), "tournament.rounds: %d is negative", t.Rounds)
	} else if v.zero(float64(t.Rounds), "tournament", "rounds") {
		v.errorf(v.at("tournament", "rounds"), "tournament.rounds: 0 rounds; want 1 or more (leave the key out for %d)", DefaultRounds)
	}

	if typ == Gauntlet {
		switch {
		case t.Challenger == "":
			v.errorf(v.at("tournament", "type"), "tournament: a gauntlet needs a challenger (the name of one of the engines)")
		case r.Engine(t.Challenger) == nil:
			v.errorf(v.at("tournament", "challenger"), "tournament.challenger: no engine named %q (engines: %s)", t.Challenger, strings.Join(v.engineNames(), ", "))
		}
	} else if t.Challenger != "" {
		v.errorf(v.at("tournament", "challenger"), "tournament.challenger is only for tournament type gauntlet")
	}

	if a := t.Adaptive; a != nil {
		switch {
		case typ != RoundRobin:
			v.errorf(v.at("tournament", "adaptive"), "tournament.adaptive is only for a round robin")
		case len(r.Variants) > 0:
			v.errorf(v.at("tournament", "adaptive"), "tournament.adaptive: one variant only (its ranking is one list); this run has variants:")
		case len(r.Engines) < 3:
			v.errorf(v.at("tournament", "adaptive"), "tournament.adaptive: a ranking of %d engines has nothing to settle but one match; play it as an sprt", len(r.Engines))
		}
		if a.LOS == 0 {
			a.LOS = DefaultAdaptiveLOS
		}
		if !(a.LOS > 0.5 && a.LOS < 1) {
			v.errorf(v.at("tournament", "adaptive", "los"), "tournament.adaptive.los: %g; want a likelihood above 0.5 and below 1 (such as %g)", a.LOS, DefaultAdaptiveLOS)
		}
	}

	if typ == SPRTTest {
		if r.SPRT == nil {
			v.errorf(v.at("tournament", "type"), "tournament type sprt needs an sprt block (elo0, elo1)")
		}
		if n := len(r.Engines); n != 2 {
			v.errorf(v.at("engines"), "tournament type sprt needs exactly two engines (the first is tested against the second), have %d", n)
		}
	} else if r.SPRT != nil && known {
		v.errorf(v.at("sprt"), "sprt is only for tournament type sprt")
	}
	if s := r.SPRT; s != nil {
		v.sprt(s)
		if s.PerVariant {
			switch {
			case len(r.Variants) == 0:
				v.errorf(v.at("sprt", "per_variant"), "sprt.per_variant: a test per variant needs a `variants:` list")
			case r.VariantSchedule == ScheduleAssigned:
				v.errorf(v.at("sprt", "per_variant"), "sprt.per_variant: needs variant_schedule all (every variant plays its own games), not assigned")
			}
		}
	}
}

func (v *validator) sprt(s *SPRT) {
	finite := true
	for _, f := range []struct {
		key string
		val float64
	}{{"elo0", s.Elo0}, {"elo1", s.Elo1}} {
		if math.IsNaN(f.val) || math.IsInf(f.val, 0) {
			v.errorf(v.at("sprt", f.key), "sprt.%s: %g is not a finite number", f.key, f.val)
			finite = false
		}
	}
	if finite && s.Elo0 >= s.Elo1 {
		v.errorf(v.at("sprt", "elo1"), "sprt: elo0 (%g) must be below elo1 (%g)", s.Elo0, s.Elo1)
	}
	probs := true
	for _, f := range []struct {
		key string
		val float64
	}{{"alpha", s.Alpha}, {"beta", s.Beta}} {
		if !(f.val >= 0 && f.val < 1) || v.zero(f.val, "sprt", f.key) { // 0: not given, the default
			v.errorf(v.at("sprt", f.key), "sprt.%s: %g is not between 0 and 1 (both excluded)", f.key, f.val)
			probs = false
		}
	}
	alpha, beta := cmpOr(s.Alpha, DefaultAlpha), cmpOr(s.Beta, DefaultBeta)
	if probs && alpha+beta >= 1 {
		v.errorf(v.at("sprt"), "sprt: alpha + beta (%g) must be below 1", alpha+beta)
	}
	switch s.Model {
	case "", ModelNormalized, ModelLogistic:
	default:
		v.errorf(v.at("sprt", "model"), "sprt.model: unknown model %q (known: normalized, logistic)", s.Model)
	}
}

func cmpOr(x, def float64) float64 {
	if x == 0 {
		return def
	}
	return x
}

// openings checks o; label names it in messages, path finds its lines.
func (v *validator) openings(o *Openings, label string, path []any) {
	switch o.Order {
	case "", OrderSequential, OrderRandom:
	default:
		v.errorf(v.at(sub(path, "order")...), "%s.order: unknown order %q (known: sequential, random)", label, o.Order)
	}
	switch o.Format {
	case "", FormatEPD, FormatPGN:
	default:
		v.errorf(v.at(sub(path, "format")...), "%s.format: unknown format %q (known: epd, pgn)", label, o.Format)
	}
	if o.File == "" && o.Format != "" {
		v.errorf(v.at(sub(path, "format")...), "%s.format without a file: it says how to read the file", label)
	}
	pgn := o.Format == FormatPGN || o.Format == "" && strings.EqualFold(filepath.Ext(o.File), ".pgn")
	if o.PlyCount() < 0 {
		v.errorf(v.at(sub(path, "plies")...), "%s.plies: %d is negative", label, o.PlyCount())
	}
	if o.Start < 0 {
		v.errorf(v.at(sub(path, "start")...), "%s.start: %d is negative", label, o.Start)
	} else if o.Start > 0 && o.File == "" {
		v.errorf(v.at(sub(path, "start")...), "%s.start: a line of a book; give file too", label)
	}
	if o.File != "" && o.PlyCount() != 0 && !pgn {
		v.errorf(v.at(sub(path, "plies")...), "%s: file and plies both given; give one (plies makes random openings, or with format: pgn, plays that many plies of each game)", label)
	}
	if o.File != "" && !v.exists(o.File) {
		v.errorf(v.at(sub(path, "file")...), "%s.file: %s not found", label, v.run.Path(o.File))
	}
}

// timeControl checks tc and parses its clock; label names it in
// messages, path finds its lines. required: the block is in the file, so
// it must set a limit.
func (v *validator) timeControl(tc *TimeControl, label string, path []any, required bool) {
	kinds := tc.kinds()
	switch {
	case len(kinds) > 1:
		v.errorf(v.at(sub(path, kinds[1])...), "%s: %s set; give only one of depth, nodes, movetime and clock", label, strings.Join(kinds, " and "))
	case len(kinds) == 0 && required && !slices.ContainsFunc([]string{"depth", "nodes", "movetime", "clock"}, func(k string) bool {
		_, found := v.find(sub(path, k))
		return found // a limit given as 0 is reported below
	}):
		v.errorf(v.at(path...), "%s: no limit; set one of depth, nodes, movetime or clock", label)
	}
	if tc.Depth < 0 || v.zero(float64(tc.Depth), sub(path, "depth")...) {
		v.errorf(v.at(sub(path, "depth")...), "%s.depth: %d is not positive", label, tc.Depth)
	}
	if tc.Nodes < 0 || v.zero(float64(tc.Nodes), sub(path, "nodes")...) {
		v.errorf(v.at(sub(path, "nodes")...), "%s.nodes: %d is not positive", label, tc.Nodes)
	}
	if tc.MoveTime != 0 && !(tc.MoveTime > 0 && tc.MoveTime <= maxSeconds) || v.zero(tc.MoveTime, sub(path, "movetime")...) {
		v.errorf(v.at(sub(path, "movetime")...), "%s.movetime: %g is not a positive number of seconds", label, tc.MoveTime)
	}
	if tc.Clock != "" {
		moves, base, inc, err := ParseClock(tc.Clock)
		if err != nil {
			v.errorf(v.at(sub(path, "clock")...), "%s.clock: %v", label, err)
		}
		tc.Moves, tc.Base, tc.Increment = moves, base, inc
	}
	if m := tc.MarginSeconds(); !(m >= 0 && m <= maxSeconds) {
		v.errorf(v.at(sub(path, "margin")...), "%s.margin: %g is not a number of seconds >= 0", label, m)
	}
	if !(tc.StallTimeout >= 0 && tc.StallTimeout <= maxSeconds) || v.zero(tc.StallTimeout, sub(path, "stall_timeout")...) {
		v.errorf(v.at(sub(path, "stall_timeout")...), "%s.stall_timeout: %g is not a positive number of seconds", label, tc.StallTimeout)
	} else if tc.StallTimeout != 0 && tc.Depth == 0 && tc.Nodes == 0 {
		v.errorf(v.at(sub(path, "stall_timeout")...), "%s.stall_timeout: for depth and nodes limits only (a clock or movetime has its margin)", label)
	}
}

func (v *validator) adjudication() {
	a := &v.run.Adjudication
	if a.MaxPlies < 0 {
		v.errorf(v.at("adjudication", "max_plies"), "adjudication.max_plies: %d is negative", a.MaxPlies)
	}
	positive := func(key string, val int, path ...any) {
		if val <= 0 {
			v.errorf(v.at(sub(path, key)...), "adjudication.%s.%s must be positive, have %d", path[1], key, val)
		}
	}
	if d := a.Draw; d != nil {
		if d.MoveNumber < 0 {
			v.errorf(v.at("adjudication", "draw", "move_number"), "adjudication.draw.move_number: %d is negative", d.MoveNumber)
		}
		positive("moves", d.Moves, "adjudication", "draw")
		positive("score", d.Score, "adjudication", "draw")
	}
	if r := a.Resign; r != nil {
		positive("moves", r.Moves, "adjudication", "resign")
		positive("score", r.Score, "adjudication", "resign")
	}
}

func (v *validator) engineNames() []string {
	var names []string
	for _, e := range v.run.Engines {
		names = append(names, e.Name)
	}
	return names
}

func engineLabel(e *Engine, i int) string {
	if e.Name == "" {
		return fmt.Sprintf("engine %d", i+1)
	}
	return fmt.Sprintf("engine %q", e.Name)
}

func (v *validator) engines() {
	r := v.run
	if n := len(r.Engines); n < 2 {
		v.errorf(v.at("engines"), "engines: need at least two, have %d", n)
	}
	first := map[string]int{} // name -> line
	for i := range r.Engines {
		v.engine(&r.Engines[i], i, first)
	}
}

// external are the kinds of engine programs varena talks to.
var external = []string{KindUCI, KindXboard, KindUSI, KindUCCI}

// onlyFor lists the engine keys that only some kinds accept.
var onlyFor = []struct {
	key   string
	set   func(e *Engine) bool
	kinds []string
}{
	{"command", func(e *Engine) bool { return e.Command != "" }, external},
	{"args", func(e *Engine) bool { return len(e.Args) > 0 }, external},
	{"dir", func(e *Engine) bool { return e.Dir != "" }, external},
	{"options", func(e *Engine) bool { return len(e.Options) > 0 }, []string{KindUCI, KindXboard, KindUSI, KindUCCI, KindAlphaBeta}},
	{"variant_names", func(e *Engine) bool { return len(e.VariantNames) > 0 }, external},
	{"restart", func(e *Engine) bool { return e.Restart != "" }, external},
	{"history", func(e *Engine) bool { return e.History != "" }, []string{KindUCI}},
	{"ponder", func(e *Engine) bool { return e.Ponder }, []string{KindUCI, KindXboard}},
	{"weights", func(e *Engine) bool { return len(e.Weights) > 0 }, []string{KindAlphaBeta, KindGreedy}},
	{"hash", func(e *Engine) bool { return e.Hash != 0 }, []string{KindAlphaBeta}},
	{"threads", func(e *Engine) bool { return e.Threads != 0 }, []string{KindAlphaBeta}},
	{"seed", func(e *Engine) bool { return e.Seed != 0 }, []string{KindRandom, KindGreedy}},
}

// andList writes "a", "a and b", "a, b and c".
func andList(s []string) string {
	if len(s) <= 2 {
		return strings.Join(s, " and ")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

var kinds = []string{KindAlphaBeta, KindRandom, KindGreedy, KindUCI, KindXboard, KindUSI, KindUCCI}

func (v *validator) engine(e *Engine, i int, first map[string]int) {
	p := []any{"engines", i}
	at := func(key string) int { return v.at(sub(p, key)...) }
	label := engineLabel(e, i)
	switch line, dup := first[e.Name]; {
	case e.Name == "":
		v.errorf(v.at(p...), "%s has no name", label)
	case !ValidName(e.Name):
		v.errorf(at("name"), "engine name %q: %s", e.Name, NameRule)
	case dup:
		v.errorf(at("name"), "engine name %q used twice (first at line %d)", e.Name, line)
	default:
		first[e.Name] = at("name")
	}

	switch {
	case e.Kind == "":
		v.errorf(v.at(p...), "%s has no kind (alphabeta, random, greedy, uci, xboard, usi or ucci)", label)
	case !slices.Contains(kinds, e.Kind):
		v.errorf(at("kind"), "%s: unknown kind %q (known: %s)", label, e.Kind, strings.Join(kinds, ", "))
	default:
		for _, o := range onlyFor {
			if o.set(e) && !slices.Contains(o.kinds, e.Kind) {
				v.errorf(at(o.key), "%s: %s is for %s engines, not %s", label, o.key, andList(o.kinds), e.Kind)
			}
		}
	}
	if e.External() && e.Command == "" {
		v.errorf(v.at(p...), "%s: kind %s needs a command", label, e.Kind)
	} else if e.External() && v.check.Commands {
		if _, err := v.run.EngineCommand(*e); err != nil {
			// Worded as the run's own start-up failure words it.
			v.errorf(at("command"), "engine %s: %v", e.Name, err)
		}
	}
	if e.Hash < 0 {
		v.errorf(at("hash"), "%s: hash %d is negative", label, e.Hash)
	} else if e.Hash > MaxHash {
		v.errorf(at("hash"), "%s: hash %d MB is more than %d MB", label, e.Hash, MaxHash)
	} else if v.zero(float64(e.Hash), sub(p, "hash")...) {
		v.errorf(at("hash"), "%s: hash 0; want 1 MB or more (leave the key out for %d)", label, DefaultHash)
	}
	if e.Threads < 0 || e.Threads > MaxThreads || v.zero(float64(e.Threads), sub(p, "threads")...) {
		v.errorf(at("threads"), "%s: threads %d; want 1 to %d (leave the key out for 1)", label, e.Threads, MaxThreads)
	}
	if v.zero(float64(e.Seed), sub(p, "seed")...) {
		v.errorf(at("seed"), "%s: seed 0 means the run's seed; leave the key out for that, or give another number", label)
	}
	for _, variant := range slices.Sorted(maps.Keys(e.Weights)) {
		file := e.Weights[variant]
		line := v.at(sub(p, "weights", variant)...)
		switch {
		case !v.knownVariant(v.canonical(variant)):
			v.unknownVariant(line, label+": weights: ", variant)
		case file == "":
			v.errorf(line, "%s: weights for %s: no file given", label, variant)
		case !v.exists(file):
			v.errorf(line, "%s: weights for %s: %s not found", label, variant, v.run.Path(file))
		}
	}
	if e.Kind == KindAlphaBeta && v.check.SearchOption != nil {
		for _, name := range slices.Sorted(maps.Keys(e.Options)) {
			if err := v.check.SearchOption(name, e.Options[name]); err != nil {
				v.errorf(v.at(sub(p, "options", name)...), "%s: options: %v", label, err)
			}
		}
	}
	switch e.Restart {
	case "", RestartOnCrash, RestartAlways:
	default:
		v.errorf(at("restart"), "%s: unknown restart %q (known: on-crash, always)", label, e.Restart)
	}
	switch e.History {
	case "", HistoryGame, HistoryReversible, HistoryNone:
	default:
		v.errorf(at("history"), "%s: unknown history %q (known: game, reversible, none)", label, e.History)
	}
	for _, variant := range slices.Sorted(maps.Keys(e.VariantNames)) {
		line := v.at(sub(p, "variant_names", variant)...)
		if !v.knownVariant(v.canonical(variant)) {
			v.unknownVariant(line, label+": variant_names: ", variant)
		} else if e.VariantNames[variant] == "" {
			v.errorf(line, "%s: variant_names: no name given for %s", label, variant)
		}
	}
	e.Weights = v.canonicalKeys(e.Weights, label, "weights", p)
	e.VariantNames = v.canonicalKeys(e.VariantNames, label, "variant_names", p)
	for _, key := range []string{"plays", "declines"} {
		list := e.Plays
		if key == "declines" {
			list = e.Declines
		}
		for j, variant := range list {
			if !v.knownVariant(variant) {
				v.unknownVariant(v.at(sub(p, key, j)...), label+": "+key+": ", variant)
			} else if key == "declines" && slices.Contains(e.Plays, variant) {
				v.errorf(v.at(sub(p, key, j)...), "%s: %s both in plays and in declines", label, variant)
			}
		}
	}
	if names := v.run.VariantNames(); len(names) > 0 && !slices.ContainsFunc(names, e.Accepts) {
		v.errorf(v.at(p...), "%s plays none of the run's variants (%s)", label, strings.Join(names, ", "))
	}
	if e.TimeControl != nil {
		v.timeControl(e.TimeControl, label+": time_control", sub(p, "time_control"), true)
	}
}

// limitsCovered checks that every engine that searches has a time
// control in every variant it plays: its own, the variant's or the run's.
func (v *validator) limitsCovered() {
	r := v.run
	if !r.TimeControl.IsZero() {
		return
	}
	var missing []int
	needing := 0
	for i := range r.Engines {
		e := &r.Engines[i]
		if !e.needsLimits() {
			continue
		}
		needing++
		if e.TimeControl != nil {
			continue
		}
		covered := len(r.Variants) > 0
		for _, s := range r.Variants {
			if e.Accepts(s.Name) && s.TimeControl == nil {
				covered = false
			}
		}
		if !covered {
			missing = append(missing, i)
		}
	}
	if len(missing) == 0 {
		return
	}
	if len(missing) == needing && len(missing) > 1 {
		v.errorf(v.at("time_control"), "no time control: set time_control (one of depth, nodes, movetime, clock) for the run or for every engine")
		return
	}
	for _, i := range missing {
		v.errorf(v.at("engines", i), "%s has no time control: give it a time_control or set one for the run", engineLabel(&r.Engines[i], i))
	}
}
