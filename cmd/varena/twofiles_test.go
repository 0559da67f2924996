package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/variants"
	"varena/results/rundir"
)

// Two variants.ini files that define the same section, duel, with other
// rules: Los Alamos' 6x6 board in one, chess with an archbishop for its
// queen in the other.
var duelFiles = []struct {
	dir, ini string
	perft1   int    // of the start position
	perft2   uint64 // of the start position
	ranks    int    // of the board
}{
	{"small", "[duel:losalamos]\n", 10, 100, 6},
	{"arch", "[duel:chess]\nqueen = -\narchbishop = a\nstartFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\npromotionPieceTypes = arbn\n", 22, 22 * 22, 8},
}

// TestTwoFilesOneSectionName: two runs in one process, each with its own
// variants.ini that defines duel by its own rules, play, rate and report
// each by its own file; each file's perft is its own.
func TestTwoFilesOneSectionName(t *testing.T) {
	root := t.TempDir()
	for _, f := range duelFiles {
		dir := filepath.Join(root, f.dir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "v.ini"), []byte(f.ini), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := "name: duel-" + f.dir + "\nvariant: duel\nvariant_file: v.ini\nout: out\nseed: 3\n" +
			"tournament: {type: round-robin, games: 2}\nopenings: {plies: 2}\nadjudication: {max_plies: 40}\n" +
			"engines:\n  - {name: r1, kind: random, seed: 1}\n  - {name: r2, kind: random, seed: 2}\n"
		if err := os.WriteFile(filepath.Join(dir, "run.yaml"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range duelFiles {
		dir := filepath.Join(root, f.dir)
		if code, _, errOut := varena("run", filepath.Join(dir, "run.yaml"), "-quiet"); code != 0 {
			t.Fatalf("%s: run: exit %d\n%s", f.dir, code, errOut)
		}
	}
	for _, f := range duelFiles {
		dir := filepath.Join(root, f.dir)
		out := filepath.Join(dir, "out")
		_, games, err := rundir.ReadRun(out, nil)
		if err == nil {
			t.Errorf("%s: the journal replayed by the built-ins alone, which know no duel (%d games)", f.dir, len(games))
		}
		set, err := variants.LoadSet(filepath.Join(dir, "v.ini"))
		if err != nil {
			t.Fatal(err)
		}
		_, games, err = rundir.ReadRun(out, set)
		if err != nil || len(games) != 2 {
			t.Fatalf("%s: the journal by its file: %d games, %v", f.dir, len(games), err)
		}
		for _, g := range games {
			placement, _, _ := strings.Cut(g.StartFEN, " ")
			if g.Variant != "duel" || len(g.Moves) == 0 || strings.Count(placement, "/")+1 != f.ranks {
				t.Errorf("%s: game %d: %s from %q, %d moves", f.dir, g.ID, g.Variant, g.StartFEN, len(g.Moves))
			}
		}
		if code, stdout, errOut := varena("rate", out); code != 0 || !strings.Contains(stdout, "2 of 2 games") || errOut != "" {
			t.Errorf("%s: rate: exit %d\n%s\n%s", f.dir, code, stdout, errOut)
		}
		if code, _, errOut := varena("report", out); code != 0 || errOut != "" {
			t.Errorf("%s: report: exit %d\n%s", f.dir, code, errOut)
		}
		page, err := os.ReadFile(filepath.Join(out, rundir.ReportFile))
		if err != nil || !strings.Contains(string(page), "duel") {
			t.Errorf("%s: report.html: %v", f.dir, err)
		}
		v, err := set.ByName("duel")
		if err != nil {
			t.Fatal(err)
		}
		pos := v.StartPosition()
		if got := engines.Perft(&pos, 2); got != f.perft2 {
			t.Errorf("%s: duel's perft 2 = %d, want %d", f.dir, got, f.perft2)
		}
		if code, stdout, errOut := varena("perft", "-variant-file", filepath.Join(dir, "v.ini"), "-variant", "duel", "-depth", "2"); code != 0 || !strings.Contains(stdout, strconv.FormatUint(f.perft2, 10)) {
			t.Errorf("%s: varena perft: exit %d\n%s\n%s", f.dir, code, stdout, errOut)
		}
	}
	// rate of both directories at once: one command knows one file.
	code, _, errOut := varena("rate", filepath.Join(root, "small", "out"), filepath.Join(root, "arch", "out"))
	if code == 0 || !strings.Contains(errOut, "two variants.ini files") {
		t.Errorf("rate of both: exit %d, %s", code, errOut)
	}
	// report of both: each by its own file.
	if code, _, errOut := varena("report", filepath.Join(root, "small", "out"), filepath.Join(root, "arch", "out")); code != 0 || errOut != "" {
		t.Errorf("report of both: exit %d, %s", code, errOut)
	}
}

// TestTwoFilesOneSectionNameServers: varena uci and varena xboard with
// -variant-file play duel by the file they are given, one after the
// other in one process.
func TestTwoFilesOneSectionNameServers(t *testing.T) {
	root := t.TempDir()
	for _, f := range duelFiles {
		ini := filepath.Join(root, f.dir+".ini")
		if err := os.WriteFile(ini, []byte(f.ini), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			cmd, input string
			want       []string // in the output
		}{
			{"uci", "uci\nd\nquit\n", []string{"option name UCI_Variant type combo default duel", "Variant: duel"}},
			{"xboard", "xboard\nprotover 2\nquit\n", []string{",duel"}},
		} {
			var out, errOut bytes.Buffer
			code := realMain(context.Background(), []string{tt.cmd, "-variant-file", ini, "-variant", "duel"},
				stdio{in: strings.NewReader(tt.input), out: &out, err: &errOut})
			if code != 0 || errOut.Len() > 0 {
				t.Fatalf("%s %s: exit %d, %s", f.dir, tt.cmd, code, errOut.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("%s %s: no %q in\n%s", f.dir, tt.cmd, w, out.String())
				}
			}
			if tt.cmd != "uci" {
				continue
			}
			_, legal, _ := strings.Cut(out.String(), "Legal moves: ")
			legal, _, _ = strings.Cut(legal, "\n")
			if n := len(strings.Fields(legal)); n != f.perft1 {
				t.Errorf("%s: duel's start has %d legal moves, want %d: %s", f.dir, n, f.perft1, legal)
			}
		}
	}
}
