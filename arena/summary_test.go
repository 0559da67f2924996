package arena

import (
	"math"
	"strings"
	"testing"

	"varena/results"
)

func TestTally(t *testing.T) {
	meta := Meta{Name: "t", Engines: []string{"a", "b", "c"}}
	g := func(id, pair int, w, b, res, term string) results.Game {
		return results.Game{ID: id, Pair: pair, White: w, Black: b, Result: res, Termination: term}
	}
	games := []results.Game{
		g(1, 1, "a", "b", "1-0", results.TermExtinction),
		g(2, 1, "b", "a", "1/2-1/2", results.TermRepetition), // pair 1: a scores 1.5 -> WD
		g(3, 2, "a", "b", "0-1", results.TermTimeForfeit),    // a loses on time
		g(4, 2, "b", "a", "0-1", results.TermExtinction),     // pair 2: a scores 1 -> DD+WL
		g(5, 3, "a", "c", "1-0", results.TermExtinction),     // pair 3 unfinished
		g(6, 0, "c", "b", "*", ""),                           // not counted
	}
	s, err := Summarize(meta, games)
	if err != nil {
		t.Fatal(err)
	}
	if s.Played != 5 {
		t.Errorf("played %d, want 5", s.Played)
	}
	if len(s.Pairings) != 2 {
		t.Fatalf("pairings %+v", s.Pairings)
	}
	ab := s.Pairings[0]
	if ab.A != "a" || ab.B != "b" || ab.WDL.W != 2 || ab.WDL.D != 1 || ab.WDL.L != 1 {
		t.Errorf("a-b: %+v", ab)
	}
	if ab.Penta != [5]int{0, 0, 1, 1, 0} {
		t.Errorf("a-b pentanomial %v, want [0 0 1 1 0]", ab.Penta)
	}
	if math.Abs(ab.Games.Score-0.625) > 1e-12 {
		t.Errorf("a-b score %v, want 0.625", ab.Games.Score)
	}
	if s.Faults["a"][results.TermTimeForfeit] != 1 {
		t.Errorf("faults %v", s.Faults)
	}
	if len(s.Ratings) != 3 || s.Ratings[0].Name != "a" {
		t.Errorf("ratings %+v", s.Ratings)
	}
	sum := 0.0
	for _, r := range s.Ratings {
		sum += r.Rating
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("ratings do not average 0: %v", s.Ratings)
	}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"5 of 0 games", "a vs b: 2-1-1", "pairs", "Faults:", "a: 1 x time forfeit"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	// Order does not matter.
	rev := append([]results.Game(nil), games...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	s2, _ := Summarize(meta, rev)
	if s2.Pairings[0].Penta != ab.Penta || s2.Ratings[0].Rating != s.Ratings[0].Rating {
		t.Error("summary depends on the order of the games")
	}
}
