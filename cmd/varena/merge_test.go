package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/arena"
	"varena/results"
	"varena/results/rundir"
)

func summaryOf(t *testing.T, dir string) rundir.Summary {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var s rundir.Summary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", rundir.SummaryFile, err)
	}
	return s
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMergeShards plays a run as two shards in two directories, merges
// them and compares the result with the same run played in one go.
func TestMergeShards(t *testing.T) {
	config := writeConfig(t, smallRun)
	work := t.TempDir()
	whole := filepath.Join(work, "whole")
	shard1 := filepath.Join(work, "shard1")
	shard2 := filepath.Join(work, "shard2")
	merged := filepath.Join(work, "merged")
	playRun(t, config, whole, "-concurrency", "2")
	playRun(t, config, shard1, "-shard", "1/2", "-concurrency", "1")
	playRun(t, config, shard2, "-shard", "2/2", "-concurrency", "2")

	s1, s2 := summaryOf(t, shard1), summaryOf(t, shard2)
	if s1.Played == 0 || s2.Played == 0 || s1.Played+s2.Played != 12 {
		t.Fatalf("shards played %d and %d games, want 12 in all", s1.Played, s2.Played)
	}

	var stdout, stderr bytes.Buffer
	if err := mergeMain([]string{"-out", merged, shard1, shard2}, &stdout, &stderr); err != nil {
		t.Fatalf("merge: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "merged 12 games from 2 directories") {
		t.Errorf("merge note: %q", stderr.String())
	}
	if !strings.Contains(stdout.String(), "12 of 12 games played") {
		t.Errorf("merge output:\n%s", stdout.String())
	}
	got, want := summaryOf(t, merged), summaryOf(t, whole)
	if got.Played != 12 || got.Meta.Total != 12 {
		t.Errorf("merged summary: %d of %d games", got.Played, got.Meta.Total)
	}
	if a, b := jsonText(t, got.Ratings), jsonText(t, want.Ratings); jsonDiff([]byte(a), []byte(b)) != "" {
		t.Errorf("ratings differ:\nmerged %s\nwhole  %s", a, b)
	}
	if a, b := jsonText(t, got.Pairings), jsonText(t, want.Pairings); jsonDiff([]byte(a), []byte(b)) != "" {
		t.Errorf("pairings differ:\nmerged %s\nwhole  %s", a, b)
	}
	if a, b := jsonText(t, got.Meta), jsonText(t, want.Meta); jsonDiff([]byte(a), []byte(b)) != "" {
		t.Errorf("meta differs:\nmerged %s\nwhole  %s", a, b)
	}

	// The merged directory is a complete run: journal and PGN agree.
	games, err := results.ReadJournal(filepath.Join(merged, rundir.JournalFile))
	if err != nil || len(games) != 12 {
		t.Fatalf("merged journal: %d games, %v", len(games), err)
	}
	for i, g := range games {
		if g.ID != i+1 {
			t.Fatalf("merged journal line %d holds game %d; want games in id order", i+1, g.ID)
		}
	}
	checkPGN(t, merged, games)

	// Merging again into the same directory is refused.
	if err := mergeMain([]string{"-out", merged, shard1, shard2}, &stdout, &stderr); err == nil {
		t.Error("merging into a directory that holds a journal: no error")
	}
	// Merging a shard with itself (overlapping copies) is harmless; the
	// other shard is missing, so only -partial merges it.
	self := filepath.Join(work, "self")
	if err := mergeMain([]string{"-out", self, "-partial", shard1, shard1}, &stdout, &stderr); err != nil {
		t.Errorf("merging a directory with itself: %v", err)
	} else if s := summaryOf(t, self); s.Played != s1.Played {
		t.Errorf("merging a shard with itself: %d games, want %d", s.Played, s1.Played)
	}
}

func TestMergeRefusesOtherRuns(t *testing.T) {
	work := t.TempDir()
	a := filepath.Join(work, "a")
	b := filepath.Join(work, "b")
	playRun(t, writeConfig(t, smallRun), a, "-shard", "1/2")
	// The same engines and games under another seed: another run.
	playRun(t, writeConfig(t, strings.Replace(smallRun, "seed: 3", "seed: 4", 1)), b, "-shard", "2/2")
	var stdout, stderr bytes.Buffer
	out := filepath.Join(work, "merged")
	err := mergeMain([]string{"-out", out, a, b}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "only shards of one run merge") {
		t.Errorf("merging two runs: error %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, rundir.JournalFile)); err == nil {
		t.Error("a refused merge wrote a journal")
	}

	// Not a run directory at all.
	err = mergeMain([]string{"-out", filepath.Join(work, "m2"), a, t.TempDir()}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "not a run directory") {
		t.Errorf("merging a non-run directory: error %v", err)
	}
	// Usage errors.
	for _, args := range [][]string{{a}, {"-out", filepath.Join(work, "m3")}} {
		if err := mergeMain(args, &stdout, &stderr); err == nil {
			t.Errorf("merge %v: no error", args)
		} else if _, ok := err.(usageError); !ok {
			t.Errorf("merge %v: %v, want a usage error", args, err)
		}
	}
}

// TestMergeNamesWhatIsMissing: a merge of some shards of a run fails and
// names the shards missing or unfinished, unless -partial asks for what
// there is; the merged directory holds what a run writes.
func TestMergeNamesWhatIsMissing(t *testing.T) {
	config := writeConfig(t, smallRun)
	work := t.TempDir()
	dir := func(i int) string { return filepath.Join(work, fmt.Sprintf("shard-%d", i)) }
	playRun(t, config, dir(1), "-shard", "1/3")
	playRun(t, config, dir(2), "-shard", "2/3")

	var stdout, stderr bytes.Buffer
	err := mergeMain([]string{"-out", filepath.Join(work, "m"), dir(1), dir(2)}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "missing shard(s) 3/3") || !strings.Contains(err.Error(), "-partial") {
		t.Fatalf("merge of 2 of 3 shards: %v", err)
	}
	if _, err := os.Stat(filepath.Join(work, "m", rundir.JournalFile)); err == nil {
		t.Error("a refused merge wrote a journal")
	}

	// Shard 3 stopped before its part was played: unfinished.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = runMain(ctx, []string{config, "-out", dir(3), "--quiet", "-shard", "3/3"}, &stdout, &stderr)
	if !errors.Is(err, arena.ErrInterrupted) {
		t.Fatalf("an interrupted shard: %v", err)
	}
	rec, err := rundir.ReadShard(dir(3))
	if err != nil || rec == nil || rec.Finished || rec.Shard != 3 || rec.Shards != 3 || rec.Games == 0 {
		t.Fatalf("interrupted shard's record: %+v, %v", rec, err)
	}
	err = mergeMain([]string{"-out", filepath.Join(work, "m"), dir(1), dir(2), dir(3)}, &stdout, &stderr)
	if want := fmt.Sprintf("shard 3/3 (%s) is unfinished: 0 of its %d games played", dir(3), rec.Games); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("merge with an unfinished shard: %v, want %q", err, want)
	}

	stderr.Reset()
	partial := filepath.Join(work, "partial")
	if err := mergeMain([]string{"-out", partial, "-partial", dir(1), dir(2)}, &stdout, &stderr); err != nil {
		t.Fatalf("merge -partial: %v", err)
	}
	if !strings.Contains(stderr.String(), "merge -partial: missing shard(s) 3/3") {
		t.Errorf("merge -partial says: %q", stderr.String())
	}
	// What a run writes, the report and the setup included.
	for _, f := range []string{rundir.JournalFile, rundir.PGNFile, rundir.SummaryFile, rundir.MetaFile, "report.html", "setup.json"} {
		if _, err := os.Stat(filepath.Join(partial, f)); err != nil {
			t.Errorf("merged directory: %v", err)
		}
	}

	// The shard played to its end completes the run.
	playRun(t, config, dir(3), "-shard", "3/3")
	if err := mergeMain([]string{"-out", filepath.Join(work, "all"), dir(1), dir(2), dir(3)}, &stdout, &stderr); err != nil {
		t.Fatalf("merge of all shards: %v", err)
	}
	if s := summaryOf(t, filepath.Join(work, "all")); s.Played != 12 {
		t.Errorf("merged %d games, want 12", s.Played)
	}
	// Merging again into the same directory says how to redo it.
	err = mergeMain([]string{"-out", filepath.Join(work, "all"), dir(1), dir(2), dir(3)}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "to merge again, remove it") {
		t.Errorf("merging into a merged directory: %v", err)
	}
}

// TestShardNumberingKept: a task resubmitted with another numbering
// (Slurm's --array=2 gives SLURM_ARRAY_TASK_COUNT=1) is refused on a
// shard's directory instead of playing other games into it.
func TestShardNumberingKept(t *testing.T) {
	config := writeConfig(t, smallRun)
	dir := filepath.Join(t.TempDir(), "shard-2")
	playRun(t, config, dir, "-shard", "2/4")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-shard", "1/1"}, "holds shard 2/4 of run small; this run plays the whole schedule"},
		{[]string{"-shard", "2/3"}, "holds shard 2/4 of run small; this run plays 2/3"},
		{nil, "holds shard 2/4 of run small; this run plays the whole schedule"},
	} {
		var stdout, stderr bytes.Buffer
		args := append([]string{config, "-out", dir, "--quiet"}, tt.args...)
		if err := runMain(context.Background(), args, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("run %v: %v, want %q", tt.args, err, tt.want)
		}
	}
	// The right numbering resumes it (nothing left to play).
	playRun(t, config, dir, "-shard", "2/4")
}

// sprtShards is an SPRT that decides within a few dozen games: depth 3
// against depth 2, bounds [0, 60].
const sprtShards = `
name: shards
variant: extinction
seed: SEED
concurrency: 1
tournament: {type: sprt, games: 400}
sprt: {elo0: 0, elo1: 60, alpha: 0.05, beta: 0.05, model: normalized}
openings: {plies: 4}
time_control: {depth: 2}
adjudication: {max_plies: 120}
engines:
  - {name: new, kind: alphabeta, time_control: {depth: 3}}
  - {name: old, kind: alphabeta}
`

// TestSPRTShardsStopTogether: four shards of an SPRT on one file system,
// each following the others with -peers, stop when the test of all their
// games decides: together they play about what one machine plays, and
// the merge gives the one machine's verdict, LLR and pairs.
func TestSPRTShardsStopTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("plays an SPRT on one machine and in four shards")
	}
	seeds := []string{"4"}
	if os.Getenv("VARENA_DEEP") != "" {
		seeds = []string{"4", "5", "6", "7", "8"}
	}
	for _, seed := range seeds {
		t.Run("seed "+seed, func(t *testing.T) {
			config := writeConfig(t, strings.Replace(sprtShards, "SEED", seed, 1))
			work := t.TempDir()
			var stdout, stderr bytes.Buffer
			if err := runMain(context.Background(), []string{config, "-out", filepath.Join(work, "one"), "--quiet", "-concurrency", "1"}, &stdout, &stderr); err != nil {
				t.Fatalf("one machine: %v", err)
			}
			one := sprtSummaryOf(t, filepath.Join(work, "one"))
			if one.SPRT.Verdict != rundir.VerdictH1 {
				t.Fatalf("one machine's SPRT: %+v", one.SPRT)
			}

			const shards = 4
			errs := make(chan error, shards)
			var dirs []string
			for i := 1; i <= shards; i++ {
				d := filepath.Join(work, fmt.Sprintf("shard-%d", i))
				dirs = append(dirs, d)
				args := []string{config, "-out", d, "--quiet", "-shard", fmt.Sprintf("%d/%d", i, shards), "-peers", filepath.Join(work, "shard-*")}
				go func() { errs <- runMain(context.Background(), args, io.Discard, io.Discard) }()
			}
			for range shards {
				if err := <-errs; err != nil {
					t.Fatalf("shard: %v", err)
				}
			}
			played := 0
			for _, d := range dirs {
				rec, err := rundir.ReadShard(d)
				if err != nil || rec == nil || !rec.Finished || !strings.Contains(rec.Stopped, "SPRT of all shards: H1") {
					t.Fatalf("%s: shard record %+v, %v", d, rec, err)
				}
				played += rec.Played
			}
			// Each shard may have a game of its own in flight when the
			// test decides, and may have run ahead by its share of the
			// window.
			if limit := one.Played + one.PastDecision + 2*shards; played > limit {
				t.Errorf("four shards played %d games, one machine %d (+%d past the decision): more than %d", played, one.Played, one.PastDecision, limit)
			}
			merged := filepath.Join(work, "merged")
			if err := mergeMain(append([]string{"-out", merged}, dirs...), &stdout, &stderr); err != nil {
				t.Fatalf("merge: %v", err)
			}
			m := sprtSummaryOf(t, merged)
			if m.SPRT.Verdict != one.SPRT.Verdict || m.SPRT.LLR != one.SPRT.LLR || m.SPRT.Penta != one.SPRT.Penta || m.Played != one.Played {
				t.Errorf("merged: %s, LLR %v, %d games; one machine: %s, LLR %v, %d games",
					m.SPRT.Verdict, m.SPRT.LLR, m.Played, one.SPRT.Verdict, one.SPRT.LLR, one.Played)
			}
			if a, b := string(m.Pairings), string(one.Pairings); a != b {
				t.Errorf("pairings differ:\nmerged %s\none    %s", a, b)
			}
			t.Logf("seed %s: one machine %d games (+%d past the decision), four shards %d", seed, one.Played, one.PastDecision, played)
		})
	}
}

// sprtSummary is what the SPRT tests read of summary.json (rundir.Summary
// itself does not read back: its decision is written in words).
type sprtSummary struct {
	Played       int             `json:"played"`
	PastDecision int             `json:"past_decision"`
	Pairings     json.RawMessage `json:"pairings"`
	SPRT         struct {
		Verdict string  `json:"verdict"`
		LLR     float64 `json:"llr"`
		Penta   [5]int  `json:"penta"`
	} `json:"sprt"`
}

func sprtSummaryOf(t *testing.T, dir string) sprtSummary {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var s sprtSummary
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s: %v", rundir.SummaryFile, err)
	}
	return s
}

// TestParseShard: the indices a cluster gives are read, or refused with
// a line that says why they cannot belong to the run.
func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		in   string
		i, n int
		err  string
	}{
		{"1/4", 1, 4, ""},
		{"4/4", 4, 4, ""},
		{"1/1", 1, 1, ""},
		{"0/4", 0, 0, "shards count from 1"},         // --array=0-3, or JOB_COMPLETION_INDEX as it is
		{"5/4", 0, 0, "cannot belong to a run of 4"}, // --array=1-8:2 with 4 shards
		{"2/1", 0, 0, "cannot belong to a run of 1"}, // --array=2 read with SLURM_ARRAY_TASK_COUNT
		{"2", 0, 0, "want i/n"},
		{"a/4", 0, 0, "want i/n"},
		{"1/0", 0, 0, "want i/n"},
	} {
		i, n, err := parseShard(tt.in)
		if tt.err == "" {
			if err != nil || i != tt.i || n != tt.n {
				t.Errorf("parseShard(%q) = %d, %d, %v", tt.in, i, n, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseShard(%q): %v, want %q", tt.in, err, tt.err)
		}
	}
}
