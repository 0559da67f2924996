package search

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"

	"gopkg.in/yaml.v3"

	"varena/configs"
	"varena/engines"
)

// ParseWeights reads weights for v from YAML "name: value" lines. name
// labels the source in errors, which give file:line and key for an
// unknown, duplicate, missing or non-numeric entry.
func ParseWeights(v *engines.Variant, name string, data []byte) (*Weights, error) {
	fs := featureSetOf(v)
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: empty weights file", name)
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: want a mapping of feature: weight", name, m.Line)
	}
	values := make([]float64, len(fs.list))
	seen := make([]bool, len(fs.list))
	var errs []error
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, val := m.Content[i], m.Content[i+1]
		idx, err := fs.index(k.Value)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %s: unknown feature for %s", name, k.Line, k.Value, v.Name))
			continue
		}
		if seen[idx] {
			errs = append(errs, fmt.Errorf("%s:%d: %s: given twice", name, k.Line, k.Value))
			continue
		}
		seen[idx] = true
		x, err := strconv.ParseFloat(val.Value, 64)
		if val.Kind != yaml.ScalarNode || (val.Tag != "!!int" && val.Tag != "!!float") || err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %s: want a number, have %q", name, val.Line, k.Value, val.Value))
			continue
		}
		values[idx] = x
	}
	for i, ok := range seen {
		if !ok {
			errs = append(errs, fmt.Errorf("%s: missing feature %s", name, fs.list[i].Name))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return newWeights(v, fs, newBoardTables(v.Geometry), values), nil
}

// LoadWeights reads weights for v from a YAML file.
func LoadWeights(v *engines.Variant, path string) (*Weights, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("weights: %w", err)
	}
	return ParseWeights(v, path, data)
}

// DefaultWeights returns the embedded configs/weights/<variant>.yaml.
func DefaultWeights(v *engines.Variant) (*Weights, error) {
	data, name, err := configs.Weights(v.Name)
	if err != nil {
		return nil, err
	}
	return ParseWeights(v, name, data)
}

// YAML returns the weights as a YAML file, one "name: value" line per
// feature with its meaning as a comment, as the tuner writes them.
func (w *Weights) YAML() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Evaluation weights for %s (centipawns per unit of feature).\n", w.variant.Name)
	for i, f := range w.fs.list {
		fmt.Fprintf(&b, "\n# %s\n%s: %s\n", f.Doc, f.Name, strconv.FormatFloat(w.values[i], 'f', -1, 64))
	}
	return b.Bytes()
}
