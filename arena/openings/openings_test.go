package openings

import (
	"bytes"
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

// FuzzReadBook: an opening file never makes the reader panic; what it
// accepts are positions of the variant, not over, whose FEN reads back.
func FuzzReadBook(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\"; c0 \"x\"\n# comment\n\n",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1\r\n",
		"NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNN1nnn w - - 0 1",
		"8/8/8/8/8/8/8/8 w - -\n",
		"rnbqkbnr/pppppppp/8/8 w",
	} {
		f.Add([]byte(s), uint8(0))
	}
	vs := variants.All
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		v := vs[int(which)%len(vs)]
		book, err := readBook(bytes.NewReader(data), "book.epd", v)
		if err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(line, "book.epd") {
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

// TestBookErrors: every bad line of an openings file is reported, quoted
// whole with its line, up to maxBookErrors and then a count; an empty
// book names the config line that points to it.
func TestBookErrors(t *testing.T) {
	ext := variants.All[0]
	good := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	badPlacement := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - c0 \"short\";"
	over := "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
	text := strings.Join([]string{"# book", good, badPlacement, "", over, good, "hello world"}, "\n")
	_, err := readBook(strings.NewReader(text), "b.epd", ext)
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{
		`b.epd:3: "` + strings.ReplaceAll(badPlacement, `"`, `\"`) + `": not an extinction position: FEN field 1`,
		`b.epd:5: "` + over + `": the game is already over (extinction)`,
		`b.epd:7: "hello world": not an extinction position`,
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

	// 25 bad lines: the first 20, then a count.
	_, err = readBook(strings.NewReader(strings.Repeat("x\n", 25)), "b.epd", ext)
	lines = strings.Split(err.Error(), "\n")
	if len(lines) != maxBookErrors+1 || !strings.HasPrefix(lines[19], "b.epd:20: ") || lines[20] != "b.epd: ... and 5 more bad lines (25 in all)" {
		t.Errorf("error:\n%v", err)
	}

	// An empty book names the config line of its openings.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "empty.epd"), []byte("# nothing yet\n\n"), 0o644)
	cfg := filepath.Join(dir, "run.yaml")
	os.WriteFile(cfg, []byte("variant: extinction\n\nopenings:\n  file: empty.epd\nengines: [{name: a, kind: random}, {name: b, kind: random}]\n"), 0o644)
	r, err := configs.Load(cfg, check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Resolve(r)
	if err != nil {
		t.Fatal(err)
	}
	_, err = LoadBook(p.Variants[0], p.Seed, r.File, nil)
	if err == nil || !strings.HasPrefix(err.Error(), cfg+":4: openings file "+filepath.Join(dir, "empty.epd")+" holds no positions") {
		t.Errorf("empty book: %v", err)
	}
}
