package variants

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"varena/engines"
)

// Two variants.ini files that define the same section, duel, with other
// rules: a 6x6 Los Alamos board in one, chess with an archbishop for its
// queen in the other.
const (
	duelSmall = "[duel:losalamos]\n"
	duelArch  = "[duel:chess]\nqueen = -\narchbishop = a\nstartFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\npromotionPieceTypes = arbn\n"
)

// TestSetsOfTheSameName: two Sets whose files define the same section
// name each give their own rules, in one process, whichever is loaded
// first; the built-ins know neither.
func TestSetsOfTheSameName(t *testing.T) {
	small, err := ParseSet([]byte(duelSmall), "small.ini")
	if err != nil {
		t.Fatal(err)
	}
	arch, err := ParseSet([]byte(duelArch), "arch.ini")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		set          *Set
		files, ranks int
		perft2       uint64
	}{
		// Perft 2 from the start: Los Alamos's 10 by 10; chess's 20
		// and the archbishop's two knight moves (c3, e3), on each side.
		{small, 6, 6, 100},
		{arch, 8, 8, 22 * 22},
		{small, 6, 6, 100}, // again, after the other
	} {
		v, err := tt.set.ByName("duel")
		if err != nil {
			t.Fatalf("%s: %v", tt.set.Path(), err)
		}
		if g := v.Geometry; g.Files() != tt.files || g.Ranks() != tt.ranks {
			t.Errorf("%s: duel's board %dx%d, want %dx%d", tt.set.Path(), g.Files(), g.Ranks(), tt.files, tt.ranks)
		}
		pos := v.StartPosition()
		if got := engines.Perft(&pos, 2); got != tt.perft2 {
			t.Errorf("%s: duel's perft 2 = %d, want %d", tt.set.Path(), got, tt.perft2)
		}
	}
	if _, err := Builtins().ByName("duel"); err == nil || !strings.Contains(err.Error(), `unknown variant "duel"`) {
		t.Errorf("the built-ins' duel: %v", err)
	}
	if _, err := ByName("duel"); err == nil {
		t.Error("package-level ByName found a file's section")
	}
}

// TestParseSet: what a file's Set names, refuses, warns of and is
// refused for.
func TestParseSet(t *testing.T) {
	for _, tt := range []struct {
		name, ini string
		loaded    []string // the playable sections, in file order
		refused   []string // the sections refused, sorted
		warnings  int
		err       string // the error, one line
	}{
		{"sample", sample, []string{"archchess", "minihill"}, nil, 0, ""},
		{"empty", "", nil, nil, 0, ""},
		{"one refused", "[mk:makruk]\nnMoveRule = 50\n" + sample, []string{"archchess", "minihill"}, []string{"mk"}, 0, ""},
		{"repeated key", "[c:chess]\ncastling = false\ncastling = true\n", []string{"c"}, nil, 1, ""},
		{"syntax", "[x:chess\n", nil, nil, 0, "t.ini:1:"},
		{"built-in name", "[evolution:chess]\n" + sample, []string{"archchess", "minihill"}, []string{"evolution"}, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseSet([]byte(tt.ini), "t.ini")
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %v, want %q (one line)", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var loaded []string
			for _, v := range s.Loaded() {
				loaded = append(loaded, v.Name)
			}
			if !slices.Equal(loaded, tt.loaded) {
				t.Errorf("Loaded() = %v, want %v", loaded, tt.loaded)
			}
			var refused []string
			for n, err := range s.Refused() {
				refused = append(refused, n)
				if Builtin(n) {
					// The name stays the built-in's.
					if v, _ := s.ByName(n); v == nil || !Builtin(v.Name) || !strings.Contains(err.Error(), "is the name of the built-in variant "+n) {
						t.Errorf("ByName(%s) = %v; refused as %v", n, v, err)
					}
					continue
				}
				if _, berr := s.ByName(n); berr == nil || !errors.Is(berr, err) {
					t.Errorf("ByName(%s) = %v, want the refusal %v", n, berr, err)
				}
			}
			slices.Sort(refused)
			if !slices.Equal(refused, tt.refused) {
				t.Errorf("Refused() = %v, want %v", refused, tt.refused)
			}
			if got := len(s.Warnings()); got != tt.warnings {
				t.Errorf("%d warnings %v, want %d", got, s.Warnings(), tt.warnings)
			}
			if want := append(Builtins().Names(), tt.loaded...); !slices.Equal(s.Names(), want) {
				t.Errorf("Names() = %v, want %v", s.Names(), want)
			}
			if want := append(s.Names(), FairyNames()...); !slices.Equal(s.Playable(), want) {
				t.Errorf("Playable() = %v, want Names() then FairyNames()", s.Playable())
			}
			for _, n := range tt.loaded {
				if v, err := s.ByName(n); err != nil || v.Name != n {
					t.Errorf("ByName(%s) = %v, %v", n, v, err)
				}
			}
			if s.Path() != "t.ini" || s.Hash() != ContentHash([]byte(tt.ini)) || !strings.HasPrefix(s.Hash(), "sha256:") {
				t.Errorf("Path, Hash = %q, %q", s.Path(), s.Hash())
			}
		})
	}
}

// TestBuiltinsSet: the built-ins only, through the nil Set, as the
// package-level functions give them.
func TestBuiltinsSet(t *testing.T) {
	var s *Set
	if !slices.Equal(s.Names(), Names()) || !slices.Equal(s.Playable(), Playable()) {
		t.Errorf("Names, Playable of the built-ins differ: %v, %v", s.Names(), s.Playable())
	}
	if s.Path() != "" || s.Hash() != "" || s.Loaded() != nil || s.Refused() != nil || s.Warnings() != nil {
		t.Error("the built-ins have a file")
	}
	for _, n := range []string{"extinction", "chess", "normal", "xiangqi"} {
		v, err := s.ByName(n)
		w, werr := ByName(n)
		if err != nil || werr != nil || v != w {
			t.Errorf("ByName(%s) = %v, %v; package-level %v, %v", n, v, err, w, werr)
		}
	}
	if _, err := LoadSet("no/such/file.ini"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
