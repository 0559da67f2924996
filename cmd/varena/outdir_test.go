package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

// Checks of a run's output directory, shared by the command tests.

// checkJournal reads a run directory's journal, checks that every line is
// a complete record and no game id appears twice, and returns the games
// in file order.
func checkJournal(t *testing.T, dir string) []results.Game {
	t.Helper()
	path := filepath.Join(dir, rundir.JournalFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Errorf("journal ends in a partial line: %q", data[bytes.LastIndexByte(data, '\n')+1:])
	}
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		if len(data) > 0 && !json.Valid(line) {
			t.Errorf("journal line %d is not JSON: %q", i+1, line)
		}
	}
	games, err := results.ReadJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, g := range games {
		if seen[g.ID] {
			t.Errorf("game %d twice in the journal", g.ID)
		}
		seen[g.ID] = true
	}
	if n := bytes.Count(data, []byte("\n")); n != len(games) {
		t.Errorf("journal has %d lines but %d distinct games", n, len(games))
	}
	return games
}

// gameKey is what a game's PGN keeps of its record.
func gameKey(g results.Game) string {
	var sans []string
	for _, m := range g.Moves {
		sans = append(sans, m.SAN)
	}
	fen := g.StartFEN
	if g.StartIsInitial {
		fen = ""
	}
	return fmt.Sprintf("%d %s-%s %s %s [%s] %s", g.Round, g.White, g.Black, g.Result, g.Termination, fen, strings.Join(sans, " "))
}

// checkPGN checks that the run's PGN file holds exactly the journal's
// games, in game id order (a run ends its PGN so, whatever order the
// games finished in).
func checkPGN(t *testing.T, dir string, journal []results.Game) {
	t.Helper()
	journal = slices.Clone(journal)
	slices.SortFunc(journal, func(a, b results.Game) int { return a.ID - b.ID })
	pgs, err := results.ReadPGNFile(filepath.Join(dir, rundir.PGNFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(pgs) != len(journal) {
		t.Fatalf("games.pgn holds %d games, the journal %d", len(pgs), len(journal))
	}
	for i, pg := range pgs {
		if got, want := gameKey(results.ToGame(pg)), gameKey(journal[i]); got != want {
			t.Errorf("PGN game %d differs from journal game %d:\n pgn     %s\n journal %s", i+1, journal[i].ID, got, want)
		}
	}
}

func readSummary(t *testing.T, dir string) ([]byte, rundir.Summary) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var s rundir.Summary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("summary.json: %v", err)
	}
	return data, s
}

func jsonOfGame(t *testing.T, g results.Game) string {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// jsonDiff compares two JSON documents and describes their first
// difference ("" if none). Numbers may differ by a relative 1e-9: ratings
// are fitted by floating point sums whose order follows the order in which
// games were counted, which a resumed, sharded or merged run changes, so
// their last bits may differ.
func jsonDiff(a, b []byte) string {
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		return "first: " + err.Error()
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		return "second: " + err.Error()
	}
	return valueDiff("", va, vb)
}

func valueDiff(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: %v vs %v", path, a, b)
		}
		for k, v := range x {
			if d := valueDiff(path+"."+k, v, y[k]); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: %v vs %v", path, a, b)
		}
		for i := range x {
			if d := valueDiff(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
		return ""
	case float64:
		y, ok := b.(float64)
		if !ok || math.Abs(x-y) > 1e-9*max(1, math.Abs(x), math.Abs(y)) {
			return fmt.Sprintf("%s: %v vs %v", path, a, b)
		}
		return ""
	}
	if a != b {
		return fmt.Sprintf("%s: %v vs %v", path, a, b)
	}
	return ""
}
