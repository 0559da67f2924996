package arena

import (
	"context"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/configs/check"
	"varena/configs/configtest"
	"varena/results/rundir"
)

// quickEvent is configtest.SmallEvent, checked as the command checks it.
func quickEvent(t *testing.T, typ, extra string) *configs.Run {
	t.Helper()
	r, err := configs.Parse("quick.yaml", []byte(configtest.SmallEvent(typ, extra)), check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEventDirReadBack plays a Swiss and a knockout and reads their
// directories back: the record lists every round folder in the order
// played and reproduces standings.txt; report.html holds every
// standings row and every round. The same directory without event.json
// (as events wrote them before they kept one) lists the same folders in
// the same order and reports standings.txt as it is.
func TestEventDirReadBack(t *testing.T) {
	tests := []struct {
		name, typ, extra string
		rounds           int // rounds proper, tie-breaks apart
	}{
		{"swiss", configs.Swiss, ", rounds: 3", 3},
		{"knockout", configs.Knockout, ", seeds: 2", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if _, err := Run(context.Background(), resolved(t, quickEvent(t, tc.typ, tc.extra)), Options{Out: dir}); err != nil {
				t.Fatal(err)
			}
			ed, err := ReadEventDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			st, err := os.ReadFile(filepath.Join(dir, EventStandings))
			if err != nil {
				t.Fatal(err)
			}
			if got := ed.Event.Text(); got != string(st) {
				t.Errorf("the record's standings:\n%s\nstandings.txt:\n%s", got, st)
			}
			if ed.Event.Type != tc.typ || ed.Event.Standings == nil || len(ed.Event.Standings.Rows) != 5 {
				t.Fatalf("record of type %q, standings %+v", ed.Event.Type, ed.Event.Standings)
			}
			var folders []string
			for _, r := range ed.Event.Rounds {
				folders = append(folders, r.Folder)
				if !r.Played || len(r.Pairings) == 0 {
					t.Errorf("%s: played %v, %d pairings", r.Folder, r.Played, len(r.Pairings))
				}
			}
			if last := folders[len(folders)-1]; !strings.HasPrefix(last, fmt.Sprintf("round-%02d", tc.rounds)) {
				t.Errorf("rounds %v, want %d", folders, tc.rounds)
			}
			entries, _ := filepath.Glob(filepath.Join(dir, "round-*"))
			if len(entries) != len(folders) || len(ed.RoundDirs()) != len(folders) {
				t.Errorf("record lists %v, directory holds %v, RoundDirs %v", folders, entries, ed.RoundDirs())
			}
			t.Logf("rounds %v\n%s", folders, st)

			page, err := os.ReadFile(filepath.Join(dir, rundir.ReportFile))
			if err != nil {
				t.Fatal(err)
			}
			text := html.UnescapeString(string(page))
			for _, row := range ed.Event.Standings.Rows {
				want := "<td>" + strings.Join(row[:1], "") + "</td><td class=\"l\">" + strings.Join(row[1:], "</td><td>") + "</td></tr>"
				if !strings.Contains(text, want) {
					t.Errorf("report.html has no standings row %q", want)
				}
			}
			for _, r := range ed.Event.Rounds {
				if !strings.Contains(text, "<h3>"+r.Name+" <span class=\"note\">("+r.Folder+")</span></h3>") {
					t.Errorf("report.html has no %s", r.Name)
				}
				for _, p := range r.Pairings {
					if !strings.Contains(text, fmt.Sprintf("<td class=\"l\">%s</td><td>%s</td><td class=\"l\">%s</td>", p.A, p.Score, p.B)) {
						t.Errorf("report.html has no %s: %s %s %s", r.Name, p.A, p.Score, p.B)
					}
				}
			}
			if !strings.Contains(text, `id="crosstable"`) {
				t.Error("report.html has no crosstable")
			}

			if err := os.Remove(filepath.Join(dir, rundir.EventFile)); err != nil {
				t.Fatal(err)
			}
			old, err := ReadEventDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var oldFolders []string
			for _, r := range old.Event.Rounds {
				oldFolders = append(oldFolders, r.Folder)
			}
			if fmt.Sprint(oldFolders) != fmt.Sprint(folders) || old.Event.Type != tc.typ || old.Event.Name != "quick-"+tc.typ {
				t.Errorf("without event.json: %s %q, rounds %v; want %s, %v", old.Event.Type, old.Event.Name, oldFolders, tc.typ, folders)
			}
			if _, _, err := WriteEventReport(dir, nil); err != nil {
				t.Fatal(err)
			}
			page, err = os.ReadFile(filepath.Join(dir, rundir.ReportFile))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(html.UnescapeString(string(page)), "<pre>"+string(st)+"</pre>") {
				t.Error("the report of an event without event.json does not hold its standings.txt")
			}
		})
	}
}

// TestEventDirNot: a run's directory, an empty one and one of other
// folders are no event's.
func TestEventDirNot(t *testing.T) {
	tests := []struct {
		name  string
		files []string
	}{
		{"empty", nil},
		{"a run", []string{rundir.MetaFile, "round-01/" + rundir.MetaFile}},
		{"other folders", []string{"round-1/" + rundir.MetaFile, "round-02/" + rundir.MetaFile}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tc.files {
				path := filepath.Join(dir, f)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte("{}"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := ReadEventDir(dir); !errors.Is(err, ErrNotEvent) {
				t.Errorf("got %v, want ErrNotEvent", err)
			}
		})
	}
}

// TestEventResumeKeepsRecord resumes a finished Swiss while another
// process holds its second round's directory: the resume fails there,
// and event.json still lists every round, as the event left it. Resumed
// freely, it writes the same record again.
func TestEventResumeKeepsRecord(t *testing.T) {
	dir := t.TempDir()
	play := func() error {
		_, err := Run(context.Background(), resolved(t, quickEvent(t, configs.Swiss, ", rounds: 3")), Options{Out: dir})
		return err
	}
	if err := play(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, rundir.EventFile)
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lock, err := rundir.LockDir(filepath.Join(dir, "round-02"))
	if err != nil {
		t.Fatal(err)
	}
	if err := play(); err == nil {
		t.Fatal("resumed over a held round directory without an error")
	}
	lock.Unlock()
	for _, step := range []string{"refused in round 2", "resumed"} {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s: event.json\n%s\nwant\n%s", step, got, want)
		}
		if step == "refused in round 2" {
			if err := play(); err != nil {
				t.Fatal(err)
			}
		}
	}
}
