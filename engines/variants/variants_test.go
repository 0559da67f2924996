package variants

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"varena/engines"
	"varena/engines/fairy"
)

const sample = `# a test file
[archchess:chess]
queen = -
archbishop = a
startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1
promotionPieceTypes = arbn

[minihill:losalamos]
flagPiece = k
whiteFlag = c3 d3 c4 d4
blackFlag = c3 d3 c4 d4
`

func TestLoad(t *testing.T) {
	for _, tt := range []struct {
		name, ini string
		want      []string // variant names, or
		err       string   // the error
		wide      bool     // played by package wide, the general engine
	}{
		{"sample", sample, []string{"archchess", "minihill"}, "", false},
		{"empty", "", nil, "", false},
		{"unsupported", "[c:chess]\ndropOnTop = true\n", nil, `t.ini:2: key "dropOnTop": not supported: drops on top of a column (connect-four)`, false},
		{"lowering refused", "[mk:makruk]\nnMoveRule = 50\n", nil, `t.ini:2: key "nMoveRule": not supported: an n-move rule beside countingRule (the engine's count takes the halfmove clock)`, false},
		// What the 64-square engine refuses, the general one plays.
		{"hopper", "[c:chess]\ncannon = c\n", []string{"c"}, "", true},
		{"royal rider", "[rk:chess]\nking = k:R\n", []string{"rk"}, "", true},
		{"royal forward leaper", "[fk:chess]\nking = k:fN\n", []string{"fk"}, "", true},
		{"asymmetric", "[l:chess]\ncustomPiece1 = x:lW\n", []string{"l"}, "", true},
		{"syntax", "[x:chess\n", nil, "t.ini:1:", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			vs, err := Load(strings.NewReader(tt.ini), "t.ini")
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %v, want %q (one line)", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, v := range vs {
				got = append(got, v.Name)
				if (v.Wide() != nil) != tt.wide {
					t.Errorf("%s: played by the general engine %v, want %v", v.Name, v.Wide() != nil, tt.wide)
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("variants %v, want %v", got, tt.want)
			}
		})
	}
	if _, _, err := LoadSectionsFile("no/such/file.ini"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// TestRegister: loaded variants are found by name after the built-ins;
// a built-in's name or a registered one's is refused.
func TestRegister(t *testing.T) {
	vs, err := Load(strings.NewReader(sample), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ByName("archchess"); err == nil {
		t.Fatal("archchess found before Register")
	}
	if err := Register(vs...); err != nil {
		t.Fatal(err)
	}
	if err := Register(vs...); err != nil {
		t.Errorf("registering the same variants again: %v", err)
	}
	for _, v := range vs {
		got, err := ByName(v.Name)
		if err != nil || got != v {
			t.Errorf("ByName(%s) = %v, %v", v.Name, got, err)
		}
	}
	names := Names()
	if len(names) != len(All)+2 || names[len(All)] != "archchess" || names[len(All)+1] != "minihill" {
		t.Errorf("Names() = %v, want the built-ins then archchess, minihill", names)
	}
	all := Playable()
	if fsf := all[len(names):]; !slices.Equal(all[:len(names)], names) || !slices.Equal(fsf, FairyNames()) || !slices.Contains(fsf, "xiangqi") {
		t.Errorf("Playable() = %v, want Names() then Fairy-Stockfish's built-ins, xiangqi among them", all)
	}
	again, err := Load(strings.NewReader(sample), "t2.ini")
	if err != nil {
		t.Fatal(err)
	}
	if err := Register(again[0]); err == nil || !strings.Contains(err.Error(), "already the name of the registered variant archchess") {
		t.Errorf("a second archchess: %v", err)
	}
	// fairy.Parse refuses Fairy-Stockfish's names; varena's own are
	// refused here.
	std, err := Load(strings.NewReader("[evolution:chess]\n"), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	if err := Register(std...); err == nil || !strings.Contains(err.Error(), "built-in variant evolution") {
		t.Errorf("a variant named evolution: %v", err)
	}
	if _, err := ByName("evolution"); err != nil {
		t.Error(err)
	}
	// Concurrent lookups while registering (go test -race).
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				if _, err := ByName("minihill"); err != nil {
					t.Error(err)
				}
				Names()
			}
		}()
	}
	more, _ := Load(strings.NewReader("[other:chess]\n"), "t3.ini")
	if err := Register(more...); err != nil {
		t.Error(err)
	}
	wg.Wait()
}

func TestFromFile(t *testing.T) {
	path := t.TempDir() + "/v.ini"
	if err := os.WriteFile(path, []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		found bool
	}{{"archchess", true}, {"kingofthehill", true}, {"makruk", true}, {"standard", false}, {"nothing", false}} {
		v, ok, err := FromFile(path, tt.name)
		if err != nil || ok != tt.found || ok && v.Name != tt.name {
			t.Errorf("FromFile(%s) = %v, %v, %v", tt.name, v, ok, err)
		}
	}
	// A section varena cannot play is found, with its reason.
	if err := os.WriteFile(path, []byte(sample+"[mk50:makruk]\nnMoveRule = 50\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := FromFile(path, "mk50"); !ok || !errors.Is(err, fairy.ErrUnsupported) {
		t.Errorf("mk50: %v %v, want found and not supported", ok, err)
	}
}

// FuzzLoad: any text gives variants or an error, never a panic; every
// variant loaded generates, counts and makes moves from its start.
func FuzzLoad(f *testing.F) {
	f.Add(sample)
	for _, p := range []string{"../fairy/testdata/reference.ini", "../fairy/testdata/sample.ini", "../fairy/builtin.ini"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("[x:horde]\n")
	f.Add("[x:chess]\nmaxFile = 5\nmaxRank = 9\ncustomPiece1 = a:NN\nstartFen = 5/5/5/5/5/5/5/5/K3k w - - 0 1\n")
	f.Add("[x:chess]\npromotionRegionWhite = *6 *7 *8\ndoubleStepRegionWhite = *1 *2 *3\nenPassantRegion = d3\n")
	f.Fuzz(func(t *testing.T, ini string) {
		vs, err := Load(strings.NewReader(ini), "f.ini")
		if err != nil {
			// Every problem at once, one line each with its place.
			for _, l := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(l, "f.ini:") {
					t.Fatalf("error line %q does not start with FILE:LINE", l)
				}
			}
			return
		}
		for _, v := range vs {
			pos := v.StartPosition()
			var buf [engines.MaxMoves]engines.Move
			moves := pos.GenerateMoves(buf[:0])
			if n := pos.CountMoves(); n != len(moves) {
				t.Fatalf("%s: CountMoves %d, GenerateMoves %d", v.Name, n, len(moves))
			}
			var child engines.Position
			for _, m := range moves {
				pos.MakeMove(m, &child)
				child.CountMoves()
				child.Status()
			}
		}
	})
}

// TestRegisterFileSections: a file with a section varena cannot play
// registers the others, and says why that one is refused; the same
// content again gives the same variants.
func TestRegisterFileSections(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mixed.ini")
	if err := os.WriteFile(path, []byte("[hillsect:kingofthehill]\n[dropsect:chess]\ndropOnTop = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	vs, refused, err := RegisterFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 1 || vs[0].Name != "hillsect" {
		t.Fatalf("registered %v", vs)
	}
	if e := refused["dropsect"]; e == nil || !strings.Contains(e.Error(), `mixed.ini:3: key "dropOnTop": not supported`) {
		t.Errorf("dropsect refused with %v", e)
	}
	if v, err := ByName("hillsect"); err != nil || v != vs[0] {
		t.Errorf("ByName(hillsect) = %v, %v", v, err)
	}
	again, _, err := RegisterFile(path)
	if err != nil || len(again) != 1 || again[0] != vs[0] {
		t.Errorf("the same file again: %v, %v", again, err)
	}
}

var updateFairyNames = flag.Bool("update", false, "write fairynames.go from the built-ins the engines play")

// TestFairyNames lowers every Fairy-Stockfish built-in and checks that
// the table FairyNames returns names exactly those the engines play, in
// builtin.ini's order. With -update it writes the table.
func TestFairyNames(t *testing.T) {
	var want []string
	for _, d := range fairy.Builtins() {
		if builtin(d.Name) != nil {
			continue
		}
		if _, err := d.Variant(); err == nil {
			want = append(want, d.Name)
		}
	}
	if *updateFairyNames {
		var b strings.Builder
		b.WriteString("// Code generated by \"go test ./engines/variants -run TestFairyNames -update\"; DO NOT EDIT.\n\npackage variants\n\n")
		b.WriteString("// fairyNames are the Fairy-Stockfish built-ins the engines play (FairyNames).\nvar fairyNames = []string{\n")
		for _, n := range want {
			fmt.Fprintf(&b, "\t%q,\n", n)
		}
		b.WriteString("}\n")
		if err := os.WriteFile("fairynames.go", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got := FairyNames(); !slices.Equal(got, want) {
		t.Errorf("fairynames.go is stale: run go test ./engines/variants -run TestFairyNames -update\n got %v\nwant %v", got, want)
	}
}
