package arena

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

const adaptiveRR = `
name: adaptive
variant: losalamos-bunkers
seed: 3
tournament: {type: round-robin, games: 2, rounds: 12, adaptive: {los: 0.99}}
openings: {plies: 4}
time_control: {depth: 2}
adjudication: {max_plies: 120}
engines:
  - {name: ab3, kind: alphabeta, time_control: {depth: 3}}
  - {name: ab1, kind: alphabeta, time_control: {depth: 1}}
  - {name: greedy, kind: greedy}
  - {name: random, kind: random}
`

// TestAdaptiveRoundRobin: round 1 plays every pairing; later rounds only
// pairings the gate chose, each from the rounds before it; the run ends
// before its last round once the ranking is settled; and a run resumed
// from a journal cut short plays exactly the same games.
func TestAdaptiveRoundRobin(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var notes bytes.Buffer
	if _, err := Run(ctx, resolved(t, parseRun(t, adaptiveRR)), Options{Out: dir, Concurrency: 2, Notes: &notes}); err != nil {
		t.Fatal(err)
	}
	_, games, err := rundir.ReadRun(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	const pairings, full = 6, 12 * 6 * 2
	rounds := map[int]map[string]int{}
	for _, g := range games {
		if rounds[g.Round] == nil {
			rounds[g.Round] = map[string]int{}
		}
		rounds[g.Round][pairingName(g)]++
	}
	if len(rounds[1]) != pairings {
		t.Fatalf("round 1 played %d pairings, want all %d", len(rounds[1]), pairings)
	}
	if len(games) >= full {
		t.Fatalf("%d games of %d: the adaptive run played everything", len(games), full)
	}
	for r := 2; r <= len(rounds); r++ {
		if len(rounds[r]) == 0 || len(rounds[r]) >= pairings {
			t.Errorf("round %d played %d pairings; want some, fewer than %d", r, len(rounds[r]), pairings)
		}
	}
	if !strings.Contains(notes.String(), "adaptive: the ranking is settled after round") {
		t.Errorf("no note of the settled ranking:\n%s", notes.String())
	}
	t.Logf("%d games of %d in %d rounds:\n%s", len(games), full, len(rounds), notes.String())

	// The journal cut in the middle of a later round: the resumed run
	// chooses the same rounds and plays the same games.
	last := slices.MaxFunc(games, func(a, b results.Game) int { return a.Round - b.Round }).Round
	cut := t.TempDir()
	for _, f := range []string{rundir.MetaFile, rundir.SetupFile} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(cut, f), data, 0o644)
	}
	journal, err := os.ReadFile(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for i, line := range strings.SplitAfter(string(journal), "\n") {
		if line == "" {
			continue
		}
		g := games[i]
		if g.Round < last-1 || (g.Round == last-1 && g.ID%3 != 0) {
			kept = append(kept, line)
		}
	}
	os.WriteFile(filepath.Join(cut, rundir.JournalFile), []byte(strings.Join(kept, "")), 0o644)
	if _, err := Run(ctx, resolved(t, parseRun(t, adaptiveRR)), Options{Out: cut, Concurrency: 2, Notes: &bytes.Buffer{}}); err != nil {
		t.Fatal(err)
	}
	_, again, err := rundir.ReadRun(cut, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := summarize(games), summarize(again); a != b {
		t.Errorf("resumed from %d of %d games, the run played other games:\nstraight %s\nresumed  %s", len(kept), len(games), a, b)
	}

	// Shards cannot play an adaptive run apart.
	if _, err := Run(ctx, resolved(t, parseRun(t, adaptiveRR)), Options{Out: t.TempDir(), Shard: 1, Shards: 2}); err == nil || !strings.Contains(err.Error(), "tournament.adaptive") {
		t.Errorf("a shard of an adaptive run: %v", err)
	}
}

func pairingName(g results.Game) string {
	a, b := g.White, g.Black
	if a > b {
		a, b = b, a
	}
	return a + "-" + b
}

// summarize lists the games by id: round, pairing and result.
func summarize(games []results.Game) string {
	games = slices.Clone(games)
	slices.SortFunc(games, func(a, b results.Game) int { return a.ID - b.ID })
	var b strings.Builder
	for _, g := range games {
		fmt.Fprintf(&b, "%d:%d:%s-%s:%s ", g.ID, g.Round, g.White, g.Black, g.Result)
	}
	return b.String()
}
