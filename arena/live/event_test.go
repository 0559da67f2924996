package live

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"varena/arena"
	"varena/configs/configtest"
	"varena/results"
	"varena/results/rundir"
)

// eventConfig is a Swiss of built-in players at depth 1, a second or two.
const eventConfig = `name: live-event
variant: extinction
seed: 4
tournament: {type: swiss, rounds: 2, games: 2}
time_control: {depth: 1}
adjudication: {max_plies: 120}
engines:
  - {name: a, kind: random}
  - {name: b, kind: greedy}
  - {name: c, kind: random, seed: 5}
`

// TestEventRoutes serves an event's directory: its report at / and
// /report.html, the same page the event wrote, rebuilt only when a
// round's files change; nothing else, and no file of the directory.
func TestEventRoutes(t *testing.T) {
	dir := playDir(t, eventConfig, nil)
	written, err := os.ReadFile(filepath.Join(dir, rundir.ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{event: dir}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	// The written and the served page differ only in the header's
	// line that says when the report was made.
	made := regexp.MustCompile(`<td>Report</td><td>[^<]*</td>`)
	sections := func(page string) string {
		if !strings.Contains(page, `<section id="event">`) {
			t.Fatalf("no event section:\n%.2000s", page)
		}
		return made.ReplaceAllString(page, "")
	}
	tests := []struct {
		path   string
		status int
	}{
		{"/", 200},
		{"/report.html", 200},
		{"/api/state", 404},
		{"/events", 404},
		{"/api/game/1", 404},
		{"/event.json", 404},
		{"/round-01/journal.jsonl", 404},
		{"/standings.txt", 404},
	}
	for _, tt := range tests {
		resp, err := http.Get(ts.URL + tt.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("GET %s: status %d, want %d", tt.path, resp.StatusCode, tt.status)
		}
		if tt.status == 200 && sections(string(body)) != sections(string(written)) {
			t.Errorf("GET %s: not the event's report", tt.path)
		}
	}
	s.reports.mu.Lock()
	builds := s.reports.builds
	s.reports.mu.Unlock()
	if builds != 1 {
		t.Errorf("the event's report was built %d times for one state of its rounds", builds)
	}
}

// TestHubFollowsEventRounds: the hub watching an event (run -serve)
// follows it round by round. Each round numbers its games from 1, so a
// hub that kept the round before took the next round's games as seen:
// its finished games never reached the page, and a replay read the
// event's directory, which has no journal.
func TestHubFollowsEventRounds(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	hub := NewHub(out, nil)
	opts := arena.Options{Out: out, Concurrency: 2, Watch: hub}
	if _, err := arena.Run(context.Background(), configtest.Resolve(t, parseRun(t, eventConfig)), opts); err != nil {
		t.Fatal(err)
	}
	last := filepath.Join(out, "round-02")
	games, _, err := results.SalvageJournal(filepath.Join(last, rundir.JournalFile))
	if err != nil || len(games) == 0 {
		t.Fatalf("round 2's journal: %d games, %v", len(games), err)
	}
	brief := func(gs []results.Game) (out []string) {
		for _, g := range gs {
			out = append(out, fmt.Sprintf("%d %s-%s %s", g.ID, g.White, g.Black, g.Result))
		}
		slices.Sort(out)
		return out
	}
	hub.mu.Lock()
	pending := brief(hub.pending)
	hub.mu.Unlock()
	if want := brief(games); !slices.Equal(pending, want) {
		t.Errorf("the hub's finished games %q, want round 2's %q", pending, want)
	}
	for _, g := range games {
		r, err := hub.game(g.ID)
		if err != nil {
			t.Fatalf("game %d of round 2: %v", g.ID, err)
		}
		if len(r.Moves) != len(g.Moves) {
			t.Errorf("game %d of round 2: replayed %d moves, want %d", g.ID, len(r.Moves), len(g.Moves))
		}
	}
}
