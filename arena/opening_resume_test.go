package arena

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResumeRefusesOtherOpenings: a run directory whose games started
// from openings made another way (an older varena's random plies) is
// refused with a line saying so, whether its meta.json lacks the
// random-opening rule or predates the fingerprint altogether; the same
// directory resumes when nothing changed.
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
	if _, err := Run(ctx, parseRun(t, cfg), Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(ctx, parseRun(t, cfg), Options{Out: dir}); err != nil {
		t.Fatalf("resume of the same run: %v", err)
	}
	metaPath := filepath.Join(dir, MetaFile)
	orig, err := os.ReadFile(metaPath)
	if err != nil {
		t.Fatal(err)
	}
	var m Meta
	if err := json.Unmarshal(orig, &m); err != nil {
		t.Fatal(err)
	}

	// A meta.json written before the rule was recorded.
	delete(m.Settings, "openings: random rule")
	data, _ := json.Marshal(m)
	os.WriteFile(metaPath, data, 0o644)
	_, err = Run(ctx, parseRun(t, cfg), Options{Out: dir})
	if want := "\n  openings: random rule (none) -> " + RandomOpeningRule; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("meta.json without the rule: error %v, want one with %q", err, want)
	}

	// A meta.json of a varena before fingerprints, and a journal whose
	// first game started elsewhere: the journal check refuses it.
	m.Settings = nil
	data, _ = json.Marshal(m)
	os.WriteFile(metaPath, data, 0o644)
	jpath := filepath.Join(dir, JournalFile)
	journal, err := os.ReadFile(jpath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(journal), "\n")
	var g struct {
		StartFEN string `json:"start_fen"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &g); err != nil || g.StartFEN == "" {
		t.Fatalf("journal line %q: %v", lines[0], err)
	}
	other := "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1"
	lines[0] = strings.Replace(lines[0], g.StartFEN, other, 1)
	os.WriteFile(jpath, []byte(strings.Join(lines, "")), 0o644)
	_, err = Run(ctx, parseRun(t, cfg), Options{Out: dir})
	if err == nil || !strings.Contains(err.Error(), "started from "+other+", but this run starts it from "+g.StartFEN) {
		t.Errorf("journal of other openings: error %v", err)
	}
}
