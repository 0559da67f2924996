package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"varena/results/rundir"
)

// promotedDrop is a drop of a promoted piece as Fairy-Stockfish's SAN
// writes it, the one move that begins with '+'.
var promotedDrop = regexp.MustCompile(`[ .]\+[A-Z]@[a-z][0-9]+`)

// TestRunPromotedDrops: a run in a variant where promoted pieces are
// dropped writes its PGN, and `varena rate` reads those games back,
// replays every move and rates them as the run's journal does.
func TestRunPromotedDrops(t *testing.T) {
	for _, variant := range []string{"micro", "kyotoshogi"} {
		t.Run(variant, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			playRun(t, writeConfig(t, `
name: drops
variant: `+variant+`
seed: 1
tournament: {type: round-robin, games: 2}
time_control: {nodes: 200}
adjudication: {max_plies: 200}
engines:
  - {name: a, kind: alphabeta}
  - {name: b, kind: alphabeta}
`), out)
			pgn := filepath.Join(out, rundir.PGNFile)
			data, err := os.ReadFile(pgn)
			if err != nil {
				t.Fatal(err)
			}
			if !promotedDrop.Match(data) {
				t.Fatalf("no drop of a promoted piece in the games:\n%s", data)
			}
			var stdout, stderr bytes.Buffer
			if err := rateMain([]string{"--json", pgn}, &stdout, &stderr); err != nil {
				t.Fatalf("rate %s: %v\n%s", pgn, err, stderr.String())
			}
			if stderr.Len() > 0 { // a game the replay refused is reported here
				t.Errorf("rate %s warned:\n%s", pgn, stderr.String())
			}
			var fromPGN rundir.Summary
			if err := json.Unmarshal(stdout.Bytes(), &fromPGN); err != nil {
				t.Fatal(err)
			}
			if fromPGN.Played != 2 {
				t.Fatalf("rate %s: %d games, want 2\n%s", pgn, fromPGN.Played, stderr.String())
			}
			if fromJournal := rateJSON(t, out); !sameRatings(fromPGN, fromJournal) {
				t.Errorf("rating the PGN: %+v; the journal: %+v", fromPGN.Ratings, fromJournal.Ratings)
			}
		})
	}
}
