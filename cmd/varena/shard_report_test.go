package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/results/rundir"
	"varena/results/stats"
)

const sprtShardRun = `
name: sp
variant: extinction
seed: 4
tournament: {type: sprt, games: 16}
sprt: {elo0: 0, elo1: 10}
openings: {plies: 4}
time_control: {depth: 1}
adjudication: {max_plies: 200}
engines:
  - {name: a, kind: alphabeta}
  - {name: b, kind: greedy}
`

// TestSPRTShardReport: a shard of an SPRT other than the first writes
// its report, which counts the shard's pairs as the run did; before,
// the report counted from pair 1, found none, and gonum's NominalX
// panicked on the empty ratings (exit 2, again on resume).
func TestSPRTShardReport(t *testing.T) {
	config := writeConfig(t, sprtShardRun)
	for _, shard := range []string{"2/4", "4/4"} {
		dir := filepath.Join(t.TempDir(), "shard")
		for pass := 0; pass < 2; pass++ { // the run, then its resume
			var stdout, stderr bytes.Buffer
			err := runMain(context.Background(), []string{config, "-out", dir, "--quiet", "-shard", shard}, &stdout, &stderr)
			var st exitStatus
			if err != nil && !(errors.As(err, &st) && int(st) == rundir.ExitLimit) {
				t.Fatalf("shard %s, pass %d: %v\n%s", shard, pass, err, stderr.String())
			}
		}
		data, err := os.ReadFile(filepath.Join(dir, "report.html"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `id="fig-ratings"`) {
			t.Errorf("shard %s: report.html has no ratings figure", shard)
		}
		var sum struct {
			Played int
			SPRT   *struct{ Penta stats.Penta }
		}
		data, err = os.ReadFile(filepath.Join(dir, rundir.SummaryFile))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &sum); err != nil {
			t.Fatal(err)
		}
		if sum.SPRT == nil || sum.Played != 4 || sum.SPRT.Penta.Pairs() != 2 {
			t.Errorf("shard %s: summary played %d, SPRT %+v; want 4 games in 2 pairs", shard, sum.Played, sum.SPRT)
		}
		m, err := rundir.ReadMeta(dir)
		if err != nil || m.Shards != 4 || m.Shard != int(shard[0]-'0') {
			t.Errorf("shard %s: meta.json shard %d/%d (%v)", shard, m.Shard, m.Shards, err)
		}
	}
}
