//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"varena/results/rundir"
)

// eventConfig is an event of Fairy-Stockfish at four strengths (node
// limits), strongest last so that the seeds (config order) are not the
// strength order.
func eventConfig(typ, extra string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name: fsf-%s\nvariant: standard\nseed: 7\nconcurrency: 2\n", typ)
	fmt.Fprintf(&b, "tournament: {type: %s, games: 2%s}\n", typ, extra)
	b.WriteString("openings: {plies: 4}\nadjudication: {max_plies: 300}\nengines:\n")
	for _, n := range []int{400, 100, 1600, 200} {
		fmt.Fprintf(&b, "  - {name: fsf-n%d, kind: uci, command: /usr/games/fairy-stockfish, options: {Threads: 1, Hash: 16}, time_control: {nodes: %d}}\n", n, n)
	}
	return b.String()
}

// TestEventKillAndResume kills a Swiss of Fairy-Stockfish at four
// strengths with kill -9 in its second round, resumes it, and checks that
// every round holds each of its games once and the standings carry the
// tie-breaks; then plays a knockout of the same engines. (Skipped without
// Fairy-Stockfish.)
func TestEventKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays two events in subprocesses")
	}
	if _, err := os.Stat("/usr/games/fairy-stockfish"); err != nil {
		t.Skip("no Fairy-Stockfish at /usr/games/fairy-stockfish (apt-get install fairy-stockfish)")
	}
	bin := buildVarena(t)
	work := t.TempDir()

	config := filepath.Join(work, "swiss.yaml")
	if err := os.WriteFile(config, []byte(eventConfig("swiss", ", rounds: 3")), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(work, "swiss")
	p := startRun(t, bin, config, out)
	waitLines(t, p, filepath.Join(out, "round-02", rundir.JournalFile), 1)
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	p.wait(t)
	if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("varena run was not killed: %v; stderr:\n%s", p.cmd.ProcessState, p.stderr.String())
	}
	kept := len(checkJournal(t, filepath.Join(out, "round-01"))) + len(checkJournal(t, filepath.Join(out, "round-02")))
	t.Logf("kill -9 in round 2: %d games kept", kept)

	p = startRun(t, bin, config, out)
	if err := p.wait(t); err != nil {
		t.Fatalf("resumed event: %v; stderr:\n%s", err, p.stderr.String())
	}
	for rd := 1; rd <= 3; rd++ {
		games := checkJournal(t, filepath.Join(out, fmt.Sprintf("round-%02d", rd)))
		ids := map[int]bool{}
		for _, g := range games {
			if ids[g.ID] {
				t.Errorf("round %d: game %d twice", rd, g.ID)
			}
			ids[g.ID] = true
		}
		if len(games) != 4 { // 2 pairings x 2 games
			t.Errorf("round %d: %d games, want 4", rd, len(games))
		}
	}
	st, err := os.ReadFile(filepath.Join(out, "standings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"round 3:", "BH-C1", "Buchholz Cut-1, Buchholz, Sonneborn-Berger, wins, direct encounter"} {
		if !strings.Contains(string(st), want) {
			t.Errorf("standings.txt has no %q:\n%s", want, st)
		}
	}
	if !strings.Contains(p.stdout.String(), "BH-C1") {
		t.Errorf("varena run printed no standings:\n%s", p.stdout.String())
	}

	config = filepath.Join(work, "knockout.yaml")
	if err := os.WriteFile(config, []byte(eventConfig("knockout", ", seeds: 4")), 0o644); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(work, "knockout")
	p = startRun(t, bin, config, out)
	if err := p.wait(t); err != nil {
		t.Fatalf("knockout: %v; stderr:\n%s", err, p.stderr.String())
	}
	st, err = os.ReadFile(filepath.Join(out, "standings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// Seeds 1-3 and 2-4 in round 1 (cutechess-cli's bracket), then the
	// final; a level match adds tie-break pairs.
	for _, want := range []string{"round 1: fsf-n400 ", " fsf-n1600, fsf-n100 ", "round 2: ", "winner", "Out in"} {
		if !strings.Contains(string(st), want) {
			t.Errorf("knockout standings.txt has no %q:\n%s", want, st)
		}
	}
	t.Logf("swiss and knockout standings:\n%s", st)
}
