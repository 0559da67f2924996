package search

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"

	"gopkg.in/yaml.v3"

	"varena/engines"
	"varena/engines/yamlfile"
)

// The weights of a variant of the general rules engine are
// engines/widesearch's evaluation (Weights.wide): a flat list of named
// weights, one number each (material_X, centre_X per piece letter X, the
// pawns' advance, a tempo, ...; widesearch.Eval.Names). Their file is
// "name: value" per line, as a term of the 64-square engine's files is;
// every name must be there once. The Texel fit tunes them as it tunes
// the others: Evaluate with a Trace records widesearch's features.

// parseWide reads the weights file of a wide variant: every feature of
// its evaluation once, "name: number".
func parseWide(v *engines.Variant, name string, data []byte) (*Weights, error) {
	if err := yamlfile.CheckSize(name, len(data)); err != nil {
		return nil, err
	}
	base := wideWeights(v)
	names := base.wide.Names()
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlfile.SyntaxError(name, data, err)
	}
	at := func(n *yaml.Node, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, n.Line, fmt.Sprintf(format, args...))
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: no weights (want %s: every feature of %s)", name, names[0], v.Name)
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		return nil, at(m, "want name: value lines")
	}
	values := make([]float64, len(names))
	seen := make([]bool, len(names))
	for k := 0; k+1 < len(m.Content); k += 2 {
		key, val := m.Content[k], m.Content[k+1]
		i := slices.Index(names, key.Value)
		switch {
		case i < 0:
			return nil, at(key, "unknown weight %q for %s (known: %v)", key.Value, v.Name, names)
		case seen[i]:
			return nil, at(key, "weight %q given twice", key.Value)
		case val.Kind != yaml.ScalarNode:
			return nil, at(val, "weight %q: want a number", key.Value)
		}
		x, err := strconv.ParseFloat(val.Value, 64)
		if err != nil {
			return nil, at(val, "weight %q: %q is not a number", key.Value, val.Value)
		}
		values[i], seen[i] = x, true
	}
	for i, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("%s: weight %q of %s missing", name, names[i], v.Name)
		}
	}
	return base.WithValues(values), nil
}

// wideYAML writes the weights file of a wide variant.
func (w *Weights) wideYAML(header string) []byte {
	var b bytes.Buffer
	writeHeader(&b, header)
	fmt.Fprintf(&b, "# Evaluation weights for %s, in centipawns per unit of each feature\n", w.variant.Name)
	fmt.Fprintf(&b, "# (engines/widesearch/eval.go says what each feature counts).\n\n")
	for i, n := range w.wide.Names() {
		fmt.Fprintf(&b, "%s: %s\n", n, formatWeight(w.wide.Vector()[i]))
	}
	return b.Bytes()
}

// wideWithValues is WithValues of a wide variant's weights.
func (w *Weights) wideWithValues(values []float64) *Weights {
	e, err := w.wide.WithVector(values)
	if err != nil {
		panic("search: WithValues: " + err.Error()) // a caller bug, not input
	}
	return &Weights{variant: w.variant, wide: e}
}

// evaluateWide is Evaluate of a position of a wide variant.
func evaluateWide(pos *engines.Position, w *Weights, trace *Trace) float64 {
	wp := pos.Wide()
	if trace != nil {
		f := w.wide.Trace(wp)
		trace.begin(len(f))
		for i, x := range f {
			trace.add(i, x)
		}
		trace.end()
	}
	return float64(w.wide.Evaluate(wp))
}
