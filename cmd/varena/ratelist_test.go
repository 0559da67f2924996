package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/results/rundir"
)

// threePlayerPGN writes a round robin of a, b and c in colour-reversed
// pairs as fastchess writes them: both games of a pair with the pair's
// Round and FEN, 8 pairs a pairing.
func threePlayerPGN(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	game := func(round int, white, black, result, fen string) {
		fmt.Fprintf(&b, "[Event \"t\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[FEN \"%s\"]\n[SetUp \"1\"]\n\n1... Nf6 %s\n\n",
			round, white, black, result, fen, result)
	}
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
	}
	// White's results, cycled: a's pairings lean to a, b-c is even.
	cycle := map[[2]string][]string{
		{"a", "b"}: {"1-0", "1/2-1/2", "1-0", "0-1", "1/2-1/2", "1/2-1/2", "0-1", "0-1", "1-0"},
		{"a", "c"}: {"1-0", "0-1", "1/2-1/2", "0-1", "1-0", "1/2-1/2", "1/2-1/2"},
		{"b", "c"}: {"1/2-1/2", "1/2-1/2", "1-0", "1-0", "0-1", "1/2-1/2", "0-1", "1-0"},
	}
	round := 0
	for _, p := range [][2]string{{"a", "b"}, {"a", "c"}, {"b", "c"}} {
		r := cycle[p]
		for k := range 8 {
			round++
			// The first game with p[0] White, the second reversed.
			game(round, p[0], p[1], r[(2*k)%len(r)], fens[k%2])
			game(round, p[1], p[0], r[(2*k+1)%len(r)], fens[k%2])
		}
	}
	path := filepath.Join(t.TempDir(), "rr.pgn")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRateAnchors: -anchor NAME=R fixes several players; the old
// -anchor NAME -anchor-rating R still works; a name with '=' in it is
// found whole.
func TestRateAnchors(t *testing.T) {
	pgn := threePlayerPGN(t)
	s := rateJSON(t, "-anchor", "b=2400", "-anchor", "c=2500", pgn)
	for name, want := range map[string]float64{"b": 2400, "c": 2500} {
		if r, _, _ := rating(t, s, name); r != want {
			t.Errorf("%s rated %g, anchored at %g", name, r, want)
		}
	}
	if r, _, _ := rating(t, s, "a"); !(r > 2200 && r < 2700) || r == 2400 || r == 2500 {
		t.Errorf("a rated %g, want it fitted near the anchors", r)
	}
	old := rateJSON(t, "-anchor", "b", "-anchor-rating", "1000", pgn)
	if r, _, _ := rating(t, old, "b"); r != 1000 {
		t.Errorf("-anchor b -anchor-rating 1000: b rated %g", r)
	}
	same := rateJSON(t, "-anchor", "b=1000", pgn)
	if !sameRatings(old, same) {
		t.Errorf("-anchor b=1000 %+v, the old form %+v", same.Ratings, old.Ratings)
	}
	// An engine named "x=5" is anchored by its name.
	data, _ := os.ReadFile(pgn)
	named := filepath.Join(t.TempDir(), "named.pgn")
	os.WriteFile(named, []byte(strings.ReplaceAll(string(data), "\"c\"", "\"x=5\"")), 0o644)
	s = rateJSON(t, "-anchor", "x=5", "-anchor-rating", "300", named)
	if r, _, _ := rating(t, s, "x=5"); r != 300 {
		t.Errorf("x=5 rated %g, want 300", r)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-anchor", "b=", pgn}, "no rating after"},
		{[]string{"-anchor", "b=1", "-anchor", "b=2", pgn}, "anchored twice"},
		{[]string{"-anchor", "z=1", pgn}, "no such player"},
		{[]string{"-bootstrap", "-1", pgn}, "-bootstrap -1"},
		{[]string{"-base", "z", pgn}, "no such player"},
	} {
		var stdout, stderr bytes.Buffer
		err := rateMain(tt.args, &stdout, &stderr)
		if err == nil || !errors.As(err, new(usageError)) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("rate %v: %v, want a usage error with %q", tt.args, err, tt.want)
		}
	}
}

// TestRateBootstrap: -bootstrap takes the errors and the LOS matrix from
// resampled pairs, the same for the same seed; the pairs of a PGN are
// found by Round and FEN.
func TestRateBootstrap(t *testing.T) {
	pgn := threePlayerPGN(t)
	plain := rateJSON(t, pgn)
	for _, p := range plain.Pairings {
		if p.Penta.Pairs() != 8 {
			t.Errorf("%s vs %s: pairs %v, want 8", p.A, p.B, p.Penta)
		}
	}
	if plain.RatingErrors != "hessian" || plain.LOS == nil || plain.LOS.From != "hessian" {
		t.Errorf("errors %q, LOS %+v", plain.RatingErrors, plain.LOS)
	}
	a := rateJSON(t, "-bootstrap", "300", "-seed", "7", pgn)
	b := rateJSON(t, "-bootstrap", "300", "-seed", "7", pgn)
	c := rateJSON(t, "-bootstrap", "300", "-seed", "8", pgn)
	if a.RatingErrors != "bootstrap" || a.Bootstrap != 300 || a.BootstrapSeed != 7 || a.LOS.From != "bootstrap" {
		t.Errorf("errors %q, %d replicates, seed %d", a.RatingErrors, a.Bootstrap, a.BootstrapSeed)
	}
	if !sameRatings(a, b) || sameRatings(a, c) {
		t.Errorf("seed 7 twice: %+v, %+v; seed 8: %+v", a.Ratings, b.Ratings, c.Ratings)
	}
	var stdout, stderr bytes.Buffer
	if err := rateMain([]string{"-bootstrap", "300", "-base", "a", pgn}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Errors: 95% intervals of 300 bootstrap replicates", "LOS, %: the likelihood", "Gauntlet of a", "\n1 a "} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestRatePGNPairsAsJournal: a run's PGN has the pairs of its journal.
func TestRatePGNPairsAsJournal(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	playRun(t, writeConfig(t, smallRun), out, "-concurrency", "2")
	journal := rateJSON(t, out)
	pgn := rateJSON(t, filepath.Join(out, rundir.PGNFile))
	for i, p := range journal.Pairings {
		if q := pgn.Pairings[i]; q.A != p.A || q.B != p.B || q.Penta != p.Penta || p.Penta.Pairs() != 2 {
			t.Errorf("%s vs %s: pairs %v from the journal, %v from the PGN", p.A, p.B, p.Penta, q.Penta)
		}
	}
}
