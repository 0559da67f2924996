package live

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"varena/results"
	"varena/results/rundir"
)

// TestServeElapsedIsTheRunsTime: the page of a finished run (varena
// serve) gives as elapsed the time its games took, from the start of the
// first to the end of the last, not the time since the page opened
// (issue 19, point 12).
func TestServeElapsedIsTheRunsTime(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	t0 := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	games := []results.Game{
		{ID: 1, Round: 1, Pair: 1, Variant: "extinction", White: "a", Black: "b", Result: "1-0", Started: t0, DurationMS: 10_000},
		{ID: 2, Round: 1, Pair: 1, Variant: "extinction", White: "b", Black: "a", Result: "0-1", Started: t0.Add(20 * time.Second), DurationMS: 30_000},
	}
	meta := rundir.Meta{Name: "done", Variants: []string{"extinction"}, Engines: []string{"a", "b"}, Tournament: "round-robin", Total: 2}
	if _, err := rundir.WriteRun(dir, meta, games); err != nil {
		t.Fatal(err)
	}
	hub := NewHub(dir, nil)
	if err := hub.Load(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go hub.Run(ctx)
	defer hub.Close()
	var st State
	for deadline := time.Now().Add(5 * time.Second); st.Played < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no snapshot with both games: %+v", st)
		}
		if data := hub.Snapshot(); data != nil {
			if err := json.Unmarshal(data, &st); err != nil {
				t.Fatal(err)
			}
		}
	}
	if st.ElapsedS != 50 {
		t.Errorf("elapsed %gs, want 50s (10:00:00 to 10:00:50)", st.ElapsedS)
	}
}
