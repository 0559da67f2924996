package fairy

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
)

// atoms writes "dx,dy" for a move-and-capture leap, with a suffix for a
// range ("*" unlimited, "<n" limited) and modality ("m" move only, "c"
// capture only), sorted, for easy tables.
func atomSet(as []Atom) string {
	var out []string
	for _, a := range as {
		s := fmt.Sprintf("%d,%d", a.DX, a.DY)
		switch {
		case a.Range == 0:
			s += "*"
		case a.Range > 1:
			s += fmt.Sprintf("<%d", a.Range)
		}
		switch {
		case a.Move && !a.Capture:
			s += "m"
		case a.Capture && !a.Move:
			s += "c"
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func set(s string) string {
	f := strings.Fields(s)
	sort.Strings(f)
	return strings.Join(f, " ")
}

const (
	wazir  = "0,1 0,-1 1,0 -1,0"
	fers   = "1,1 1,-1 -1,1 -1,-1"
	knight = "1,2 -1,2 2,1 -2,1 1,-2 -1,-2 2,-1 -2,-1"
)

func TestBetza(t *testing.T) {
	tests := []struct{ betza, want string }{
		// Leapers.
		{"W", wazir},
		{"F", fers},
		{"D", "0,2 0,-2 2,0 -2,0"},
		{"N", knight},
		{"A", "2,2 2,-2 -2,2 -2,-2"},
		{"H", "0,3 0,-3 3,0 -3,0"},
		{"C", "1,3 -1,3 3,1 -3,1 1,-3 -1,-3 3,-1 -3,-1"},
		{"L", "1,3 -1,3 3,1 -3,1 1,-3 -1,-3 3,-1 -3,-1"},
		{"Z", "2,3 -2,3 3,2 -3,2 2,-3 -2,-3 3,-2 -3,-2"},
		{"G", "3,3 3,-3 -3,3 -3,-3"},
		{"K", wazir + " " + fers},
		// Riders, doubled atoms and ranges.
		{"R", "0,1* 0,-1* 1,0* -1,0*"},
		{"WW", "0,1* 0,-1* 1,0* -1,0*"},
		{"B", "1,1* 1,-1* -1,1* -1,-1*"},
		{"Q", "0,1* 0,-1* 1,0* -1,0* 1,1* 1,-1* -1,1* -1,-1*"},
		{"NN", "1,2* -1,2* 2,1* -2,1* 1,-2* -1,-2* 2,-1* -2,-1*"},
		{"R4", "0,1<4 0,-1<4 1,0<4 -1,0<4"},
		{"W2", "0,1<2 0,-1<2 1,0<2 -1,0<2"},
		{"B1", fers},
		{"N2", "1,2<2 -1,2<2 2,1<2 -2,1<2 1,-2<2 -1,-2<2 2,-1<2 -2,-1<2"},
		// Compounds.
		{"RN", "0,1* 0,-1* 1,0* -1,0* " + knight},
		{"QN", "0,1* 0,-1* 1,0* -1,0* 1,1* 1,-1* -1,1* -1,-1* " + knight},
		{"KN", wazir + " " + fers + " " + knight},
		{"FA", fers + " 2,2 2,-2 -2,2 -2,-2"},
		// A leap a rider covers is dropped.
		{"WR", "0,1* 0,-1* 1,0* -1,0*"},
		{"mWR", "0,1* 0,-1* 1,0* -1,0*"},
		{"R2R", "0,1* 0,-1* 1,0* -1,0*"},
		{"cWmR", "0,1c 0,-1c 1,0c -1,0c 0,1*m 0,-1*m 1,0*m -1,0*m"},
		// Directions on orthogonal atoms.
		{"fW", "0,1"},
		{"bW", "0,-1"},
		{"lW", "-1,0"},
		{"rW", "1,0"},
		{"vW", "0,1 0,-1"},
		{"sW", "1,0 -1,0"},
		{"fsW", "0,1 1,0 -1,0"},
		{"fR", "0,1*"},
		{"vR", "0,1* 0,-1*"},
		{"frW", "0,1 1,0"},
		// Directions on diagonal atoms.
		{"fF", "1,1 -1,1"},
		{"bF", "1,-1 -1,-1"},
		{"lF", "-1,1 -1,-1"},
		{"rF", "1,1 1,-1"},
		{"vF", fers},
		{"sF", fers},
		{"flF", "-1,1"},
		{"frF", "1,1"},
		{"blF", "-1,-1"},
		{"brF", "1,-1"},
		{"rfF", "1,1"},
		{"fB", "1,1* -1,1*"},
		// Directions on oblique atoms: f is the narrow pair, fs the wide
		// one, fh all four forward moves.
		{"fN", "1,2 -1,2"},
		{"ffN", "1,2 -1,2"},
		{"fsN", "2,1 -2,1"},
		{"fhN", "1,2 -1,2 2,1 -2,1"},
		{"bN", "1,-2 -1,-2"},
		{"sN", "2,1 -2,1 2,-1 -2,-1"},
		{"vN", "1,2 -1,2 1,-2 -1,-2"},
		{"lN", "-2,1 -2,-1"},
		{"rN", "2,1 2,-1"},
		{"frN", "2,1"},
		{"rfN", "1,2"},
		{"flN", "-2,1"},
		{"lfN", "-1,2"},
		{"lhN", "-1,2 -2,1 -2,-1 -1,-2"},
		{"rhN", "1,2 2,1 2,-1 1,-2"},
		{"bhN", "1,-2 -1,-2 2,-1 -2,-1"},
		// Directions on compounds of two atoms (K): each atom alone.
		{"fK", "0,1 1,1 -1,1"},
		{"fsK", "1,0 -1,0 1,1 -1,1"},
		// Modalities.
		{"mW", "0,1m 0,-1m 1,0m -1,0m"},
		{"cF", "1,1c 1,-1c -1,1c -1,-1c"},
		{"mcW", wazir},
		{"mNcB", "1,2m -1,2m 2,1m -2,1m 1,-2m -1,-2m 2,-1m -2,-1m 1,1*c 1,-1*c -1,1*c -1,-1*c"},
		{"fmWfcF", "0,1m 1,1c -1,1c"},
		{"fcmW", "0,1"},
		{"mfW", "0,1m"},
		{"WfF", wazir + " 1,1 -1,1"},
		{"FfW", fers + " 0,1"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.betza, func(t *testing.T) {
			got, err := ParseBetza(tt.betza)
			if err != nil {
				t.Fatal(err)
			}
			if atomSet(got) != set(tt.want) {
				t.Errorf("ParseBetza(%q)\n got  %s\n want %s", tt.betza, atomSet(got), set(tt.want))
			}
			if !slices.IsSortedFunc(got, func(a, b Atom) int {
				if atomLess(a, b) {
					return -1
				}
				return 1
			}) {
				t.Errorf("ParseBetza(%q) not sorted: %v", tt.betza, got)
			}
		})
	}
}

func TestBetzaErrors(t *testing.T) {
	tests := []struct {
		betza, want string
		unsupported bool
	}{
		{"ifmnD", `betza "ifmnD": initial-only moves (i)`, true},
		{"feF", `betza "feF": en-passant captures (e) without captures (c) before F`, true},
		{"KifmnD", `betza "KifmnD": initial-only moves (i)`, true},
		{"fmWi", `betza "fmWi": modifiers without an atom at the end`, false},
		{"mafsW", `betza "mafsW": multi-leg moves (a)`, true},
		{"X", `betza "X": unknown atom 'X'`, false},
		{"W3x", `betza "W3x": exchange moves (x)`, true},
		{"R0", `betza "R0": range 0 after R`, false},
		{"R12", `betza "R12": range of more than one digit after R`, false},
		{"Wf", `betza "Wf": modifiers without an atom at the end`, false},
		{"hW", `betza "hW": the modifiers before W select no direction`, false},
		{"2W", `betza "2W": unknown atom '2'`, false},
	}
	for _, tt := range tests {
		t.Run(tt.betza, func(t *testing.T) {
			_, err := ParseBetza(tt.betza)
			if err == nil {
				t.Fatalf("ParseBetza(%q) = nil error", tt.betza)
			}
			msg := strings.TrimPrefix(err.Error(), "not supported: ")
			if msg != tt.want {
				t.Errorf("ParseBetza(%q) error\n got  %q\n want %q", tt.betza, msg, tt.want)
			}
			if errors.Is(err, ErrUnsupported) != tt.unsupported {
				t.Errorf("ParseBetza(%q): unsupported = %v, want %v", tt.betza, !tt.unsupported, tt.unsupported)
			}
		})
	}
}

// TestPieceTypes checks every named piece type's Betza expands, and the
// ones the engine cannot play are refused for their reason.
func TestPieceTypes(t *testing.T) {
	for _, p := range pieceTypes {
		atoms, err := ParseBetza(p.betza)
		if p.why != "" {
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s (%s): error %v, want unsupported", p.key, p.betza, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s (%s): %v", p.key, p.betza, err)
		}
		if len(atoms) == 0 && p.key != "immobile" {
			t.Errorf("%s (%s): no atoms", p.key, p.betza)
		}
	}
}
