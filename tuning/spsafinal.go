package tuning

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"varena/configs"
)

// Files of the final values, written when an SPSA run stops (finished or
// interrupted: the values of the last finished iteration).
const (
	SPSAFinalYAML = "final.yaml" // the tuned engine as a run config's engine entry
	SPSAFinalUCI  = "final.uci"  // the values as UCI setoption lines
)

// WriteSPSAFinal writes the final values of a tune into dir.
func WriteSPSAFinal(dir string, t *configs.SPSATune, params []Param, res *SPSAResult) error {
	e := TunedEngineEntry(t, params, res.Theta)
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
	if err := writeFileAtomic(filepath.Join(dir, SPSAFinalYAML), func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%s%s# As an engine entry of a run config:\n%s", header, values.String(), entry.String())
		return err
	}); err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(dir, SPSAFinalUCI), func(w io.Writer) error {
		opts := Options(params, res.Theta)
		names := make([]string, 0, len(opts))
		for name := range opts {
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
