package configs

import (
	"varena/engines/variants"
	"varena/engines/yamlfile"

	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Checker is what validation needs to know from outside this package.
type Checker struct {
	// Variants are the known variant names (extinction,
	// losalamos-bunkers, evolution). Nil skips the variant-name checks.
	Variants []string
	// FileExists reports whether a file named in the run exists; it gets
	// the path as Run.Path returns it. Nil: os.Stat for runs read from
	// disk, the embedded files for runs with no File (see Run.Open).
	FileExists func(path string) bool
	// SearchOption checks one option of a built-in (alphabeta) engine: a
	// search parameter's name and value. Nil skips the check.
	SearchOption func(name, value string) error
	// EvalWeight reports whether name is an evaluation weight of the
	// variant's built-in engine (SPSA may tune weights by name). Nil
	// skips the check.
	EvalWeight func(variant, name string) bool
	// LoadVariants loads the variants of a run's variant_file (the path
	// as Run.Path returns it): the Set's file sections are the names the
	// run may give beside Variants, and a section it refuses is refused
	// with the reason. The Set is handed on in Run.VariantSet (and
	// Tune.VariantSet), so that the run plays what was checked without
	// reading the file again. Nil: a run with a variant_file is refused.
	LoadVariants func(path string) (*variants.Set, error)
	// Commands makes the check find each external engine's program
	// (EngineCommand), so that a missing binary is reported with the
	// config's other errors rather than when its first game starts.
	Commands bool
}

// Load reads, validates and completes the run in the file at path. Paths
// in the run are relative to the file's folder.
func Load(path string, check Checker) (*Run, error) {
	data, err := yamlfile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parse(path, path, data, check)
}

// Parse reads, validates and completes a run; name names the data in
// messages. The run has no File, so relative paths in it are looked up
// among the embedded files as if it stood in configs/runs/ (see
// Run.Open); use Load for a run file on disk.
//
// The error, if any, joins one *Error per problem (errors.Join), sorted
// by line: every unknown key, wrong type and invalid value is reported,
// not just the first. Values are checked only when the YAML decoded
// without type errors, since a value that failed to decode would report
// again as missing.
func Parse(name string, data []byte, check Checker) (*Run, error) {
	return parse(name, "", data, check)
}

// Complete checks a run built in code as Parse checks a file's, and
// fills in its defaults; name names it in messages, which have no line.
func Complete(name string, r *Run, check Checker) error {
	r.Source = name
	v := &validator{name: name, check: check, run: r}
	v.validate()
	if err := joinErrors(v.errs); err != nil {
		return err
	}
	r.fillDefaults(name)
	return nil
}

func parse(name, file string, data []byte, check Checker) (*Run, error) {
	var doc document
	errs, typeErrs, err := decodeOne(name, data, &doc, "a run file holds one run")
	if err != nil {
		return nil, err
	}
	r := &doc.run
	r.File, r.Source = file, name
	if !typeErrs {
		v := &validator{name: name, root: doc.node, check: check, run: r}
		v.validate()
		errs = append(errs, v.errs...)
	}
	if err := joinErrors(errs); err != nil {
		return nil, err
	}
	r.fillDefaults(name)
	return r, nil
}

// decodeOne decodes the one YAML document of a config file into out. A
// type error or unknown key comes back as one *Error each, with typeErrs
// set when one of them is more than an unknown key (a value that failed
// to decode would report again as missing, so the caller then skips
// validation). A syntax error or a second document is fatal: err holds
// its one line, and holds says what the file should hold instead.
func decodeOne(name string, data []byte, out any, holds string) (errs []*Error, typeErrs bool, err error) {
	if err := yamlfile.CheckSize(name, len(data)); err != nil {
		return nil, false, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	// Strictness comes from decodeStrict in every UnmarshalYAML (yaml.v3
	// does not pass KnownFields through custom unmarshalers); KnownFields
	// keeps anything decoded without one strict too.
	dec.KnownFields(true)
	err = dec.Decode(out)
	if err == io.EOF {
		err = nil // an empty file: validation says what is missing
	}
	var te *yaml.TypeError
	switch {
	case errors.As(err, &te):
		for _, msg := range te.Errors {
			e := yamlfile.LineError(name, msg)
			errs = append(errs, e)
			if !keyError(e.Msg) {
				typeErrs = true
			}
		}
	case err != nil:
		return nil, false, yamlfile.SyntaxError(name, data, err)
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == io.EOF:
	case err != nil:
		return nil, false, errors.Join(yamlfile.SomeLine(yamlfile.LineError(name, err.Error()), data))
	default:
		return nil, false, errors.Join(&Error{File: name, Line: extra.Line, Msg: "more than one YAML document; " + holds})
	}
	return errs, typeErrs, nil
}

// joinErrors joins one error per problem, sorted by line (nil for none).
func joinErrors(errs []*Error) error {
	if len(errs) == 0 {
		return nil
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Line < errs[j].Line })
	joined := make([]error, len(errs))
	for i, e := range errs {
		joined[i] = e
	}
	return errors.Join(joined...)
}

// document is the whole YAML document: the run and its node, which
// validation uses to find the line of each key.
type document struct {
	run  Run
	node *yaml.Node
}

func (d *document) UnmarshalYAML(n *yaml.Node) error {
	d.node = n
	return n.Decode(&d.run)
}

// Messages of decodeStrict's errors about keys (rather than values): after
// them the run is still worth validating.
const (
	msgUnknownKey = "unknown key"
	msgTwice      = "given twice"
)

func keyError(msg string) bool {
	return strings.HasPrefix(msg, msgUnknownKey) || strings.Contains(msg, msgTwice)
}

// The UnmarshalYAML methods decode strictly (every key must be a field's
// yaml tag) and record the line of the mapping. Each decodes into a copy
// of its type without methods, so that it does not call itself.

func (r *Run) UnmarshalYAML(n *yaml.Node) error {
	type plain Run
	r.Line = n.Line
	return decodeStrict(n, (*plain)(r), "run")
}

// UnmarshalYAML accepts a variant name alone ("- extinction") or a
// mapping with name, openings and time_control.
func (s *VariantSpec) UnmarshalYAML(n *yaml.Node) error {
	type plain VariantSpec
	s.Line = n.Line
	if n.Kind == yaml.ScalarNode {
		return decodeField(n, &s.Name, "variants")
	}
	return decodeStrict(n, (*plain)(s), "variants entry")
}

// MarshalYAML writes a variant without openings and time control as its
// name alone.
func (s VariantSpec) MarshalYAML() (any, error) {
	type plain VariantSpec
	if s.Openings == nil && s.TimeControl == nil {
		return s.Name, nil
	}
	return plain(s), nil
}

func (t *Tournament) UnmarshalYAML(n *yaml.Node) error {
	type plain Tournament
	t.Line = n.Line
	return decodeStrict(n, (*plain)(t), "tournament")
}

func (o *Openings) UnmarshalYAML(n *yaml.Node) error {
	type plain Openings
	o.Line = n.Line
	return decodeStrict(n, (*plain)(o), "openings")
}

// MarshalYAML writes the keys Unmarshal reads back to the same value:
// plies only when given (without a file, absent means the built-in book;
// with one, 0 is its default: every game whole),
// format and start only when not their defaults, so that the YAML of a
// config written before they existed is unchanged.
func (o Openings) MarshalYAML() (any, error) {
	out := struct {
		File   string `yaml:"file"`
		Format string `yaml:"format,omitempty"`
		Order  string `yaml:"order"`
		Start  int    `yaml:"start,omitempty"`
		Plies  *int   `yaml:"plies,omitempty"`
	}{File: o.File, Format: o.Format, Order: o.Order, Start: o.Start, Plies: o.Plies}
	if o.File != "" && o.PlyCount() == 0 {
		out.Plies = nil // a book's default: its games played whole
	}
	def := Openings{File: o.File}
	def.fillDefaults()
	if o.Format == def.Format {
		out.Format = ""
	}
	if o.Start == def.Start {
		out.Start = 0
	}
	return out, nil
}

func (tc *TimeControl) UnmarshalYAML(n *yaml.Node) error {
	type plain TimeControl
	tc.Line = n.Line
	return decodeStrict(n, (*plain)(tc), "time_control")
}

func (a *Adjudication) UnmarshalYAML(n *yaml.Node) error {
	type plain Adjudication
	a.Line = n.Line
	return decodeStrict(n, (*plain)(a), "adjudication")
}

func (d *DrawRule) UnmarshalYAML(n *yaml.Node) error {
	type plain DrawRule
	d.Line = n.Line
	return decodeStrict(n, (*plain)(d), "adjudication.draw")
}

func (r *Resign) UnmarshalYAML(n *yaml.Node) error {
	type plain Resign
	r.Line = n.Line
	return decodeStrict(n, (*plain)(r), "adjudication.resign")
}

func (s *SPRT) UnmarshalYAML(n *yaml.Node) error {
	type plain SPRT
	s.Line = n.Line
	return decodeStrict(n, (*plain)(s), "sprt")
}

func (e *Engine) UnmarshalYAML(n *yaml.Node) error {
	type plain Engine
	e.Line = n.Line
	return decodeStrict(n, (*plain)(e), "engine")
}

// maxMergePairs bounds the key/value pairs one mapping may gather through
// merge keys (<<), against documents that grow exponentially by merging
// merges.
const maxMergePairs = 1000

// decodeStrict decodes the mapping n into the struct out points to: every
// key must be the yaml tag of one of its fields and appear once; merge
// keys (<<: *anchor) are honoured, the mapping's own keys winning. All
// problems are returned together as a *yaml.TypeError, whose messages
// start "line N: ", so that yaml.v3 collects them and decodes on.
func decodeStrict(n *yaml.Node, out any, what string) error {
	if n.Kind != yaml.MappingNode {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: %s: want a mapping of keys to values, have %s", n.Line, what, yamlfile.Describe(n))}}
	}
	v := reflect.ValueOf(out).Elem()
	fields := yamlFields(v.Type())
	var msgs []string
	budget := maxMergePairs
	pairs, ok := mappingPairs(n, &budget, 0)
	if !ok {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: %s: too many merged keys (<<)", n.Line, what)}}
	}
	last := map[string]int{} // key -> index of the pair that wins
	for i, p := range pairs {
		last[p.key.Value] = i
	}
	seen := map[string]int{} // own key -> line
	for i, p := range pairs {
		key := p.key.Value
		if p.key.Kind != yaml.ScalarNode {
			msgs = append(msgs, fmt.Sprintf("line %d: %s %s in %s: keys are names", p.key.Line, msgUnknownKey, yamlfile.Describe(p.key), what))
			continue
		}
		if !p.merged {
			if first, dup := seen[key]; dup {
				msgs = append(msgs, fmt.Sprintf("line %d: %s %s (first at line %d)", p.key.Line, key, msgTwice, first))
			} else {
				seen[key] = p.key.Line
			}
		}
		if last[key] != i {
			continue // replaced by a later key
		}
		f, known := fields.index[key]
		if !known {
			msg := fmt.Sprintf("line %d: %s %q in %s", p.key.Line, msgUnknownKey, key, what)
			if s := closest(key, fields.names); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			} else {
				msg += fmt.Sprintf(" (known: %s)", strings.Join(fields.names, ", "))
			}
			msgs = append(msgs, msg)
			continue
		}
		if err := decodeField(p.value, v.Field(f).Addr().Interface(), key); err != nil {
			var te *yaml.TypeError
			if !errors.As(err, &te) {
				return err
			}
			msgs = append(msgs, te.Errors...)
		}
	}
	if len(msgs) > 0 {
		return &yaml.TypeError{Errors: msgs}
	}
	return nil
}

// decodeField decodes one value, naming key in yaml.v3's own type errors
// ("line 3: cannot unmarshal !!str `x` into int" becomes
// "line 3: games: cannot unmarshal ...").
func decodeField(n *yaml.Node, out any, key string) error {
	if err := refuseFraction(n, out, key); err != nil {
		return err
	}
	var err error
	if rv := reflect.ValueOf(out).Elem(); rv.Kind() == reflect.Slice && yamlfile.Resolve(n).Kind == yaml.SequenceNode {
		err = decodeList(yamlfile.Resolve(n), rv)
	} else {
		err = n.Decode(out)
	}
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return err
	}
	msgs := make([]string, len(te.Errors))
	for i, msg := range te.Errors {
		if m := yamlfile.LinePrefix.FindStringIndex(msg); m != nil {
			if want, have, ok := typeMismatch(msg[m[1]:]); ok {
				msg = fmt.Sprintf("%s%s: want %s, have %s", msg[:m[1]], key, want, have)
			}
		}
		msgs[i] = msg
	}
	return &yaml.TypeError{Errors: msgs}
}

// refuseFraction refuses a number with a fraction for a whole-number
// setting: yaml.v3 cuts 4.5 to 4 without a word ("games: 4.5" played
// 4 games a pairing). A float that is whole (4.0, 1e6) is that number.
func refuseFraction(n *yaml.Node, out any, key string) error {
	t := reflect.TypeOf(out).Elem()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
	default:
		return nil
	}
	s := yamlfile.Resolve(n)
	if s.Kind != yaml.ScalarNode || s.ShortTag() != "!!float" {
		return nil
	}
	f, err := strconv.ParseFloat(strings.ReplaceAll(s.Value, "_", ""), 64)
	if err == nil && f == math.Trunc(f) && !math.IsInf(f, 0) {
		return nil
	}
	return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: %s: want a whole number, have %s", s.Line, key, s.Value)}}
}

// unmarshalError reads yaml.v3's "cannot unmarshal !!str `two` into
// int" (a mapping or list has no value in backquotes; a folded scalar's
// may hold a line break).
var unmarshalError = regexp.MustCompile("(?s)^cannot unmarshal !!(\\w+)(?: `(.*)`)? into (.+)$")

// typeMismatch turns yaml.v3's type error into what a user reads: what
// the key wants ("a whole number") and what it has (the value quoted, or
// "a list").
func typeMismatch(msg string) (want, have string, ok bool) {
	m := unmarshalError.FindStringSubmatch(msg)
	if m == nil {
		return "", "", false
	}
	switch tag, value := m[1], m[2]; tag {
	case "map":
		have = "a mapping"
	case "seq":
		have = "a list"
	default:
		have = strconv.Quote(value)
	}
	goType := m[3]
	switch {
	case goType == "int" || goType == "int64":
		want = "a whole number"
	case goType == "uint64":
		want = "a whole number, 0 or more"
	case goType == "float64":
		want = "a number"
	case goType == "string":
		want = "a word or text"
	case goType == "bool":
		want = "true or false"
	case strings.HasPrefix(goType, "map["):
		want = "a mapping of names to values"
	case strings.HasPrefix(goType, "[]"):
		want = "a list"
	default:
		want = "a " + strings.TrimPrefix(goType, "configs.")
	}
	return want, have, true
}

// decodeList decodes the sequence n into the slice out item by item,
// keeping the items that failed: yaml.v3 drops them, and a list of
// engines one short because of a misspelt key would report again as
// too short.
func decodeList(n *yaml.Node, out reflect.Value) error {
	list := reflect.MakeSlice(out.Type(), len(n.Content), len(n.Content))
	var msgs []string
	for i, item := range n.Content {
		if err := item.Decode(list.Index(i).Addr().Interface()); err != nil {
			var te *yaml.TypeError
			if !errors.As(err, &te) {
				return err
			}
			msgs = append(msgs, te.Errors...)
		}
	}
	out.Set(list)
	if len(msgs) > 0 {
		return &yaml.TypeError{Errors: msgs}
	}
	return nil
}

type pair struct {
	key, value *yaml.Node
	merged     bool // from a merge key
}

// mappingPairs lists the key/value pairs of the mapping n, those merged in
// through << first, within budget pairs.
func mappingPairs(n *yaml.Node, budget *int, depth int) ([]pair, bool) {
	n = yamlfile.Resolve(n)
	if depth > 20 {
		return nil, false
	}
	var merged, own []pair
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if *budget--; *budget < 0 {
			return nil, false
		}
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			val = yamlfile.Resolve(val)
			var sources []*yaml.Node
			switch val.Kind {
			case yaml.MappingNode:
				sources = []*yaml.Node{val}
			case yaml.SequenceNode:
				// The first mapping of the list wins: merge the others first.
				for j := len(val.Content) - 1; j >= 0; j-- {
					sources = append(sources, val.Content[j])
				}
			}
			ok := len(sources) > 0
			for _, src := range sources {
				if yamlfile.Resolve(src).Kind != yaml.MappingNode {
					ok = false
					break
				}
				ps, fine := mappingPairs(src, budget, depth+1)
				if !fine {
					return nil, false
				}
				for _, p := range ps {
					p.merged = true
					merged = append(merged, p)
				}
			}
			if !ok {
				own = append(own, pair{key: k, value: val}) // reported as an unknown key
			}
			continue
		}
		own = append(own, pair{key: k, value: val})
	}
	return append(merged, own...), true
}

type fieldSet struct {
	index map[string]int // yaml key -> field index
	names []string       // keys in field order
}

// yamlFields lists the keys of a struct type from its yaml tags.
func yamlFields(t reflect.Type) fieldSet {
	fs := fieldSet{index: map[string]int{}}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		fs.index[name] = i
		fs.names = append(fs.names, name)
	}
	return fs
}

// closest returns the name nearest to s if it is near enough to be a
// likely typo, else "".
func closest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if d := editDistance(s, n); d < bestD {
			best, bestD = n, d
		}
	}
	if bestD > 1 && len(s) <= 3 {
		return "" // two edits turn any short word into another
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
