package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"varena/results/rundir"
)

// rateGroupsJSON runs `varena rate --json ARGS` on games that form
// several groups of players and decodes the array of summaries.
func rateGroupsJSON(t *testing.T, args ...string) []rundir.Summary {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := rateMain(append([]string{"--json"}, args...), &stdout, &stderr); err != nil {
		t.Fatalf("rate %v: %v\n%s", args, err, stderr.String())
	}
	var s []rundir.Summary
	if err := json.Unmarshal(stdout.Bytes(), &s); err != nil {
		t.Fatalf("rate %v --json: %v\n%s", args, err, stdout.String())
	}
	return s
}

// TestRateDisjointGroups: two files whose players never met are two
// groups, said so, each rated as it is alone (issue 19, point 9).
func TestRateDisjointGroups(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := rateMain([]string{cutechessPGN, fastchessPGN}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{
		"The games form 2 groups of players who never met",
		"  group 1: Ethereal 14.25, Fairy-Stockfish 14 (5 games)\n",
		"  group 2: varena-dev, varena-base (2 games)\n",
		cutechessPGN + ", " + fastchessPGN + " (group 1 of 2): 5 games (standard, extinction)\n",
		cutechessPGN + ", " + fastchessPGN + " (group 2 of 2): 2 games (",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	groups := rateGroupsJSON(t, cutechessPGN, fastchessPGN)
	for i, alone := range []rundir.Summary{rateJSON(t, cutechessPGN), rateJSON(t, fastchessPGN)} {
		if !sameRatings(groups[i], alone) {
			t.Errorf("group %d: %+v; the file alone: %+v", i+1, groups[i].Ratings, alone.Ratings)
		}
	}
	// The anchor fixes its own group; the other has its mean at the
	// anchor's rating.
	anchored := rateGroupsJSON(t, "-anchor", "varena-base", "-anchor-rating", "1500", cutechessPGN, fastchessPGN)
	if r, _, _ := rating(t, anchored[1], "varena-base"); r != 1500 {
		t.Errorf("anchor varena-base at %g, want 1500", r)
	}
	if a, _, _ := rating(t, anchored[0], "Ethereal 14.25"); math.Abs(a-1500-groups[0].Ratings[0].Rating) > 1e-6 {
		t.Errorf("the anchor moved the other group: Ethereal %g, alone %g", a, groups[0].Ratings[0].Rating)
	}
}

// TestRateHeader: the text header of games read from files names them
// and counts the games, without "of N played" or a tournament type.
func TestRateHeader(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := rateMain([]string{cutechessPGN}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(stdout.String(), "\n"); first != cutechessPGN+": 5 games (standard, extinction)" {
		t.Errorf("header %q", first)
	}
}
