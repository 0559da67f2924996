package tuning

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"varena/arena/openings"
	"varena/engines"
	"varena/engines/limits"
	"varena/engines/search"
	"varena/engines/variants"
)

func bookOpts(t testing.TB, v *engines.Variant, count, conc int) BookOptions {
	w, err := search.DefaultWeights(v)
	if err != nil {
		t.Fatal(err)
	}
	return BookOptions{Variant: v, Weights: w, Count: count, Plies: 4, Lo: -60, Hi: 60, Nodes: 400, Seed: 5, Concurrency: conc, Hash: 1}
}

// bookPositions reads a book's position lines, failing on a bad one.
func bookPositions(t *testing.T, v *engines.Variant, data []byte) []string {
	t.Helper()
	var lines []string
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			if len(lines) > 0 {
				t.Fatalf("line %d: a comment after positions", n+1)
			}
			continue
		}
		if _, fen, err := parseBookLine(line); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		} else if _, err := engines.ParseFEN(v, fen); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		lines = append(lines, line)
	}
	return lines
}

// TestMakeBook: in every variant, the same settings give the same book
// at concurrency 1 and 3; each position is once in it, is a random
// opening that leaves a game, and a fresh search at the book's nodes
// scores it within the window from White's view, as its ce says from
// the side to move's; the header has the command and settings.
func TestMakeBook(t *testing.T) {
	for _, v := range variants.All {
		t.Run(v.Name, func(t *testing.T) {
			dir := t.TempDir()
			var files [2][]byte
			for i, conc := range []int{1, 3} {
				path := filepath.Join(dir, string(rune('a'+i))+".epd")
				st, err := MakeBook(context.Background(), path, bookOpts(t, v, 8, conc))
				if err != nil {
					t.Fatal(err)
				}
				if st.Positions != 8 || st.Candidates < 8 {
					t.Fatalf("stats %+v", st)
				}
				files[i], _ = os.ReadFile(path)
			}
			if !bytes.Equal(files[0], files[1]) {
				t.Fatalf("concurrency 1 and 3 wrote different books:\n%s\n%s", files[0], files[1])
			}
			if !strings.HasPrefix(string(files[0]), "# made by: varena book -variant "+v.Name+" -count 8 -plies 4 -window -60,60 -nodes 400 -seed 5\n# settings: ") {
				t.Errorf("header:\n%s", files[0])
			}
			w, _ := search.DefaultWeights(v)
			s := search.New(w, 1)
			seen := map[string]bool{}
			for _, line := range bookPositions(t, v, files[0]) {
				_, fen, _ := parseBookLine(line)
				key := strings.Join(strings.Fields(fen)[:4], " ")
				if seen[key] {
					t.Errorf("%s twice", key)
				}
				seen[key] = true
				pos, _ := engines.ParseFEN(v, fen)
				if why, decided := openings.Decided(&pos); decided {
					t.Errorf("%s: %s", fen, why)
				}
				s.NewGame()
				r := s.Search(context.Background(), engines.NewGame(pos), limits.Limits{Nodes: 400}, nil)
				white := r.Score
				if pos.SideToMove() == engines.Black {
					white = -white
				}
				if white < -60 || white > 60 || !strings.Contains(line, " ce "+strconv.Itoa(r.Score)+";") {
					t.Errorf("%s: score %d (White's view %d), outside the window or not its ce", line, r.Score, white)
				}
			}
		})
	}
}

// TestMakeBookResume: a book made in steps (a count raised, a
// half-written last line, a cancelled call) is the book made at once;
// a resume with other settings, or of a file that is not a book, is
// refused.
func TestMakeBookResume(t *testing.T) {
	v := variants.All[0]
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.epd")
	if _, err := MakeBook(context.Background(), whole, bookOpts(t, v, 10, 2)); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(whole)

	steps := filepath.Join(dir, "steps.epd")
	if _, err := MakeBook(context.Background(), steps, bookOpts(t, v, 4, 2)); err != nil {
		t.Fatal(err)
	}
	// Cut the last line in half, as a crash mid-write leaves it.
	data, _ := os.ReadFile(steps)
	os.WriteFile(steps, data[:len(data)-20], 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := MakeBook(ctx, steps, bookOpts(t, v, 10, 2)); err == nil {
		t.Error("a cancelled call: no error")
	}
	st, err := MakeBook(context.Background(), steps, bookOpts(t, v, 10, 1))
	if err != nil {
		t.Fatal(err)
	}
	if st.Resumed != 3 || st.Positions != 10 {
		t.Errorf("stats %+v, want 3 resumed of 10", st)
	}
	if got, _ := os.ReadFile(steps); !bytes.Equal(got, want) {
		t.Errorf("book made in steps:\n%s\nwant\n%s", got, want)
	}
	// Already full: nothing to do, nothing changed.
	if st, err := MakeBook(context.Background(), steps, bookOpts(t, v, 10, 1)); err != nil || st.Candidates != 0 {
		t.Errorf("full book again: %+v %v", st, err)
	}

	other := bookOpts(t, v, 10, 1)
	other.Nodes = 500
	if _, err := MakeBook(context.Background(), steps, other); err == nil || !strings.Contains(err.Error(), "was made with other settings (variant extinction, plies 4, window -60,60 (White's view), nodes 400,") {
		t.Errorf("other nodes: %v", err)
	}
	notBook := filepath.Join(dir, "x.epd")
	os.WriteFile(notBook, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"1\";\n"), 0o644)
	if _, err := MakeBook(context.Background(), notBook, bookOpts(t, v, 2, 1)); err == nil || !strings.Contains(err.Error(), "not a book of varena book") {
		t.Errorf("not a book: %v", err)
	}
	narrow := bookOpts(t, v, 3, 2)
	narrow.Lo, narrow.Hi = 29000, 29001
	if _, err := MakeBook(context.Background(), filepath.Join(dir, "n.epd"), narrow); err == nil || !strings.Contains(err.Error(), "too narrow") {
		t.Errorf("a window no position reaches: %v", err)
	}
}

// FuzzResumeBook: whatever a book file holds, resuming it never panics;
// an error names the file; what it accepts are lines of the variant with
// increasing candidate numbers.
func FuzzResumeBook(f *testing.F) {
	v := variants.All[0]
	opt := bookOpts(f, v, 1, 1)
	opt.fillDefaults()
	settings := opt.settings()
	for _, s := range []string{
		"# made by: x\n" + settings + "\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1; ce 3; id \"4\";\n",
		settings + "\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - ce 3; id \"4\";\nrnbqkbnr/pp",
		settings + "\nx y z w id \"1\";\n",
		"# settings: other\n",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"2\";\n" + settings + "\n",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "b.epd")
		os.WriteFile(path, data, 0o644)
		seen, next, err := resumeBook(path, v, settings)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if next < 1 || len(seen) > next-1 {
			t.Fatalf("next %d with %d positions", next, len(seen))
		}
	})
}

// TestMakeBookPair: with Pair, the book is the book without it less the
// candidates whose colour-reversed pair, replayed here, split 1-1 (a
// colour won both games); some are dropped, and a resume with another
// pair is refused.
func TestMakeBookPair(t *testing.T) {
	v, _ := variants.ByName("extinction")
	dir := t.TempDir()
	plain := bookOpts(t, v, 12, 2)
	plainPath := filepath.Join(dir, "plain.epd")
	if _, err := MakeBook(context.Background(), plainPath, plain); err != nil {
		t.Fatal(err)
	}
	paired := bookOpts(t, v, 6, 2)
	paired.Pair = [2]int64{60, 600}
	pairedPath := filepath.Join(dir, "paired.epd")
	if _, err := MakeBook(context.Background(), pairedPath, paired); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(pairedPath)
	if !strings.Contains(string(data), " -pair 60,600\n") || !strings.Contains(string(data), ", pair 60,600 nodes (1-1 pairs dropped, draw after 300 plies)\n") {
		t.Errorf("header without the pair:\n%s", data)
	}
	got := bookPositions(t, v, data)

	// The same games by hand: each side its own fresh searcher.
	w, _ := search.DefaultWeights(v)
	play := func(pos engines.Position, whiteNodes, blackNodes int64) engines.Result {
		sides := [2]*search.Searcher{search.New(w, 1), search.New(w, 1)}
		nodes := [2]int64{whiteNodes, blackNodes}
		g := engines.NewGame(pos)
		for range 300 {
			if o := g.Outcome(); o.Result != engines.Ongoing {
				return o.Result
			}
			c := g.Position().SideToMove()
			g.Play(sides[c].Search(context.Background(), g, limits.Limits{Nodes: nodes[c]}, nil).Move)
		}
		if o := g.Outcome(); o.Result != engines.Ongoing {
			return o.Result
		}
		return engines.Draw
	}
	plainData, _ := os.ReadFile(plainPath)
	var want []string
	dropped := 0
	for _, line := range bookPositions(t, v, plainData) {
		if len(want) == len(got) {
			break
		}
		_, fen, _ := parseBookLine(line)
		pos, _ := engines.ParseFEN(v, fen)
		if a, b := play(pos, 60, 600), play(pos, 600, 60); a == b && a != engines.Draw {
			dropped++
			continue
		}
		want = append(want, line)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("paired book:\n%s\nwant the plain book less its 1-1 pairs:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if dropped == 0 {
		t.Error("no candidate dropped: the test shows nothing")
	}

	other := paired
	other.Pair = [2]int64{60, 700}
	other.Command = ""
	if _, err := MakeBook(context.Background(), pairedPath, other); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("resume with another pair: %v", err)
	}
	bad := paired
	bad.Pair = [2]int64{600, 60}
	if _, err := MakeBook(context.Background(), filepath.Join(dir, "bad.epd"), bad); err == nil || !strings.Contains(err.Error(), "pair 600,60") {
		t.Errorf("weak above strong: %v", err)
	}
}
