package engines_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/losalamos"
)

// suiteVariants maps a perft suite file name to its variant.
var suiteVariants = map[string]*engines.Variant{
	"extinction":           extinction.Variant,
	"losalamos-bunkers":    losalamos.Variant,
	"losalamos-extinction": losalamos.NoBunkers,
	"evolution":            evolution.Variant,
	"standard":             chess.Standard,
	"fischerandom":         chess.Chess960,
}

// perftCase is one line of a suite: a position and its known counts.
type perftCase struct {
	file    string
	line    int
	variant *engines.Variant
	fen     string
	counts  []uint64 // counts[d-1] = perft(d); 0 where unknown
}

func (c perftCase) String() string { return fmt.Sprintf("%s:%d", c.file, c.line) }

// loadSuites reads testdata/perft/*.epd: lines "FEN ;D1 n ;D2 n ...",
// comments starting with #.
func loadSuites(t testing.TB) []perftCase {
	t.Helper()
	files, err := filepath.Glob("testdata/perft/*.epd")
	if err != nil || len(files) == 0 {
		t.Fatalf("no perft suites in testdata/perft: %v", err)
	}
	var cases []perftCase
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".epd")
		v, ok := suiteVariants[name]
		if !ok {
			t.Fatalf("%s: no variant called %q", file, name)
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			parts := strings.Split(line, ";")
			c := perftCase{file: filepath.Base(file), line: n, variant: v, fen: strings.TrimSpace(parts[0])}
			for _, p := range parts[1:] {
				var d int
				var count uint64
				if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &count); err != nil || d < 1 || d > 20 {
					t.Fatalf("%s:%d: bad depth entry %q", file, n, p)
				}
				for len(c.counts) < d {
					c.counts = append(c.counts, 0)
				}
				c.counts[d-1] = count
			}
			cases = append(cases, c)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return cases
}

// deep reports whether deep perft was asked for (VARENA_DEEP=1): then
// every depth of the suites runs, not only the quick ones.
func deep() bool {
	ok, _ := strconv.ParseBool(os.Getenv("VARENA_DEEP"))
	return ok
}

// quickNodes bounds the counts the default test run checks.
const quickNodes = 3_000_000

func TestPerftSuites(t *testing.T) {
	for _, c := range loadSuites(t) {
		t.Run(c.String(), func(t *testing.T) {
			pos, err := engines.ParseFEN(c.variant, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			for d, want := range c.counts {
				if want == 0 && d > 0 {
					continue
				}
				if want > quickNodes && !deep() {
					continue
				}
				if got := engines.Perft(&pos, d+1); got != want {
					t.Errorf("%s perft(%d) = %d, want %d", c.fen, d+1, got, want)
				}
			}
		})
	}
}

// TestStartPositions checks the reference counts quoted in the rules
// engine's issue: Fairy-Stockfish 11.1 for Extinction Chess, and an
// independent implementation of RULES.md for the others.
func TestStartPositions(t *testing.T) {
	tests := []struct {
		v      *engines.Variant
		counts []uint64
	}{
		{extinction.Variant, []uint64{20, 400, 8902, 197742, 4896744, 120870859}},
		{losalamos.Variant, []uint64{14, 196, 3253, 54113, 998105, 18428333}},
		{losalamos.NoBunkers, []uint64{10, 100, 1216, 14914, 208141, 2923697, 45180621}},
		{evolution.Variant, []uint64{28, 778, 22386, 642010, 19045264}},
	}
	for _, tt := range tests {
		pos, err := engines.ParseFEN(tt.v, tt.v.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range tt.counts {
			if want > 20_000_000 && !deep() {
				continue
			}
			if got := engines.Perft(&pos, d+1); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", tt.v.Name, d+1, got, want)
			}
		}
	}
}

// TestCheckedWalk walks the move tree of every suite position a few plies
// deep and checks at every node: the incremental hash equals one computed
// from scratch, FEN round-trips, CountMoves equals the number of generated
// moves, every move round-trips through UCI text and SAN, and perft counted
// by this slow walk equals the fast Perft.
func TestCheckedWalk(t *testing.T) {
	for _, c := range loadSuites(t) {
		t.Run(c.String(), func(t *testing.T) {
			pos, err := engines.ParseFEN(c.variant, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			depth := 1
			for depth < len(c.counts) && c.counts[depth] != 0 && c.counts[depth] <= 20000 {
				depth++
			}
			got := checkedWalk(t, &pos, depth)
			if want := engines.Perft(&pos, depth); got != want {
				t.Errorf("checked walk to depth %d counts %d, Perft %d", depth, got, want)
			}
		})
	}
}

func checkedWalk(t *testing.T, p *engines.Position, depth int) uint64 {
	fen := p.FEN()
	if h := engines.ComputeHash(p); h != p.Hash() {
		t.Fatalf("%s: incremental hash %x, from scratch %x", fen, p.Hash(), h)
	}
	back, err := engines.ParseFEN(p.Variant(), fen)
	if err != nil {
		t.Fatalf("FEN %s does not parse back: %v", fen, err)
	}
	if back.FEN() != fen || back.Hash() != p.Hash() {
		t.Fatalf("FEN round trip: %s -> %s", fen, back.FEN())
	}
	moves := p.GenerateMoves(nil)
	if p.IsLegal(engines.NullMove) {
		t.Fatalf("%s: IsLegal(NullMove)", fen)
	}
	if n := p.CountMoves(); n != len(moves) {
		t.Fatalf("%s: CountMoves %d, GenerateMoves %d", fen, n, len(moves))
	}
	if depth == 0 {
		return 1
	}
	g := p.Variant() // UCI text with the variant's own promotion letters
	var n uint64
	seen := map[engines.Move]bool{}
	for _, m := range moves {
		if seen[m] {
			t.Fatalf("%s: move %s generated twice", fen, g.UCI(m))
		}
		seen[m] = true
		uci := g.UCI(m)
		if back, err := p.ParseUCIMove(uci); err != nil || back != m {
			t.Fatalf("%s: UCI %s parses to %v, %v", fen, uci, back, err)
		}
		san := p.SAN(m)
		if back, err := p.ParseSAN(san); err != nil || back != m {
			t.Fatalf("%s: SAN %s (%s) parses to %v, %v", fen, san, uci, back, err)
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: IsLegal(%s) false for a generated move", fen, uci)
		}
		child := p.Play(m)
		// The parent's moves, mostly not legal in the child, test the
		// other answer.
		childMoves := child.GenerateMoves(nil)
		for _, o := range moves {
			if want := slices.Contains(childMoves, o); child.IsLegal(o) != want {
				t.Fatalf("%s: IsLegal(%s) = %v in the child after %s", fen, g.UCI(o), !want, uci)
			}
		}
		n += checkedWalk(t, &child, depth-1)
	}
	if !engines.SamePosition(p, &back) {
		t.Fatalf("%s: position changed by the walk", fen)
	}
	return n
}
