package configs

import (
	"varena/engines/variants"
	"varena/engines/yamlfile"

	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Tune is a tune config with method texel (the default): a fit of the
// evaluation weights to game results, what `varena tune CONFIG.yaml`
// does for it. (Method spsa has its own config, SPSATune; TuneMethod
// tells them apart.)
type Tune struct {
	Variant string `yaml:"variant"`
	// VariantFile is a Fairy-Stockfish variants.ini (relative to the
	// config's folder) whose sections variant may name, as in a run
	// config.
	VariantFile string `yaml:"variant_file"`
	// VariantSet holds VariantFile's variants as the checker loaded them,
	// as in a run.
	VariantSet  *variants.Set `yaml:"-"`
	Method      string        `yaml:"method"`      // texel
	Seed        uint64        `yaml:"seed"`        // validation split, verification openings
	Concurrency int           `yaml:"concurrency"` // goroutines; 0 = one per CPU

	// Texel: the data files (EPD lines with c9 result opcodes, as
	// `varena datagen` writes them), the start weights (default: the
	// embedded weights of the variant), the frozen feature names (globs
	// as path.Match reads them: "material_*"), the L2 strength pulling
	// each weight toward its start value, the iteration limit of the
	// optimiser, the share of positions held out for validation, and the
	// output weights file.
	Data       []string `yaml:"data"`
	Start      string   `yaml:"start"`
	Frozen     []string `yaml:"frozen"`
	L2         float64  `yaml:"l2"`
	Iterations int      `yaml:"iterations"`
	Validation float64  `yaml:"validation"`
	Out        string   `yaml:"out"`
	// BadData: "reject" (default: the first broken line stops the tune
	// with its FILE:LINE) or "skip" (broken lines are counted and left
	// out).
	BadData string `yaml:"bad_data"`
	// K fixes the sigmoid scale instead of fitting it (0: fit).
	K float64 `yaml:"k"`
	// HalfmoveLimit leaves out the positions whose halfmove clock has
	// reached it (0: none): the shuffles that end games drawn by the
	// n-move rule or repetition (tuning.LoadOptions.HalfmoveLimit).
	HalfmoveLimit int `yaml:"halfmove_limit"`

	// Verify, when set, ends the tune with a match of the tuned weights
	// against the start weights.
	Verify *Verify `yaml:"verify"`

	// Datagen says how the data files were made, since data is not
	// committed: a missing data file's error gives the exact `varena
	// datagen` command that makes it and how long that takes.
	Datagen *Datagen `yaml:"datagen"`
	// DataLine is the line of the data key, for that error.
	DataLine int `yaml:"-"`

	// File is the path the config was read from; relative paths in it
	// are relative to its folder.
	File string `yaml:"-"`
	Line int    `yaml:"-"`
}

// Verify is the verification match: the tuned engine against the start
// weights, both built-in alphabeta engines with the same limits, from
// random openings played in colour-reversed pairs. With SPRT set the
// match stops when the test decides (Games is then the maximum).
type Verify struct {
	Games        int    `yaml:"games"`         // even; default 200
	Nodes        int64  `yaml:"nodes"`         // per move; default 5000
	Depth        int    `yaml:"depth"`         // per move, instead of nodes
	OpeningPlies int    `yaml:"opening_plies"` // random plies from the start; default 8
	Out          string `yaml:"out"`           // match directory; default OUT without .yaml + "-verify"
	MaxPlies     int    `yaml:"max_plies"`     // draw adjudication; default 400
	SPRT         *SPRT  `yaml:"sprt"`
	Hash         int    `yaml:"hash"` // MB per engine; default 16
	Line         int    `yaml:"-"`
}

// Datagen is the `varena datagen` run that makes a tune's data: the
// variant and the output file are the tune's, the rest is here.
type Datagen struct {
	Games int    `yaml:"games"`
	Nodes int64  `yaml:"nodes"` // per move; 0: datagen's default
	Seed  uint64 `yaml:"seed"`  // 0: datagen's default
	// Minutes is about how long it takes on 2 cores, as measured; 0
	// leaves the time out of the message.
	Minutes float64 `yaml:"minutes"`
	Line    int     `yaml:"-"`
}

func (d *Datagen) UnmarshalYAML(n *yaml.Node) error {
	type plain Datagen
	d.Line = n.Line
	return decodeStrict(n, (*plain)(d), "datagen")
}

// MissingData is the error for a data file that does not exist: with a
// datagen key, the command that makes it, its -out path as seen from the
// working folder so that it can be pasted as it is.
func (t *Tune) MissingData(file string) error {
	shown := shownPath(t.Path(file))
	src := t.File
	if t.DataLine > 0 {
		src = fmt.Sprintf("%s:%d", t.File, t.DataLine)
	}
	variant := "-variant " + t.Variant
	if t.VariantFile != "" {
		variant = "-variant-file " + shownPath(t.Path(t.VariantFile)) + " " + variant
	}
	d := t.Datagen
	if d == nil {
		return fmt.Errorf("%s: data file %s does not exist; make it with varena datagen %s -games N -out %s", src, shown, variant, shown)
	}
	cmd := fmt.Sprintf("varena datagen %s -games %d", variant, d.Games)
	if d.Nodes > 0 {
		cmd += fmt.Sprintf(" -nodes %d", d.Nodes)
	}
	if d.Seed > 0 {
		cmd += fmt.Sprintf(" -seed %d", d.Seed)
	}
	cmd += " -out " + shown
	took := ""
	if d.Minutes > 0 {
		unit := "minutes"
		if d.Minutes == 1 {
			unit = "minute"
		}
		took = fmt.Sprintf(" (about %g %s on 2 cores; an interrupted datagen resumes)", d.Minutes, unit)
	}
	return fmt.Errorf("%s: data file %s does not exist; make it with: %s%s", src, shown, cmd, took)
}

// shownPath is p relative to the working folder, so that a command
// naming it can be pasted as it is.
func shownPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil {
				return rel
			}
		}
	}
	return p
}

// Bad-data policies of a texel tune.
const (
	BadDataReject = "reject"
	BadDataSkip   = "skip"
)

// Tune defaults filled in by ParseTune and LoadTune.
const (
	DefaultIterations     = 1000
	DefaultValidation     = 0.1
	DefaultVerifyGames    = 200
	DefaultVerifyNodes    = 5000
	DefaultVerifyPlies    = 8
	DefaultVerifyMaxPlies = 400
)

func (t *Tune) UnmarshalYAML(n *yaml.Node) error {
	type plain Tune
	t.Line = n.Line
	return decodeStrict(n, (*plain)(t), "tune")
}

func (v *Verify) UnmarshalYAML(n *yaml.Node) error {
	type plain Verify
	v.Line = n.Line
	return decodeStrict(n, (*plain)(v), "verify")
}

// LoadTune reads, validates and completes the tune config at path.
func LoadTune(p string, check Checker) (*Tune, error) {
	data, err := yamlfile.ReadFile(p)
	if err != nil {
		return nil, err
	}
	t, err := ParseTune(p, data, check)
	if err != nil {
		return nil, err
	}
	t.File = p
	return t, nil
}

// ParseTune reads, validates and completes a tune config; name names the
// data in messages ("FILE:LINE: what is wrong"), and every problem is
// reported, joined and sorted by line, as Parse does for runs. Files
// named in the config are not opened here: their errors come when the
// tune reads them.
func ParseTune(name string, data []byte, check Checker) (*Tune, error) {
	var doc tuneDocument
	// Defaults a key may set to zero are given before decoding, so that
	// an absent key keeps them and "validation: 0" still holds nothing
	// out.
	doc.tune.Validation = DefaultValidation
	errs, typeErrs, err := decodeOne(name, data, &doc, "a tune file holds one tune")
	if err != nil {
		return nil, err
	}
	t := &doc.tune
	if !typeErrs {
		v := &tuneValidator{name: name, lines: &validator{root: doc.node}, check: check, tune: t}
		v.validate()
		errs = append(errs, v.errs...)
		t.DataLine = v.at("data")
	}
	if err := joinErrors(errs); err != nil {
		return nil, err
	}
	t.fillDefaults()
	return t, nil
}

type tuneDocument struct {
	tune Tune
	node *yaml.Node
}

func (d *tuneDocument) UnmarshalYAML(n *yaml.Node) error {
	d.node = n
	return n.Decode(&d.tune)
}

// Path returns p as seen from the working directory: relative paths are
// relative to the folder of the config file.
func (t *Tune) Path(p string) string {
	if p == "" || filepath.IsAbs(p) || t.File == "" {
		return p
	}
	return filepath.Join(filepath.Dir(t.File), p)
}

// SetOut changes the output weights file (the command line's -out), and
// the verification match's directory with it when that was derived from
// the old one.
func (t *Tune) SetOut(out string) {
	// A command-line path is relative to the working directory, not to
	// the config's folder as the config's own paths are.
	if abs, err := filepath.Abs(out); err == nil {
		out = abs
	}
	if vf := t.Verify; vf != nil && vf.Out == strings.TrimSuffix(t.Out, filepath.Ext(t.Out))+"-verify" {
		vf.Out = strings.TrimSuffix(out, filepath.Ext(out)) + "-verify"
	}
	t.Out = out
}

// IsFrozen reports whether the feature name matches one of the frozen
// globs.
func (t *Tune) IsFrozen(name string) bool {
	for _, g := range t.Frozen {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

func (t *Tune) fillDefaults() {
	if t.Method == "" {
		t.Method = MethodTexel
	}
	if t.BadData == "" {
		t.BadData = BadDataReject
	}
	if t.Iterations == 0 {
		t.Iterations = DefaultIterations
	}
	if vf := t.Verify; vf != nil {
		if vf.Games == 0 {
			vf.Games = DefaultVerifyGames
		}
		if vf.Nodes == 0 && vf.Depth == 0 {
			vf.Nodes = DefaultVerifyNodes
		}
		if vf.OpeningPlies == 0 {
			vf.OpeningPlies = DefaultVerifyPlies
		}
		if vf.MaxPlies == 0 {
			vf.MaxPlies = DefaultVerifyMaxPlies
		}
		if vf.Hash == 0 {
			vf.Hash = DefaultHash
		}
		if vf.Out == "" && t.Out != "" {
			vf.Out = strings.TrimSuffix(t.Out, filepath.Ext(t.Out)) + "-verify"
		}
		if s := vf.SPRT; s != nil {
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
	}
}

// tuneValidator checks a decoded tune config, collecting every problem.
type tuneValidator struct {
	name  string
	lines *validator // finds the line of a key
	check Checker
	tune  *Tune
	errs  []*Error
}

func (v *tuneValidator) errorf(line int, format string, args ...any) {
	if line <= 0 {
		line = max(v.tune.Line, 1)
	}
	v.errs = append(v.errs, &Error{File: v.name, Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (v *tuneValidator) at(path ...any) int { return v.lines.at(path...) }

func (v *tuneValidator) validate() {
	t := v.tune
	known, refused, ok := v.variantFile()
	t.Variant = canonicalVariant(t.VariantSet, known, t.Variant)
	switch {
	case !ok:
		// The variant_file did not load: its error stands for the name.
	case t.Variant == "":
		v.errorf(v.at("variant"), "no variant: set variant to one of %s", strings.Join(v.check.Variants, ", "))
	case refused[t.Variant] != nil:
		v.errorf(v.at("variant"), "variant: %s is a section of the variant_file varena cannot play: %v", t.Variant, refused[t.Variant])
	case known != nil && !slices.Contains(known, t.Variant):
		v.errorf(v.at("variant"), "variant: unknown variant %q (known: %s)", t.Variant, strings.Join(known, ", "))
	}
	if t.Concurrency < 0 {
		v.errorf(v.at("concurrency"), "concurrency: %d is negative (0 means one per CPU)", t.Concurrency)
	} else if t.Concurrency > MaxConcurrency {
		v.errorf(v.at("concurrency"), "concurrency: %d is more than %d at once", t.Concurrency, MaxConcurrency)
	}
	switch t.Method {
	case "", MethodTexel:
		v.texel()
	case MethodSPSA:
		v.errorf(v.at("method"), "method: spsa configs are read by LoadSPSA, not as a texel tune")
	default:
		v.errorf(v.at("method"), "method: unknown method %q (known: %s, %s)", t.Method, MethodTexel, MethodSPSA)
	}
	if t.Verify != nil {
		v.verify(t.Verify)
	}
}

// variantFile loads the config's variant_file and returns the variants
// the config may name (nil: any, as in Checker.Variants) and the file's
// sections varena cannot play; ok is false when the file does not load
// (its error is reported).
func (v *tuneValidator) variantFile() (known []string, refused map[string]error, ok bool) {
	t := v.tune
	if t.VariantFile == "" {
		return v.check.Variants, nil, true
	}
	// The config's file is the name it is read under (LoadTune sets
	// t.File only once it is valid).
	p := t.VariantFile
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(v.name), p)
	}
	known, set, problem := v.check.loadVariantFile(p)
	if problem != "" {
		v.errorf(v.at("variant_file"), "%s", problem)
		return nil, nil, false
	}
	t.VariantSet = set
	return known, set.Refused(), true
}

func (v *tuneValidator) texel() {
	t := v.tune
	if len(t.Data) == 0 {
		v.errorf(v.at("data"), "data: no data files (EPD lines with c9 results, as varena datagen writes them)")
	}
	for i, d := range t.Data {
		if strings.TrimSpace(d) == "" {
			v.errorf(v.at("data", i), "data: empty file name")
		}
	}
	for i, g := range t.Frozen {
		if _, err := path.Match(g, ""); err != nil || g == "" {
			v.errorf(v.at("frozen", i), "frozen: bad name pattern %q", g)
		}
	}
	if t.L2 < 0 {
		v.errorf(v.at("l2"), "l2: %g is negative", t.L2)
	}
	if t.Iterations < 0 {
		v.errorf(v.at("iterations"), "iterations: %d is negative", t.Iterations)
	}
	if t.Validation < 0 || t.Validation >= 1 {
		v.errorf(v.at("validation"), "validation: %g is not a share in [0, 1)", t.Validation)
	}
	if t.Out == "" {
		v.errorf(v.at("out"), "out: no output weights file")
	}
	switch t.BadData {
	case "", BadDataReject, BadDataSkip:
	default:
		v.errorf(v.at("bad_data"), "bad_data: %q is not %s or %s", t.BadData, BadDataReject, BadDataSkip)
	}
	if t.K < 0 {
		v.errorf(v.at("k"), "k: %g is negative (0 fits K)", t.K)
	}
	if t.HalfmoveLimit < 0 {
		v.errorf(v.at("halfmove_limit"), "halfmove_limit: %d is negative (0 keeps every position)", t.HalfmoveLimit)
	}
	if d := t.Datagen; d != nil {
		if d.Games <= 0 {
			v.errorf(v.at("datagen", "games"), "datagen.games: %d; want the number of games that make the data", d.Games)
		}
		if d.Nodes < 0 {
			v.errorf(v.at("datagen", "nodes"), "datagen.nodes: %d is negative", d.Nodes)
		}
		if d.Minutes < 0 {
			v.errorf(v.at("datagen", "minutes"), "datagen.minutes: %g is negative", d.Minutes)
		}
	}
}

func (v *tuneValidator) verify(vf *Verify) {
	p := []any{"verify"}
	if vf.Games < 0 || vf.Games%2 != 0 {
		v.errorf(v.at(sub(p, "games")...), "verify.games: %d is not a positive even number (games come in colour-reversed pairs)", vf.Games)
	}
	if vf.Nodes < 0 {
		v.errorf(v.at(sub(p, "nodes")...), "verify.nodes: %d is negative", vf.Nodes)
	}
	if vf.Depth < 0 {
		v.errorf(v.at(sub(p, "depth")...), "verify.depth: %d is negative", vf.Depth)
	}
	if vf.Nodes > 0 && vf.Depth > 0 {
		v.errorf(v.at(sub(p, "depth")...), "verify: nodes and depth both set: give one limit")
	}
	if vf.OpeningPlies < 0 {
		v.errorf(v.at(sub(p, "opening_plies")...), "verify.opening_plies: %d is negative", vf.OpeningPlies)
	}
	if vf.MaxPlies < 0 {
		v.errorf(v.at(sub(p, "max_plies")...), "verify.max_plies: %d is negative", vf.MaxPlies)
	}
	if vf.Hash < 0 {
		v.errorf(v.at(sub(p, "hash")...), "verify.hash: %d is negative", vf.Hash)
	} else if vf.Hash > MaxHash {
		v.errorf(v.at(sub(p, "hash")...), "verify.hash: %d MB is more than %d MB", vf.Hash, MaxHash)
	}
	if vf.Out == "" && v.tune.Out == "" {
		v.errorf(v.at(sub(p, "out")...), "verify.out: no match directory (and no out to derive it from)")
	}
	if s := vf.SPRT; s != nil {
		sp := sub(p, "sprt")
		if s.Elo0 >= s.Elo1 {
			v.errorf(v.at(sub(sp, "elo1")...), "verify.sprt: elo1 (%g) must exceed elo0 (%g)", s.Elo1, s.Elo0)
		}
		for _, a := range []struct {
			key string
			x   float64
		}{{"alpha", s.Alpha}, {"beta", s.Beta}} {
			if a.x < 0 || a.x >= 0.5 {
				v.errorf(v.at(sub(sp, a.key)...), "verify.sprt.%s: %g is not in (0, 0.5)", a.key, a.x)
			}
		}
		switch s.Model {
		case "", ModelNormalized, ModelLogistic:
		default:
			v.errorf(v.at(sub(sp, "model")...), "verify.sprt.model: %q is not %s or %s", s.Model, ModelNormalized, ModelLogistic)
		}
		if s.PerVariant {
			v.errorf(v.at(sub(sp, "per_variant")...), "verify.sprt.per_variant: a verify match plays one variant; a test per variant is a run's (sprt.per_variant)")
		}
	}
}
