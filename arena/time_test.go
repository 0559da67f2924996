package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

// TestNoTimeForfeits plays the built-in engine against itself on fast
// clocks and counts the time forfeits in the
// journal: there must be none. The default test run plays 6 games at
// 1+0.01; VARENA_DEEP=1 plays 200 at 1+0.01 and 200 at 10+0.1.
func TestNoTimeForfeits(t *testing.T) {
	if testing.Short() {
		t.Skip("timed games")
	}
	// The default run plays beside the other packages' tests, which can
	// starve a process for most of a second: it keeps the config's default
	// margin. Run alone with VARENA_DEEP=1, the margin is 50 ms.
	margin := "1"
	controls := []struct {
		clock string
		games int
	}{{"1+0.01", 6}}
	if os.Getenv("VARENA_DEEP") != "" {
		controls = append(controls, struct {
			clock string
			games int
		}{"1+0.01", 200}, struct {
			clock string
			games int
		}{"10+0.1", 200})
		controls = controls[1:]
		margin = "0.05"
	}
	for _, c := range controls {
		t.Run(c.clock, func(t *testing.T) {
			r := parseRun(t, fmt.Sprintf(`
name: clock
variant: extinction
seed: 5
tournament: {type: round-robin, games: %d}
openings: {plies: 4}
time_control: {clock: "%s", margin: %s}
adjudication: {max_plies: 300}
engines:
  - {name: a, kind: alphabeta}
  - {name: b, kind: alphabeta}
`, c.games, c.clock, margin))
			dir := t.TempDir()
			if _, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2}); err != nil {
				t.Fatal(err)
			}
			games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != c.games {
				t.Fatalf("%d games in the journal, want %d", len(games), c.games)
			}
			forfeits := 0
			for _, g := range games {
				if g.Termination == results.TermTimeForfeit {
					forfeits++
					t.Errorf("game %d: %s", g.ID, g.Reason)
				}
			}
			t.Logf("%s: %d games, %d time forfeits", c.clock, len(games), forfeits)
		})
	}
}

// TestMoveTimeInArena checks a movetime control is used, not half of it:
// the median move takes at least T less the search's small margin.
func TestMoveTimeInArena(t *testing.T) {
	if testing.Short() {
		t.Skip("timed games")
	}
	r := parseRun(t, `
name: movetime
variant: extinction
seed: 5
tournament: {type: round-robin, games: 2}
openings: {plies: 4}
time_control: {movetime: 0.1}
adjudication: {max_plies: 16}
engines:
  - {name: a, kind: alphabeta}
  - {name: b, kind: alphabeta}
`)
	dir := t.TempDir()
	if _, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 2}); err != nil {
		t.Fatal(err)
	}
	games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	var times []int64
	for _, g := range games {
		for _, m := range g.Moves {
			times = append(times, m.TimeMS)
		}
	}
	if len(times) == 0 {
		t.Fatal("no moves")
	}
	slices.Sort(times)
	// T = 100 ms, the margin 5 ms; TimeMS is truncated to the millisecond.
	// Only the lower bound is checked here: beside the other packages'
	// tests a busy machine preempts the worker for tens of milliseconds,
	// so the upper bound is engines/search's TestMoveTimeUsed's.
	if med := times[len(times)/2]; med < 94 {
		t.Errorf("median move time %d ms of a 100 ms movetime (all: %v)", med, times)
	}
}
