package wide_test

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"varena/engines/wide"
)

// Perft suites: testdata/perft/<variant>.epd, lines "FEN ;D1 n ;D2 n ...",
// counts from Fairy-Stockfish 11.1 (made by TestMakePerftSuites).

// suiteCap is the largest count a suite line is run to: all of them
// normally, the small ones with -short.
func suiteCap() uint64 {
	if testing.Short() {
		return 50_000
	}
	return 2_000_000
}

type suiteLine struct {
	fen    string
	counts []uint64 // by depth, from 1
}

func readSuite(t *testing.T, path string) []suiteLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []suiteLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		parts := strings.Split(l, ";")
		sl := suiteLine{fen: strings.TrimSpace(parts[0])}
		for i, p := range parts[1:] {
			var d int
			var c uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &c); err != nil || d != i+1 {
				t.Fatalf("%s:%d: bad field %q", path, n, p)
			}
			sl.counts = append(sl.counts, c)
		}
		out = append(out, sl)
	}
	return out
}

func TestPerftSuites(t *testing.T) {
	for _, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v := variant(t, name)
			lines := readSuite(t, filepath.Join("testdata", "perft", name+".epd"))
			if len(lines) == 0 {
				t.Fatal("empty suite")
			}
			for _, l := range lines {
				pos := mustFEN(t, v, l.fen)
				for d, want := range l.counts {
					if want > suiteCap() {
						break
					}
					if got := wide.Perft(&pos, d+1); got != want {
						t.Errorf("%s: perft %d = %d, want %d", l.fen, d+1, got, want)
					}
				}
			}
		})
	}
}

// twoBoardHands are the hands TestMakePerftSuites gives positions of the
// games of two boards, whose hands fill only from the partner's board.
// Koedem's hold kings (commoners), which must be dropped first.
var twoBoardHands = map[string][]string{
	"bughouse": {"QRnp", "Pbbq", "NNPPppr"},
	"koedem":   {"Kpr", "kNn", "KkQ"},
	"supply":   {"RCPnbp", "Aab", "NPcp"},
}

// TestMakePerftSuites writes the suites from Fairy-Stockfish 11.1's
// counts: the start position and five positions of seeded random games,
// each to the depth whose count passes a million. Run with
// WIDE_MAKE_SUITES=1 (all variants) or WIDE_MAKE_SUITES=name,name.
func TestMakePerftSuites(t *testing.T) {
	which := os.Getenv("WIDE_MAKE_SUITES")
	if which == "" {
		t.Skip("set WIDE_MAKE_SUITES=1 to write testdata/perft from Fairy-Stockfish")
	}
	names := variantNames
	if which != "1" {
		names = strings.Split(which, ",")
	}
	f := startFSF(t)
	for _, name := range names {
		v := variant(t, name)
		rng := rand.New(rand.NewSource(int64(len(name))*131 + 7))
		fens := []string{f.fen(name, v.StartFEN(), nil)}
		for len(fens) < 6 {
			pos := mustFEN(t, v, v.StartFEN())
			var moves []string
			plies := 10 + rng.Intn(70)
			ok := true
			for i := 0; i < plies; i++ {
				var buf [wide.MaxMoves]wide.Move
				legal := pos.GenerateLegal(buf[:0])
				if len(legal) == 0 {
					ok = false
					break
				}
				m := legal[rng.Intn(len(legal))]
				moves = append(moves, pos.UCI(m))
				pos.MakeMove(m, &pos)
			}
			if !ok || pos.CountLegal() == 0 {
				continue
			}
			fen := f.fen(name, v.StartFEN(), moves)
			if fen != pos.FEN() {
				t.Fatalf("%s after %v: FEN %s, Fairy-Stockfish %s", name, moves, pos.FEN(), fen)
			}
			fens = append(fens, fen)
		}
		// On one board of two, captures never reach a hand: the pieces in
		// hand come from the FEN, so the drops are tested from positions
		// of the random games given the hands of twoBoardHands.
		for i, h := range twoBoardHands[name] {
			fen := strings.Replace(fens[1+i%(len(fens)-1)], "[]", "["+h+"]", 1)
			fen = f.fen(name, fen, nil)
			if pos := mustFEN(t, v, fen); pos.FEN() != fen {
				got := pos.FEN()
				t.Fatalf("%s: FEN %s, Fairy-Stockfish %s", name, got, fen)
			}
			fens = append(fens, fen)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "# %s: Fairy-Stockfish 11.1's go perft from the start position and positions of seeded random games\n", name)
		if len(twoBoardHands[name]) > 0 {
			fmt.Fprintf(&b, "# (the last %d with pieces in hand, as the partner's board would give them)\n", len(twoBoardHands[name]))
		}
		for _, fen := range fens {
			b.WriteString(fen)
			for d := 1; d <= 8; d++ {
				_, n := f.divide(name, fen, nil, d)
				fmt.Fprintf(&b, " ;D%d %s", d, strconv.FormatUint(n, 10))
				if n > 1_000_000 || n == 0 {
					break
				}
			}
			b.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.Join("testdata", "perft", name+".epd"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
