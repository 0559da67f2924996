package arena

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
	"varena/results/rundir"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden from this code")

// goldenRun is a config of configs/runs cut to small limits: two games
// a pairing, one round, short games, depth 1 for the built-in engines
// and 300 nodes for external ones, one game at a time (so that the
// journal's order is the schedule's), and one search thread (a parallel
// search is not reproducible).
func goldenRun(t *testing.T, path string) *configs.Run {
	t.Helper()
	// The config's check, less the engines' programs: a missing one
	// skips its config below (a bare machine has no Fairy-Stockfish).
	c := check.Validating()
	c.Commands = false
	r, err := configs.Load(path, c)
	if err != nil {
		t.Fatal(err)
	}
	r.Concurrency = 1
	r.Tournament.Games, r.Tournament.Rounds = 2, 1
	if r.Tournament.Type == configs.SPRTTest {
		r.Tournament.Games = 6
	}
	r.Adjudication.MaxPlies = 60
	r.TimeControl = configs.TimeControl{Depth: 1}
	for i := range r.Variants {
		r.Variants[i].TimeControl = nil
	}
	for i := range r.Engines {
		e := &r.Engines[i]
		e.TimeControl = &configs.TimeControl{Depth: 1}
		e.Threads = 0
		if e.Kind == configs.KindUCI {
			e.TimeControl = &configs.TimeControl{Nodes: 300}
		}
	}
	return r
}

// Timing fields: what differs between two plays of the same games.
var (
	journalTiming = regexp.MustCompile(`"(started|duration_ms|time_ms|over_ms)":("[^"]*"|[0-9]+)`)
	pgnDateTag    = regexp.MustCompile(`(?m)^\[Date "[^"]*"\]$`)
	pgnTime       = regexp.MustCompile(`^(\{?)[0-9]+(\.[0-9]+)?s([},]?)$`)
)

// stripTiming blanks the timing fields of a run's file. A PGN is
// compared token by token, since the width of a move's time changes
// where movetext lines wrap.
func stripTiming(name string, data []byte) string {
	switch name {
	case rundir.JournalFile, rundir.SummaryFile:
		return journalTiming.ReplaceAllString(string(data), `"$1":0`)
	case rundir.PGNFile:
		s := pgnDateTag.ReplaceAllString(string(data), `[Date ""]`)
		var b strings.Builder
		for _, line := range strings.Split(s, "\n") {
			if strings.HasPrefix(line, "[") || line == "" {
				b.WriteString(line + "\n")
				continue
			}
			for _, tok := range strings.Fields(line) {
				if m := pgnTime.FindStringSubmatch(tok); m != nil {
					if m[1] != "" && m[3] == "}" {
						continue // a comment of the time alone, absent at 0 ms
					}
					tok = m[1] + "Ts" + m[3]
				}
				b.WriteString(tok + " ")
			}
		}
		return b.String()
	}
	return string(data)
}

// notReplayed are the configs of configs/runs whose games no code can
// replay, each with why.
var notReplayed = map[string]string{
	"event-multivariant": "MaxQi chooses among equal moves at random and offers no option to stop it, " +
		"and Fairy-Max's moves at depth 1 take 0 or 1 ms, which a PGN time comment shows or not; " +
		"TestEngineEvent plays the event small",
	"fsf-matrix-all": "76 variants would play 456 games of Fairy-Stockfish here; fsf-matrix plays the same code over eleven of them",
}

// TestGoldenRuns plays every config of configs/runs at small limits and
// compares its journal, PGN, summary.json and text summary, timing
// fields aside, with the files in testdata/golden (made with
// -update-golden): a change of the code that is not meant to change
// games or records keeps them byte for byte.
func TestGoldenRuns(t *testing.T) {
	files, err := filepath.Glob("../configs/runs/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../configs/runs/*/*.yaml")
	files = append(files, more...)
	if len(files) < 10 {
		t.Fatalf("only %d configs in configs/runs", len(files))
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.ToSlash(strings.TrimPrefix(path, "../configs/runs/")), ".yaml")
		t.Run(name, func(t *testing.T) {
			if why, ok := notReplayed[name]; ok {
				t.Skip(why)
			}
			r := goldenRun(t, path)
			for _, e := range r.Engines {
				if e.External() {
					if _, err := exec.LookPath(e.Command); err != nil {
						t.Skipf("engine %s needs %s, not installed: %v", e.Name, e.Command, err)
					}
				}
			}
			out := t.TempDir()
			sum, err := Run(context.Background(), resolved(t, r), Options{Out: out})
			if err != nil {
				t.Fatal(err)
			}
			var text bytes.Buffer
			if err := sum.WriteText(&text); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(out, "summary.txt"), text.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join("testdata", "golden", filepath.FromSlash(name))
			for _, f := range []string{rundir.JournalFile, rundir.PGNFile, rundir.SummaryFile, "summary.txt"} {
				got, err := os.ReadFile(filepath.Join(out, f))
				if err != nil {
					t.Fatal(err)
				}
				golden := filepath.Join(dir, f)
				if *updateGolden {
					if err := os.MkdirAll(dir, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatal(err)
				}
				if g, w := stripTiming(f, got), stripTiming(f, want); g != w {
					t.Errorf("%s differs from %s:\n%s", f, golden, firstLineDiff(g, w))
				}
			}
		})
	}
}

// firstLineDiff shows the first line where got and want differ.
func firstLineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n got  " + gl + "\n want " + wl
		}
	}
	return "(same lines)"
}
