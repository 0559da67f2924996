//go:build unix

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
	"strconv"
	"strings"
	"syscall"
	"testing"

	"varena/results/rundir"
)

// matrixConfig is a per-variant SPRT of two built-in engines over three
// variants: base searches depth 2 everywhere, dev the depth its variant
// gives it (EXT, LOS, GAR), so that each variant's test has its own
// answer; GAMES caps each variant.
const matrixConfig = `
name: matrix
seed: 3
concurrency: 2
variants:
  - {name: extinction, time_control: {depth: EXT}}
  - {name: losalamos, time_control: {depth: LOS}}
  - {name: gardner, time_control: {depth: GAR}}
tournament: {type: sprt, games: GAMES}
sprt: {elo0: -20, elo1: 20, per_variant: true}
openings: {plies: 4}
adjudication: {max_plies: 200}
engines:
  - {name: dev, kind: alphabeta}
  - {name: base, kind: alphabeta, time_control: {depth: 2}}
`

func writeMatrixConfig(t *testing.T, ext, los, gar, games int) string {
	r := strings.NewReplacer("EXT", strconv.Itoa(ext), "LOS", strconv.Itoa(los), "GAR", strconv.Itoa(gar), "GAMES", strconv.Itoa(games))
	return writeConfig(t, r.Replace(matrixConfig))
}

// readMatrix returns the matrix of a run directory's summary.json.
func readMatrix(t *testing.T, out string) rundir.Matrix {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var sum rundir.Summary
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Matrix == nil {
		t.Fatalf("%s has no matrix", rundir.SummaryFile)
	}
	return *sum.Matrix
}

// TestMatrixExitStatus: `varena run` of a per-variant SPRT exits with
// the worst verdict of its variants (3 when one accepted H0, 4 when one
// ran out of games undecided; the order of verdicts is
// TestMatrixDecisions's in results/rundir), says it on the
// last stdout line and in summary.json, and a resumed finished run
// gives the same status; a decided variant gets no more games than
// those already handed out when it decided.
func TestMatrixExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays SPRTs in subprocesses")
	}
	bin := buildVarena(t)
	tests := []struct {
		name          string
		ext, los, gar int
		games         int
		status        int
		verdicts      []string
	}{
		{"a regression in one variant", 3, 1, 3, 300, rundir.ExitH0, []string{rundir.VerdictH1, rundir.VerdictH0, rundir.VerdictH1}},
		{"capped below a decision", 2, 2, 2, 4, rundir.ExitLimit, []string{rundir.VerdictLimit, rundir.VerdictLimit, rundir.VerdictLimit}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			config := writeMatrixConfig(t, tt.ext, tt.los, tt.gar, tt.games)
			out := filepath.Join(t.TempDir(), "run")
			var first rundir.Matrix
			for _, pass := range []string{"run", "resumed"} {
				status, stdout, stderr := runStatus(t, bin, "run", config, "-out", out, "--quiet")
				if status != tt.status {
					t.Fatalf("%s: exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", pass, status, tt.status, stdout, stderr)
				}
				m := readMatrix(t, out)
				if !strings.HasPrefix(lastLine(stdout), "SPRT matrix [-20, 20] normalized: "+m.Verdict+" (worst of 3 variants") {
					t.Errorf("%s: last line %q, matrix verdict %s", pass, lastLine(stdout), m.Verdict)
				}
				if m.ExitStatus != tt.status || len(m.Rows) != 3 {
					t.Fatalf("%s: matrix %+v", pass, m)
				}
				for i, row := range m.Rows {
					if row.Verdict != tt.verdicts[i] {
						t.Errorf("%s: %s %s, want %s", pass, row.Variant, row.Verdict, tt.verdicts[i])
					}
				}
				if pass == "run" {
					first = m
				} else if b1, b2 := jsonOf(t, first), jsonOf(t, m); b1 != b2 {
					t.Errorf("resumed finished run changed its matrix:\n%s\n%s", b1, b2)
				}
			}
			// Per variant, the journal holds the games counted, and past
			// a decision only those the workers held then.
			perVariant := map[string]int{}
			for _, g := range checkJournal(t, out) {
				perVariant[g.Variant]++
			}
			for _, row := range first.Rows {
				if n := perVariant[row.Variant]; n < row.Games || n > row.Games+tt.games/2 && row.Verdict != rundir.VerdictLimit {
					t.Errorf("%s: %d games in the journal, %d counted", row.Variant, n, row.Games)
				}
			}
		})
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMatrixKillAndResume kills a per-variant SPRT with kill -9 after
// its first games, resumes it, and checks that the matrix is the one an
// uninterrupted run gives: each variant's decision falls at the same
// pair, from the journal alone.
func TestMatrixKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays SPRTs in subprocesses")
	}
	bin := buildVarena(t)
	config := writeMatrixConfig(t, 3, 1, 2, 120)
	work := t.TempDir()

	whole := filepath.Join(work, "whole")
	if status, stdout, stderr := runStatus(t, bin, "run", config, "-out", whole, "--quiet"); status != rundir.ExitH0 {
		t.Fatalf("uninterrupted run: exit status %d\n%s%s", status, stdout, stderr)
	}

	out := filepath.Join(work, "killed")
	p := startRun(t, bin, config, out)
	waitLines(t, p, filepath.Join(out, rundir.JournalFile), 30)
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.wait(t)
	if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("varena run was not killed: %v; stderr:\n%s", p.cmd.ProcessState, p.stderr.String())
	}
	kept := len(checkJournal(t, out))
	if status, stdout, stderr := runStatus(t, bin, "run", config, "-out", out); status != rundir.ExitH0 || !strings.Contains(stderr, "resuming") {
		t.Fatalf("resumed run: exit status %d\n%s%s", status, stdout, stderr)
	}
	t.Logf("kill -9 after %d games", kept)
	want, got := readMatrix(t, whole), readMatrix(t, out)
	if jsonOf(t, want) != jsonOf(t, got) {
		t.Errorf("killed and resumed matrix differs from the uninterrupted one:\n%s\n%s", jsonOf(t, got), jsonOf(t, want))
	}
	ids := map[int]bool{}
	for _, g := range checkJournal(t, out) {
		if ids[g.ID] {
			t.Errorf("game %d twice", g.ID)
		}
		ids[g.ID] = true
	}
}

// TestMatrixShards: two shards of a per-variant SPRT following each
// other with -peers skip each variant once the test of all their games
// decides it, and their merge gives the matrix of one machine: the same
// pairs counted, LLRs and verdicts in every variant.
func TestMatrixShards(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a per-variant SPRT on one machine and in two shards")
	}
	config := writeMatrixConfig(t, 3, 1, 2, 120)
	work := t.TempDir()
	var stdout, stderr bytes.Buffer
	err := runMain(context.Background(), []string{config, "-out", filepath.Join(work, "one"), "--quiet"}, &stdout, &stderr)
	if !errors.Is(err, exitStatus(rundir.ExitH0)) {
		t.Fatalf("one machine: %v, want exit status %d\n%s", err, rundir.ExitH0, stderr.String())
	}
	one := readMatrix(t, filepath.Join(work, "one"))

	const shards = 2
	errs := make(chan error, shards)
	var dirs []string
	for i := 1; i <= shards; i++ {
		d := filepath.Join(work, fmt.Sprintf("shard-%d", i))
		dirs = append(dirs, d)
		args := []string{config, "-out", d, "--quiet", "-concurrency", "1", "-shard", fmt.Sprintf("%d/%d", i, shards), "-peers", filepath.Join(work, "shard-*")}
		go func() { errs <- runMain(context.Background(), args, io.Discard, io.Discard) }()
	}
	for range shards {
		if err := <-errs; err != nil {
			t.Fatalf("shard: %v", err)
		}
	}
	// The decided variants stopped early in both shards: below their cap
	// of 120 games, which the undecided gardner reaches.
	perVariant := map[string]int{}
	for _, d := range dirs {
		for _, g := range checkJournal(t, d) {
			perVariant[g.Variant]++
		}
	}
	if perVariant["extinction"] >= 90 || perVariant["losalamos"] >= 90 || perVariant["gardner"] != 120 {
		t.Errorf("games per variant in the shards: %v; want the decided ones below 90, gardner at 120", perVariant)
	}
	merged := filepath.Join(work, "merged")
	err = mergeMain(append([]string{"-out", merged}, dirs...), &stdout, &stderr)
	if !errors.Is(err, exitStatus(rundir.ExitH0)) {
		t.Fatalf("merge: %v, want exit status %d", err, rundir.ExitH0)
	}
	if a, b := jsonOf(t, readMatrix(t, merged)), jsonOf(t, one); a != b {
		t.Errorf("merged shards' matrix differs from one machine's:\nmerged %s\none    %s", a, b)
	}
}
