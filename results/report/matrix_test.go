package report

import (
	"strings"
	"testing"

	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// TestReportMatrix: the report of a per-variant SPRT has the matrix,
// one row per variant with the console's numbers, the left-out variant
// with why, and the worst verdict; no SPRT box of all games pooled.
func TestReportMatrix(t *testing.T) {
	sprt, err := stats.NewSPRT(-10, 10, 0.05, 0.05, stats.Normalized)
	if err != nil {
		t.Fatal(err)
	}
	// Pairs alternate extinction and losalamos (the schedule's order):
	// dev wins a pair of each, then draws one of losalamos.
	var games []results.Game
	for _, v := range []string{"extinction", "losalamos", "extinction", "losalamos"} {
		res := [2]string{"1-0", "0-1"}
		if v == "losalamos" && len(games) > 4 {
			res = [2]string{"1/2-1/2", "1/2-1/2"}
		}
		games = append(games, results.Game{Variant: v, White: "dev", Black: "base", Result: res[0]},
			results.Game{Variant: v, White: "base", Black: "dev", Result: res[1]})
	}
	meta := rundir.Meta{Name: "matrix", Variants: []string{"extinction", "losalamos", "evolution"}, Engines: []string{"dev", "base"},
		Tournament: "sprt", Total: 8, SPRT: &sprt, Matrix: []string{"extinction", "losalamos"},
		LeftOut: map[string]string{"evolution": "base does not play it"}}
	console, page := runDir(t, meta, games)
	for _, want := range []string{
		`<section id="matrix">`,
		`<td class="l">extinction</td><td>4</td><td>[0, 0, 0, 0, 2]</td>`,
		`<td class="l">losalamos</td><td>4</td><td>[0, 0, 1, 0, 1]</td>`,
		`<td class="l">evolution</td><td>-</td>`, "left out: base does not play it",
		"The run's verdict is the worst: <b>" + rundir.VerdictLimit + "</b> (exit status 4)",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if strings.Contains(page, `<section id="sprt">`) {
		t.Errorf("report has the SPRT box of all games pooled besides the matrix")
	}
	// The same numbers, written the same way, in both views.
	for _, want := range []string{"+inf (95%: > -84.1)", "+190.3 [-173.1, 683.3]"} {
		if !strings.Contains(console, want) || !strings.Contains(page, want) {
			t.Errorf("console or report lacks %q", want)
		}
	}
	if strings.Contains(console, "1199.8") || strings.Contains(page, "1199.8") {
		t.Errorf("the regularized estimate of a 100%% score is shown")
	}
	for _, want := range []string{"extinction      4  [0, 0, 0, 0, 2]", "SPRT matrix [-10, 10] normalized: " + rundir.VerdictLimit} {
		if !strings.Contains(console, want) {
			t.Errorf("console lacks %q:\n%s", want, console)
		}
	}
}
