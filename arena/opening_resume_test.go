package arena

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/arena/openings"
	"varena/results/rundir"
)

// TestResumeRefusesOtherOpenings: a run directory whose games started
// from openings made another way (an older varena's random plies) is
// refused with a line saying so when its meta.json lacks the
// random-opening rule; the same directory resumes when nothing changed.
func TestResumeRefusesOtherOpenings(t *testing.T) {
	const cfg = `
name: ops
variant: losalamos-bunkers
seed: 7
tournament: {type: round-robin, games: 4}
openings: {plies: 6}
adjudication: {max_plies: 40}
engines:
  - {name: r1, kind: random}
  - {name: r2, kind: random}
`
	dir := t.TempDir()
	ctx := context.Background()
	if _, err := Run(ctx, resolved(t, parseRun(t, cfg)), Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(ctx, resolved(t, parseRun(t, cfg)), Options{Out: dir}); err != nil {
		t.Fatalf("resume of the same run: %v", err)
	}
	metaPath := filepath.Join(dir, rundir.MetaFile)
	orig, err := os.ReadFile(metaPath)
	if err != nil {
		t.Fatal(err)
	}
	var m rundir.Meta
	if err := json.Unmarshal(orig, &m); err != nil {
		t.Fatal(err)
	}

	// A meta.json written before the rule was recorded.
	delete(m.Settings, "openings: random rule")
	data, _ := json.Marshal(m)
	os.WriteFile(metaPath, data, 0o644)
	_, err = Run(ctx, resolved(t, parseRun(t, cfg)), Options{Out: dir})
	if want := "\n  openings: random rule (none) -> " + openings.RandomOpeningRule; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("meta.json without the rule: error %v, want one with %q", err, want)
	}
}
