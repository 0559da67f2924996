package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/arena"
	"varena/configs/configtest"
	"varena/results/rundir"
)

// withoutMeta drops the "meta" of a JSON summary, or of each in an array
// of them (the groups): the event's is named for the event, the rounds'
// for their directories; the rest must be the same.
func withoutMeta(t *testing.T, s string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%v:\n%s", err, s)
	}
	all, ok := v.([]any)
	if !ok {
		all = []any{v}
	}
	for _, x := range all {
		delete(x.(map[string]any), "meta")
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// TestEventRateReport plays a Swiss and a knockout, then rates each
// event's directory and the directories of its rounds, named one by one
// in the order played, with the same flags: the same ratings,
// standings, pairings and crosstable (text and -json); the text names
// the event. varena report writes the event's report again, with its
// standings rows and every round.
func TestEventRateReport(t *testing.T) {
	events := []struct{ typ, extra string }{
		{"swiss", ", rounds: 3"},
		{"knockout", ", seeds: 2"},
	}
	flags := [][]string{
		nil,
		{"-json"},
		{"-anchor", "b=1500", "-bootstrap", "30", "-seed", "4", "-base", "a"},
		{"-json", "-prior", "2", "-bootstrap", "20"},
	}
	for _, ev := range events {
		t.Run(ev.typ, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			playRun(t, writeConfig(t, configtest.SmallEvent(ev.typ, ev.extra)), out)
			ed, err := arena.ReadEventDir(out)
			if err != nil {
				t.Fatal(err)
			}
			rounds := ed.RoundDirs()
			if len(rounds) < 2 {
				t.Fatalf("rounds %v", rounds)
			}
			for _, f := range flags {
				code, whole, errOut := varena(append(append([]string{"rate"}, f...), out)...)
				if code != 0 {
					t.Fatalf("varena rate %v %s: exit %d\n%s", f, out, code, errOut)
				}
				code, each, errOut := varena(append(append([]string{"rate"}, f...), rounds...)...)
				if code != 0 {
					t.Fatalf("varena rate %v ROUNDS: exit %d\n%s", f, code, errOut)
				}
				if len(f) > 0 && f[0] == "-json" {
					if a, b := withoutMeta(t, whole), withoutMeta(t, each); a != b {
						t.Errorf("rate %v: the event\n%s\nits rounds\n%s", f, a, b)
					}
					continue
				}
				head, rest, _ := strings.Cut(whole, "\n")
				_, eachRest, _ := strings.Cut(each, "\n")
				if rest != eachRest {
					t.Errorf("rate %v: the event\n%s\nits rounds\n%s", f, whole, each)
				}
				if !strings.HasPrefix(head, "quick-"+ev.typ+": ") || !strings.Contains(head, ev.typ) {
					t.Errorf("rate %v: header %q does not name the event", f, head)
				}
			}

			page := filepath.Join(out, rundir.ReportFile)
			if err := os.Remove(page); err != nil {
				t.Fatalf("the event wrote no report: %v", err)
			}
			code, stdout, errOut := varena("report", out)
			if code != 0 || strings.TrimSpace(stdout) != page || errOut != "" {
				t.Fatalf("varena report %s: exit %d, stdout %q, stderr %q", out, code, stdout, errOut)
			}
			b, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range ed.Event.Standings.Rows {
				if want := "<td class=\"l\">" + row[1] + "</td><td>" + strings.Join(row[2:], "</td><td>") + "</td>"; !strings.Contains(string(b), want) {
					t.Errorf("report.html has no standings row %q", want)
				}
			}
			for _, r := range ed.Event.Rounds {
				if !strings.Contains(string(b), "<h3>"+r.Name+" <span") {
					t.Errorf("report.html has no %s", r.Name)
				}
			}
		})
	}
}

// TestEventHelp: rate's and report's help say they take an event's
// directory.
func TestEventHelp(t *testing.T) {
	for _, cmd := range []string{"rate", "report", "serve"} {
		code, out, _ := varena("help", cmd)
		if code != 0 || !strings.Contains(strings.Join(strings.Fields(out), " "), "event's directory") {
			t.Errorf("varena help %s (exit %d) does not speak of an event's directory:\n%s", cmd, code, out)
		}
	}
}
