package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/arena"
)

// TestRunVariantFile: a run whose variant is a section of its
// variant_file plays by that section's rules (king of the hill, from
// Fairy-Stockfish's parent), names it in the journal and the PGN, and
// refuses to resume once the file says other rules.
func TestRunVariantFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("hill.ini", "# king of the hill on a smaller hill\n[smallhill:kingofthehill]\nwhiteFlag = d4 e4\nblackFlag = d5 e5\n")
	write("run.yaml", `name: hill
variant: smallhill
variant_file: hill.ini
out: out
tournament: {type: round-robin, games: 4}
openings: {plies: 2}
engines:
  - {name: ab, kind: alphabeta, time_control: {nodes: 500}}
  - {name: g2, kind: greedy, seed: 2}
`)
	cfg := filepath.Join(dir, "run.yaml")
	var stdout, stderr strings.Builder
	if err := execute(context.Background(), runCmd, []string{cfg, "-quiet"}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	journal, err := os.ReadFile(filepath.Join(dir, "out", "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(journal)), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d games in the journal, want 4", len(lines))
	}
	for _, l := range lines {
		var g struct {
			Variant, Result, Termination string
		}
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatal(err)
		}
		if g.Variant != "smallhill" || g.Result == "" {
			t.Errorf("game %+v", g)
		}
	}
	pgn, err := os.ReadFile(filepath.Join(dir, "out", "games.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pgn), `[Variant "smallhill"]`) {
		t.Errorf("games.pgn names no Variant smallhill:\n%.400s", pgn)
	}
	// Other rules under the same name: the run is not resumed, the
	// fingerprint's "variant file" refuses it.
	write("hill.ini", "[smallhill:kingofthehill]\nwhiteFlag = d4\nblackFlag = d5\n")
	stderr.Reset()
	err = execute(context.Background(), runCmd, []string{cfg, "-quiet"}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr})
	if err == nil || !strings.Contains(err.Error(), "variant file") {
		t.Errorf("resume with another variant file: %v", err)
	}
}

// TestRateRunVariantFile: rate and report of a variant_file run find the
// file through meta.json; once the file is gone or says other rules,
// they refuse with one line that says to give -variant-file.
func TestRateRunVariantFile(t *testing.T) {
	dir := t.TempDir()
	ini := filepath.Join(dir, "hill2.ini")
	if err := os.WriteFile(ini, []byte("[smallhill2:kingofthehill]\nwhiteFlag = d4 e4\nblackFlag = d5 e5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "run.yaml")
	if err := os.WriteFile(cfg, []byte(`name: hill2
variant: smallhill2
variant_file: hill2.ini
out: out
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
engines:
  - {name: g1, kind: greedy, seed: 1}
  - {name: g2, kind: greedy, seed: 2}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := varena("run", cfg, "-quiet"); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, errOut)
	}
	out := filepath.Join(dir, "out")
	if got, err := arena.LoadRunVariants(out); err != nil || got.Path() != ini {
		t.Fatalf("LoadRunVariants: %q, %v; want %q", got.Path(), err, ini)
	}
	if code, stdout, errOut := varena("rate", out); code != 0 || !strings.Contains(stdout, "2 of 2 games") || errOut != "" {
		t.Errorf("rate: exit %d\n%s\n%s", code, stdout, errOut)
	}
	tests := []struct {
		name   string
		change func() error
		want   string
	}{
		{"other rules", func() error { return os.WriteFile(ini, []byte("[smallhill2:kingofthehill]\nwhiteFlag = d4\n"), 0o644) }, "give that file with -variant-file"},
		{"gone", func() error { return os.Remove(ini) }, "give the file with -variant-file"},
	}
	for _, tt := range tests {
		if err := tt.change(); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"rate", "report"} {
			code, _, errOut := varena(cmd, out)
			if code != 1 || !strings.HasPrefix(errOut, "varena "+cmd+": "+filepath.Join(out, "meta.json")+": ") ||
				!strings.Contains(errOut, tt.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s: %s: exit %d, stderr %q; want one line with %q", tt.name, cmd, code, errOut, tt.want)
			}
		}
	}
}
