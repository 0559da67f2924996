package arena

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

// pgnText reads a run's games.pgn less what changes from one playing to
// the next: dates, move comments (times, written when not 0 ms), and so
// where lines wrap.
func pgnText(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, rundir.PGNFile))
	if err != nil {
		t.Fatal(err)
	}
	data = regexp.MustCompile(`\[Date "[^"]*"\]\n`).ReplaceAll(data, nil)
	data = regexp.MustCompile(`\{[^}]*\}`).ReplaceAll(data, nil) // times, shown when not 0 ms
	return strings.ReplaceAll(string(regexp.MustCompile(`\s+`).ReplaceAll(data, []byte(" "))), "] [", "]\n[")
}

// TestPGNInGameOrder: the games.pgn of a run played by three workers,
// of the same run merged from three shards, and of one worker are the
// same file, games in id order (issue 19, point 12).
func TestPGNInGameOrder(t *testing.T) {
	r := parseRun(t, smallRR)
	one, three := t.TempDir(), t.TempDir()
	if _, err := Run(context.Background(), resolved(t, r), Options{Out: one, Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), resolved(t, r), Options{Out: three, Concurrency: 3}); err != nil {
		t.Fatal(err)
	}
	var shards [][]results.Game
	for i := 1; i <= 3; i++ {
		dir := t.TempDir()
		if _, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Shard: i, Shards: 3, Concurrency: 2}); err != nil {
			t.Fatal(err)
		}
		gs, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, gs)
	}
	merged, err := results.Merge(shards...)
	if err != nil {
		t.Fatal(err)
	}
	meta, err := rundir.ReadMeta(one)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := rundir.WriteRun(out, meta, merged); err != nil {
		t.Fatal(err)
	}
	want := pgnText(t, one)
	if got := pgnText(t, three); got != want {
		t.Errorf("games.pgn of three workers differs from one worker's:\n%s\n---\n%s", got, want)
	}
	if got := pgnText(t, out); got != want {
		t.Errorf("games.pgn of merged shards differs from one worker's:\n%s\n---\n%s", got, want)
	}
}
