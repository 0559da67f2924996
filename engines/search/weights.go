package search

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"varena/engines/widesearch"

	"varena/engines"
	"varena/engines/yamlfile"
)

// Weights is one value per feature of a variant, in registry order.
type Weights struct {
	variant *engines.Variant
	fs      *featureSet
	values  []float64
	pieces  [engines.NumPieceTypes]int // middlegame material weights, for SEE and pruning
	// psq[colour][type][square][phase] is material plus piece-square
	// weight of a piece, from White's view (Black's negated), in fixed
	// point (psqOne per centipawn): the incremental sums the searcher keeps
	// are then exact whatever the order of the updates.
	psq [2][engines.NumPieceTypes][64][2]int64
	// species: some weight of the species terms is not 0. Without, the
	// searcher's evaluation skips them (a trace still counts them, for
	// the tuner to fit).
	species bool
	// wide is the evaluation of a variant of the general rules engine
	// (wide.go); the fields above are then unset.
	wide *widesearch.Eval
}

// psqOne is the fixed-point unit of the material and piece-square sums:
// 2^32 per centipawn keeps fractional weights to 1e-10 and the sum of 64
// pieces of up to 10^7 centipawns inside int64.
const psqOne = 1 << 32

func newWeights(v *engines.Variant, fs *featureSet, values []float64) *Weights {
	w := &Weights{variant: v, fs: fs, values: values}
	on := func(tm term) bool { return tm.ok() && (values[tm[mg]] != 0 || values[tm[eg]] != 0) }
	w.species = on(fs.threatSpeciesUs) || on(fs.threatSpeciesThem)
	for _, tm := range fs.species {
		w.species = w.species || on(tm)
	}
	for _, t := range fs.allTypes {
		if tm := fs.material[t]; tm.ok() {
			// Static exchange and the pruning by material count what a
			// capture wins: where a variant's material weighs against
			// its owner (losing pieces wins), by its size.
			w.pieces[t] = int(math.Abs(values[tm[mg]]))
		}
	}
	for ph := mg; ph <= eg; ph++ {
		for _, t := range fs.allTypes {
			if !fs.material[t].ok() {
				continue
			}
			for c := engines.White; c <= engines.Black; c++ {
				sign := 1.0
				if c == engines.Black {
					sign = -1
				}
				for sq := 0; sq < v.Geometry.NumSquares(); sq++ {
					x := values[fs.material[t][ph]] + values[fs.pst[t][ph]+int(fs.tableSquare[c][sq])]
					w.psq[c][t][sq][ph] = int64(math.Round(sign * x * psqOne))
				}
			}
		}
	}
	return w
}

// Variant returns the variant the weights are for.
func (w *Weights) Variant() *engines.Variant { return w.variant }

// Values returns the weights in feature order (a copy).
func (w *Weights) Values() []float64 {
	if w.wide != nil {
		return w.wide.Vector()
	}
	return append([]float64(nil), w.values...)
}

// Names returns the feature names in order.
func (w *Weights) Names() []string {
	if w.wide != nil {
		return w.wide.Names()
	}
	names := make([]string, len(w.fs.list))
	for i, f := range w.fs.list {
		names[i] = f.Name
	}
	return names
}

// WithValues returns weights for the same variant with other values (the
// tuner's step); values must have one entry per feature.
func (w *Weights) WithValues(values []float64) *Weights {
	if w.wide != nil {
		return w.wideWithValues(values)
	}
	if len(values) != len(w.values) {
		panic("search: WithValues: wrong number of values") // a caller bug, not input
	}
	return newWeights(w.variant, w.fs, append([]float64(nil), values...))
}

// PieceValue returns the middlegame material weight of type t, rounded
// toward zero to centipawns (0 when the variant has no such piece).
func (w *Weights) PieceValue(t engines.PieceType) int { return w.pieces[t] }

// Get returns the weight of the named feature.
func (w *Weights) Get(name string) (float64, bool) {
	if w.wide != nil {
		if i := slices.Index(w.wide.Names(), name); i >= 0 {
			return w.wide.Vector()[i], true
		}
		return 0, false
	}
	i, err := w.fs.index(name)
	if err != nil {
		return 0, false
	}
	return w.values[i], true
}

// psqSum returns the material and piece-square sum of pos from White's
// view, from scratch.
func (w *Weights) psqSum(pos *engines.Position) [2]int64 {
	var s [2]int64
	for c := engines.White; c <= engines.Black; c++ {
		for _, t := range w.fs.allTypes {
			for b := pos.PiecesOf(c, t); b != 0; {
				sq := b.Pop()
				s[mg] += w.psq[c][t][sq][mg]
				s[eg] += w.psq[c][t][sq][eg]
			}
		}
	}
	return s
}

// ParseWeights reads weights for v from YAML: "name: value" for a single
// term, and for a piece-square table its name followed by one row of
// numbers per rank, top rank first, then the bunker rows (see YAML). name
// labels the source in errors, which give file:line and key for an
// unknown, duplicate, missing or non-numeric entry and for a table of the
// wrong shape.
func ParseWeights(v *engines.Variant, name string, data []byte) (*Weights, error) {
	if v.Wide() != nil {
		return parseWide(v, name, data)
	}
	return featureSetOf(v).parse(name, data)
}

// parse is ParseWeights for the variant of fs.
func (fs *featureSet) parse(name string, data []byte) (*Weights, error) {
	v := fs.v
	if err := yamlfile.CheckSize(name, len(data)); err != nil {
		return nil, err
	}
	if err := fs.checkLines(name, data); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlfile.SyntaxError(name, data, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: empty weights file", name)
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: want a mapping of feature: weight", name, m.Line)
	}
	values := make([]float64, len(fs.list))
	seen := make([]bool, len(fs.blocks))
	var errs []error
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, val := m.Content[i], m.Content[i+1]
		bi, ok := fs.byName[k.Value]
		if !ok || k.Kind != yaml.ScalarNode {
			errs = append(errs, fmt.Errorf("%s:%d: %s: unknown feature for %s", name, k.Line, k.Value, v.Name))
			continue
		}
		if seen[bi] {
			errs = append(errs, fmt.Errorf("%s:%d: %s: given twice", name, k.Line, k.Value))
			continue
		}
		seen[bi] = true
		b := fs.blocks[bi]
		if !b.Table {
			x, err := number(val)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s:%d: %s: %w", name, val.Line, k.Value, err))
				continue
			}
			values[b.Offset] = x
			continue
		}
		errs = append(errs, fs.parseTable(name, k.Line, b, val, values[b.Offset:b.Offset+b.Size])...)
	}
	for i, ok := range seen {
		if d, optional := fs.defaults[i]; !ok && optional {
			values[fs.blocks[i].Offset] = d
		} else if !ok {
			errs = append(errs, fmt.Errorf("%s: missing feature %s", name, fs.blocks[i].Name))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return newWeights(v, fs, values), nil
}

// MaxWeight bounds every evaluation weight, in centipawns: a piece's
// material plus table weight, 2*MaxWeight at most, times 64 pieces, times
// the fixed-point unit psqOne (2^32) stays inside the int64 sums the
// search keeps (about 5.5e17 of 9.2e18), where a weight of 3e9 wrapped
// and flipped its sign. Tuned weights are a few thousand at most.
const MaxWeight = 1e6

// CheckWeight refuses a weight that is not a finite number within
// MaxWeight of zero.
func CheckWeight(x float64) error {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > MaxWeight {
		return fmt.Errorf("want a number from %g to %g, have %g", -MaxWeight, MaxWeight, x)
	}
	return nil
}

// number reads a weight from a YAML scalar.
func number(n *yaml.Node) (float64, error) {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		return 0, fmt.Errorf("want a number, have %s", yamlfile.Describe(n))
	}
	x, err := strconv.ParseFloat(n.Value, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("want a finite number, have %q", n.Value)
	}
	if err := CheckWeight(x); err != nil {
		return 0, err
	}
	return x, nil
}

// checkLines refuses, before the YAML parser builds its tree, a file with
// more lines of content (neither blank nor only a comment) than weights
// of v could fill: a number per line, a line per key and two per table
// row (its opening and closing bracket) and some slack is the most a
// file in any layout needs, so a 200,000-row table stops here at once,
// at the first line past the bound.
func (fs *featureSet) checkLines(name string, data []byte) error {
	limit := 2*(len(fs.list)+len(fs.blocks)) + 64
	n, line := 0, 0
	for len(data) > 0 {
		line++
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		if n++; n > limit {
			return fmt.Errorf("%s:%d: more than %d lines of content, more than the %d weights of %s can fill", name, line, limit, len(fs.list), fs.v.Name)
		}
	}
	return nil
}

// parseTable reads the rows of table b, keyed at line, from n into out,
// one error per bad row or entry.
func (fs *featureSet) parseTable(name string, line int, b Block, n *yaml.Node, out []float64) []error {
	if n.Kind != yaml.SequenceNode {
		return []error{fmt.Errorf("%s:%d: %s: want a table of %d rows (%s), have %s", name, line, b.Name, len(fs.rows), fs.rowsDoc(), yamlfile.Describe(n))}
	}
	if len(n.Content) != len(fs.rows) {
		return []error{fmt.Errorf("%s:%d: %s: want %d rows (%s), have %d", name, line, b.Name, len(fs.rows), fs.rowsDoc(), len(n.Content))}
	}
	var errs []error
	g := fs.v.Geometry
	for r, row := range n.Content {
		want := fs.rows[r]
		if row.Kind != yaml.SequenceNode || len(row.Content) != len(want) {
			have := yamlfile.Describe(row)
			if row.Kind == yaml.SequenceNode {
				have = strconv.Itoa(len(row.Content))
			}
			errs = append(errs, fmt.Errorf("%s:%d: %s: row %d (%s): want %d numbers, have %s", name, row.Line, b.Name, r+1, fs.rowDoc(r), len(want), have))
			continue
		}
		for c, cell := range row.Content {
			x, err := number(cell)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s:%d: %s: %s: %w", name, cell.Line, b.Name, g.SquareName(want[c]), err))
				continue
			}
			out[want[c]] = x
		}
	}
	return errs
}

// rowDoc names the squares of row r of a table.
func (fs *featureSet) rowDoc(r int) string {
	g := fs.v.Geometry
	row := fs.rows[r]
	if !g.IsBunker(row[0]) {
		return fmt.Sprintf("rank %d", g.Rank(row[0])+1)
	}
	names := make([]string, len(row))
	for i, sq := range row {
		names[i] = g.SquareName(sq)
	}
	return strings.Join(names, " ")
}

// rowsDoc describes the layout of a table.
func (fs *featureSet) rowsDoc() string {
	g := fs.v.Geometry
	s := fmt.Sprintf("ranks %d to 1 of files a-%c", g.Ranks(), 'a'+g.Files()-1)
	if n := len(fs.rows) - g.Ranks(); n > 0 {
		s += fmt.Sprintf(", then %d bunker rows", n)
	}
	return s
}

// LoadWeights reads weights for v from a YAML file.
func LoadWeights(v *engines.Variant, path string) (*Weights, error) {
	data, err := yamlfile.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("weights: %w", err)
	}
	return ParseWeights(v, path, data)
}

// DefaultWeights returns the embedded weights/<variant>.yaml (ShippedWeights),
// or, for a variant without one, DerivedWeights; parsed once per variant: Weights never change once made, and parsing
// costs a millisecond that every UCI session and engine paid again.
func DefaultWeights(v *engines.Variant) (*Weights, error) {
	if v.Wide() != nil {
		return wideWeights(v), nil
	}
	if d, ok := defaultWeights.Load(v); ok {
		return d.(parsedWeights).w, d.(parsedWeights).err
	}
	data, name, err := ShippedWeights(v.Name)
	if err == nil {
		var w *Weights
		w, err = ParseWeights(v, name, data)
		defaultWeights.Store(v, parsedWeights{w, err})
		return w, err
	}
	if errNoFile(err) {
		return DerivedWeights(v), nil
	}
	return nil, err
}

// defaultWeights caches DefaultWeights: *engines.Variant -> parsedWeights;
// derivedWeights caches DerivedWeights: *engines.Variant -> *Weights.
var defaultWeights, derivedWeights sync.Map

type parsedWeights struct {
	w   *Weights
	err error
}

// YAML returns the weights as a YAML file that ParseWeights reads back to
// the same values: a header on the format, then one key per block with
// its meaning as a comment; a table as one flow row of numbers per rank.
func (w *Weights) YAML() []byte { return w.YAMLWithHeader("") }

// YAMLWithHeader is YAML with header (for example where the weights come
// from: data, loss, date) as comment lines at the top.
func (w *Weights) YAMLWithHeader(header string) []byte { return w.yaml(header, false) }

// Fingerprint names the weights in what is made with them (a book's
// header, a datagen file's side file), so that a resume with other
// weights is refused: the FNV-64a hash of their YAML, less the optional
// terms at their registered weights. A new optional term thus leaves the
// fingerprint of weights that do not use it as it was, and the files
// made with them still resume.
func (w *Weights) Fingerprint() uint64 {
	h := fnv.New64a()
	h.Write(w.yaml("", true))
	return h.Sum64()
}

// writeHeader writes header as comment lines and a blank line.
func writeHeader(b *bytes.Buffer, header string) {
	if header == "" {
		return
	}
	for _, line := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		b.WriteString(strings.TrimRight("# "+line, " ") + "\n")
	}
	b.WriteString("\n")
}

// atDefault reports whether block i is an optional term's at the weight
// it was registered with.
func (w *Weights) atDefault(i int) bool {
	d, ok := w.fs.defaults[i]
	return ok && w.values[w.fs.blocks[i].Offset] == d
}

// yaml writes the weights file; with skipDefaults, without the optional
// terms whose two weights are those they were registered with.
func (w *Weights) yaml(header string, skipDefaults bool) []byte {
	if w.wide != nil {
		return w.wideYAML(header)
	}
	fs := w.fs
	g := w.variant.Geometry
	var b bytes.Buffer
	writeHeader(&b, header)
	fmt.Fprintf(&b, "# Evaluation weights for %s, in centipawns per unit of each feature\n", w.variant.Name)
	fmt.Fprintf(&b, "# (engines/search/features.go says what each feature counts).\n")
	fmt.Fprintf(&b, "# Every term has a middlegame (_mg) and an endgame (_eg) weight, blended\n")
	fmt.Fprintf(&b, "# by the game phase p: p*mg + (1-p)*eg, p = 1 with the starting material,\n")
	fmt.Fprintf(&b, "# 0 with none.\n")
	fmt.Fprintf(&b, "# A piece-square table (pst_*) is written from White's view as a board is\n")
	fmt.Fprintf(&b, "# read: one row per rank, rank %d first, files a to %c left to right;\n", g.Ranks(), 'a'+g.Files()-1)
	if len(fs.rows) > g.Ranks() {
		fmt.Fprintf(&b, "# then one row per rank with bunker squares, top first (each row's\n")
		fmt.Fprintf(&b, "# squares are named in its comment).\n")
	}
	fmt.Fprintf(&b, "# Black's pieces read the table on the square mirrored by the %s.\n", fs.mirrorName)
	for i := 0; i < len(fs.blocks); i++ {
		blk := fs.blocks[i]
		if skipDefaults && w.atDefault(i) {
			// Optional terms come in pairs, middlegame then endgame.
			if _, pair := fs.defaults[i+1]; pair && strings.HasSuffix(blk.Name, phaseSuffix[mg]) && w.atDefault(i+1) {
				i++
				continue
			}
		}
		if !blk.Table {
			// A term's pair of weights goes under one comment.
			if base, ok := strings.CutSuffix(blk.Name, phaseSuffix[eg]); !ok || i == 0 || fs.blocks[i-1].Name != base+phaseSuffix[mg] {
				fmt.Fprintf(&b, "\n# %s\n", strings.TrimSuffix(blk.Doc, " (middlegame)"))
			}
			fmt.Fprintf(&b, "%s: %s\n", blk.Name, formatWeight(w.values[blk.Offset]))
			continue
		}
		cells := make([]string, blk.Size)
		width := 0
		for k := range cells {
			cells[k] = formatWeight(w.values[blk.Offset+k])
			width = max(width, len(cells[k]))
		}
		fmt.Fprintf(&b, "\n# %s\n%s:\n", blk.Doc, blk.Name)
		for r, row := range fs.rows {
			b.WriteString("  - [")
			for c, sq := range row {
				if c > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, " %*s", width, cells[sq])
			}
			b.WriteString(" ]")
			if g.IsBunker(row[0]) {
				fmt.Fprintf(&b, "  # %s", fs.rowDoc(r))
			}
			b.WriteString("\n")
		}
	}
	return b.Bytes()
}

// formatWeight writes a weight as the shortest decimal that reads back
// the same.
func formatWeight(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
