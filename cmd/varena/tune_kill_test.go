//go:build unix

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"varena/tuning"
)

// tuneKillConfig is an SPSA tune of the built-in engine at a small node
// limit: fast iterations, the same games in every run at concurrency 1.
const tuneKillConfig = `
method: spsa
name: tune-kill
variant: extinction
seed: 9
concurrency: 1
spsa:
  iterations: 16
  parameters:
    - {name: FutilityMargin, start: 150, min: 50, max: 500, c_end: 25, r_end: 0.02}
    - {name: LMRDivisor, start: 220, min: 100, max: 500, c_end: 25, r_end: 0.02}
time_control: {nodes: 400}
openings: {plies: 4}
adjudication: {max_plies: 160}
engines:
  - {name: varena, kind: alphabeta, hash: 1}
`

func tuneSteps(t *testing.T, dir string) []tuning.Step {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, tuning.SPSAJournalFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var steps []tuning.Step
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		var st tuning.Step
		if err := json.Unmarshal(sc.Bytes(), &st); err != nil {
			t.Fatalf("journal line: %v", err)
		}
		steps = append(steps, st)
	}
	return steps
}

func journalLines(dir string) int {
	data, _ := os.ReadFile(filepath.Join(dir, tuning.SPSAJournalFile))
	return bytes.Count(data, []byte("\n"))
}

// A tune killed with SIGKILL, then one stopped with SIGINT, resume from
// the journal: every iteration is counted once, and the final theta is
// that of an uninterrupted run (concurrency 1, deterministic engines).
func TestTuneSurvivesKill(t *testing.T) {
	bin := buildVarena(t)
	cfg := filepath.Join(t.TempDir(), "tune.yaml")
	if err := os.WriteFile(cfg, []byte(tuneKillConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	whole := filepath.Join(t.TempDir(), "whole")
	if out, err := exec.Command(bin, "tune", cfg, "-out", whole, "-quiet").CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted tune: %v\n%s", err, out)
	}
	want := tuneSteps(t, whole)

	dir := filepath.Join(t.TempDir(), "cut")
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGINT} {
		cmd := exec.Command(bin, "tune", cfg, "-out", dir, "-quiet")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		before := journalLines(dir)
		deadline := time.Now().Add(60 * time.Second)
		for journalLines(dir) < before+3 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		if sig == syscall.SIGINT {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "run the same command again") {
				t.Errorf("after SIGINT: %v, stderr %q", err, stderr.String())
			}
		}
	}
	if n := journalLines(dir); n >= len(want) {
		t.Fatalf("the tune ended before it was stopped (%d iterations)", n)
	}
	out, err := exec.Command(bin, "tune", cfg, "-out", dir, "-quiet").CombinedOutput()
	if err != nil {
		t.Fatalf("resumed tune: %v\n%s", err, out)
	}
	got := tuneSteps(t, dir)
	if len(got) != len(want) {
		t.Fatalf("resumed journal holds %d iterations, want %d", len(got), len(want))
	}
	seen := map[int]bool{}
	for i, st := range got {
		if seen[st.K] {
			t.Errorf("iteration %d counted twice", st.K)
		}
		seen[st.K] = true
		w := want[i]
		if st.K != w.K || st.Result != w.Result || st.Theta[0] != w.Theta[0] || st.Theta[1] != w.Theta[1] {
			t.Errorf("iteration %d: k %d result %d theta %v; uninterrupted: k %d result %d theta %v", i+1, st.K, st.Result, st.Theta, w.K, w.Result, w.Theta)
		}
	}
	pgn, _ := os.ReadFile(filepath.Join(dir, tuning.SPSAPGNFile))
	if n := bytes.Count(pgn, []byte("[Event ")); n != 2*len(want) {
		t.Errorf("games.pgn holds %d games, want %d", n, 2*len(want))
	}
}
