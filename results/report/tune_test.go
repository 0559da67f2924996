package report_test

import (
	"bytes"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/results/report"
)

const trajectory = `k,wins,draws,losses,result,FutilityMargin,Aspiration
1,0,0,2,-2,200.14,35.05
2,1,1,0,1,200.02,35.10
3,2,0,0,2,201.5,34.9
4,1,0,1,0,202,34.8
`

func TestTuneReport(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, report.TrajectoryFile), []byte(trajectory+"5,x,0,0,0,1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	journal := `{"k":1,"time":"2026-11-30T10:00:00Z"}` + "\n" + `{"k":4,"time":"2026-11-30T10:05:00Z"}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "spsa.jsonl"), []byte(journal), 0o644); err != nil {
		t.Fatal(err)
	}
	path, skipped, err := report.WriteFile(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(skipped) != 1 || !strings.Contains(skipped[0], "trajectory.csv:6:") {
		t.Errorf("skipped %q, want line 6", skipped)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ids, svgs := checkHTML(t, data)
	for _, id := range []string{"header", "parameters", "trajectory", "progress", "skipped", "fig-theta-0", "fig-theta-1", "fig-tune-result"} {
		if !ids[id] {
			t.Errorf("no %q in the tune report", id)
		}
	}
	if svgs != 3 {
		t.Errorf("%d figures, want 3", svgs)
	}
	checkSelfContained(t, data)
	if text := html.UnescapeString(string(data)); !strings.Contains(text, "5m0s") || !strings.Contains(text, "+4 =1 −3") {
		t.Error("the header lacks the wall time or the game counts")
	}
}

func TestParseTrajectory(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		steps      int
		skipped    int
		err        bool
	}{
		{"good", trajectory, 4, 0, false},
		{"no header", "1,0,0,2,-2,1\n", 0, 0, true},
		{"empty", "", 0, 0, true},
		{"short line", trajectory + "5,0,0\n", 4, 1, false},
		{"result that does not add up", trajectory + "5,1,0,0,0,1,2\n", 4, 1, false},
		{"NaN theta", trajectory + "5,1,0,0,1,NaN,2\n", 4, 1, false},
		{"blank lines", "\n" + trajectory + "\n\n", 4, 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			params, steps, skipped, err := report.ParseTrajectory(strings.NewReader(tt.text), "t.csv")
			if (err != nil) != tt.err {
				t.Fatalf("err = %v", err)
			}
			if err != nil {
				return
			}
			if len(params) != 2 || len(steps) != tt.steps || len(skipped) != tt.skipped {
				t.Errorf("%d params, %d steps, skipped %q", len(params), len(steps), skipped)
			}
		})
	}
}

func FuzzParseTrajectory(f *testing.F) {
	f.Add([]byte(trajectory))
	f.Add([]byte("k,wins,draws,losses,result,a\n1,1,1,1,0,1e308\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		params, steps, _, err := report.ParseTrajectory(bytes.NewReader(data), "f.csv")
		if err != nil {
			return
		}
		for _, st := range steps {
			if len(st.Theta) != len(params) || st.Result != st.Wins-st.Losses {
				t.Fatalf("step %+v with %d params", st, len(params))
			}
		}
	})
}
