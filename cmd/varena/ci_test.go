//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"varena/results/rundir"
)

// ciSPRT is an SPRT of two built-in engines at low depth: TESTED (the
// first engine, the one tested) against BASE, with wide bounds so that
// a large difference decides within a few dozen games.
const ciSPRT = `
name: ci
variant: extinction
seed: 4
concurrency: 2
tournament: {type: sprt, games: GAMES}
sprt: {elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05, model: logistic}
openings: {plies: 4}
time_control: {depth: 1}
adjudication: {max_plies: 120}
engines:
  - {name: TESTED, kind: alphabeta, time_control: {depth: TD}}
  - {name: BASE, kind: alphabeta, time_control: {depth: BD}}
`

func ciConfig(t *testing.T, tested, base string, td, bd, games int) string {
	r := strings.NewReplacer("TESTED", tested, "BASE", base, "TD", strconv.Itoa(td), "BD", strconv.Itoa(bd), "GAMES", strconv.Itoa(games))
	return writeConfig(t, r.Replace(ciSPRT))
}

// runStatus runs the binary and returns its exit status, stdout and
// stderr.
func runStatus(t *testing.T, bin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, out.String(), errOut.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String(), errOut.String()
	}
	t.Fatalf("%v: %v", args, err)
	return 0, "", ""
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// TestSPRTExitStatus: `varena run` of an sprt tournament exits with its
// verdict (0 H1, 3 H0, 4 undecided at the game limit), states it on the
// last stdout line and in summary.json, and a resumed decided run gives
// the same status again; `varena sprt` follows the same convention.
func TestSPRTExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays SPRTs in subprocesses")
	}
	bin := buildVarena(t)
	tests := []struct {
		name          string
		config        string
		status        int
		verdict, last string
	}{
		{"weakened candidate", ciConfig(t, "candidate-d1", "base-d3", 1, 3, 400), rundir.ExitH0, rundir.VerdictH0, "H0 accepted, LLR -"},
		{"stronger candidate", ciConfig(t, "candidate-d3", "base-d1", 3, 1, 400), rundir.ExitH1, rundir.VerdictH1, "H1 accepted, LLR "},
		{"capped below a decision", ciConfig(t, "candidate-d2", "base-d2", 2, 2, 4), rundir.ExitLimit, rundir.VerdictLimit, "undecided: game limit reached, LLR "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "run")
			for _, pass := range []string{"run", "resumed"} {
				status, stdout, stderr := runStatus(t, bin, "run", tt.config, "-out", out, "--quiet")
				if status != tt.status {
					t.Fatalf("%s: exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", pass, status, tt.status, stdout, stderr)
				}
				last := lastLine(stdout)
				if !strings.HasPrefix(last, "SPRT [0, 20] logistic: "+tt.last) || !strings.Contains(last, " games (") ||
					(tt.status != rundir.ExitLimit && !strings.Contains(last, ", Elo ")) {
					t.Errorf("%s: last line %q", pass, last)
				}
				data, err := os.ReadFile(filepath.Join(out, rundir.SummaryFile))
				if err != nil {
					t.Fatal(err)
				}
				var sum struct {
					SPRT struct {
						Verdict    string `json:"verdict"`
						ExitStatus int    `json:"exit_status"`
						Decision   string `json:"decision"`
					} `json:"sprt"`
				}
				if err := json.Unmarshal(data, &sum); err != nil || sum.SPRT.Verdict != tt.verdict || sum.SPRT.ExitStatus != tt.status {
					t.Errorf("%s: summary.json sprt %+v, %v", pass, sum.SPRT, err)
				}
			}
		})
	}

	sprt := []struct {
		args   []string
		status int
	}{
		{[]string{"sprt", "-penta", "0,1236,4490,1474,1", "-elo0", "0", "-elo1", "2"}, 0},
		{[]string{"sprt", "-wdl", "57433,106593,57030", "-model", "logistic", "-alpha", "0.01", "-beta", "0.1"}, 3},
		{[]string{"sprt", "-wdl", "10,10,10", "-elo0", "0", "-elo1", "5"}, 4},
		{[]string{"sprt", "-wdl", "10,10,10", "-json"}, 4},
		{[]string{"sprt", "-wdl", "1,2"}, 2},
	}
	for _, tt := range sprt {
		if status, stdout, stderr := runStatus(t, bin, tt.args...); status != tt.status {
			t.Errorf("%v: exit status %d, want %d\n%s%s", tt.args, status, tt.status, stdout, stderr)
		}
	}
}

// TestOneWriterPerDirectory: a second `varena run` on a directory in
// use refuses in one line naming the directory and the holder's pid;
// after kill -9 of the holder the lock is gone (the kernel dropped it)
// and the run resumes; `varena merge` refuses a shard being played.
func TestOneWriterPerDirectory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays in subprocesses")
	}
	bin := buildVarena(t)
	config := writeConfig(t, killConfig)
	out := filepath.Join(t.TempDir(), "run")
	first := startRun(t, bin, config, out)
	waitLines(t, first, filepath.Join(out, rundir.JournalFile), 1)

	status, _, stderr := runStatus(t, bin, "run", config, "-out", out, "--quiet")
	want := fmt.Sprintf("varena run: %s is in use by another varena run (pid %d); wait for it to end or give another -out\n", out, first.cmd.Process.Pid)
	if status != 1 || stderr != want {
		t.Errorf("second run: status %d, stderr %q\nwant %q", status, stderr, want)
	}
	status, _, stderr = runStatus(t, bin, "merge", "-out", filepath.Join(t.TempDir(), "m"), out)
	if status != 1 || !strings.Contains(stderr, fmt.Sprintf("a varena run (pid %d) is writing it; merge it when that run has ended", first.cmd.Process.Pid)) {
		t.Errorf("merge of a shard in play: status %d, stderr %q", status, stderr)
	}

	first.cmd.Process.Signal(syscall.SIGKILL)
	first.wait(t)
	status, stdout, stderr := runStatus(t, bin, "run", config, "-out", out, "--quiet")
	if status != 0 {
		t.Fatalf("run after kill -9: status %d\n%s%s", status, stdout, stderr)
	}
	if n := len(checkJournal(t, out)); n != killGames {
		t.Errorf("journal holds %d games, want %d", n, killGames)
	}
}

// TestSPRTShardsExitZero: a shard of an sprt run that played its part
// exits 0 whatever its own tally says, so that a cluster marks it done
// and the merge waiting on the array runs; the merge exits with the
// run's verdict, the one a single machine gives.
func TestSPRTShardsExitZero(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays SPRT shards in subprocesses")
	}
	bin := buildVarena(t)
	config := ciConfig(t, "new", "old", 3, 1, 24)
	work := t.TempDir()
	whole, _, _ := runStatus(t, bin, "run", config, "-out", filepath.Join(work, "whole"), "--quiet")
	var dirs []string
	for i := 1; i <= 2; i++ {
		d := filepath.Join(work, fmt.Sprintf("shard-%d", i))
		dirs = append(dirs, d)
		status, _, errOut := runStatus(t, bin, "run", config, "-out", d, "-shard", fmt.Sprintf("%d/2", i))
		if status != 0 {
			t.Fatalf("shard %d/2 exits %d, want 0\n%s", i, status, errOut)
		}
		if !strings.Contains(errOut, fmt.Sprintf("shard %d/2 played its part; the SPRT verdict of the run is the merge's", i)) {
			t.Errorf("shard %d/2 says:\n%s", i, errOut)
		}
	}
	status, out, errOut := runStatus(t, bin, append([]string{"merge", "-out", filepath.Join(work, "merged")}, dirs...)...)
	if status != whole {
		t.Errorf("merge exits %d, the one-machine run %d\n%s%s", status, whole, out, errOut)
	}
	if !strings.HasPrefix(lastLine(out), "SPRT [0, 20] logistic: ") {
		t.Errorf("merge's last line: %q", lastLine(out))
	}
}
