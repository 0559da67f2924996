package check_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
)

// runWithFile writes a variants.ini and a run naming it in a folder of
// its own, and returns the run's path.
func runWithFile(t *testing.T, ini string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "v.ini"), []byte(ini), 0o644); err != nil {
		t.Fatal(err)
	}
	run := `name: twin
variant: twin
variant_file: v.ini
tournament: {type: round-robin, games: 2}
engines:
  - {name: a, kind: random}
  - {name: b, kind: random}
`
	path := filepath.Join(dir, "run.yaml")
	if err := os.WriteFile(path, []byte(run), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSameSectionTwoFiles: checking a config leaves no trace in the
// process, so two files that define the same section name, with other
// rules, are both checked in one process, each against its own rules.
func TestSameSectionTwoFiles(t *testing.T) {
	files := []string{
		"[twin:chess]\nflagPiece = k\nflagRegion = d4 e4 d5 e5\n",
		"[twin:chess]\ncastling = false\n",
	}
	for i, ini := range files {
		r, err := configs.Load(runWithFile(t, ini), check.Validating())
		if err != nil {
			t.Fatalf("file %d: %v", i, err)
		}
		if got := r.VariantNames(); len(got) != 1 || got[0] != "twin" {
			t.Errorf("file %d: variants %v", i, got)
		}
	}
}

// TestErrorsAllAtOnce: the checker reports every problem of a config in
// one go: an unknown variant (with the name it may have meant), a
// missing engine binary and an unknown option of the built-in engine.
func TestErrorsAllAtOnce(t *testing.T) {
	run := `name: many
variant: extintion
tournament: {type: round-robin, games: 2}
engines:
  - {name: a, kind: uci, command: /nonexistent/engine}
  - {name: b, kind: alphabeta, options: {NoSuchOption: 1}}
`
	_, err := configs.Parse("many.yaml", []byte(run), check.Validating())
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"many.yaml:2:", "extintion", `"extinction"`,
		"many.yaml:5:", "/nonexistent/engine",
		"many.yaml:6:", "NoSuchOption",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the errors lack %q:\n%v", want, err)
		}
	}
}
