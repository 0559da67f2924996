package configs

import (
	"bytes"
	"fmt"

	"gopkg.in/yaml.v3"
)

// ParseAt is Parse for a run that stands at file without being read from
// it: relative paths in the run are relative to file's folder, and files
// it names are looked up on disk. A run built from a command line
// (`varena run -engine ...`) is parsed this way with file in the current
// folder, so that it is validated and completed exactly as the same YAML
// read from a file would be.
func ParseAt(name, file string, data []byte, check Checker) (*Run, error) {
	return parse(name, file, data, check)
}

// MarshalRun writes a run as YAML with only the keys that are set, in the
// order of the Run type: what a user can save and run as a file. Keys
// holding a zero value (0, "", false, an empty list) are left out, since
// a zero is the key's default, but for the keys whose zero is a value
// of its own (zeroIsValue).
func MarshalRun(r *Run) ([]byte, error) {
	var n yaml.Node
	if err := n.Encode(r); err != nil {
		return nil, fmt.Errorf("run %s: %w", r.Name, err)
	}
	prune(&n)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&n); err != nil {
		return nil, fmt.Errorf("run %s: %w", r.Name, err)
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// zeroIsValue are the keys whose 0 is not their default (an absent key
// is): a margin of 0 s, 0 plies.
var zeroIsValue = map[string]bool{"margin": true, "plies": true}

// prune removes the mapping entries of n, at any depth, whose value is
// zero, and reports whether n itself is then empty.
func prune(n *yaml.Node) bool {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			prune(c)
		}
		return false
	case yaml.MappingNode:
		kept := n.Content[:0]
		for i := 0; i+1 < len(n.Content); i += 2 {
			if v := n.Content[i+1]; zeroIsValue[n.Content[i].Value] && v.Kind == yaml.ScalarNode && v.Tag != "!!null" {
				kept = append(kept, n.Content[i], v)
				continue
			}
			if !prune(n.Content[i+1]) {
				kept = append(kept, n.Content[i], n.Content[i+1])
			}
		}
		n.Content = kept
		return len(kept) == 0
	case yaml.SequenceNode:
		for _, c := range n.Content {
			prune(c)
		}
		return len(n.Content) == 0
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return true
		case "!!str":
			return n.Value == ""
		case "!!int", "!!float":
			return n.Value == "0"
		case "!!bool":
			return n.Value == "false"
		}
	}
	return false
}
