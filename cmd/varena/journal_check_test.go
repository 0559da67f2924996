package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/results"
	"varena/results/report"
	"varena/results/rundir"
)

// journalLines returns the journal of dir, one record per line.
func journalRecords(t *testing.T, dir string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func writeJournalLines(t *testing.T, dir string, lines []map[string]any) {
	t.Helper()
	var b bytes.Buffer
	for _, m := range lines {
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(data, '\n'))
	}
	if err := os.WriteFile(filepath.Join(dir, rundir.JournalFile), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyDir copies the files of a run directory (no subdirectories).
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFalseJournalLines: a journal line that parses but is false (a
// flipped result of a game the rules ended, an illegal move, a SAN that
// is not the move's) is refused as FILE:LINE with the reason by resume,
// rate and merge, and left out of the report with the reason; before,
// all of them took it and wrote it into games.pgn, while rating that PGN
// refused it.
func TestFalseJournalLines(t *testing.T) {
	work := t.TempDir()
	config := writeConfig(t, smallRun)
	good := filepath.Join(work, "good")
	playRun(t, config, good, "-concurrency", "2")
	lines := journalRecords(t, good)
	ruled := -1 // a game the rules ended, its index in the journal
	for i, m := range lines {
		if m["termination"] == results.TermExtinction {
			ruled = i
			break
		}
	}
	if ruled < 0 {
		t.Fatal("no game ended by extinction in the journal")
	}
	long := 0 // the game of most moves
	for i, m := range lines {
		if len(m["moves"].([]any)) > len(lines[long]["moves"].([]any)) {
			long = i
		}
	}
	if len(lines[long]["moves"].([]any)) < 4 {
		t.Fatal("no game of 4 moves in the journal")
	}
	flip := map[string]string{results.WhiteWins: results.BlackWins, results.BlackWins: results.WhiteWins}
	tests := []struct {
		name  string
		edit  func(m map[string]any)
		index int
		want  string
	}{
		{"flipped result", func(m map[string]any) { m["result"] = flip[m["result"].(string)] }, ruled,
			"but the game ended by extinction"},
		{"illegal move", func(m map[string]any) { m["moves"].([]any)[3].(map[string]any)["uci"] = "a1a8" }, long,
			"... a1a8: not a legal move in extinction"},
		{"wrong SAN", func(m map[string]any) {
			mv := m["moves"].([]any)[0].(map[string]any)
			mv["san"] = "Qh5"
		}, long, "recorded as Qh5, which reads"},
		{"rules ending not reached", func(m map[string]any) {
			mv := m["moves"].([]any)
			m["moves"] = mv[:len(mv)-1]
		}, ruled, `termination "extinction", but the game is not over after its`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			copyDir(t, good, dir)
			edited := journalRecords(t, dir)
			tt.edit(edited[tt.index])
			writeJournalLines(t, dir, edited)
			place := fmt.Sprintf("%s:%d: game %v: ", filepath.Join(dir, rundir.JournalFile), tt.index+1, edited[tt.index]["id"])

			var stdout, stderr bytes.Buffer
			err := rateMain([]string{dir}, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), place) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("rate DIR: error %v\nwant %s...%s", err, place, tt.want)
			}
			err = mergeMain([]string{"-out", filepath.Join(t.TempDir(), "m"), dir}, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), place) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("merge: error %v", err)
			}
			pgnBefore, _ := os.ReadFile(filepath.Join(dir, rundir.PGNFile))
			err = runMain(context.Background(), []string{config, "-out", dir, "--quiet"}, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), place) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("resume: error %v", err)
			}
			if pgnAfter, _ := os.ReadFile(filepath.Join(dir, rundir.PGNFile)); !bytes.Equal(pgnBefore, pgnAfter) {
				t.Error("a refused resume rewrote games.pgn")
			}
			run, err := report.Load(dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(run.Games) != len(lines)-1 || len(run.Skipped) != 1 || !strings.Contains(run.Skipped[0], place) {
				t.Errorf("report: %d games, skipped %q; want %d games and the false line", len(run.Games), run.Skipped, len(lines)-1)
			}
		})
	}
}

// TestResumeWithoutMeta: a journal whose meta.json is gone is refused
// on resume, saying what is missing; before, the run resumed with other
// settings and mixed games of both in one journal.
func TestResumeWithoutMeta(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	config := writeConfig(t, smallRun)
	playRun(t, config, dir, "-shard", "1/3")
	if err := os.Remove(filepath.Join(dir, rundir.MetaFile)); err != nil {
		t.Fatal(err)
	}
	other := writeConfig(t, strings.Replace(smallRun, "depth: 1", "depth: 2", 1))
	before, _ := os.ReadFile(filepath.Join(dir, rundir.JournalFile))
	var stdout, stderr bytes.Buffer
	err := runMain(context.Background(), []string{other, "-out", dir, "--quiet"}, &stdout, &stderr)
	want := dir + " holds journal.jsonl but no meta.json, which records the settings its games were played with"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("resume without meta.json: error %v\nwant %s", err, want)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, rundir.JournalFile)); !bytes.Equal(before, after) {
		t.Error("the journal changed")
	}
	err = rateMain([]string{dir}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "journal.jsonl without meta.json") {
		t.Errorf("rate DIR without meta.json: error %v", err)
	}
}

// TestRateUnfinishedRun: rating the directory of a run played in part
// says how many of the schedule's games were played; before, it set the
// total to the games read ("4 of 4", total_games 4).
func TestRateUnfinishedRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	playRun(t, writeConfig(t, smallRun), dir, "-shard", "1/3")
	s := rateJSON(t, dir)
	if s.Played != 4 || s.Meta.Total != 12 {
		t.Errorf("played %d, total_games %d; want 4 of 12", s.Played, s.Meta.Total)
	}
	var stdout, stderr bytes.Buffer
	if err := rateMain([]string{dir}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "small: 4 of 12 games played") {
		t.Errorf("rate DIR:\n%s", stdout.String())
	}
}
