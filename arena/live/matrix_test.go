package live

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/results/rundir"
)

// matrixConfig is a per-variant SPRT of built-in engines, two pairs per
// variant: too few to decide, so every test ends at its cap.
const matrixConfig = `
name: matrix
seed: 5
variants:
  - {name: extinction, time_control: {depth: 2}}
  - {name: losalamos-extinction, time_control: {depth: 1}}
tournament: {type: sprt, games: 4}
sprt: {elo0: -20, elo1: 20, per_variant: true}
openings: {plies: 4}
time_control: {depth: 1}
adjudication: {max_plies: 120}
engines:
  - {name: dev, kind: alphabeta}
  - {name: base, kind: alphabeta, time_control: {depth: 1}}
`

// TestServedMatrix: the live page of a per-variant SPRT carries its
// matrix as summary.json has it, and the page has the table to draw it.
func TestServedMatrix(t *testing.T) {
	dir := playDir(t, matrixConfig, nil)
	_, ts := served(t, dir)
	st := getState(t, ts.URL)
	data, err := os.ReadFile(filepath.Join(dir, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Matrix json.RawMessage `json:"matrix"`
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	have, _ := json.Marshal(st.Matrix)
	var want, got any
	if err := json.Unmarshal(sum.Matrix, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(have, &got); err != nil {
		t.Fatal(err)
	}
	if st.Matrix == nil || len(st.Matrix.Rows) != 2 || jsonText(t, got) != jsonText(t, want) {
		t.Errorf("the page's matrix:\n%s\nsummary.json's:\n%s", have, sum.Matrix)
	}
	if st.Matrix != nil && st.Matrix.Verdict != rundir.VerdictLimit {
		t.Errorf("matrix verdict %q, want %q", st.Matrix.Verdict, rundir.VerdictLimit)
	}
	if !strings.Contains(string(pageHTML), `id="matrix"`) {
		t.Error("the page has no matrix table")
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
