//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// shardEventConfig is a Swiss of five built-in engines at fixed depths
// (a bye each round): its games are the same wherever they are played.
const shardEventConfig = `
name: sw
variant: extinction
seed: 11
concurrency: 1
tournament: {type: swiss, rounds: 3}
openings: {plies: 4}
time_control: {depth: 1}
adjudication: {max_plies: 200}
engines:
  - {name: e1, kind: alphabeta}
  - {name: e2, kind: alphabeta, time_control: {depth: 2}}
  - {name: e3, kind: alphabeta, time_control: {depth: 3}}
  - {name: e4, kind: alphabeta}
  - {name: e5, kind: alphabeta, time_control: {depth: 2}}
`

// startShard starts `varena run CONFIG -shard i/2 -peers` in work, its
// stderr in a file the test can read while it runs.
func startShard(t *testing.T, bin, config, work string, i int) (*exec.Cmd, string) {
	t.Helper()
	errFile := filepath.Join(work, fmt.Sprintf("stderr-%d-%d", i, time.Now().UnixNano()))
	f, err := os.Create(errFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(bin, "run", config, "--quiet", "-shard", fmt.Sprintf("%d/2", i),
		"-out", filepath.Join(work, fmt.Sprintf("shard-%d", i)), "-peers", filepath.Join(work, "shard-*"))
	cmd.Stderr = f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, errFile
}

// TestEventShardKilled plays a Swiss in two shard processes: the second,
// started alone, plays its share of round 1 and says it waits for the
// other's games; killed there with kill -9, then started again beside
// the first, it resumes, and both end with the standings of the event
// played on one machine; rate of either rates the whole event. varena
// merge refuses the shards, pointing to their own records.
func TestEventShardKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays an event in subprocesses")
	}
	bin := buildVarena(t)
	work := t.TempDir()
	config := filepath.Join(work, "swiss.yaml")
	if err := os.WriteFile(config, []byte(shardEventConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	one := filepath.Join(work, "one")
	playRun(t, config, one)

	p, errFile := startShard(t, bin, config, work, 2)
	const waiting = "event sw, round-01: waiting for the other shards' games: 2 of the round's 4 are in"
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile(errFile)
		if strings.Contains(string(b), waiting) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("shard 2 alone never said %q; stderr:\n%s", waiting, b)
		}
	}
	if err := p.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if err := p.Wait(); err == nil {
		t.Fatal("shard 2 ended by itself; want it killed while it waits")
	}

	var procs [2]*exec.Cmd
	var errFiles [2]string
	for i := range 2 {
		procs[i], errFiles[i] = startShard(t, bin, config, work, i+1)
	}
	want, err := os.ReadFile(filepath.Join(one, "standings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range procs {
		err := p.Wait()
		b, _ := os.ReadFile(errFiles[i])
		if err != nil {
			t.Fatalf("shard %d/2: %v; stderr:\n%s", i+1, err, b)
		}
		if i == 1 && !strings.Contains(string(b), "resuming") {
			t.Errorf("shard 2/2 run again does not say it resumed; stderr:\n%s", b)
		}
		got, err := os.ReadFile(filepath.Join(work, fmt.Sprintf("shard-%d", i+1), "standings.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("shard %d/2's standings.txt differs from one machine's:\n%s\n--- one machine:\n%s", i+1, got, want)
		}
	}

	// rate of either shard's directory rates every game, as of the
	// one-machine event.
	_, wantRate, _ := runStatus(t, bin, "rate", one)
	for i := 1; i <= 2; i++ {
		code, got, errOut := runStatus(t, bin, "rate", filepath.Join(work, fmt.Sprintf("shard-%d", i)))
		if code != 0 || got != wantRate {
			t.Errorf("rate of shard %d/2: exit %d, %s\n%s--- one machine:\n%s", i, code, errOut, got, wantRate)
		}
	}

	code, _, errOut := runStatus(t, bin, "merge", "-out", filepath.Join(work, "all"), filepath.Join(work, "shard-1"), filepath.Join(work, "shard-2"))
	if code == 0 || !strings.Contains(errOut, "is the directory of swiss sw, not a run's") || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
		t.Errorf("merge of event shards: exit %d, stderr %q; want one line refusing it", code, errOut)
	}
}
