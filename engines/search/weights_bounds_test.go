package search

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/yamlfile"
)

// TestWeightBounds: a weight beyond MaxWeight is refused at its line (3e9
// wrapped the fixed-point sums and flipped the sign of the score), and a
// weight at the bound keeps its sign in the evaluation.
func TestWeightBounds(t *testing.T) {
	v, w := handWeights(t)
	good := string(w.YAML())
	line := strconv.Itoa(strings.Count(good[:strings.Index(good, "material_pawn_mg:")], "\n") + 1)
	for _, tc := range []struct{ value, err string }{
		{"-3e9", "f.yaml:" + line + ": material_pawn_mg: want a number from -1e+06 to 1e+06, have -3e+09"},
		{"1000000.5", "f.yaml:" + line + ": material_pawn_mg: want a number from -1e+06 to 1e+06, have 1.0000005e+06"},
		{"-1e6", ""},
		{"1e6", ""},
	} {
		data := strings.Replace(good, "material_pawn_mg: 100\n", "material_pawn_mg: "+tc.value+"\n", 1)
		got, err := ParseWeights(v, "f.yaml", []byte(data))
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %s", tc.value, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.value, err)
		}
		// White to move with a pawn more than Black (every other piece
		// too): the score has the pawn weight's sign.
		pos, err := engines.ParseFEN(v, v.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		fen := pos.FEN()
		// Take one black pawn off the start position.
		ranks := strings.SplitN(fen, "/", 3)
		ranks[1] = strings.Replace(ranks[1], "p", "1", 1)
		pawnDown, err := engines.ParseFEN(v, strings.Join(ranks, "/"))
		if err != nil {
			t.Fatalf("%s: %v", strings.Join(ranks, "/"), err)
		}
		e := Evaluate(&pawnDown, got, nil)
		if sign := tc.value[0] == '-'; (e < 0) != sign || e == 0 {
			t.Errorf("pawn weight %s: Black a pawn down scores %g for White", tc.value, e)
		}
	}
}

// TestWeightsShapeStopsEarly: a weights file of 200,000 table rows is
// refused at the first line past what the weights can fill, at once,
// and a file beyond yamlfile.MaxFileSize is refused without being parsed.
func TestWeightsShapeStopsEarly(t *testing.T) {
	v, w := handWeights(t)
	good := string(w.YAML())
	var b strings.Builder
	b.WriteString(good)
	b.WriteString("pst_extra:\n")
	for range 200000 {
		b.WriteString("- 1\n")
	}
	start := time.Now()
	_, err := ParseWeights(v, "f.yaml", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "lines of content") || !strings.HasPrefix(err.Error(), "f.yaml:") {
		t.Fatalf("200,000 rows: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("200,000 rows refused after %v", d)
	}

	big := good + "# " + strings.Repeat("x", yamlfile.MaxFileSize) + "\n"
	path := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(path, []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadWeights(v, path); err == nil || !strings.Contains(err.Error(), "larger than 1048576 bytes") {
		t.Errorf("a weights file of %d bytes: %v", len(big), err)
	}
	if _, err := ParseWeights(v, "big.yaml", []byte(big)); err == nil || !strings.HasPrefix(err.Error(), "big.yaml: larger than") {
		t.Errorf("ParseWeights of %d bytes: %v", len(big), err)
	}
}
