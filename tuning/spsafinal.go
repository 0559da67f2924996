package tuning

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"varena/configs"
	"varena/results"
)

// Files of the final values, written when an SPSA run stops (finished or
// interrupted: the values of the last finished iteration).
const (
	SPSAFinalYAML = "final.yaml" // the tuned engine as a run config's engine entry
	SPSAFinalUCI  = "final.uci"  // the values as UCI setoption lines
	// SPSAFinalWeights holds the built-in engine's tuned evaluation
	// weights (all of the variant's, the untuned at their start values),
	// when the tune has any.
	SPSAFinalWeights = "final-weights.yaml"
)

// WriteSPSAFinal writes the final values of a tune into dir.
func WriteSPSAFinal(dir string, t *configs.SPSATune, params []Param, res *SPSAResult) error {
	e := TunedEngineEntry(t, params, res.Theta)
	if err := writeFinalWeights(dir, t, params, res, &e); err != nil {
		return err
	}
	node, err := compactNode(e)
	if err != nil {
		return err
	}
	var entry strings.Builder
	enc := yaml.NewEncoder(&entry)
	enc.SetIndent(2)
	if err := enc.Encode(map[string][]*yaml.Node{"engines": {node}}); err != nil {
		return err
	}
	header := fmt.Sprintf("# varena tune %s: SPSA values of %s after %d of %d iterations (%s).\n",
		t.Name, t.SPSA.Engine, res.Done, res.Total, time.Now().UTC().Format("2006-01-02 15:04 MST"))
	var values strings.Builder
	for i, p := range params {
		fmt.Fprintf(&values, "#   %s = %s (theta %.3f, start %g)\n", p.Name, formatValue(p, res.Theta[i]), res.Theta[i], p.Start)
	}
	if err := results.WriteFileAtomic(filepath.Join(dir, SPSAFinalYAML), func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%s%s# As an engine entry of a run config:\n%s", header, values.String(), entry.String())
		return err
	}); err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(dir, SPSAFinalUCI), func(w io.Writer) error {
		opts := Options(params, res.Theta)
		names := make([]string, 0, len(opts))
		for name := range opts {
			if t.TunedEngine().Kind == configs.KindAlphaBeta && IsEvalWeight(name) {
				continue // not an option of varena uci: in final-weights.yaml
			}
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if _, err := fmt.Fprintf(w, "setoption name %s value %s\n", name, opts[name]); err != nil {
				return err
			}
		}
		return nil
	})
}

// compactNode is v as a YAML mapping without its zero values (empty
// lists, maps and strings, zero numbers, nulls): a config entry as a
// user writes it.
func compactNode(v any) (*yaml.Node, error) {
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return nil, err
	}
	prune(&n)
	return &n, nil
}

func prune(n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		return
	}
	var keep []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		prune(v)
		switch {
		case v.Kind == yaml.ScalarNode && (v.Tag == "!!null" || v.Value == "" || (v.Value == "0" && v.Tag == "!!int")):
		case (v.Kind == yaml.MappingNode || v.Kind == yaml.SequenceNode) && len(v.Content) == 0:
		default:
			v.Style &^= yaml.FlowStyle
			keep = append(keep, k, v)
		}
	}
	n.Content = keep
}

// writeFinalWeights writes the tuned evaluation weights of a built-in
// engine, if any, and points the entry e at them.
func writeFinalWeights(dir string, t *configs.SPSATune, params []Param, res *SPSAResult, e *configs.Engine) error {
	if t.TunedEngine().Kind != configs.KindAlphaBeta {
		return nil
	}
	evals := map[string]float64{}
	for i, p := range params {
		if IsEvalWeight(p.Name) {
			x, _ := strconv.ParseFloat(formatValue(p, res.Theta[i]), 64)
			evals[p.Name] = x
		}
	}
	if len(evals) == 0 {
		return nil
	}
	base, err := BaseWeights(t)
	if err != nil {
		return err
	}
	values, names := base.Values(), base.Names()
	for i, n := range names {
		if x, ok := evals[n]; ok {
			values[i] = x
		}
	}
	header := fmt.Sprintf("SPSA-tuned weights of %s (varena tune %s, %d of %d iterations, %s).\n",
		t.SPSA.Engine, t.Name, res.Done, res.Total, time.Now().UTC().Format("2006-01-02"))
	if err := results.WriteFileAtomic(filepath.Join(dir, SPSAFinalWeights), func(w io.Writer) error {
		_, err := w.Write(base.WithValues(values).YAMLWithHeader(header))
		return err
	}); err != nil {
		return err
	}
	e.Weights = map[string]string{t.Variant: SPSAFinalWeights}
	return nil
}
