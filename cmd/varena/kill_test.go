//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"varena/results/rundir"
)

// killConfig is a run of built-in engines only, with depth limits and
// seeded players, so that its games are the same in every run. ab5 makes
// a game last long enough (tens of ms) for the test to stop the run in
// the middle.
const killConfig = `
name: kill
variant: extinction
seed: 5
concurrency: 2
tournament: {type: round-robin, games: 10}
openings: {plies: 4}
time_control: {depth: 2}
adjudication: {max_plies: 300}
engines:
  - {name: ab5, kind: alphabeta, time_control: {depth: 5}}
  - {name: ab2, kind: alphabeta}
  - {name: ab3, kind: alphabeta, time_control: {depth: 3}}
`

const killGames = 30 // 3 pairings x 10 games

// varenaProc is a running `varena run`.
type varenaProc struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan struct{} // closed when the process has been waited for
	err            error         // Wait's result, after done
}

func startRun(t *testing.T, bin, config, out string) *varenaProc {
	t.Helper()
	p := &varenaProc{done: make(chan struct{})}
	p.cmd = exec.Command(bin, "run", config, "-out", out, "--quiet")
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// wait waits for the process to end and returns Wait's error.
func (p *varenaProc) wait(t *testing.T) error {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(2 * time.Minute):
		t.Fatal("varena run did not end within 2 minutes")
	}
	return p.err
}

// countLines returns the number of complete lines in a file (0 if it is
// missing).
func countLines(path string) int {
	data, _ := os.ReadFile(path)
	return bytes.Count(data, []byte("\n"))
}

// waitLines waits until the journal holds at least n complete lines. It
// fails the test if the run ends first: the interruption would then test
// nothing.
func waitLines(t *testing.T, p *varenaProc, journal string, n int) int {
	t.Helper()
	deadline := time.After(time.Minute)
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		if got := countLines(journal); got >= n {
			return got
		}
		select {
		case <-p.done:
			t.Fatalf("varena run ended (%v) before the journal had %d lines (has %d); stderr:\n%s",
				p.err, n, countLines(journal), p.stderr.String())
		case <-deadline:
			t.Fatalf("the journal did not reach %d lines within a minute", n)
		case <-tick.C:
		}
	}
}

// TestKillAndResume stops `varena run` with kill -9 and with Ctrl-C
// (SIGINT), damages the end of its journal as a kill during a write
// would, and checks that the same command then finishes the run with
// every game exactly once and the result of an uninterrupted run.
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays a tournament in subprocesses")
	}
	bin := buildVarena(t)
	work := t.TempDir()
	config := filepath.Join(work, "kill.yaml")
	if err := os.WriteFile(config, []byte(killConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(work, "out")
	journal := filepath.Join(out, rundir.JournalFile)

	// kill -9 once at least 3 games are in the journal.
	p := startRun(t, bin, config, out)
	waitLines(t, p, journal, 3)
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.wait(t)
	if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("varena run was not killed: %v; stderr:\n%s", p.cmd.ProcessState, p.stderr.String())
	}
	killed := checkJournal(t, out)
	if len(killed) < 3 || len(killed) >= killGames {
		t.Fatalf("%d games in the journal after kill -9; want a run cut in the middle", len(killed))
	}
	t.Logf("kill -9: %d of %d games kept", len(killed), killGames)

	// Resume, and press Ctrl-C once 3 more games are in.
	p = startRun(t, bin, config, out)
	waitLines(t, p, journal, len(killed)+3)
	if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := p.wait(t)
	if err == nil || p.cmd.ProcessState.ExitCode() != 1 {
		t.Errorf("after Ctrl-C: %v (exit code %d), want exit status 1", err, p.cmd.ProcessState.ExitCode())
	}
	if msg := p.stderr.String(); !strings.Contains(msg, "interrupted") || !strings.Contains(msg, "run the same command again to resume") ||
		!strings.Contains(msg, out) {
		t.Errorf("after Ctrl-C, stderr does not say how to resume:\n%s", msg)
	}
	interrupted := checkJournal(t, out)
	if len(interrupted) < len(killed)+3 || len(interrupted) >= killGames {
		t.Fatalf("%d games in the journal after Ctrl-C; want more than %d and fewer than %d", len(interrupted), len(killed)+2, killGames)
	}
	for i, g := range killed {
		if jsonOfGame(t, interrupted[i]) != jsonOfGame(t, g) {
			t.Errorf("journal line %d (game %d) changed by the resumed run", i+1, g.ID)
		}
	}
	checkPGN(t, out, interrupted) // Ctrl-C keeps the PGN up to date
	t.Logf("Ctrl-C: %d of %d games kept; stderr: %s", len(interrupted), killGames, strings.TrimSpace(p.stderr.String()))

	// A kill in the middle of a write leaves half a line.
	f, err := os.OpenFile(journal, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	const half = `{"id":30,"round":1,"pair":15,"event":"half-written`
	if _, err := f.WriteString(half); err != nil {
		t.Fatal(err)
	}
	f.Close()

	// The same command finishes the run.
	p = startRun(t, bin, config, out)
	if err := p.wait(t); err != nil {
		t.Fatalf("resumed run: %v; stderr:\n%s", err, p.stderr.String())
	}
	data, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("half-written")) {
		t.Error("the half-written line is still in the journal")
	}
	final := checkJournal(t, out)
	ids := map[int]bool{}
	for _, g := range final {
		ids[g.ID] = true
	}
	for id := 1; id <= killGames; id++ {
		if !ids[id] {
			t.Errorf("game %d missing from the journal", id)
		}
	}
	if len(final) != killGames {
		t.Errorf("journal holds %d games, want %d", len(final), killGames)
	}
	checkPGN(t, out, final)
	resumed, sum := readSummary(t, out)
	if sum.Played != killGames || sum.Meta.Total != killGames {
		t.Errorf("summary.json: %d of %d games played, want %d of %d", sum.Played, sum.Meta.Total, killGames, killGames)
	}

	// An uninterrupted run of the same config gives the same summary.
	ref := filepath.Join(work, "ref")
	p = startRun(t, bin, config, ref)
	if err := p.wait(t); err != nil {
		t.Fatalf("uninterrupted run: %v; stderr:\n%s", err, p.stderr.String())
	}
	whole, _ := readSummary(t, ref)
	if d := jsonDiff(resumed, whole); d != "" {
		t.Errorf("summary of the interrupted run differs from an uninterrupted one at %s:\n%s\n%s", d, resumed, whole)
	}
}
