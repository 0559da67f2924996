package fairy

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"varena/engines"
)

// referenceParents are the built-in variants whose start positions and
// perft counts come from Fairy-Stockfish 11.1 (all of them are in its
// UCI_Variant list). evolution and losalamos-extinction are varena's own
// and have their suites in engines/testdata/perft.
var referenceParents = []string{
	"chess", "fairy", "losalamos", "extinction", "kinglet", "threekings",
	"kingofthehill", "racingkings", "3check", "antichess", "giveaway",
	"gardner", "shatranj", "makruk", "almost", "knightmate", "horde",
}

// referenceMore are the other built-ins of Fairy-Stockfish 11.1 that
// builtin.ini describes and the engines play, after the first ones so
// that those keep their seeds.
var referenceMore = []string{
	"nocastle", "5check", "amazon", "chigorin", "hoppelpoppel", "newzealand",
	"losers", "codrus", "asean", "ai-wok", "suicide", "makpong", "shatar", "cambodian", "karouk",
}

// builtinReference is referenceParents and referenceMore: the built-ins
// with a suite.
func builtinReference() []string {
	return append(slices.Clone(referenceParents), referenceMore...)
}

// referenceAll is every variant with a suite in testdata/perft, in the
// order of their seeds.
func referenceAll() []string {
	return append(append(slices.Clone(referenceParents), referenceCustom...), referenceMore...)
}

// referenceCustom are the variants of testdata/reference.ini.
var referenceCustom = []string{"ref-compound", "ref-shortrange", "ref-modal", "ref-forward"}

const (
	referenceGames = 5
	referenceNodes = 100_000 // deepest depth: the first reaching this count
	// referenceCounted: the positions with a count on that a variant
	// with a counting rule has after its random games.
	referenceCounted = 3
)

// TestMakeReference remakes testdata/startfen.txt and testdata/perft/*.txt
// from Fairy-Stockfish. It runs only with VARENA_FSF_REFERENCE=1.
func TestMakeReference(t *testing.T) {
	if os.Getenv("VARENA_FSF_REFERENCE") != "1" {
		t.Skip("remakes the Fairy-Stockfish reference data; set VARENA_FSF_REFERENCE=1")
	}
	ini, err := filepath.Abs("testdata/reference.ini")
	if err != nil {
		t.Fatal(err)
	}
	f := startFSF(t, ini)
	defs := referenceDefs(t)
	var fens strings.Builder
	fens.WriteString("# Start positions of the built-in variants as Fairy-Stockfish 11.1 prints them\n")
	fens.WriteString("# (setoption name UCI_Variant value NAME; position startpos; d: the Fen: line).\n")
	fens.WriteString("# Made by VARENA_FSF_REFERENCE=1 go test ./engines/fairy -run TestMakeReference\n")
	for _, v := range builtinReference() {
		f.setup(v, "startpos", nil)
		fmt.Fprintf(&fens, "%s %s\n", v, f.fen())
	}
	if err := os.WriteFile("testdata/startfen.txt", []byte(fens.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// VARENA_FSF_REFERENCE_ONLY=a,b remakes those suites alone.
	only := strings.Split(os.Getenv("VARENA_FSF_REFERENCE_ONLY"), ",")
	for i, v := range referenceAll() {
		if only[0] != "" && !slices.Contains(only, v) {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "# Fairy-Stockfish 11.1 perft reference for %s. Made by\n", v)
		b.WriteString("#   VARENA_FSF_REFERENCE=1 go test ./engines/fairy -run TestMakeReference\n")
		b.WriteString("# which asks /usr/games/fairy-stockfish, for each line:\n")
		b.WriteString("#   setoption name VariantPath value engines/fairy/testdata/reference.ini\n")
		fmt.Fprintf(&b, "#   setoption name UCI_Variant value %s\n", v)
		b.WriteString("#   position fen FEN\n#   go perft D    (its \"Nodes searched:\" count)\n")
		fmt.Fprintf(&b, "# The first line is the start position, the others the positions after random\n")
		fmt.Fprintf(&b, "# games (seed %d, moves from go perft 1, FEN from d). Depths up to the first\n", i+1)
		fmt.Fprintf(&b, "# with %d nodes or more. Format: FEN ;D1 n ;D2 n ...\n", referenceNodes)
		if Lookup(defs, v).CountingRule != "none" {
			fmt.Fprintf(&b, "# Then %d positions with a count of its counting rule on (the limit and the\n", referenceCounted)
			b.WriteString("# plies counted in the en-passant and halfmove fields), after random games\n")
			b.WriteString("# taking a piece three moves in four (the moves chosen by varena's rules).\n")
		}
		f.setup(v, "startpos", nil)
		start := f.fen()
		b.WriteString(referenceLine(f, v, start))
		rng := rand.New(rand.NewPCG(uint64(i+1), 2026))
		for g := 0; g < referenceGames; g++ {
			plies := 6 + rng.IntN(30)
			var moves []string
			for len(moves) < plies {
				f.setup(v, start, moves)
				legal, _ := f.perft(1)
				if len(legal) == 0 {
					break
				}
				next := append(moves, legal[rng.IntN(len(legal))])
				f.setup(v, start, next)
				if more, _ := f.perft(1); len(more) == 0 {
					break // keep a position where the game goes on
				}
				moves = next
			}
			f.setup(v, start, moves)
			b.WriteString(referenceLine(f, v, f.fen()))
		}
		if Lookup(defs, v).CountingRule != "none" {
			b.WriteString(countedLines(t, f, Lookup(defs, v), start, rng))
		}
		if err := os.WriteFile(filepath.Join("testdata", "perft", v+".txt"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// countedLines plays random games of d from start, captures first, until
// Fairy-Stockfish's FEN shows a count on, then a few plies more, and
// returns the reference lines of referenceCounted such positions.
func countedLines(t *testing.T, f *fsf, d *Definition, start string, rng *rand.Rand) string {
	t.Helper()
	v, err := d.Variant()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for n := 0; n < referenceCounted; {
		game := engines.NewGame(v.StartPosition())
		var moves []string
		more := -1 // plies to play once the count is on
		for len(moves) < 600 && more != 0 && game.Outcome().Result == engines.Ongoing {
			pos := game.Position()
			m := pickCapture(pos, pos.GenerateMoves(nil), rng)
			moves = append(moves, v.UCI(m))
			game.Play(m)
			if more < 0 && countOn(game.Position()) {
				more = 1 + rng.IntN(20)
			}
			more--
		}
		if game.Outcome().Result != engines.Ongoing || !countOn(game.Position()) {
			continue
		}
		f.setup(d.Name, start, moves)
		out.WriteString(referenceLine(f, d.Name, f.fen()))
		n++
	}
	return out.String()
}

// countOn reports whether a count is on: its limit, or asean's, whose
// limit the FEN carries in the en-passant field.
func countOn(p *engines.Position) bool {
	if p.CountingLimit() != 0 {
		return true
	}
	f := strings.Fields(p.FEN())
	return len(f) > 3 && f[3] != "-" && f[3][0] >= '0' && f[3][0] <= '9'
}

// referenceLine is "FEN ;D1 n ;D2 n ..." for a position.
func referenceLine(f *fsf, variant, fen string) string {
	line := fen
	for d := 1; d <= 8; d++ {
		f.setup(variant, fen, nil)
		_, n := f.perft(d)
		line += fmt.Sprintf(" ;D%d %d", d, n)
		if n >= referenceNodes || n == 0 {
			break
		}
	}
	return line + "\n"
}

// perftCase is one line of a reference file.
type perftCase struct {
	fen    string
	counts []int64 // counts[d-1] is perft(d)
}

func readPerftFile(t *testing.T, path string) []perftCase {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var out []perftCase
	sc := bufio.NewScanner(file)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		parts := strings.Split(l, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0])}
		for i, p := range parts[1:] {
			var d int
			var cnt int64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &cnt); err != nil || d != i+1 {
				t.Fatalf("%s:%d: %q is not ;D%d COUNT", path, n, p, i+1)
			}
			c.counts = append(c.counts, cnt)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestReferenceFiles checks the reference data is complete and agrees
// with the definitions: every variant has a file whose first line is its
// start position, five more positions, and depths reaching the node goal.
func TestReferenceFiles(t *testing.T) {
	data, err := os.ReadFile("testdata/reference.ini")
	if err != nil {
		t.Fatal(err)
	}
	custom, err := Parse(strings.NewReader(string(data)), "testdata/reference.ini")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range referenceAll() {
		t.Run(v, func(t *testing.T) {
			cases := readPerftFile(t, filepath.Join("testdata", "perft", v+".txt"))
			d := Lookup(custom, v)
			if d == nil {
				t.Fatalf("no definition of %s", v)
			}
			want := 1 + referenceGames
			if d.CountingRule != "none" {
				want += referenceCounted
			}
			if len(cases) != want {
				t.Fatalf("%d positions, want %d", len(cases), want)
			}
			if got := cases[0].fen; got != d.StartFEN {
				t.Errorf("first position %q, definition's start %q", got, d.StartFEN)
			}
			for _, c := range cases {
				last := c.counts[len(c.counts)-1]
				if last < referenceNodes && last != 0 && len(c.counts) < 8 {
					t.Errorf("%s: deepest count %d below %d", c.fen, last, referenceNodes)
				}
				for _, n := range c.counts {
					if n <= 0 && len(c.counts) == 1 {
						t.Errorf("%s: no legal move", c.fen)
					}
				}
			}
		})
	}
}

// TestReferenceLive asks Fairy-Stockfish again for the shallow counts of
// every reference line (depth up to 3), so that data and binary agree.
func TestReferenceLive(t *testing.T) {
	if testing.Short() {
		t.Skip("asks Fairy-Stockfish; skipped with -short")
	}
	ini, err := filepath.Abs("testdata/reference.ini")
	if err != nil {
		t.Fatal(err)
	}
	f := startFSF(t, ini)
	for _, v := range referenceAll() {
		for _, c := range readPerftFile(t, filepath.Join("testdata", "perft", v+".txt")) {
			for d := 1; d <= len(c.counts) && d <= 3; d++ {
				f.setup(v, c.fen, nil)
				if _, n := f.perft(d); n != c.counts[d-1] {
					t.Errorf("%s %s: perft %d = %d, file says %d", v, c.fen, d, n, c.counts[d-1])
				}
			}
		}
	}
}

// TestStartFEN checks that each built-in parent's start position is the
// one Fairy-Stockfish prints: against testdata/startfen.txt always, and
// against the binary when it is installed.
func TestStartFEN(t *testing.T) {
	data, err := os.ReadFile("testdata/startfen.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || l[0] == '#' {
			continue
		}
		name, fen, _ := strings.Cut(l, " ")
		want[name] = fen
	}
	for _, v := range builtinReference() {
		d := Lookup(nil, v)
		if d == nil {
			t.Errorf("%s: no built-in definition", v)
			continue
		}
		if want[v] != d.StartFEN {
			t.Errorf("%s: start %q, Fairy-Stockfish (startfen.txt) %q", v, d.StartFEN, want[v])
		}
	}
	t.Run("live", func(t *testing.T) {
		f := startFSF(t, "")
		for _, v := range builtinReference() {
			f.setup(v, "startpos", nil)
			if got, d := f.fen(), Lookup(nil, v); got != d.StartFEN {
				t.Errorf("%s: start %q, Fairy-Stockfish prints %q", v, d.StartFEN, got)
			}
		}
	})
}

// TestHordeEnPassant: in Fairy-Stockfish 11.1 a horde pawn's double step
// from the first rank gives no en-passant right, one from the second does;
// builtin.ini says so with enPassantRegion = *3 *6.
func TestHordeEnPassant(t *testing.T) {
	h := Lookup(nil, "horde")
	if h.EnPassantRegion.Contains(Square{0, 1}) || !h.EnPassantRegion.Contains(Square{0, 2}) {
		t.Errorf("horde's en-passant squares %s", h.EnPassantRegion)
	}
	f := startFSF(t, "")
	for _, tt := range []struct {
		fen, move, capture string
		want               bool
	}{
		{"4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1", "a1a3", "b3a2", false},
		{"4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", "a2a4", "b4a3", true},
	} {
		f.setup("horde", tt.fen, []string{tt.move})
		moves, _ := f.perft(1)
		if got := slices.Contains(moves, tt.capture); got != tt.want {
			t.Errorf("%s after %s: en passant %s is %v, want %v", tt.fen, tt.move, tt.capture, got, tt.want)
		}
	}
}
