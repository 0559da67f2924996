package openings

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
	"varena/configs/plan"
	"varena/engines"
	"varena/engines/variants"
)

// randomLine plays n random legal moves of v (fewer if the game ends)
// and returns their SAN and the positions after each.
func randomLine(v *engines.Variant, n int, seed uint64) (sans []string, fens []string) {
	pos := v.StartPosition()
	rng := rand.New(rand.NewPCG(seed, 1))
	for range n {
		moves := pos.GenerateMoves(nil)
		if len(moves) == 0 || pos.Status().Result != engines.Ongoing {
			break
		}
		m := moves[rng.IntN(len(moves))]
		next := pos.Play(m)
		if next.Status().Result != engines.Ongoing {
			continue // keep the line a game still going
		}
		sans = append(sans, pos.SAN(m))
		pos = next
		fens = append(fens, pos.FEN())
	}
	return sans, fens
}

// pgnOf writes a game as PGN movetext with move numbers.
func pgnOf(variant string, sans []string, tags string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Event \"t\"]\n[Variant \"%s\"]\n%s\n", variant, tags)
	for i, s := range sans {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(s + " ")
	}
	b.WriteString("*\n\n")
	return b.String()
}

// TestPGNBook: in every variant, a PGN book gives the position after the
// first plies plies of each game (all when 0 or the game is shorter),
// and through a run's openings (format from the .pgn name, start) the
// games in order from the start-th.
func TestPGNBook(t *testing.T) {
	for _, v := range variants.All {
		t.Run(v.Name, func(t *testing.T) {
			var text strings.Builder
			var lines [][]string
			for g := range 3 {
				sans, fens := randomLine(v, 10, uint64(g))
				if len(sans) < 8 {
					t.Fatalf("random line of %d plies", len(sans))
				}
				lines = append(lines, fens)
				text.WriteString(pgnOf(v.Name, sans, ""))
			}
			for _, plies := range []int{0, 1, 6, 40} {
				book, _, err := readPGNBook(strings.NewReader(text.String()), "b.pgn", v, plies)
				if err != nil {
					t.Fatalf("plies %d: %v", plies, err)
				}
				if len(book) != 3 {
					t.Fatalf("plies %d: %d openings, want 3", plies, len(book))
				}
				for g, op := range book {
					fens := lines[g]
					want := fens[len(fens)-1]
					if plies > 0 && plies <= len(fens) {
						want = fens[plies-1]
					}
					if op.FEN != want || op.Initial {
						t.Errorf("plies %d, game %d: %q (initial %v), want %q", plies, g+1, op.FEN, op.Initial, want)
					}
				}
			}
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "b.pgn"), []byte(text.String()), 0o644)
			cfg := filepath.Join(dir, "run.yaml")
			os.WriteFile(cfg, []byte("variant: "+v.Name+"\nopenings: {file: b.pgn, plies: 2, start: 2}\nengines: [{name: a, kind: random}, {name: b, kind: random}]\n"), 0o644)
			r, err := configs.Load(cfg, check.Validating())
			if err != nil {
				t.Fatal(err)
			}
			p, err := plan.Resolve(r)
			if err != nil {
				t.Fatal(err)
			}
			book, err := LoadBook(p.Variants[0], p.Seed, r.File, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(book) != 3 || book[0].FEN != lines[1][1] || book[1].FEN != lines[2][1] || book[2].FEN != lines[0][1] {
				t.Errorf("book from the 2nd game, 2 plies: %+v", book)
			}
		})
	}
}

// TestPGNBookErrors: a bad game is FILE:LINE of the game's first line,
// the game's number and what is wrong.
func TestPGNBookErrors(t *testing.T) {
	ext := variants.All[0]
	text := `[Event "good"]
1. e4 e5 2. Nf3 *

[Event "illegal"]
1. e4 e5 2. Ke3 *

[Event "fen"]
[SetUp "1"]
[FEN "8/8/8/8 w - - 0 1"]
1. e4 *

[Event "over"]
1. e4 f6 2. Qh5 Nc6 3. Qxe8 Nh6 *

[Event "fen ok"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
1... e5 *
`
	_, _, err := readPGNBook(strings.NewReader(text), "b.pgn", ext, 0)
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{
		`b.pgn:4: game 2: move 2. Ke3 (ply 3) is not legal in extinction: `,
		`b.pgn:7: game 3: FEN tag "8/8/8/8 w - - 0 1" is not a extinction position: `,
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != len(want) {
		t.Fatalf("error:\n%v\nwant %d lines", err, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q\nwant it to start %q", i+1, lines[i], w)
		}
	}
	_, _, err = readPGNBook(strings.NewReader("1. e4 {never closed\n"), "b.pgn", ext, 0)
	if err == nil || !strings.HasPrefix(err.Error(), "b.pgn:1: ") {
		t.Errorf("syntax error: %v", err)
	}
}

// TestPGNBookSkipsFinishedGames: a game over where its opening would
// stop is skipped, not refused, and the skipped games are counted in one
// line that names the first; a game stopped before its end is an opening.
func TestPGNBookSkipsFinishedGames(t *testing.T) {
	ext, err := variants.ByName("extinction")
	if err != nil {
		t.Fatal(err)
	}
	const ends = "1. e4 f6 2. Qh5 Nc6 3. Qxe8 *\n\n"     // extinction at ply 5
	const over = "1. e4 f6 2. Qh5 Nc6 3. Qxe8 Nh6 *\n\n" // a move after it
	const good = "1. d4 d5 2. c4 e6 *\n\n"
	tests := []struct {
		name    string
		text    string
		plies   int
		book    int
		skipped string
	}{
		{"stopped before the end", ends, 4, 1, ""},
		{"ends on it", ends, 0, 0, "b.pgn: skipped 1 of 1 games, over within their opening (the first, b.pgn:1: game 1: the game is over (extinction) after 5 plies: no opening to play)"},
		{"moves after the end", good + over + good + ends, 0, 2, "b.pgn: skipped 2 of 4 games, over within their opening (the first, b.pgn:3: game 2: the game is over (extinction) before move 3... Nh6)"},
		{"none over", good + good, 0, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			book, skipped, err := readPGNBook(strings.NewReader(tt.text), "b.pgn", ext, tt.plies)
			if err != nil {
				t.Fatal(err)
			}
			if len(book) != tt.book || skipped != tt.skipped {
				t.Errorf("%d openings, skipped %q\nwant %d, %q", len(book), skipped, tt.book, tt.skipped)
			}
		})
	}
}

// FuzzReadPGNBook: a PGN book never makes the reader panic; its errors
// name the file; what it accepts are positions of the variant, not
// over, whose FEN reads back to itself.
func FuzzReadPGNBook(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 *\n",
		"1. e4 f6 2. Qh5 Nc6 3. Qxe8 *\n",
		"[SetUp \"1\"]\n[FEN \"rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1\"]\n1. c3 c4 *\n",
		"1. b3 {c} (1. c3 c6) b6 $1 1-0\n\n[Event \"2\"]\n1. d4 *",
		"1. e4 {open",
	} {
		f.Add([]byte(s), uint8(0), uint8(0))
	}
	vs := variants.All
	f.Fuzz(func(t *testing.T, data []byte, which, plies uint8) {
		v := vs[int(which)%len(vs)]
		book, _, err := readPGNBook(bytes.NewReader(data), "book.pgn", v, int(plies%16))
		if err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(line, "book.pgn") {
					t.Fatalf("error line %q does not name the file", line)
				}
			}
			return
		}
		for _, o := range book {
			pos, err := engines.ParseFEN(v, o.FEN)
			if err != nil || pos.FEN() != o.FEN {
				t.Fatalf("opening %q of %s does not read back: %v", o.FEN, v.Name, err)
			}
			if pos.Status().Result != engines.Ongoing {
				t.Fatalf("opening %q of %s is over", o.FEN, v.Name)
			}
			if o.Initial != v.IsStart(&pos) {
				t.Fatalf("opening %q: Initial %v", o.FEN, o.Initial)
			}
		}
	})
}
