package configs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"varena/engines/variants"
)

// TestOpeningsFor: a variant's default openings stand in for the built-in
// book only when the config names none; whatever a config names is kept.
func TestOpeningsFor(t *testing.T) {
	bunkersRandom := Openings{Plies: ptr(4), Order: OrderSequential}
	tests := []struct {
		variant string
		given   Openings
		want    Openings
	}{
		{"extinction", Openings{Order: OrderSequential}, Openings{Order: OrderSequential}},
		{"losalamos-bunkers", Openings{Order: OrderSequential}, bunkersRandom},
		{"losalamos-bunkers", RandomPlies(0), RandomPlies(0)},
		{"losalamos-bunkers", RandomPlies(8), RandomPlies(8)},
		{"losalamos-bunkers", Openings{File: "b.epd"}, Openings{File: "b.epd"}},
	}
	for _, tt := range tests {
		r := &Run{Openings: tt.given}
		if got := r.OpeningsFor(tt.variant); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s %+v: got %+v, want %+v", tt.variant, tt.given, got, tt.want)
		}
	}
}

// TestVariantFile: a run's variant_file is loaded through the checker,
// whose names the run may then use; a missing file, a bad one and a
// command that plays only the built-in variants are one line each.
func TestVariantFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "v.ini"), []byte("[hill:kingofthehill]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const run = "name: t\nvariant: %s\nvariant_file: %s\ntournament: {type: round-robin, games: 2}\nengines:\n  - {name: a, kind: random}\n  - {name: b, kind: random}\n"
	load := func(path string) (*variants.Set, error) {
		if filepath.Base(path) == "bad.ini" {
			return nil, errors.New("bad.ini:3: key \"cannon\": not supported: hopper (cannon)")
		}
		return variants.ParseSet([]byte("[hill:kingofthehill]\n[counting:makruk]\nnMoveRule = 50\n"), "v.ini")
	}
	tests := []struct {
		variant, file string
		load          func(string) (*variants.Set, error)
		want          string // "" for no error
	}{
		{"counting", "v.ini", load, `t.yaml:2: variant: counting is a section of the variant_file varena cannot play: v.ini:3: key "nMoveRule": not supported: an n-move rule beside countingRule (the engine's count takes the halfmove clock)`},
		{"hill", "v.ini", load, ""},
		{"hill", "none.ini", load, "t.yaml:3: variant_file: " + filepath.Join(dir, "none.ini") + ": no such file"},
		{"hill", "bad.ini", load, `t.yaml:3: variant_file: bad.ini:3: key "cannon": not supported: hopper (cannon)`},
		{"hill", "v.ini", nil, "t.yaml:3: variant_file: this command plays the built-in variants only"},
		{"hills", "v.ini", load, `t.yaml:2: variant: unknown variant "hills" (did you mean "hill"? known: extinction, hill)`},
	}
	for _, tt := range tests {
		if tt.file == "bad.ini" {
			if err := os.WriteFile(filepath.Join(dir, "bad.ini"), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		data := fmt.Sprintf(run, tt.variant, tt.file)
		_, err := ParseAt("t.yaml", filepath.Join(dir, "t.yaml"), []byte(data), Checker{Variants: []string{"extinction"}, LoadVariants: tt.load})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s %s: got %q, want %q", tt.variant, tt.file, got, tt.want)
		}
	}
}

func ptr[T any](v T) *T { return &v }
