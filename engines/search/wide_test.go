package search

import (
	"context"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/variants"
)

// TestWideWeights: a wide variant's weights (widesearch's evaluation)
// write and read back as a file, refuse a bad one with FILE:LINE, and
// trace features whose dot product with the weights is the evaluation,
// as the Texel fit needs.
func TestWideWeights(t *testing.T) {
	for _, name := range []string{"xiangqi", "capablanca", "janggi"} {
		v, err := variants.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		w, err := DefaultWeights(v)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseWeights(v, "w.yaml", w.YAML())
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, w.YAML())
		}
		got, want := back.Values(), w.Values()
		if len(got) != len(want) || strings.Join(back.Names(), ",") != strings.Join(w.Names(), ",") {
			t.Fatalf("%s: read back %v %v, want %v %v", name, back.Names(), got, w.Names(), want)
		}
		for i := range want {
			if back.Values()[i] != want[i] {
				t.Errorf("%s: %s read back %v, want %v", name, w.Names()[i], back.Values()[i], want[i])
			}
		}
		if w.Fingerprint() != back.Fingerprint() {
			t.Errorf("%s: fingerprints differ", name)
		}
		pos := v.StartPosition()
		g := engines.NewGame(pos)
		s := New(w, 1)
		for range 12 {
			var tr Trace
			p := g.Position()
			score := Evaluate(p, w, &tr)
			dot := 0.0
			for k, i := range tr.Index {
				dot += tr.Value[k] * w.Values()[i]
			}
			if diff := dot - score; diff > 1e-6 || diff < -1e-6 {
				t.Fatalf("%s %s: evaluation %v, trace times weights %v", name, p.FEN(), score, dot)
			}
			if p.Status().Result != engines.Ongoing {
				break
			}
			r := s.Search(context.Background(), g, limits.Limits{Nodes: 300}, nil)
			if !p.IsLegal(r.Move) {
				t.Fatalf("%s: search move %s not legal in %s", name, v.UCI(r.Move), p.FEN())
			}
			g.Play(r.Move)
		}
	}
	v, _ := variants.ByName("xiangqi")
	w, _ := DefaultWeights(v)
	good := string(w.YAML())
	first := w.Names()[0]
	for _, tt := range []struct{ name, data, want string }{
		{"unknown", good + "bogus: 1\n", `w.yaml:`},
		{"twice", good + first + ": 3\n", `weight "` + first + `" given twice`},
		{"missing", strings.Replace(good, first+":", "#", 1), `weight "` + first + `" of xiangqi missing`},
		{"not a number", strings.Replace(good, first+": ", first+": x", 1), `is not a number`},
		{"syntax", "a: [\n", "w.yaml:"},
	} {
		if _, err := ParseWeights(v, "w.yaml", []byte(tt.data)); err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", tt.name, err, tt.want)
		}
	}
}
