package tuning

import (
	"strings"
	"testing"

	"varena/arena/openings"
)

// TestSPSAOpenings: a tune without openings plays the variant's default,
// its built-in book named (with its content) in the fingerprint, or for
// Los Alamos with bunkers random 4-ply openings; random openings name
// their rule; a book file is named by the config alone.
func TestSPSAOpenings(t *testing.T) {
	const tune = `method: spsa
variant: %v
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
		variant, openings, key string
		initial                bool // opening 1 is the initial position
	}{
		{"extinction", "", "configs/books/extinction.epd fnv64:", false},
		{"losalamos-bunkers", "", openings.RandomOpeningRule, false},
		{"losalamos-bunkers", "openings: {plies: 4}", openings.RandomOpeningRule, false},
		{"losalamos-bunkers", "openings: {plies: 0}", "", true},
		{"losalamos-bunkers", "openings: {file: ../openings/losalamos-bunkers.epd}", "", false},
	}
	for _, tt := range tests {
		tu := loadTune(t, strings.NewReplacer("%v", tt.variant, "%s", tt.openings).Replace(tune))
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
