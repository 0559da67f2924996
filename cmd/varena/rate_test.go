package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"varena/configs/configtest"

	"varena/results"
	"varena/results/rundir"
)

const (
	cutechessPGN = "../../results/testdata/cutechess.pgn"
	fastchessPGN = "../../results/testdata/fastchess.pgn"
)

// rateJSON runs `varena rate --json ARGS` and decodes the summary.
func rateJSON(t *testing.T, args ...string) rundir.Summary {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := rateMain(append([]string{"--json"}, args...), &stdout, &stderr); err != nil {
		t.Fatalf("rate %v: %v\n%s", args, err, stderr.String())
	}
	var s rundir.Summary
	if err := json.Unmarshal(stdout.Bytes(), &s); err != nil {
		t.Fatalf("rate %v --json: %v\n%s", args, err, stdout.String())
	}
	return s
}

// rating returns a player's row of the summary's rating table.
func rating(t *testing.T, s rundir.Summary, name string) (r float64, games int, points float64) {
	t.Helper()
	for _, p := range s.Ratings {
		if p.Name == name {
			return p.Rating, p.Games, p.Points
		}
	}
	t.Fatalf("no rating for %q in %+v", name, s.Ratings)
	return
}

func TestRatePGNFiles(t *testing.T) {
	tests := []struct {
		file   string
		games  int
		player string  // a player of the file
		games1 int     // its games
		points float64 // and points
	}{
		// Ethereal wins four and draws one against Fairy-Stockfish.
		{cutechessPGN, 5, "Ethereal 14.25", 5, 4.5},
		// varena-dev draws as White and wins as Black.
		{fastchessPGN, 2, "varena-dev", 2, 1.5},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			s := rateJSON(t, tt.file)
			if s.Played != tt.games || len(s.Ratings) != 2 {
				t.Fatalf("%d games, %d ratings; want %d games of 2 players", s.Played, len(s.Ratings), tt.games)
			}
			r, games, points := rating(t, s, tt.player)
			if games != tt.games1 || points != tt.points {
				t.Errorf("%s: %g points of %d games, want %g of %d", tt.player, points, games, tt.points, tt.games1)
			}
			if !(r > 0) || s.Ratings[0].Name != tt.player {
				t.Errorf("%s should lead with a positive rating: %+v", tt.player, s.Ratings)
			}
			// Without an anchor, the mean rating is 0.
			if mean := (s.Ratings[0].Rating + s.Ratings[1].Rating) / 2; math.Abs(mean) > 1e-6 {
				t.Errorf("mean rating %g, want 0", mean)
			}

			// The text form names both players in its table.
			var stdout, stderr bytes.Buffer
			if err := rateMain([]string{tt.file}, &stdout, &stderr); err != nil {
				t.Fatal(err)
			}
			for _, p := range s.Ratings {
				if !strings.Contains(stdout.String(), p.Name) {
					t.Errorf("text output lacks %q:\n%s", p.Name, stdout.String())
				}
			}
		})
	}
}

func TestRateAnchor(t *testing.T) {
	const fsf = "Fairy-Stockfish 14"
	free := rateJSON(t, cutechessPGN)
	diff := free.Ratings[0].Rating - free.Ratings[1].Rating
	for _, at := range []float64{0, 1500} {
		args := []string{"-anchor", fsf, cutechessPGN}
		if at != 0 {
			args = append(args, "-anchor-rating", "1500")
		}
		s := rateJSON(t, args...)
		r, _, _ := rating(t, s, fsf)
		if r != at {
			t.Errorf("anchor %s at %g: rated %g", fsf, at, r)
		}
		eth, _, _ := rating(t, s, "Ethereal 14.25")
		if math.Abs(eth-r-diff) > 1e-6 {
			t.Errorf("anchoring changed the rating difference: %g, unanchored %g", eth-r, diff)
		}
		for _, p := range s.Ratings {
			if p.Name == fsf && p.Error != 0 {
				t.Errorf("the anchor's error is %g, want 0", p.Error)
			}
		}
	}
	// -anchor-rating alone moves the mean.
	s := rateJSON(t, "-anchor-rating", "1500", cutechessPGN)
	if mean := (s.Ratings[0].Rating + s.Ratings[1].Rating) / 2; math.Abs(mean-1500) > 1e-6 {
		t.Errorf("-anchor-rating 1500 without -anchor: mean %g", mean)
	}
}

func TestRateErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pgn")
	// Line 5 holds an unterminated tag.
	if err := os.WriteFile(bad, []byte("[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n\n[Result \"1-0\"\n1. e4 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	tests := []struct {
		name  string
		args  []string
		usage bool
		want  []string // the message must contain these
	}{
		{"unknown anchor", []string{"-anchor", "Nobody", cutechessPGN}, true, []string{"Nobody", "no such player"}},
		{"no input", []string{"--json"}, true, []string{"PGN"}},
		{"bad flag", []string{"-bogus", cutechessPGN}, true, []string{"bogus"}},
		{"syntax error", []string{bad}, false, []string{bad + ":5:"}},
		{"empty directory", []string{empty}, false, []string{empty, "neither", rundir.JournalFile, "PGN"}},
		{"missing file", []string{filepath.Join(dir, "none.pgn")}, false, []string{"none.pgn"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := rateMain(tt.args, &stdout, &stderr)
			if err == nil {
				t.Fatalf("no error; output:\n%s", stdout.String())
			}
			if isUsage := errors.As(err, new(usageError)); isUsage != tt.usage {
				t.Errorf("error %v: usage error %v, want %v", err, isUsage, tt.usage)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestRateFolderOfPGNs(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{cutechessPGN, fastchessPGN} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Not PGN: ignored.
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a game"), 0o644)
	// Their players never met: two groups, each rated on its own
	// (rategroups_test.go).
	groups := rateGroupsJSON(t, dir)
	if len(groups) != 2 || groups[0].Played != 5 || groups[1].Played != 2 || len(groups[1].Ratings) != 2 {
		t.Fatalf("%d groups, want 5 games of cutechess.pgn and 2 of fastchess.pgn: %+v", len(groups), groups)
	}
	if _, games, points := rating(t, groups[1], "varena-dev"); games != 2 || points != 1.5 {
		t.Errorf("varena-dev: %g of %d", points, games)
	}
	// Two files named on the command line rate the same games.
	both := rateGroupsJSON(t, cutechessPGN, fastchessPGN)
	if len(both) != 2 || !sameRatings(both[0], groups[0]) || !sameRatings(both[1], groups[1]) {
		t.Errorf("two files: %+v, the folder: %+v", both, groups)
	}
}

// sameRatings compares rating tables, numbers up to rounding (see
// jsonDiff).
func sameRatings(a, b rundir.Summary) bool {
	ja, _ := json.Marshal(a.Ratings)
	jb, _ := json.Marshal(b.Ratings)
	return jsonDiff(ja, jb) == ""
}

// smallRun is the shared quick run of built-in engines, for the rate
// and merge tests: 3 pairings x 4 games.
const smallRun = configtest.SmallRoundRobin

// writeConfig writes a run config into a temporary directory.
func writeConfig(t *testing.T, yaml string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// playRun runs `varena run CONFIG -out DIR --quiet ARGS...`.
func playRun(t *testing.T, config, out string, args ...string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args = append([]string{config, "-out", out, "--quiet"}, args...)
	if err := runMain(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatalf("run %v: %v\n%s", args, err, stderr.String())
	}
}

func TestRateRunDirectory(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	playRun(t, writeConfig(t, smallRun), out, "-concurrency", "2")
	s := rateJSON(t, out)
	if s.Played != 12 || len(s.Ratings) != 3 || len(s.Pairings) != 3 {
		t.Fatalf("%d games, %d ratings, %d pairings; want 12, 3, 3", s.Played, len(s.Ratings), len(s.Pairings))
	}
	if s.Meta.Name != "small" || s.Meta.Tournament != "round-robin" {
		t.Errorf("meta %+v: want the run's own", s.Meta)
	}
	// The run's PGN rates the same (its pairs too: TestRatePGNPairsAsJournal).
	fromPGN := rateJSON(t, filepath.Join(out, rundir.PGNFile))
	if !sameRatings(fromPGN, s) {
		t.Errorf("rating the run's PGN: %+v; its journal: %+v", fromPGN.Ratings, s.Ratings)
	}
	// And the run's own summary agrees.
	data, err := os.ReadFile(filepath.Join(out, rundir.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	var own rundir.Summary
	if err := json.Unmarshal(data, &own); err != nil {
		t.Fatal(err)
	}
	if !sameRatings(own, s) {
		t.Errorf("summary.json ratings %+v, rate %+v", own.Ratings, s.Ratings)
	}
}

// -prior 0 is plain maximum likelihood, as Ordo computes it: a 75% score
// is 400·log10(3) Elo apart, 90% is 400·log10(9). A variant whose own
// games have a perfect score is listed as divergent instead of failing
// the run; a pool that diverges is an error naming the way out.
func TestRatePrior(t *testing.T) {
	for _, tt := range []struct {
		pgn       string
		score     float64
		divergent []string
	}{
		{fastchessPGN, 0.75, nil},
		{cutechessPGN, 0.9, []string{"extinction"}},
	} {
		s := rateJSON(t, "-prior", "0", tt.pgn)
		diff := s.Ratings[0].Rating - s.Ratings[1].Rating
		if want := 400 * math.Log10(tt.score/(1-tt.score)); math.Abs(diff-want) > 0.01 {
			t.Errorf("%s -prior 0: difference %.3f, want %.3f", tt.pgn, diff, want)
		}
		if !slices.Equal(s.Divergent, tt.divergent) {
			t.Errorf("%s -prior 0: divergent variants %v, want %v", tt.pgn, s.Divergent, tt.divergent)
		}
		// The default prior pulls the difference in, a little.
		d := rateJSON(t, tt.pgn)
		if got := d.Ratings[0].Rating - d.Ratings[1].Rating; got >= diff || got <= 0 {
			t.Errorf("%s: difference %.3f with the prior, %.3f without", tt.pgn, got, diff)
		}
	}

	dir := t.TempDir()
	sweep := filepath.Join(dir, "sweep.pgn")
	if err := os.WriteFile(sweep, []byte(`[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 1-0

[White "B"]
[Black "A"]
[Result "0-1"]

1. e4 0-1
`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	err := rateMain([]string{"-prior", "0", sweep}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "-prior 1") {
		t.Errorf("2-0 sweep with -prior 0: %v; want an error naming -prior 1", err)
	}
	if s := rateJSON(t, sweep); s.Ratings[0].Name != "A" || s.Ratings[0].Rating <= 0 {
		t.Errorf("2-0 sweep with the default prior: %+v", s.Ratings)
	}
	for _, bad := range []string{"-1", "NaN", "+Inf", "x"} {
		if err := rateMain([]string{"-prior", bad, sweep}, &stdout, &stderr); err == nil {
			t.Errorf("-prior %s accepted", bad)
		}
	}
}

// A journal holding a game of an engine against itself (hand-edited, or
// from another tool) is an error naming the directory, the game and the
// player, not "matchup 0: player 0 plays itself".
func TestRateSelfPlayInJournal(t *testing.T) {
	dir := t.TempDir()
	j, _, err := results.OpenJournal(filepath.Join(dir, rundir.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range []results.Game{{White: "a", Black: "b", Result: "1-0"}, {White: "mirror", Black: "mirror", Result: "1/2-1/2"}} {
		g.ID, g.Variant, g.StartIsInitial = i+1, "extinction", true
		if err := j.Append(g); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	if err := os.WriteFile(filepath.Join(dir, rundir.MetaFile), []byte(`{"name": "self"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	err = rateMain([]string{dir}, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), dir+": game 2: mirror plays itself") {
		t.Errorf("error %v", err)
	}
}
