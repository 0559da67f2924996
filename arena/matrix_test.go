package arena

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rundir"
)

// matrixRR is a per-variant SPRT of built-in engines: base searches
// depth 2, dev the depth of its variant, stronger in extinction, weaker
// in losalamos and equal in gardner (whose colour-reversed pairs are
// then all 1-1, so its test runs to the cap); base declines kinglet.
const matrixRR = `
name: matrix
seed: 3
variants:
  - {name: extinction, time_control: {depth: 3}}
  - {name: losalamos, time_control: {depth: 1}}
  - {name: gardner, time_control: {depth: 2}}
  - kinglet
tournament: {type: sprt, games: 200}
sprt: {elo0: -20, elo1: 20, per_variant: true}
openings: {plies: 4}
time_control: {depth: 2}
adjudication: {max_plies: 200}
engines:
  - {name: dev, kind: alphabeta}
  - {name: base, kind: alphabeta, time_control: {depth: 2}, declines: [kinglet]}
`

// TestMatrixRun plays a per-variant SPRT: each variant's test stops on
// its own decision and its games left go unplayed, the undecided one
// plays to its cap, the variant an engine declines is left out, and the
// worst verdict is the run's.
func TestMatrixRun(t *testing.T) {
	parse := func() *configs.Run {
		r, err := configs.Parse("matrix.yaml", []byte(matrixRR), configs.Checker{Variants: variants.Playable()})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	dir := t.TempDir()
	var log bytes.Buffer
	sum, err := Run(context.Background(), resolved(t, parse()), Options{Out: dir, Concurrency: 2, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	m := sum.Matrix
	if m == nil || len(m.Rows) != 4 {
		t.Fatalf("matrix %+v", m)
	}
	want := map[string]string{"extinction": rundir.VerdictH1, "losalamos": rundir.VerdictH0, "gardner": rundir.VerdictLimit, "kinglet": rundir.VerdictLeftOut}
	for _, row := range m.Rows {
		if row.Verdict != want[row.Variant] {
			t.Errorf("%s: %s, want %s", row.Variant, row.Verdict, want[row.Variant])
		}
	}
	if m.Rows[3].LeftOut != "base does not play it" {
		t.Errorf("kinglet left out: %q", m.Rows[3].LeftOut)
	}
	if m.Verdict != rundir.VerdictH0 || m.ExitStatus != rundir.ExitH0 {
		t.Errorf("matrix verdict %s, exit %d", m.Verdict, m.ExitStatus)
	}
	games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	perVariant := map[string]int{}
	for _, g := range games {
		perVariant[g.Variant]++
	}
	// The decided variants stopped far below the cap the undecided one
	// reached: their games went to gardner.
	for _, row := range m.Rows[:2] {
		if n := perVariant[row.Variant]; n < row.Games || n >= 100 {
			t.Errorf("%s: %d games in the journal, %d counted; want its games to stop at its decision", row.Variant, n, row.Games)
		}
	}
	if perVariant["gardner"] != 200 || m.Rows[2].Games != 200 || perVariant["kinglet"] != 0 {
		t.Errorf("games per variant %v; want gardner's 200 and no kinglet", perVariant)
	}
	for _, line := range []string{"SPRT of extinction: H1 accepted after", "SPRT of losalamos: H0 accepted after"} {
		if !strings.Contains(log.String(), line) {
			t.Errorf("log lacks %q:\n%s", line, log.String())
		}
	}
	// Resumed, a finished matrix plays nothing and says the same.
	again, err := Run(context.Background(), resolved(t, parse()), Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	if jsonOf(t, again.Matrix) != jsonOf(t, m) {
		t.Errorf("resumed matrix differs:\n%s\n%s", jsonOf(t, again.Matrix), jsonOf(t, m))
	}
}
