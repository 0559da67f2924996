//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"varena/results"
	"varena/results/rundir"
)

// slurmRun is a round robin whose shards take some seconds each, so that
// one can be killed while it plays.
const slurmRun = `
name: slurm
variant: extinction
seed: 12
tournament: {type: round-robin, games: 16}
openings: {plies: 4}
time_control: {nodes: 8000}
adjudication: {max_plies: 160}
engines:
  - {name: ab, kind: alphabeta}
  - {name: ab2, kind: alphabeta, time_control: {nodes: 4000}}
`

// slurm runs the documented recipe (configs/cluster/slurm.sh and
// slurm-merge.sh, copied as they are) in work on a running Slurm
// cluster, with the test's varena first on PATH.
type slurm struct {
	t    *testing.T
	work string
	env  []string
}

func (s slurm) cmd(name string, args ...string) string {
	s.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = s.work, s.env
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		s.t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out.String(), errOut.String())
	}
	return strings.TrimSpace(out.String())
}

// submit runs sbatch --parsable and returns the job id.
func (s slurm) submit(args ...string) string {
	s.t.Helper()
	id := s.cmd("sbatch", append([]string{"--parsable"}, args...)...)
	id, _, _ = strings.Cut(id, ";") // "ID;CLUSTER" on federated clusters
	return id
}

// wait waits until no task of job id is queued or running and returns
// the job's states, one per task ("COMPLETED", "FAILED", ...).
func (s slurm) wait(id string) []string {
	s.t.Helper()
	deadline := time.Now().Add(4 * time.Minute)
	for time.Now().Before(deadline) {
		if s.cmd("squeue", "-h", "-j", id) == "" {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	var states []string
	for _, f := range strings.Fields(s.cmd("scontrol", "show", "job", id)) {
		if st, ok := strings.CutPrefix(f, "JobState="); ok {
			states = append(states, st)
		}
	}
	return states
}

// TestSlurmRecipe plays the documented Slurm recipe on a real scheduler:
// the array of shards, one task killed while it plays, the merge that
// then fails naming it, the task resubmitted alone with the same script,
// and the merge that equals the run played on one machine; then the
// same for an SPRT, whose shards stop together and whose merge gives
// the one machine's verdict. .ci/run starts a one-node cluster
// (.ci/slurm-up) and sets VARENA_SLURM=1.
func TestSlurmRecipe(t *testing.T) {
	if os.Getenv("VARENA_SLURM") == "" {
		t.Skip("VARENA_SLURM=1 plays the Slurm recipe on a running cluster (.ci/run starts a one-node one with .ci/slurm-up)")
	}
	for _, c := range []string{"sbatch", "squeue", "scancel", "scontrol"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Fatalf("VARENA_SLURM is set but %s is missing: %v", c, err)
		}
	}
	bin := buildVarena(t)
	t.Run("round-robin", func(t *testing.T) { slurmRecipe(t, bin, slurmRun, true) })
	t.Run("sprt", func(t *testing.T) {
		slurmRecipe(t, bin, strings.Replace(sprtShards, "SEED", "5", 1), false)
	})
}

func slurmRecipe(t *testing.T, bin, config string, kill bool) {
	work, err := os.MkdirTemp("", "varena-slurm-") // slurmd's jobs must see it
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	for _, f := range []string{"slurm.sh", "slurm-merge.sh"} {
		data, err := os.ReadFile(filepath.Join(clusterDir, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, f), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(work, "run.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	s := slurm{t: t, work: work, env: append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))}
	status, _, errOut := runStatusIn(t, work, bin, "run", "run.yaml", "-out", "whole", "--quiet", "-concurrency", "2")
	if status != 0 {
		t.Fatalf("one machine: exit %d\n%s", status, errOut)
	}

	array := s.submit("slurm.sh", "run.yaml")
	if kill {
		// Kill shard 2 once it has finished a game, while it plays on.
		journal := filepath.Join(work, "results", "shard-2", rundir.JournalFile)
		deadline := time.Now().Add(2 * time.Minute)
		for {
			if data, err := os.ReadFile(journal); err == nil && bytes.Count(data, []byte("\n")) >= 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("shard 2 wrote no game in 2 minutes")
			}
			time.Sleep(100 * time.Millisecond)
		}
		s.cmd("scancel", "--signal=KILL", "--full", array+"_2")
	}
	merge := s.submit("--dependency=afterany:"+array, "slurm-merge.sh")
	states := s.wait(array)
	mergeStates := s.wait(merge)
	if kill {
		if !slices.Contains(states, "CANCELLED") && !slices.Contains(states, "FAILED") {
			t.Fatalf("array after the kill: %v", states)
		}
		// The merge ran, failed and said which shard to play again.
		log, _ := os.ReadFile(filepath.Join(work, fmt.Sprintf("slurm-%s.out", merge)))
		if len(mergeStates) != 1 || mergeStates[0] != "FAILED" || !strings.Contains(string(log), "shard 2/4") || !strings.Contains(string(log), "unfinished") {
			t.Fatalf("merge after a killed shard: %v\n%s", mergeStates, log)
		}
		again := s.submit("--array=2", "slurm.sh", "run.yaml")
		if st := s.wait(again); len(st) != 1 || st[0] != "COMPLETED" {
			t.Fatalf("shard 2 resubmitted alone: %v", st)
		}
		log, _ = os.ReadFile(filepath.Join(work, fmt.Sprintf("slurm-%s_2.out", again)))
		if !strings.Contains(string(log), "resuming results/shard-2") {
			t.Errorf("the resubmitted shard's log does not say it resumed:\n%s", log)
		}
		merge = s.submit("--dependency=afterany:"+again, "slurm-merge.sh")
		mergeStates = s.wait(merge)
	} else {
		for _, st := range states {
			if st != "COMPLETED" {
				t.Fatalf("sprt shards: %v (a shard that played its part exits 0)", states)
			}
		}
	}
	log, _ := os.ReadFile(filepath.Join(work, fmt.Sprintf("slurm-%s.out", merge)))
	wantMerge := "COMPLETED" // H1 accepted: exit 0, as on one machine
	if len(mergeStates) != 1 || mergeStates[0] != wantMerge {
		t.Fatalf("merge: %v, want %s\n%s", mergeStates, wantMerge, log)
	}

	whole, all := filepath.Join(work, "whole"), filepath.Join(work, "results", "all")
	a, b := summaryJSON(t, whole), summaryJSON(t, all)
	for _, k := range []string{"played", "standings", "ratings", "pairings", "sprt", "terminations"} {
		if string(a[k]) != string(b[k]) {
			t.Errorf("%s differs:\none machine %s\nslurm       %s", k, a[k], b[k])
		}
	}
	one, err := results.ReadJournal(filepath.Join(whole, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	merged, err := results.ReadJournal(filepath.Join(all, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	if kill {
		if len(one) != len(merged) {
			t.Errorf("one machine %d games, slurm %d", len(one), len(merged))
		}
		if _, err := results.Merge(one, merged); err != nil {
			t.Errorf("slurm's games are not the one machine's: %v", err)
		}
	}
	t.Logf("one machine %d games, the shards %d in the journal", len(one), len(merged))
}

// runStatusIn is runStatus in directory dir.
func runStatusIn(t *testing.T, dir, bin string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode(), out.String(), errOut.String()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, out.String(), errOut.String()
}

// summaryJSON reads a run's summary.json by its top-level keys.
func summaryJSON(t *testing.T, dir string) map[string]json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return m
}
