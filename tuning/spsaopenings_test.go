package tuning

import (
	"strings"
	"testing"

	"varena/arena"
)

// TestSPSAOpenings: a tune without openings plays the variant's built-in
// book and names it (with its content) in the fingerprint; random
// openings name their rule; a book file is named by the config alone.
func TestSPSAOpenings(t *testing.T) {
	const tune = `method: spsa
variant: losalamos-bunkers
seed: 2
spsa:
  iterations: 3
  parameters:
    - {name: Aspiration, start: 35, min: 5, max: 200, c_end: 8, r_end: 0.002}
time_control: {nodes: 200}
%s
engines:
  - {name: varena, kind: alphabeta, hash: 1}
`
	tests := []struct {
		openings, key string
		initial       bool // opening 1 is the initial position
	}{
		{"", "configs/books/losalamos-bunkers.epd fnv64:", false},
		{"openings: {plies: 4}", arena.RandomOpeningRule, false},
		{"openings: {plies: 0}", "", true},
		{"openings: {file: ../openings/losalamos-bunkers.epd}", "", false},
	}
	for _, tt := range tests {
		tu := loadTune(t, strings.Replace(tune, "%s", tt.openings, 1))
		gp, err := NewGamePairs(tu, t.TempDir(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if key := gp.OpeningsKey(); !strings.HasPrefix(key, tt.key) || (tt.key == "") != (key == "") {
			t.Errorf("%q: key %q, want %q", tt.openings, key, tt.key)
		}
		op, err := gp.Opening(1)
		if err != nil {
			t.Fatal(err)
		}
		if op.Initial != tt.initial {
			t.Errorf("%q: opening 1 %+v", tt.openings, op)
		}
	}
}
