package report

import (
	"testing"

	"varena/results/rundir"
	"varena/results/stats"
)

// TestFiguresOfNothing: every figure of an empty or partial run draws
// nothing rather than panicking (gonum's NominalX panicked on an empty
// ratings table: a shard of an SPRT exited 2 after its games).
func TestFiguresOfNothing(t *testing.T) {
	test, err := stats.NewSPRT(0, 10, 0.05, 0.05, stats.Normalized)
	if err != nil {
		t.Fatal(err)
	}
	draws := []struct {
		name string
		draw func() error
	}{
		{"ratings", func() error { _, err := ratingsFigure("fig", "t", nil); return err }},
		{"crosstable", func() error { _, err := crosstableFigure(&rundir.Summary{}); return err }},
		{"convergence", func() error { _, err := convergenceFigure(nil, nil); return err }},
		{"endings", func() error { _, err := endingsFigure(nil, [3]map[string]map[string]int{}); return err }},
		{"length", func() error { _, err := lengthFigure("extinction", nil); return err }},
		{"openings", func() error { _, err := openingsFigure(nil); return err }},
		{"sprt", func() error { _, err := sprtFigures(&test, nil); return err }},
	}
	for _, d := range draws {
		t.Run(d.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("panic: %v", r)
				}
			}()
			if err := d.draw(); err != nil {
				t.Errorf("error: %v", err)
			}
		})
	}
}
