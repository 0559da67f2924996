package live

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

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
