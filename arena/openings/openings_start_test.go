package openings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/plan"
	"varena/engines/variants"
)

// TestBookStart: start=k makes the book begin at its line k (after the
// random order's shuffle, which is the same for every start), cycling, as
// fastchess's and cutechess-cli's -openings start= do.
func TestBookStart(t *testing.T) {
	ext := variants.All[0]
	lines := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1",
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "book.epd")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	load := func(order string, start int) []string {
		t.Helper()
		v := plan.Variant{Variant: ext, Openings: configs.Openings{File: "book.epd", Order: order, Start: start}, Book: plan.NewContent(file, data)}
		book, err := LoadBook(v, 3, filepath.Join(dir, "run.yaml"), nil)
		if err != nil {
			t.Fatal(err)
		}
		var fens []string
		for _, o := range book {
			fens = append(fens, o.FEN)
		}
		return fens
	}
	for _, order := range []string{configs.OrderSequential, configs.OrderRandom} {
		base := load(order, 0)
		if got := load(order, 1); strings.Join(got, "|") != strings.Join(base, "|") {
			t.Errorf("%s: start=1 %v, start unset %v", order, got, base)
		}
		for start := 2; start <= 5; start++ {
			got := load(order, start)
			for i := range got {
				if want := base[(i+start-1)%len(base)]; got[i] != want {
					t.Errorf("%s start=%d: line %d is %s, want %s", order, start, i+1, got[i], want)
				}
			}
		}
	}
}
