package arena

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

// TestOverrunsCounted: moves over their time but within the margin are
// forgiven, not hidden: each is in its game's record, and summary.json
// and the summary text count them per engine with a fastchess-like
// warning line.
func TestOverrunsCounted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test engine")
	}
	bin := buildFaulty(t)
	r := parseRun(t, fmt.Sprintf(`
name: overruns
variant: extinction
tournament: {type: round-robin, games: 2}
time_control: {movetime: 0.05, margin: 1}
adjudication: {max_plies: 8}
engines:
  - {name: slow, kind: uci, command: %q, args: [-mode, slow, -delay, 150ms]}
  - {name: random, kind: random}
`, bin))
	dir := t.TempDir()
	sum, err := Run(context.Background(), resolved(t, r), Options{Out: dir, Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	moves, slowMoves := 0, 0
	for _, g := range games {
		whiteFirst := len(strings.Fields(g.StartFEN)) < 2 || strings.Fields(g.StartFEN)[1] == "w"
		for i := range g.Moves {
			// The side to move of the start moves at even plies.
			if (i%2 == 0) == whiteFirst == (g.White == "slow") {
				slowMoves++
			}
		}
		if g.Termination == results.TermTimeForfeit {
			t.Fatalf("game %d: a time forfeit within the margin", g.ID)
		}
		for _, o := range g.Overruns {
			if name := map[string]string{"white": g.White, "black": g.Black}[o.Side]; name != "slow" || o.OverMS < 90 {
				t.Errorf("game %d: overrun %+v of %s", g.ID, o, name)
			}
		}
		moves += len(g.Overruns)
	}
	o := sum.Overruns["slow"]
	// Every move of the slow engine overran (a game may end before the
	// ply limit, so the count is the journal's, not a constant).
	if moves < 4 || moves != slowMoves || o == nil || o.Moves != moves || o.WorstMS < 90 || o.TotalMS < int64(90*moves) || sum.Overruns["random"] != nil {
		t.Fatalf("%d overruns in the journal of %d moves by slow, summary %+v", moves, slowMoves, sum.Overruns)
	}
	var text strings.Builder
	sum.WriteText(&text)
	want := fmt.Sprintf("Warning; slow overran its time on %d moves, by %d ms in all, %d ms at worst (within the margin)", o.Moves, o.TotalMS, o.WorstMS)
	if !strings.Contains(text.String(), want) {
		t.Errorf("the summary text lacks %q:\n%s", want, text.String())
	}
}
