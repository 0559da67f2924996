package variants

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
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
	// Section by section: a whole file as a seed makes each input the
	// fuzzer minimizes a whole mutated file, every section played.
	for _, p := range []string{"../fairy/testdata/reference.ini", "../fairy/testdata/sample.ini", "../fairy/builtin.ini"} {
		if data, err := os.ReadFile(p); err == nil {
			for _, s := range strings.Split(string(data), "\n[") {
				f.Add("[" + strings.TrimPrefix(s, "["))
			}
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
