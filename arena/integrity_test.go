package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"varena/engines/search"
	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// TestRunLocksItsDirectory: while a run holds its output directory, a
// second run on it refuses with one line naming the directory and the
// holder's pid; the lock is per open file, so the holder here is this
// process. Readers (RLockDir) are refused too, and all succeed once the
// lock is released.
func TestRunLocksItsDirectory(t *testing.T) {
	dir := t.TempDir()
	held, err := rundir.LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), resolved(t, parseRun(t, smallRR)), Options{Out: dir})
	want := fmt.Sprintf("%s is in use by another varena run (pid %d); wait for it to end or give another -out", dir, os.Getpid())
	if !errors.Is(err, rundir.ErrLocked) || err.Error() != want {
		t.Fatalf("second run: %v\nwant %s", err, want)
	}
	if _, err := os.Stat(filepath.Join(dir, rundir.JournalFile)); err == nil {
		t.Error("the refused run wrote a journal")
	}
	if _, err := rundir.RLockDir(dir); !errors.Is(err, rundir.ErrLocked) || !strings.Contains(err.Error(), strconv.Itoa(os.Getpid())) {
		t.Errorf("reader during a run: %v", err)
	}
	if err := held.Unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), resolved(t, parseRun(t, smallRR)), Options{Out: dir}); err != nil {
		t.Fatalf("run after the lock was released: %v", err)
	}
	// Readers share; a writer waits for them, then refuses.
	r1, err := rundir.RLockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := rundir.RLockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rundir.LockDir(dir); !errors.Is(err, rundir.ErrLocked) {
		t.Errorf("writer while two readers read: %v", err)
	}
	r1.Unlock()
	r2.Unlock()
	w, err := rundir.LockDir(dir)
	if err != nil {
		t.Fatalf("writer after the readers: %v", err)
	}
	w.Unlock()
	// A directory without a lock file (an older varena's) needs no lock.
	if l, err := rundir.RLockDir(t.TempDir()); l != nil || err != nil {
		t.Errorf("RLockDir of a directory without lock file: %v, %v", l, err)
	}
}

// TestRunsAtOnce: two runs started together on one directory: exactly
// one plays, the other is refused, and the journal holds each game once.
func TestRunsAtOnce(t *testing.T) {
	dir := t.TempDir()
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := Run(context.Background(), resolved(t, parseRun(t, smallRR)), Options{Out: dir, Concurrency: 1})
			errs <- err
		}()
	}
	var failed []error
	for range 2 {
		if err := <-errs; err != nil {
			failed = append(failed, err)
		}
	}
	if len(failed) != 1 || !errors.Is(failed[0], rundir.ErrLocked) {
		t.Fatalf("two runs at once: errors %v, want one rundir.ErrLocked", failed)
	}
	if n := len(journalIDs(t, dir)); n != 12 {
		t.Errorf("journal holds %d games, want 12", n)
	}
}

// TestResumeFingerprint: a resume with a setting that changes games is
// refused with one line per difference in words; settings that do not
// change games may change; a meta.json of an older varena (no settings)
// is compared on what it holds and still resumes.
func TestResumeFingerprint(t *testing.T) {
	const base = `
name: fp
variant: extinction
seed: 3
tournament: {type: round-robin, games: 2}
openings: {plies: 2}
time_control: {depth: 1}
adjudication: {max_plies: 60}
engines:
  - {name: ab-d3, kind: alphabeta, time_control: {depth: 3}}
  - {name: greedy, kind: greedy}
`
	dir := t.TempDir()
	if _, err := Run(context.Background(), resolved(t, parseRun(t, base)), Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, old, new string
		want           []string
	}{
		{"depth", "depth: 3}", "depth: 5}", []string{"engine ab-d3: depth 3 -> 5"}},
		{"limit kind", "time_control: {depth: 3}", "time_control: {nodes: 500}",
			[]string{"engine ab-d3: depth 3 -> (none)", "engine ab-d3: nodes (none) -> 500"}},
		{"adjudication", "max_plies: 60", "max_plies: 80", []string{"adjudication: max_plies 60 -> 80"}},
		{"openings", "plies: 2", "plies: 4", []string{"openings: plies 2 -> 4"}},
		{"hash", "kind: alphabeta,", "kind: alphabeta, hash: 32,", []string{"engine ab-d3: hash 16 -> 32"}},
		// games: and rounds: only bound the run: raising them continues
		// it (extend_test.go).
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changed := strings.Replace(base, tt.old, tt.new, 1)
			_, err := Run(context.Background(), resolved(t, parseRun(t, changed)), Options{Out: dir})
			if err == nil {
				t.Fatal("resume with another setting: no error")
			}
			lines := strings.Split(err.Error(), "\n")
			if got := lines[1:]; strings.Join(got, "|") != "  "+strings.Join(tt.want, "|  ") {
				t.Errorf("differences %q, want %q", got, tt.want)
			}
		})
	}
	// Weights by content: the same file at another path is the same.
	wdir := t.TempDir()
	w := filepath.Join(wdir, "w.yaml")
	data, _, err := search.ShippedWeights("extinction")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(w, data, 0o644)
	withWeights := strings.Replace(base, "kind: alphabeta,", "kind: alphabeta, weights: {extinction: "+w+"},", 1)
	if _, err := Run(context.Background(), resolved(t, parseRun(t, withWeights)), Options{Out: dir, Concurrency: 3}); err != nil {
		t.Errorf("the default weights' content under another name, another concurrency: %v", err)
	}
	os.WriteFile(w, append(data, []byte("\n# changed\n")...), 0o644)
	if _, err := Run(context.Background(), resolved(t, parseRun(t, withWeights)), Options{Out: dir}); err == nil ||
		!strings.Contains(err.Error(), "\n  engine ab-d3: weights sha256:") {
		t.Errorf("changed weights content: %v", err)
	}

	// An older varena's meta.json: only the old fields.
	var m rundir.Meta
	raw, _ := os.ReadFile(filepath.Join(dir, rundir.MetaFile))
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	m.Settings = nil
	old, _ := json.Marshal(m)
	os.WriteFile(filepath.Join(dir, rundir.MetaFile), old, 0o644)
	var notes bytes.Buffer
	if _, err := Run(context.Background(), resolved(t, parseRun(t, base)), Options{Out: dir, Log: &notes}); err != nil {
		t.Fatalf("resume of an older meta.json: %v", err)
	}
	if !strings.Contains(notes.String(), "older varena") {
		t.Errorf("no note on the older meta.json: %q", notes.String())
	}
	if m2, _ := rundir.ReadMeta(dir); m2.Settings == nil {
		t.Error("older meta.json not upgraded")
	}
	m.Seed = 9
	old, _ = json.Marshal(m)
	os.WriteFile(filepath.Join(dir, rundir.MetaFile), old, 0o644)
	if _, err := Run(context.Background(), resolved(t, parseRun(t, base)), Options{Out: dir}); err == nil || !strings.Contains(err.Error(), "\n  seed 9 -> 3") {
		t.Errorf("older meta.json of another seed: %v", err)
	}
}

const sprtRun = `
name: sprt-order
variant: extinction
seed: 11
tournament: {type: sprt, games: 200}
sprt: {elo0: 0, elo1: 40, alpha: 0.1, beta: 0.1, model: logistic}
openings: {plies: 4}
time_control: {depth: 1}
adjudication: {max_plies: 120}
engines:
  - {name: ab2, kind: alphabeta, time_control: {depth: 2}}
  - {name: greedy, kind: greedy}
`

// TestSPRTOrderIndependent: the same SPRT config stops after the same
// pairs with the same counts at concurrency 1 and 2, and resumed from
// an interrupted journal holding pairs out of order.
func TestSPRTOrderIndependent(t *testing.T) {
	one := t.TempDir()
	a, err := Run(context.Background(), resolved(t, parseRun(t, sprtRun)), Options{Out: one, Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	if a.SPRT.Decision == stats.Continue {
		t.Fatalf("the test run does not decide: %s", a.SPRTLine())
	}
	key := func(s *rundir.Summary) string {
		return fmt.Sprintf("%s %d games %v %.4f", s.SPRT.Verdict, s.Played, s.SPRT.Penta, s.SPRT.LLR)
	}
	b, err := Run(context.Background(), resolved(t, parseRun(t, sprtRun)), Options{Out: t.TempDir(), Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if key(a) != key(b) || jsonOf(t, a.Standings) != jsonOf(t, b.Standings) {
		t.Errorf("concurrency 1: %s\nconcurrency 2: %s", key(a), key(b))
	}
	// An interrupted run: pairs 1-3 and the second game of pair 5 (it
	// finished first), the rest missing. Resuming plays pair 4 and on.
	games, err := results.ReadJournal(filepath.Join(one, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	resumed := t.TempDir()
	meta, _ := os.ReadFile(filepath.Join(one, rundir.MetaFile))
	os.WriteFile(filepath.Join(resumed, rundir.MetaFile), meta, 0o644)
	j, _, err := results.OpenJournal(filepath.Join(resumed, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.Pair <= 3 || g.ID == 10 {
			j.Append(g)
		}
	}
	j.Close()
	c, err := Run(context.Background(), resolved(t, parseRun(t, sprtRun)), Options{Out: resumed, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	if key(a) != key(c) {
		t.Errorf("uninterrupted: %s\nresumed:     %s", key(a), key(c))
	}
}

// TestTallySPRTPrefix: games count in schedule order of pairs only, and
// games after the decision are kept apart.
func TestTallySPRTPrefix(t *testing.T) {
	s, err := stats.NewSPRT(0, 100, 0.2, 0.2, stats.Logistic)
	if err != nil {
		t.Fatal(err)
	}
	tally := rundir.NewTally(rundir.Meta{Engines: []string{"a", "b"}, SPRT: &s, Total: 40})
	win := func(id int) results.Game {
		g := results.Game{ID: id, Pair: (id + 1) / 2, White: "a", Black: "b", Result: results.WhiteWins}
		if id%2 == 0 {
			g.White, g.Black, g.Result = "b", "a", results.BlackWins
		}
		return g
	}
	for _, id := range []int{3, 4, 5, 6} { // pairs 2 and 3 before pair 1
		tally.Add(win(id))
	}
	if tally.Played() != 0 {
		t.Fatalf("counted %d games before pair 1 finished", tally.Played())
	}
	tally.Add(win(1))
	if tally.Played() != 0 {
		t.Fatalf("counted %d games with pair 1 half finished", tally.Played())
	}
	id := 2
	for tally.SPRTDecision() == stats.Continue {
		tally.Add(win(id))
		id++
		if id == 3 {
			id = 7
		}
		if id > 40 {
			t.Fatal("no decision")
		}
	}
	decided := tally.Played()
	tally.Add(win(id))
	tally.Add(win(id + 1))
	sum, err := tally.Summary()
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != decided || sum.PastDecision != 2 || sum.SPRT.Verdict != rundir.VerdictH1 || sum.SPRT.ExitStatus != rundir.ExitH1 {
		t.Errorf("played %d (decided at %d), past %d, verdict %q", sum.Played, decided, sum.PastDecision, sum.SPRT.Verdict)
	}
	var text strings.Builder
	sum.WriteText(&text)
	lines := strings.Split(strings.TrimSpace(text.String()), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "SPRT [0, 100] logistic: H1 accepted, LLR ") || !strings.Contains(last, fmt.Sprintf("%d games", decided)) {
		t.Errorf("last line %q", last)
	}
	if !strings.Contains(text.String(), "2 game(s) finished after the SPRT decided") {
		t.Errorf("no word on the games past the decision:\n%s", text.String())
	}
}

// TestStartFailure: an engine that cannot start is named with the config
// line of its entry, before any game, and leaves no output directory
// behind; a directory that held something before is kept as it was.
func TestStartFailure(t *testing.T) {
	cfg := `
name: broken
variant: extinction
time_control: {depth: 1}
engines:
  - {name: ab, kind: alphabeta}
  - {name: missing, kind: uci, command: /nonexistent/engine}
`
	out := filepath.Join(t.TempDir(), "out")
	_, err := Run(context.Background(), resolved(t, parseRun(t, cfg)), Options{Out: out})
	if err == nil || !strings.HasPrefix(err.Error(), "test.yaml:7: engine missing: ") {
		t.Fatalf("error %v, want one starting test.yaml:7: engine missing:", err)
	}
	if _, serr := os.Stat(out); !errors.Is(serr, os.ErrNotExist) {
		t.Errorf("output directory left behind: %v", serr)
	}
	empty := t.TempDir()
	if _, err := Run(context.Background(), resolved(t, parseRun(t, cfg)), Options{Out: empty}); err == nil {
		t.Fatal("no error")
	}
	if entries, _ := os.ReadDir(empty); len(entries) != 0 {
		t.Errorf("an empty directory got %v", entries)
	}
	held := t.TempDir()
	os.WriteFile(filepath.Join(held, "notes.txt"), []byte("mine"), 0o644)
	if _, err := Run(context.Background(), resolved(t, parseRun(t, cfg)), Options{Out: held}); err == nil {
		t.Fatal("no error")
	}
	if data, err := os.ReadFile(filepath.Join(held, "notes.txt")); err != nil || string(data) != "mine" {
		t.Errorf("a directory's own file: %q, %v", data, err)
	}
	// Not executable, not a UCI engine: named with the entry's line too.
	text := filepath.Join(t.TempDir(), "engine.txt")
	os.WriteFile(text, []byte("not a program"), 0o644)
	cases := map[string]string{"not executable": text}
	if p, err := exec.LookPath("true"); err == nil {
		cases["not a UCI engine"] = p
	}
	for what, command := range cases {
		c := strings.Replace(cfg, "/nonexistent/engine", command, 1)
		if _, err := Run(context.Background(), resolved(t, parseRun(t, c)), Options{Out: out}); err == nil || !strings.HasPrefix(err.Error(), "test.yaml:7: engine missing: ") {
			t.Errorf("%s: %v", what, err)
		}
		if _, serr := os.Stat(out); !errors.Is(serr, os.ErrNotExist) {
			t.Errorf("%s: output directory left behind", what)
		}
	}
	// Bad weights of a built-in engine are found before any game too.
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("nonsense: [\n"), 0o644)
	withBad := strings.Replace(cfg, "{name: missing, kind: uci, command: /nonexistent/engine}", "{name: ab2, kind: alphabeta, weights: {extinction: "+bad+"}}", 1)
	if _, err := Run(context.Background(), resolved(t, parseRun(t, withBad)), Options{Out: out}); err == nil || !strings.HasPrefix(err.Error(), "test.yaml:7: engine ab2: ") {
		t.Errorf("bad weights: %v", err)
	}
}

// TestSideTimeControls: each side's limit is in the record when they
// differ.
func TestSideTimeControls(t *testing.T) {
	cfg := `
name: sides
variant: extinction
seed: 2
tournament: {type: round-robin, games: 2}
time_control: {depth: 1}
adjudication: {max_plies: 20}
engines:
  - {name: ab-d2, kind: alphabeta, time_control: {depth: 2}}
  - {name: ab-d1, kind: alphabeta}
`
	dir := t.TempDir()
	if _, err := Run(context.Background(), resolved(t, parseRun(t, cfg)), Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	games, err := results.ReadJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		want := map[string]string{"ab-d2": "depth=2", "ab-d1": "depth=1"}
		if g.WhiteTimeControl != want[g.White] || g.BlackTimeControl != want[g.Black] || g.TimeControl != want[g.White] {
			t.Errorf("game %d %s-%s: %q white %q black %q", g.ID, g.White, g.Black, g.TimeControl, g.WhiteTimeControl, g.BlackTimeControl)
		}
	}
	pgn, _ := os.ReadFile(filepath.Join(dir, rundir.PGNFile))
	if !strings.Contains(string(pgn), `[WhiteTimeControl "depth=2"]`) || !strings.Contains(string(pgn), `[BlackTimeControl "depth=2"]`) {
		t.Errorf("PGN lacks the side limits:\n%s", pgn)
	}
}

// TestProgressLines: without a terminal, progress comes as lines with
// the count, rate, ETA and leader (the LLR and its bounds for an SPRT).
func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	if _, err := Run(context.Background(), resolved(t, parseRun(t, smallRR)), Options{Out: t.TempDir(), Progress: &buf, ProgressGames: 4, ProgressEvery: time.Hour}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d progress lines, want 3 (every 4 of 12 games):\n%s", len(lines), buf.String())
	}
	if !strings.HasPrefix(lines[2], "progress: 12/12 games (100%), ") || !strings.Contains(lines[2], "games/s, ETA 0s, leader ") {
		t.Errorf("last line %q", lines[2])
	}
	buf.Reset()
	if _, err := Run(context.Background(), resolved(t, parseRun(t, sprtRun)), Options{Out: t.TempDir(), Progress: &buf, ProgressGames: 1000, ProgressEvery: time.Hour}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "LLR ") || !strings.Contains(buf.String(), "(-2.20, 2.20)") {
		t.Errorf("SPRT progress %q lacks the LLR and its bounds", buf.String())
	}
}

// BenchmarkTallySPRT measures the results consumer's SPRT bookkeeping:
// games arrive a pair out of order, each pair is tested once counted.
func BenchmarkTallySPRT(b *testing.B) {
	s, err := stats.NewSPRT(-3, 1, 0.05, 0.05, stats.Normalized)
	if err != nil {
		b.Fatal(err)
	}
	results3 := []string{results.WhiteWins, results.Draw, results.BlackWins, results.Draw}
	const pairs = 2000
	games := make([]results.Game, 0, 2*pairs)
	for p := 1; p <= pairs; p++ {
		games = append(games,
			results.Game{ID: 2*p - 1, Pair: p, White: "a", Black: "b", Result: results3[p%4]},
			results.Game{ID: 2 * p, Pair: p, White: "b", Black: "a", Result: results3[(p/3)%4]})
	}
	// Swap neighbouring pairs: the second arrives first.
	for i := 0; i+3 < len(games); i += 4 {
		games[i], games[i+1], games[i+2], games[i+3] = games[i+2], games[i+3], games[i], games[i+1]
	}
	b.ResetTimer()
	for range b.N {
		t := rundir.NewTally(rundir.Meta{Engines: []string{"a", "b"}, SPRT: &s, Total: 2 * pairs})
		for _, g := range games {
			if err := t.Add(g); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
}
