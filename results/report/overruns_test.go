package report_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"varena/results"
	"varena/results/report"
	"varena/results/rundir"
)

// TestReportOverruns: the report's faults section carries the summary's
// warning line for moves over their time within the margin.
func TestReportOverruns(t *testing.T) {
	g := results.Game{ID: 1, Pair: 1, Variant: "extinction", White: "fsf", Black: "ab", Result: results.Draw,
		Termination: results.TermAdjudication, TimeControl: "2+0.05", Started: time.Unix(1e9, 0),
		Overruns: []results.Overrun{{Ply: 0, Side: "white", OverMS: 21}, {Ply: 2, Side: "white", OverMS: 434}, {Ply: 1, Side: "black", OverMS: 5}}}
	run := &report.Run{Dir: t.TempDir(), Meta: rundir.Meta{Name: "o", Engines: []string{"fsf", "ab"}, Variants: []string{"extinction"}, Total: 1}, Games: []results.Game{g}}
	var b bytes.Buffer
	if err := report.Write(&b, run); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Warning; ab overran its time on 1 moves, by 5 ms in all, 5 ms at worst (within the margin)",
		"Warning; fsf overran its time on 2 moves, by 455 ms in all, 434 ms at worst (within the margin)",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}
