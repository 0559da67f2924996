package arena

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

// TestVariantLimitsReachEngine: the margin and stall timeout of a
// variant's time control are the ones the engine client enforces, not
// the run's. A UCI engine that answers in 1.2 s under a per-variant
// movetime of 0.05 s with a margin of 3 s is within its margin (the
// run's own limit, depth, must not make the client stop it at the
// default margin of 1 s); under a per-variant stall timeout of 0.3 s it
// stalls, though the run's stall timeout is the default 60 s.
func TestVariantLimitsReachEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine; slow moves")
	}
	bin := buildFaulty(t)
	tests := []struct {
		name, variantTC, term string
		overruns              bool
	}{
		{"margin", "{movetime: 0.05, margin: 3}", "", true},
		{"stall", "{depth: 1, stall_timeout: 0.3}", results.TermStall, false},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			r := parseRun(t, fmt.Sprintf(`
name: variantlimits
seed: 3
variants:
  - name: extinction
    time_control: %s
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
time_control: {depth: 1}
adjudication: {max_plies: 2}
engines:
  - {name: slow, kind: uci, command: %q, args: [-mode, slow, -delay, 1200ms]}
  - {name: random, kind: random}
`, c.variantTC, bin))
			dir := t.TempDir()
			if _, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 1}); err != nil {
				t.Fatal(err)
			}
			games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != 2 {
				t.Fatalf("%d games, want 2", len(games))
			}
			for _, g := range games {
				faulted := g.Termination == results.TermTimeForfeit || g.Termination == results.TermStall
				if c.term == "" && faulted || c.term != "" && g.Termination != c.term {
					t.Errorf("game %d: %s (%s), want %q", g.ID, g.Termination, g.Reason, c.term)
				}
				if c.overruns && len(g.Overruns) == 0 {
					t.Errorf("game %d: the slow moves are not counted as overruns", g.ID)
				}
			}
		})
	}
}
