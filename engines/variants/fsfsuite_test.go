package variants

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"varena/engines"
)

// fsfSuite holds perft counts of the c19b5f6 build for sections of its
// own variants.ini whose rules the live comparison's shallow trees seldom
// reach (game ends by a line, a check count, compulsory captures): lines
// "SECTION ; MOVES ;D1 n ;D2 n ...", MOVES the UCI moves from the start
// position ("-" for none), written by TestMakeFSFFileSuite.
const fsfSuite = "testdata/fsf-file-perft.txt"

type fsfSuiteLine struct {
	line    int
	section string
	moves   []string
	counts  []uint64
}

func readFSFSuite(t *testing.T) []fsfSuiteLine {
	t.Helper()
	f, err := os.Open(fsfSuite)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fsfSuiteLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		parts := strings.Split(l, ";")
		if len(parts) < 3 {
			t.Fatalf("%s:%d: want SECTION ; MOVES ;D1 n ...", fsfSuite, n)
		}
		sl := fsfSuiteLine{line: n, section: strings.TrimSpace(parts[0])}
		if m := strings.TrimSpace(parts[1]); m != "-" {
			sl.moves = strings.Fields(m)
		}
		for i, p := range parts[2:] {
			var d int
			var c uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &c); err != nil || d != i+1 {
				t.Fatalf("%s:%d: bad field %q", fsfSuite, n, p)
			}
			sl.counts = append(sl.counts, c)
		}
		out = append(out, sl)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// playMoves returns v's start position after the UCI moves.
func playMoves(v *engines.Variant, moves []string) (engines.Position, error) {
	pos, err := engines.ParseFEN(v, v.StartFEN)
	if err != nil {
		return pos, err
	}
	for _, s := range moves {
		m, err := pos.ParseUCIMove(s)
		if err != nil {
			return pos, fmt.Errorf("move %s: %w", s, err)
		}
		var child engines.Position
		pos.MakeMove(m, &child)
		pos = child
	}
	return pos, nil
}

// fsfNewBuiltins are built-ins of the c19b5f6 build that 11.1 lacks,
// played by name: the suite holds their counts and the engine plays
// them beside the file's sections.
var fsfNewBuiltins = []string{"ataxx", "flipersi", "flipello", "snailtrail"}

// loadFSFSections returns the playable sections of the shared file by
// name, with fsfNewBuiltins, skipping the test without the file.
func loadFSFSections(t testing.TB) (string, map[string]*engines.Variant) {
	t.Helper()
	path, _ := filepath.Abs(fsfFile)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no %s beside the checkout: %v", fsfFile, err)
	}
	set, err := LoadSet(path)
	if err != nil {
		t.Fatal(err)
	}
	vs := set.Loaded()
	byName := map[string]*engines.Variant{}
	for _, v := range vs {
		byName[v.Name] = v
	}
	for _, name := range fsfNewBuiltins {
		v, err := ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		byName[name] = v
	}
	return path, byName
}

// TestFSFFileSuite: perft equals the c19b5f6 build's counts of
// testdata/fsf-file-perft.txt (up to 2,000,000 leaves a count, 100,000
// with -short).
func TestFSFFileSuite(t *testing.T) {
	_, byName := loadFSFSections(t)
	limit := uint64(2_000_000)
	if testing.Short() {
		limit = 100_000
	}
	for _, l := range readFSFSuite(t) {
		v := byName[l.section]
		if v == nil {
			t.Errorf("%s:%d: section %q does not play", fsfSuite, l.line, l.section)
			continue
		}
		pos, err := playMoves(v, l.moves)
		if err != nil {
			t.Errorf("%s:%d: %v", fsfSuite, l.line, err)
			continue
		}
		for d, want := range l.counts {
			if want > limit {
				break
			}
			if got := engines.Perft(&pos, d+1); got != want {
				t.Errorf("%s:%d: %s %s: perft %d = %d, Fairy-Stockfish %d", fsfSuite, l.line, l.section, pos.FEN(), d+1, got, want)
			}
		}
	}
}

// TestMakeFSFFileSuite appends to testdata/fsf-file-perft.txt the counts
// of the c19b5f6 build for the sections VARENA_FSF_FILE_SUITE names
// (comma-separated): the start position and four positions of seeded
// random games, each to the depth whose count passes 300,000 (or the
// game ends). It fails where varena's count differs.
func TestMakeFSFFileSuite(t *testing.T) {
	which := os.Getenv("VARENA_FSF_FILE_SUITE")
	if which == "" {
		t.Skip("VARENA_FSF_FILE_SUITE=section,... writes the suite from Fairy-Stockfish c19b5f6")
	}
	path, byName := loadFSFSections(t)
	f := startLiveFSF(t, fsfNewPath, path)
	out, err := os.OpenFile(fsfSuite, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	for _, name := range strings.Split(which, ",") {
		v := byName[name]
		if v == nil {
			t.Fatalf("section %q does not play", name)
		}
		rng := rand.New(rand.NewSource(int64(len(name))*104729 + 11))
		lines := [][]string{nil}
		for tries := 0; len(lines) < 5 && tries < 100; tries++ {
			pos, _ := playMoves(v, nil)
			var moves []string
			plies := 2 + rng.Intn(30)
			for i := 0; i < plies; i++ {
				var buf [engines.MaxMoves]engines.Move
				legal := pos.GenerateMoves(buf[:0])
				if len(legal) == 0 {
					break
				}
				m := legal[rng.Intn(len(legal))]
				moves = append(moves, v.UCI(m))
				var child engines.Position
				pos.MakeMove(m, &child)
				pos = child
			}
			if pos.CountMoves() > 0 {
				lines = append(lines, moves)
			}
		}
		for _, moves := range lines {
			pos, err := playMoves(v, moves)
			if err != nil {
				t.Fatal(err)
			}
			ms := "-"
			if len(moves) > 0 {
				ms = strings.Join(moves, " ")
			}
			var b strings.Builder
			fmt.Fprintf(&b, "%s ; %s", name, ms)
			for d := 1; d <= 12; d++ {
				var n uint64
				for _, c := range f.divide(name, moves, d) {
					n += c
				}
				if got := engines.Perft(&pos, d); got != n {
					t.Errorf("%s after %v: perft %d = %d, Fairy-Stockfish %d", name, moves, d, got, n)
				}
				fmt.Fprintf(&b, " ;D%d %s", d, strconv.FormatUint(n, 10))
				if n > 300_000 || n == 0 {
					break
				}
			}
			fmt.Fprintln(out, b.String())
		}
	}
}
