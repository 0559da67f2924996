package fairy

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/losalamos"
)

// loweringRefused lists the reference variants whose lowering is refused,
// with the error expected: no reference variant is skipped silently.
var loweringRefused = map[string]string{}

// perftNodeCap bounds each stored count checked (VARENA_DEEP=1 checks
// them all), keeping the test within seconds.
const perftNodeCap = 1_000_000

func referenceDefs(t *testing.T) []*Definition {
	t.Helper()
	data, err := os.ReadFile("testdata/reference.ini")
	if err != nil {
		t.Fatal(err)
	}
	defs, err := Parse(strings.NewReader(string(data)), "testdata/reference.ini")
	if err != nil {
		t.Fatal(err)
	}
	return defs
}

// TestLowerPerft lowers every variant of testdata/perft and checks the
// engine's perft against Fairy-Stockfish 11.1's stored counts at every
// stored depth up to perftNodeCap nodes.
func TestLowerPerft(t *testing.T) {
	defs := referenceDefs(t)
	deep := os.Getenv("VARENA_DEEP") == "1"
	files, err := filepath.Glob("testdata/perft/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no reference files: %v", err)
	}
	passed := 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			d := Lookup(defs, name)
			if d == nil {
				t.Fatalf("no definition of %s", name)
			}
			v, err := d.Variant()
			if want, refused := loweringRefused[name]; refused {
				if err == nil || err.Error() != want || !errors.Is(err, ErrUnsupported) {
					t.Fatalf("lowering: error %v, want %q (ErrUnsupported)", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range readPerftFile(t, file) {
				pos, err := engines.ParseFEN(v, c.fen)
				if err != nil {
					t.Fatalf("%s: %v", c.fen, err)
				}
				for i, want := range c.counts {
					if want > perftNodeCap && !deep {
						break
					}
					if got := engines.Perft(&pos, i+1); got != uint64(want) {
						t.Errorf("%s: perft %d = %d, Fairy-Stockfish %d", c.fen, i+1, got, want)
					}
				}
			}
			if !t.Failed() {
				passed++ // refused variants returned above
			}
		})
	}
	t.Logf("%d of %d reference variants lowered and equal to Fairy-Stockfish; %d refused", passed, len(files), len(loweringRefused))
}

// TestLowerLive plays random games in each lowered variant and asks
// Fairy-Stockfish for the perft of a few positions of each.
func TestLowerLive(t *testing.T) {
	if testing.Short() {
		t.Skip("asks Fairy-Stockfish; skipped with -short")
	}
	ini, err := filepath.Abs("testdata/reference.ini")
	if err != nil {
		t.Fatal(err)
	}
	defs := referenceDefs(t)
	f := startFSF(t, ini)
	rng := rand.New(rand.NewPCG(7, 2026))
	for _, name := range referenceAll() {
		if _, refused := loweringRefused[name]; refused {
			continue
		}
		v, err := Lookup(defs, name).Variant()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for g := 0; g < 3; g++ {
			pos := v.StartPosition()
			var buf [engines.MaxMoves]engines.Move
			plies := 4 + rng.IntN(40)
			for i := 0; i < plies; i++ {
				moves := pos.GenerateMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				var child engines.Position
				pos.MakeMove(moves[rng.IntN(len(moves))], &child)
				pos = child
			}
			fen := pos.FEN()
			for depth := 1; depth <= 3; depth++ {
				f.setup(name, fen, nil)
				_, want := f.perft(depth)
				if got := engines.Perft(&pos, depth); got != uint64(want) {
					t.Errorf("%s %s: perft %d = %d, Fairy-Stockfish %d", name, fen, depth, got, want)
					break
				}
				if want > 200_000 {
					break
				}
			}
		}
	}
}

// TestLowerVarenaOwn: builtin.ini's descriptions of varena's own
// variants lower to the same games as the built-in descriptions, perft
// for perft (evolution's piece promotion, Los Alamos without bunkers).
func TestLowerVarenaOwn(t *testing.T) {
	for _, tt := range []struct {
		name  string
		v     *engines.Variant
		depth int
	}{
		{"evolution", evolution.Variant, 4},
		{"losalamos-extinction", losalamos.NoBunkers, 5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Lookup(nil, tt.name).Variant()
			if err != nil {
				t.Fatal(err)
			}
			if v.StartFEN != tt.v.StartFEN {
				t.Errorf("start %q, built-in %q", v.StartFEN, tt.v.StartFEN)
			}
			a, b := v.StartPosition(), tt.v.StartPosition()
			for d := 1; d <= tt.depth; d++ {
				if x, y := engines.Perft(&a, d), engines.Perft(&b, d); x != y {
					t.Errorf("perft %d: lowered %d, built-in %d", d, x, y)
				}
			}
		})
	}
}

// TestLowerCounting lowers countingRule: the rule and the types its
// limits count, and the refusals with their places.
func TestLowerCounting(t *testing.T) {
	text := `[a:makruk]
[b:makruk]
countingRule = asean
[c:makruk]
nMoveRule = 50
[d:makruk]
countingRule = none
[e:3check]
countingRule = makruk
nMoveRule = 0
[f:makruk]
rook = -
silver = -
startFen = 1n1mk1n1/8/pppppppp/8/8/PPPPPPPP/8/1N1KM1N1 w - - 0 1
`
	defs, err := Parse(strings.NewReader(text), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		rule  engines.CountingRule
		types [4]engines.PieceType
		err   string
	}{
		{"a", engines.MakrukCounting, [4]engines.PieceType{engines.Rook, 0, engines.Knight, 0}, ""},
		{"b", engines.ASEANCounting, [4]engines.PieceType{engines.Rook, 0, engines.Knight, 0}, ""},
		{"c", 0, [4]engines.PieceType{}, `t.ini:5: key "nMoveRule": not supported: an n-move rule beside countingRule (the engine's count takes the halfmove clock)`},
		{"d", engines.NoCounting, [4]engines.PieceType{}, ""},
		{"e", 0, [4]engines.PieceType{}, `t.ini:9: key "countingRule": not supported: a counting rule with checkCounting other than the first check's (1+1)`},
		{"f", engines.MakrukCounting, [4]engines.PieceType{0, 0, engines.Knight, 0}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Lookup(defs, tt.name)
			v, err := d.Variant()
			if tt.err != "" {
				if err == nil || err.Error() != tt.err || !errors.Is(err, ErrUnsupported) {
					t.Fatalf("error %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := tt.types
			if tt.rule != engines.NoCounting {
				// The khon and the met are the variant's own types: find
				// them by letter.
				for i, f := range v.Fairy {
					switch f.Letter | 0x20 { // lower case
					case 's':
						want[engines.CountKhon] = engines.FirstFairy + engines.PieceType(i)
					case 'm':
						want[engines.CountMet] = engines.FirstFairy + engines.PieceType(i)
					}
				}
			}
			if v.Counting != tt.rule || v.CountingTypes != want {
				t.Errorf("counting %v %v, want %v %v", v.Counting, v.CountingTypes, tt.rule, want)
			}
			if v.NMoveRule >= 0 {
				t.Errorf("NMoveRule %d, want none", v.NMoveRule)
			}
		})
	}
}
