package search

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// TestEvalIsLinear proves the engine's evaluation equals the tuner's
// linear model sum_i w_i f_i over the traced features, on positions from
// random play in every variant.
func TestEvalIsLinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range variants.All {
		w, err := DefaultWeights(v)
		if err != nil {
			t.Fatal(err)
		}
		var tr Trace
		for game := 0; game < 20; game++ {
			pos, _ := engines.ParseFEN(v, v.StartFEN)
			for ply := 0; ply < 60; ply++ {
				tr.Reset()
				score := Evaluate(&pos, w, &tr)
				if plain := Evaluate(&pos, w, nil); plain != score {
					t.Fatalf("%s: eval with trace %v, without %v", pos.FEN(), score, plain)
				}
				f := tr.Dense(len(w.values))
				lin := 0.0
				for i, x := range f {
					lin += w.values[i] * x
				}
				if math.Abs(lin-score) > 1e-9 {
					t.Fatalf("%s: eval %v, linear model %v", pos.FEN(), score, lin)
				}
				// Symmetry: the side to move's view flips with the side.
				moves := pos.GenerateMoves(nil)
				if len(moves) == 0 {
					break
				}
				pos = pos.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
}

func TestEvalStartIsBalanced(t *testing.T) {
	for _, v := range variants.All {
		w, _ := DefaultWeights(v)
		pos, _ := engines.ParseFEN(v, v.StartFEN)
		tempo, _ := w.Get("tempo")
		// Start positions are symmetric under the colour swap: only the
		// tempo remains.
		if got := Evaluate(&pos, w, nil); math.Abs(got-tempo) > 1e-9 {
			t.Errorf("%s start: eval %v, want the tempo %v", v.Name, got, tempo)
		}
	}
}

func TestWeightsFiles(t *testing.T) {
	for _, v := range variants.All {
		w, err := DefaultWeights(v)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		// What the tuner writes reads back the same.
		back, err := ParseWeights(v, "written", w.YAML())
		if err != nil {
			t.Fatalf("%s: written weights do not parse: %v", v.Name, err)
		}
		for i, x := range back.Values() {
			if x != w.values[i] {
				t.Errorf("%s: %s read back as %v, wrote %v", v.Name, w.Names()[i], x, w.values[i])
			}
		}
	}
}

func TestWeightsErrors(t *testing.T) {
	v, _ := variants.ByName("extinction")
	w, _ := DefaultWeights(v)
	good := string(w.YAML())
	tests := []struct {
		name, data string
		want       []string
	}{
		{"unknown key", good + "\nmaterial_bishop_pair: 30\n", []string{"f.yaml:", "material_bishop_pair: unknown feature"}},
		{"missing key", strings.Replace(good, "\ntempo: 10\n", "\n", 1), []string{"missing feature tempo"}},
		{"not a number", strings.Replace(good, "tempo: 10", "tempo: ten", 1), []string{"f.yaml:4: tempo: want a number"}},
		{"duplicate", good + "\ntempo: 3\n", []string{"tempo: given twice"}},
		{"not a mapping", "- 1\n- 2\n", []string{"f.yaml:1: want a mapping"}},
		{"empty", "", []string{"empty weights file"}},
		{"bad yaml", "tempo: [\n", []string{"f.yaml"}},
	}
	for _, tt := range tests {
		_, err := ParseWeights(v, "f.yaml", []byte(tt.data))
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		for _, want := range tt.want {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %q lacks %q", tt.name, err, want)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "w.yaml")
	if err := os.WriteFile(path, w.YAML(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadWeights(v, path); err != nil {
		t.Errorf("LoadWeights: %v", err)
	}
	if _, err := LoadWeights(v, path+".missing"); err == nil {
		t.Error("LoadWeights of a missing file: no error")
	}
}

func FuzzParseWeights(f *testing.F) {
	v, _ := variants.ByName("losalamos-bunkers")
	w, _ := DefaultWeights(v)
	f.Add(string(w.YAML()))
	f.Add("tempo: 1\n")
	f.Fuzz(func(t *testing.T, data string) {
		got, err := ParseWeights(v, "fuzz", []byte(data))
		if err != nil {
			return
		}
		back, err := ParseWeights(v, "again", got.YAML())
		if err != nil {
			t.Fatalf("accepted weights do not round-trip: %v", err)
		}
		for i, x := range back.Values() {
			if x != got.values[i] && !(math.IsNaN(x) && math.IsNaN(got.values[i])) {
				t.Fatalf("%s: %v became %v", got.Names()[i], got.values[i], x)
			}
		}
	})
}
