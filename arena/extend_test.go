package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

// extendRun is a two-engine run whose length is set by the test.
func extendRun(t *testing.T, tournament string) string {
	t.Helper()
	return `
name: extend
variant: extinction
seed: 5
tournament: ` + tournament + `
openings: {plies: 4}
time_control: {depth: 1}
adjudication: {max_plies: 40}
engines:
  - {name: ab, kind: alphabeta}
  - {name: greedy, kind: greedy}
`
}

// gamesOf reads a run's journal as one line per game by id: what the
// game was and how it went, without its clock times.
func gamesOf(t *testing.T, dir string) map[int]string {
	t.Helper()
	games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]string{}
	for _, g := range games {
		var moves []string
		for _, m := range g.Moves {
			moves = append(moves, m.UCI)
		}
		out[g.ID] = fmt.Sprintf("r%d p%d %s %s-%s %s %s %s", g.Round, g.Pair, g.Variant, g.White, g.Black, g.StartFEN, g.Result, strings.Join(moves, " "))
	}
	return out
}

// TestRaisingGamesContinuesTheRun: a run of 4 games raised to 8 on the
// same directory plays 4 more, and its 8 games are those of a straight
// run of 8 (issue 19, point 5).
func TestRaisingGamesContinuesTheRun(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var notes strings.Builder
	if _, err := Run(ctx, resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 4}"))), Options{Out: dir, Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	sum, err := Run(ctx, resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 8}"))), Options{Out: dir, Concurrency: 1, Log: &notes})
	if err != nil {
		t.Fatalf("raising games 4 -> 8: %v", err)
	}
	if sum.Played != 8 || sum.Meta.Total != 8 {
		t.Errorf("after raising: %d of %d games played, want 8 of 8", sum.Played, sum.Meta.Total)
	}
	if !strings.Contains(notes.String(), "tournament: games 4 -> 8") || !strings.Contains(notes.String(), "continues to 8 games") {
		t.Errorf("notes do not say the run was extended:\n%s", notes.String())
	}
	if m, err := rundir.ReadMeta(dir); err != nil || m.Total != 8 || m.Settings["tournament: games"] != "8" {
		t.Errorf("meta.json after raising: total %d, games %q, %v", m.Total, m.Settings["tournament: games"], err)
	}
	straight := t.TempDir()
	if _, err := Run(ctx, resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 8}"))), Options{Out: straight, Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	got, want := gamesOf(t, dir), gamesOf(t, straight)
	if len(got) != 8 || len(want) != 8 {
		t.Fatalf("%d games extended, %d straight", len(got), len(want))
	}
	for id := 1; id <= 8; id++ {
		if got[id] != want[id] {
			t.Errorf("game %d extended:\n  %s\nstraight:\n  %s", id, got[id], want[id])
		}
	}

	// Raising rounds continues too: round 2 follows round 1.
	sum, err = Run(ctx, resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 8, rounds: 2}"))), Options{Out: dir, Concurrency: 1})
	if err != nil || sum.Played != 16 {
		t.Errorf("raising rounds 1 -> 2: %v, %d games", err, sum.Played)
	}

	// Lowering below what was played is refused, naming what to do.
	_, err = Run(ctx, resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 4}"))), Options{Out: dir, Concurrency: 1})
	if err == nil || !strings.Contains(err.Error(), "holds 12 game(s) beyond this run's 4") {
		t.Errorf("lowering games below what was played: error %v", err)
	}
	if n := len(gamesOf(t, dir)); n != 16 {
		t.Errorf("a refused run left %d games in the journal, want 16", n)
	}
}

// TestLoweringGamesStopsEarlier: a run of 8 stopped after 2 games (its
// directory made from a whole run's first two journal lines, as an
// interruption leaves it) and resumed with games: 4 ends at 4 games.
func TestLoweringGamesStopsEarlier(t *testing.T) {
	whole := t.TempDir()
	if _, err := Run(context.Background(), resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 8}"))), Options{Out: whole, Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	journal, err := os.ReadFile(filepath.Join(whole, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(journal), "\n")
	meta, err := os.ReadFile(filepath.Join(whole, rundir.MetaFile))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, rundir.JournalFile), []byte(lines[0]+lines[1]), 0o644)
	os.WriteFile(filepath.Join(dir, rundir.MetaFile), meta, 0o644)
	sum, err := Run(context.Background(), resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 4}"))), Options{Out: dir, Concurrency: 1})
	if err != nil || sum.Played != 4 || len(gamesOf(t, dir)) != 4 {
		t.Errorf("lowered to 4: %v, %d games", err, sum.Played)
	}
}

// TestRenumberingGamesIsRefused: with two rounds, more games per pairing
// give game 3 another round, so the run cannot continue.
func TestRenumberingGamesIsRefused(t *testing.T) {
	dir := t.TempDir()
	if _, err := Run(context.Background(), resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 2, rounds: 2}"))), Options{Out: dir, Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), resolved(t, parseRun(t, extendRun(t, "{type: round-robin, games: 4, rounds: 2}"))), Options{Out: dir, Concurrency: 1})
	if err == nil || !strings.Contains(err.Error(), "game 3 (ab-greedy) is not in this run's schedule") || !strings.Contains(err.Error(), "raise rounds: instead") {
		t.Errorf("renumbering change: error %v", err)
	}
}

// TestExtendUndecidedSPRT: an SPRT stopped undecided at its game cap
// continues when the cap is raised on the same directory, as the README's
// CI recipe tells a user to do.
func TestExtendUndecidedSPRT(t *testing.T) {
	sprt := func(games int) string {
		return fmt.Sprintf(`
name: sprt-extend
variant: extinction
seed: 7
tournament: {type: sprt, games: %d}
sprt: {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05}
openings: {plies: 4}
time_control: {depth: 1}
adjudication: {max_plies: 40}
engines:
  - {name: ab, kind: alphabeta}
  - {name: ab2, kind: alphabeta}
`, games)
	}
	dir := t.TempDir()
	sum, err := Run(context.Background(), resolved(t, parseRun(t, sprt(2))), Options{Out: dir, Concurrency: 1})
	if err != nil || sum.SPRT == nil || sum.SPRT.Verdict != rundir.VerdictLimit {
		t.Fatalf("2 games of equal engines: %v, %+v; want %q", err, sum.SPRT, rundir.VerdictLimit)
	}
	sum, err = Run(context.Background(), resolved(t, parseRun(t, sprt(6))), Options{Out: dir, Concurrency: 1})
	if err != nil || sum.Played != 6 || sum.SPRT.Penta.Pairs() != 3 {
		t.Errorf("raised to 6 games: %v, %d played, pairs %v", err, sum.Played, sum.SPRT.Penta)
	}
}
