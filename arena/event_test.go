package arena

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
	"varena/results"
	"varena/results/rundir"
)

// eventRun is an event of built-in engines at fixed depths, whose games
// are the same in every run of the same seed.
func eventRun(t *testing.T, typ, extra string, engines int) *configs.Run {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "name: ev\nvariant: extinction\nseed: 11\nconcurrency: 2\ntournament: {type: %s%s}\n", typ, extra)
	b.WriteString("openings: {plies: 4}\ntime_control: {depth: 1}\nadjudication: {max_plies: 200}\nengines:\n")
	for i := range engines {
		fmt.Fprintf(&b, "  - {name: e%d, kind: alphabeta, time_control: {depth: %d}}\n", i+1, 1+i%3)
	}
	r, err := configs.Parse("ev.yaml", []byte(b.String()), check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEventDeterministic plays each event twice in two directories and
// once more on a finished one: the same seed gives the same rounds and
// standings, and a finished event plays nothing again.
func TestEventDeterministic(t *testing.T) {
	tests := []struct {
		name, typ, extra string
		engines, rounds  int
	}{
		{"swiss of 5 (a bye each round)", configs.Swiss, ", rounds: 3", 5, 3},
		{"knockout of 5 (three byes)", configs.Knockout, ", seeds: 2", 5, 3},
		{"knockout of 4", configs.Knockout, "", 4, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var texts []string
			for k := range 2 {
				dir := filepath.Join(t.TempDir(), fmt.Sprint(k))
				sum, err := Run(context.Background(), resolved(t, eventRun(t, tc.typ, tc.extra, tc.engines)), Options{Out: dir})
				if err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(filepath.Join(dir, EventStandings))
				if err != nil {
					t.Fatal(err)
				}
				texts = append(texts, string(b))
				if k == 1 {
					again, err := Run(context.Background(), resolved(t, eventRun(t, tc.typ, tc.extra, tc.engines)), Options{Out: dir})
					if err != nil {
						t.Fatal(err)
					}
					if again.Played != sum.Played {
						t.Errorf("resumed finished event counts %d games, first run %d", again.Played, sum.Played)
					}
				}
			}
			if texts[0] != texts[1] {
				t.Errorf("two runs of one seed differ:\n%s\n---\n%s", texts[0], texts[1])
			}
			if !strings.Contains(texts[0], fmt.Sprintf("round %d:", tc.rounds)) || strings.Contains(texts[0], fmt.Sprintf("round %d:", tc.rounds+1)) {
				t.Errorf("want %d rounds:\n%s", tc.rounds, texts[0])
			}
			if !strings.Contains(texts[0], "Buchholz Cut-1") {
				t.Errorf("no tie-breaks:\n%s", texts[0])
			}
		})
	}
}

// cancelAfterFirst cancels a run's context once its first game is safe
// in the journal.
type cancelAfterFirst struct{ cancel context.CancelFunc }

func (c cancelAfterFirst) Started(rundir.Meta, int, []results.Game) {}
func (c cancelAfterFirst) Moved(LiveMove)                           {}
func (c cancelAfterFirst) Finished(results.Game)                    { c.cancel() }

// TestEventInterrupted stops a Swiss in its first round by its context
// and resumes it: the finished games are kept, none is played twice.
func TestEventInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Run(ctx, resolved(t, eventRun(t, configs.Swiss, ", rounds: 2", 4)), Options{Out: dir, Watch: cancelAfterFirst{cancel}})
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("got %v, want ErrInterrupted", err)
	}
	_, kept, err := rundir.ReadRun(filepath.Join(dir, "round-01"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) < 1 || len(kept) >= 4 {
		t.Fatalf("%d games kept after the interruption; want a round cut in the middle", len(kept))
	}
	ed, err := ReadEventDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rs := ed.Event.Rounds; len(rs) != 1 || rs[0].Folder != "round-01" || rs[0].Played || len(ed.RoundDirs()) != 1 {
		t.Errorf("interrupted event's record: %+v, round dirs %v; want round-01 begun, not played", rs, ed.RoundDirs())
	}
	// The report of what was played so far.
	if _, _, err := WriteEventReport(dir, nil); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, rundir.ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"None yet: the event is not over.", "(round-01, unfinished)", fmt.Sprintf("%d played of 4 scheduled", len(kept))} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html of the interrupted event has no %q", want)
		}
	}
	if _, err := Run(context.Background(), resolved(t, eventRun(t, configs.Swiss, ", rounds: 2", 4)), Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	for _, rd := range []string{"round-01", "round-02"} {
		_, games, err := rundir.ReadRun(filepath.Join(dir, rd), nil)
		if err != nil {
			t.Fatal(err)
		}
		ids := map[int]bool{}
		for _, g := range games {
			if ids[g.ID] {
				t.Errorf("%s: game %d twice", rd, g.ID)
			}
			ids[g.ID] = true
		}
		if len(ids) != 4 {
			t.Errorf("%s: %d games, want 4", rd, len(ids))
		}
	}
	// The resumed event writes the report of both rounds.
	page, err = os.ReadFile(filepath.Join(dir, rundir.ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h3>round 1 <span", "<h3>round 2 <span", "<th>BH-C1</th>", `id="crosstable"`, "8 played of 8 scheduled"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html of the resumed event has no %q", want)
		}
	}
}
