package configs

import (
	"varena/engines/variants"
	"varena/engines/yamlfile"

	"math"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Tuning methods of `varena tune CONFIG.yaml`.
const (
	MethodTexel = "texel"
	MethodSPSA  = "spsa"
)

// SPSA defaults (fishtest's).
const (
	DefaultSPSAAlpha  = 0.602
	DefaultSPSAGamma  = 0.101
	DefaultSPSAARatio = 0.1 // A = 0.1 * iterations
)

// SPSATune is a tune config with method spsa: SPSA over game pairs of an
// engine's parameters. Besides its spsa block it has the keys of a run
// that a match needs (variant, seed, concurrency, out, time_control,
// openings, adjudication, engines), with the same meaning and checks.
type SPSATune struct {
	Method  string `yaml:"method"` // spsa
	Name    string `yaml:"name"`
	Variant string `yaml:"variant"`
	// VariantSet holds the variants the tune may name: the built-ins
	// (nil) and those of the command's -variant-file.
	VariantSet   *variants.Set `yaml:"-"`
	Out          string        `yaml:"out"`
	Seed         uint64        `yaml:"seed"`
	Concurrency  int           `yaml:"concurrency"` // game pairs in flight; 0 = number of CPUs
	SPSA         SPSA          `yaml:"spsa"`
	TimeControl  TimeControl   `yaml:"time_control"`
	Openings     Openings      `yaml:"openings"`
	Adjudication Adjudication  `yaml:"adjudication"`
	Engines      []Engine      `yaml:"engines"`

	File string `yaml:"-"`
	Line int    `yaml:"-"`
}

// SPSA is the spsa block: what is tuned and the gain constants.
type SPSA struct {
	Iterations int `yaml:"iterations"` // game pairs
	// Engine names the engine entry whose parameters are tuned (default:
	// the first). It plays theta+ against theta- unless Opponent names
	// another entry: then theta+ and theta- each play a pair against it
	// on the iteration's opening.
	Engine   string `yaml:"engine"`
	Opponent string `yaml:"opponent"`
	// A, Alpha, Gamma: the gain sequences' constants (defaults 0.1 *
	// iterations, 0.602, 0.101). A is a pointer so that 0 can be given.
	A          *float64    `yaml:"A"`
	Alpha      float64     `yaml:"alpha"`
	Gamma      float64     `yaml:"gamma"`
	Parameters []SPSAParam `yaml:"parameters"`
	Line       int         `yaml:"-"`
}

// SPSAParam is one tuned parameter, by name: a UCI spin option of an
// external engine; for the built-in engine a search parameter or, when
// no search parameter has the name, an evaluation weight of the variant
// (a key of its weights file, e.g. material_knight_mg).
type SPSAParam struct {
	Name  string  `yaml:"name"`
	Start float64 `yaml:"start"`
	Min   float64 `yaml:"min"`
	Max   float64 `yaml:"max"`
	CEnd  float64 `yaml:"c_end"` // the perturbation at the last iteration
	REnd  float64 `yaml:"r_end"` // the learning rate at the last iteration
	Line  int     `yaml:"-"`
}

func (t *SPSATune) UnmarshalYAML(n *yaml.Node) error {
	type plain SPSATune
	t.Line = n.Line
	return decodeStrict(n, (*plain)(t), "tune")
}

func (s *SPSA) UnmarshalYAML(n *yaml.Node) error {
	type plain SPSA
	s.Line = n.Line
	return decodeStrict(n, (*plain)(s), "spsa")
}

func (p *SPSAParam) UnmarshalYAML(n *yaml.Node) error {
	type plain SPSAParam
	p.Line = n.Line
	return decodeStrict(n, (*plain)(p), "spsa parameter")
}

// TuneMethod returns the method key of a tune config ("" when absent),
// without checking the rest.
func TuneMethod(data []byte) string {
	var doc struct {
		Method string `yaml:"method"`
	}
	if yaml.Unmarshal(data, &doc) != nil {
		return ""
	}
	return doc.Method
}

// LoadSPSA reads, validates and completes an SPSA tune config.
func LoadSPSA(path string, check Checker) (*SPSATune, error) {
	data, err := yamlfile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseSPSA(path, path, data, check)
}

// ParseSPSA is LoadSPSA on data named name, for a config not on disk
// (relative paths are then relative to the working directory).
func ParseSPSA(name string, data []byte, check Checker) (*SPSATune, error) {
	return parseSPSA(name, "", data, check)
}

type spsaDocument struct {
	tune SPSATune
	node *yaml.Node
}

func (d *spsaDocument) UnmarshalYAML(n *yaml.Node) error {
	d.node = n
	return n.Decode(&d.tune)
}

func parseSPSA(name, file string, data []byte, check Checker) (*SPSATune, error) {
	var doc spsaDocument
	errs, typeErrs, err := decodeOne(name, data, &doc, "a tune file holds one tune")
	if err != nil {
		return nil, err
	}
	t := &doc.tune
	t.File = file
	if !typeErrs {
		errs = append(errs, t.validate(name, doc.node, check)...)
	}
	if err := joinErrors(errs); err != nil {
		return nil, err
	}
	t.fillDefaults(name)
	return t, nil
}

// Run returns the run that the tune's games belong to: its variant,
// seed, time control, openings, adjudication and engines (PGN event, the
// players' factory and the openings' paths use it).
func (t *SPSATune) Run() *Run {
	return &Run{Name: t.Name, Variant: t.Variant, Out: t.Out, Seed: t.Seed, Concurrency: t.Concurrency,
		Tournament: Tournament{Type: RoundRobin, Games: 2, Rounds: 1},
		Openings:   t.Openings, TimeControl: t.TimeControl, Adjudication: t.Adjudication,
		Engines: t.Engines, File: t.File, Line: t.Line, VariantSet: t.VariantSet}
}

// TunedEngine returns the engine entry whose parameters are tuned.
func (t *SPSATune) TunedEngine() *Engine {
	for i := range t.Engines {
		if t.Engines[i].Name == t.SPSA.Engine {
			return &t.Engines[i]
		}
	}
	return nil
}

// OpponentEngine returns the opponent's entry, nil for self-play.
func (t *SPSATune) OpponentEngine() *Engine {
	for i := range t.Engines {
		if t.SPSA.Opponent != "" && t.Engines[i].Name == t.SPSA.Opponent {
			return &t.Engines[i]
		}
	}
	return nil
}

// Fingerprint is the tune as YAML without what may change between the
// sessions of one tuning (name, out, concurrency) or does not change the
// games (line numbers): an output directory is resumed only by a config
// with the same fingerprint.
func (t *SPSATune) Fingerprint() string {
	c := *t
	c.Name, c.Out, c.Concurrency = "", "", 0
	data, err := yaml.Marshal(&c)
	if err != nil {
		return "" // not reached: every field marshals
	}
	return string(data)
}

func (t *SPSATune) fillDefaults(name string) {
	if t.Name == "" {
		base := filepath.Base(name)
		t.Name = strings.TrimSuffix(base, filepath.Ext(base))
	}
	s := &t.SPSA
	if s.Engine == "" && len(t.Engines) > 0 {
		s.Engine = t.Engines[0].Name
	}
	if s.A == nil {
		a := math.Round(DefaultSPSAARatio * float64(s.Iterations))
		s.A = &a
	}
	if s.Alpha == 0 {
		s.Alpha = DefaultSPSAAlpha
	}
	if s.Gamma == 0 {
		s.Gamma = DefaultSPSAGamma
	}
	r := t.Run()
	r.fillDefaults(name)
	t.Openings, t.TimeControl, t.Engines = r.Openings, r.TimeControl, r.Engines
}

// validate checks the tune with the run's validator (the shared keys
// stand where they stand in a run file, so its line lookups hold) and
// the spsa block.
func (t *SPSATune) validate(name string, root *yaml.Node, check Checker) []*Error {
	r := t.Run()
	v := &validator{name: name, root: root, check: check, run: r}
	t.Variant = v.canonical(t.Variant)
	r.Variant = t.Variant
	if t.Method != MethodSPSA {
		v.errorf(v.at("method"), "method: %q; this config is read as method %s", t.Method, MethodSPSA)
	}
	if t.Variant == "" {
		v.errorf(v.at("variant"), "no variant: set variant")
	} else if !v.knownVariant(t.Variant) {
		v.unknownVariant(v.at("variant"), "variant: ", t.Variant)
	}
	v.openings(&r.Openings, "openings", []any{"openings"})
	v.timeControl(&r.TimeControl, "time_control", []any{"time_control"}, false)
	v.adjudication()
	if len(r.Engines) == 0 {
		v.errorf(v.at("engines"), "engines: none; list the engine to tune (and the opponent, if any)")
	}
	first := map[string]int{}
	for i := range r.Engines {
		v.engine(&r.Engines[i], i, first)
	}
	v.limitsCovered()
	if t.Concurrency < 0 {
		v.errorf(v.at("concurrency"), "concurrency: %d is negative (0 means one pair per CPU)", t.Concurrency)
	} else if t.Concurrency > MaxConcurrency {
		v.errorf(v.at("concurrency"), "concurrency: %d is more than %d at once", t.Concurrency, MaxConcurrency)
	}
	t.TimeControl, t.Engines = r.TimeControl, r.Engines // the parsed clocks

	s := &t.SPSA
	at := func(path ...any) int { return v.at(append([]any{"spsa"}, path...)...) }
	if s.Line == 0 {
		v.errorf(0, "no spsa block: give spsa.iterations and spsa.parameters")
		return v.errs
	}
	if s.Iterations > MaxSPSAIterations {
		// The tuner keeps a flag per iteration: iterations: 2000000000
		// took 2 GB before the first pair.
		v.errorf(at("iterations"), "spsa.iterations: %d is more than %d game pairs", s.Iterations, MaxSPSAIterations)
	}
	if s.Iterations <= 0 {
		v.errorf(at("iterations"), "spsa.iterations: %d; give the number of game pairs (> 0)", s.Iterations)
	}
	tuned := r.Engine(s.Engine)
	if s.Engine == "" && len(r.Engines) > 0 {
		tuned = &r.Engines[0]
	}
	switch {
	case s.Engine != "" && tuned == nil:
		v.errorf(at("engine"), "spsa.engine: no engine named %q (engines: %s)", s.Engine, strings.Join(v.engineNames(), ", "))
	case tuned != nil && tuned.Kind != KindAlphaBeta && tuned.Kind != KindUCI:
		v.errorf(at("engine"), "spsa.engine: %s is a %s engine, which has no parameters; tune an alphabeta or uci engine", tuned.Name, tuned.Kind)
	}
	if s.Opponent != "" {
		switch o := r.Engine(s.Opponent); {
		case o == nil:
			v.errorf(at("opponent"), "spsa.opponent: no engine named %q (engines: %s)", s.Opponent, strings.Join(v.engineNames(), ", "))
		case tuned != nil && o.Name == tuned.Name:
			v.errorf(at("opponent"), "spsa.opponent: %s is the tuned engine; leave opponent out for theta+ against theta-", s.Opponent)
		}
	}
	if s.A != nil && !(*s.A >= 0 && !math.IsInf(*s.A, 0)) {
		v.errorf(at("A"), "spsa.A: %g is not a finite number >= 0", *s.A)
	}
	for _, f := range []struct {
		key string
		val float64
	}{{"alpha", s.Alpha}, {"gamma", s.Gamma}} {
		if !(f.val >= 0 && f.val <= 1) {
			v.errorf(at(f.key), "spsa.%s: %g is not between 0 and 1 (0: the default)", f.key, f.val)
		}
	}
	if len(s.Parameters) == 0 {
		v.errorf(at("parameters"), "spsa.parameters: none; list the parameters to tune (name, start, min, max, c_end, r_end)")
	}
	seen := map[string]int{}
	for i := range s.Parameters {
		p := &s.Parameters[i]
		pat := func(key string) int { return at("parameters", i, key) }
		label := "spsa parameter " + p.Name
		switch line, dup := seen[p.Name]; {
		case p.Name == "":
			v.errorf(at("parameters", i), "spsa parameter %d has no name", i+1)
			label = "spsa parameter"
		case dup:
			v.errorf(pat("name"), "spsa parameter %s given twice (first at line %d)", p.Name, line)
		default:
			seen[p.Name] = pat("name")
		}
		finite := true
		for _, f := range []struct {
			key string
			val float64
		}{{"start", p.Start}, {"min", p.Min}, {"max", p.Max}, {"c_end", p.CEnd}, {"r_end", p.REnd}} {
			if math.IsNaN(f.val) || math.IsInf(f.val, 0) {
				v.errorf(pat(f.key), "%s: %s %g is not a finite number", label, f.key, f.val)
				finite = false
			}
		}
		if !finite {
			continue
		}
		switch {
		case !(p.Min < p.Max):
			v.errorf(pat("max"), "%s: min %g is not below max %g", label, p.Min, p.Max)
		case p.Start < p.Min || p.Start > p.Max:
			v.errorf(pat("start"), "%s: start %g is outside [min, max] = [%g, %g]", label, p.Start, p.Min, p.Max)
		}
		if !(p.CEnd > 0) {
			v.errorf(pat("c_end"), "%s: c_end %g is not positive (the perturbation at the last iteration)", label, p.CEnd)
		} else if p.Min < p.Max && p.CEnd > (p.Max-p.Min)/2 {
			v.errorf(pat("c_end"), "%s: c_end %g is more than half the range [%g, %g]", label, p.CEnd, p.Min, p.Max)
		}
		weight := tuned != nil && tuned.Kind == KindAlphaBeta && v.check.EvalWeight != nil && v.check.EvalWeight(t.Variant, p.Name)
		if tuned != nil && tuned.Kind == KindAlphaBeta && v.check.SearchOption != nil && p.Name != "" && p.Min < p.Max && !weight {
			// The bounds are whole numbers as the engine takes them; the
			// same error for both means the name is wrong, not a bound.
			format := func(x float64) string { return strconv.FormatFloat(math.Round(x), 'f', -1, 64) }
			errMin, errMax := v.check.SearchOption(p.Name, format(p.Min)), v.check.SearchOption(p.Name, format(p.Max))
			switch {
			case errMin != nil && errMax != nil && errMin.Error() == errMax.Error():
				msg := errMin.Error()
				if v.check.EvalWeight != nil {
					msg += ", nor an evaluation weight of " + t.Variant
				}
				v.errorf(pat("name"), "%s: %s", label, msg)
			case errMin != nil:
				v.errorf(pat("min"), "%s: min: %v", label, errMin)
			case errMax != nil:
				v.errorf(pat("max"), "%s: max: %v", label, errMax)
			}
		}
		if !(p.REnd > 0) {
			v.errorf(pat("r_end"), "%s: r_end %g is not positive (the learning rate at the last iteration)", label, p.REnd)
		}
	}
	return v.errs
}
