package report

import (
	"strings"
	"testing"

	"varena/results"
)

// TestEndingsSplitOutcomes: the endings chart counts an engine's wins,
// draws and losses apart: a wins twice by extinction, b loses both so,
// and one draw by repetition (issue 19, point 12).
func TestEndingsSplitOutcomes(t *testing.T) {
	games := []results.Game{
		{ID: 1, White: "a", Black: "b", Result: "1-0", Termination: results.TermExtinction},
		{ID: 2, White: "b", Black: "a", Result: "0-1", Termination: results.TermExtinction},
		{ID: 3, White: "a", Black: "b", Result: "1/2-1/2", Termination: results.TermRepetition},
		{ID: 4, White: "a", Black: "b", Result: "*"},
	}
	by := outcomeEndingCounts([]string{"a", "b"}, games)
	for _, tc := range []struct {
		outcome int
		engine  string
		ending  string
		want    int
	}{
		{0, "a", "extinction / mate", 2},
		{2, "a", "extinction / mate", 0},
		{0, "b", "extinction / mate", 0},
		{2, "b", "extinction / mate", 2},
		{1, "a", "draw by rule", 1},
		{1, "b", "draw by rule", 1},
	} {
		if got := by[tc.outcome][tc.engine][tc.ending]; got != tc.want {
			t.Errorf("%s %s by %s: %d, want %d", tc.engine, outcomes[tc.outcome], tc.ending, got, tc.want)
		}
	}
	fig, err := endingsFigure([]string{"a", "b"}, by)
	if err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{">won<", ">drawn<", ">lost<"} {
		if !strings.Contains(string(fig.SVG), label) {
			t.Errorf("the chart lacks the bar label %s", label)
		}
	}
}
