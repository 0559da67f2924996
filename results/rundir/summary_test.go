package rundir

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"varena/results"
	"varena/results/stats"
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
	for _, want := range []string{"t: 5 games", "a vs b: 2-1-1", "pairs", "Faults:", "a: 1 x time forfeit"} {
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

// TestStandingsTieBreaks checks Sonneborn-Berger and direct encounter on
// a hand-made crosstable of four players, one game per pairing:
//
//	    a    b    c    d   points
//	a   -    1    0    1   2
//	b   0    -    1    1   2
//	c   1    0    -    0.5 1.5
//	d   0    0    0.5  -   0.5
//
// a and b tie on 2 points. SB(a) = 1*2 (b) + 1*0.5 (d) = 2.5;
// SB(b) = 1*1.5 (c) + 1*0.5 (d) = 2: a ranks first by Sonneborn-Berger.
func TestStandingsTieBreaks(t *testing.T) {
	wdl := func(w, d, l int) stats.WDL { return stats.WDL{W: w, D: d, L: l} }
	pairings := []Pairing{
		{A: "a", B: "b", WDL: wdl(1, 0, 0)},
		{A: "a", B: "c", WDL: wdl(0, 0, 1)},
		{A: "a", B: "d", WDL: wdl(1, 0, 0)},
		{A: "b", B: "c", WDL: wdl(1, 0, 0)},
		{A: "b", B: "d", WDL: wdl(1, 0, 0)},
		{A: "c", B: "d", WDL: wdl(0, 1, 0)},
	}
	got := standings([]string{"a", "b", "c", "d"}, pairings, nil, false)
	want := []Standing{
		{Rank: 1, Name: "a", Points: 2, Games: 3, Score: 2.0 / 3, SonnebornBerger: 2.5},
		{Rank: 2, Name: "b", Points: 2, Games: 3, Score: 2.0 / 3, SonnebornBerger: 2},
		{Rank: 3, Name: "c", Points: 1.5, Games: 3, Score: 0.5, SonnebornBerger: 2.25},
		{Rank: 4, Name: "d", Points: 0.5, Games: 3, Score: 0.5 / 3, SonnebornBerger: 0.75},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("standings\n got %v\nwant %v", got, want)
	}

	// Equal on points and SB: the direct encounter decides. x beat y;
	// both lost to and beat z alike.
	pairings = []Pairing{
		{A: "x", B: "y", WDL: wdl(1, 1, 0)}, // x 1.5 - y 0.5
		{A: "x", B: "z", WDL: wdl(0, 0, 2)}, // x 0 - z 2
		{A: "y", B: "z", WDL: wdl(1, 0, 1)}, // y 1 - z 1
		{A: "y", B: "w", WDL: wdl(1, 0, 0)}, // y 1 - w 0 (w: no SB effect, 0 points)
	}
	got = standings([]string{"x", "y", "z", "w"}, pairings, nil, false)
	// Points: x 1.5, y 2.5, z 3, w 0. No tie: plain order.
	if got[0].Name != "z" || got[1].Name != "y" || got[2].Name != "x" {
		t.Errorf("standings %v", got)
	}
	pairings = []Pairing{
		{A: "x", B: "y", WDL: wdl(1, 0, 0)},
		{A: "x", B: "z", WDL: wdl(0, 0, 1)},
		{A: "y", B: "z", WDL: wdl(1, 0, 0)},
	}
	// A 3-cycle: everyone 1 point, SB 1 each; direct encounter within the
	// tied group is 1 each: all share rank 1.
	got = standings([]string{"x", "y", "z"}, pairings, nil, false)
	for _, r := range got {
		if r.Rank != 1 || r.Points != 1 || r.SonnebornBerger != 1 || r.Direct != 1 {
			t.Errorf("3-cycle standing %+v, want all tied at rank 1", r)
		}
	}
}

// TestVariantRatings checks that the ratings of one variant in a
// multivariant summary equal a single-variant summary of the same games.
func TestVariantRatings(t *testing.T) {
	var games []results.Game
	id := 0
	add := func(v, w, b, res string) {
		id++
		games = append(games, results.Game{ID: id, Variant: v, White: w, Black: b, Result: res, Termination: results.TermExtinction})
	}
	for i := 0; i < 3; i++ {
		add("extinction", "a", "b", "1-0")
		add("extinction", "b", "c", "1/2-1/2")
		add("extinction", "c", "a", "0-1")
		add("evolution", "a", "b", "0-1")
		add("evolution", "b", "c", "1-0")
		add("evolution", "c", "a", "1/2-1/2")
	}
	multi, err := Summarize(Meta{Name: "m", Engines: []string{"a", "b", "c"}, Variants: []string{"extinction", "evolution"}}, games)
	if err != nil {
		t.Fatal(err)
	}
	var ext []results.Game
	for _, g := range games {
		if g.Variant == "extinction" {
			ext = append(ext, g)
		}
	}
	single, err := Summarize(Meta{Name: "s", Engines: []string{"a", "b", "c"}, Variants: []string{"extinction"}}, ext)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(multi.VariantRatings["extinction"]) != fmt.Sprint(single.Ratings) {
		t.Errorf("per-variant ratings differ from a single-variant run:\n%v\n%v", multi.VariantRatings["extinction"], single.Ratings)
	}
	if multi.Letters["extinction"] != "E" || multi.Letters["evolution"] != "V" {
		t.Errorf("letters %v", multi.Letters)
	}
	var b strings.Builder
	multi.WriteText(&b)
	// Three games per variant and pairing make a table wider than
	// CrosstableWidth with a cell per game: cells give each variant's score.
	for _, want := range []string{"E3/3 V0/3", "Variants: E=extinction V=evolution", "Ratings in evolution (V):"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
}

// TestTextTables checks the text tables: standings and a crosstable with
// a heading for its total for two players too, no negative zero, inf for
// a perfect score, one order for tied players, a crosstable that keeps
// to CrosstableWidth, and the gauntlet order.
func TestTextTables(t *testing.T) {
	type game struct{ v, w, b, res string }
	summary := func(t *testing.T, meta Meta, gs ...game) (*Summary, string) {
		t.Helper()
		var games []results.Game
		for i, g := range gs {
			games = append(games, results.Game{ID: i + 1, Variant: g.v, White: g.w, Black: g.b, Result: g.res})
		}
		s, err := Summarize(meta, games)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := s.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		return s, b.String()
	}
	lines := func(text string) []string { return strings.Split(text, "\n") }
	ext := "extinction"

	t.Run("two players", func(t *testing.T) {
		_, text := summary(t, Meta{Name: "m", Variants: []string{ext}},
			game{ext, "a", "b", "1-0"}, game{ext, "b", "a", "0-1"})
		for _, want := range []string{"Ranked by points", " Pts\n", " 1 a    -   2/2   2\n",
			// Two games won are not yet proof at 95% that a is stronger.
			"Elo +inf (95%: > -84.1)  LOS 95.2%"} {
			if !strings.Contains(text, want) {
				t.Errorf("text lacks %q:\n%s", want, text)
			}
		}
	})
	t.Run("no negative zero", func(t *testing.T) {
		_, text := summary(t, Meta{Name: "m", Variants: []string{ext}},
			game{ext, "a", "b", "1/2-1/2"}, game{ext, "b", "a", "1/2-1/2"}, game{ext, "c", "a", "1/2-1/2"}, game{ext, "b", "c", "1/2-1/2"})
		if strings.Contains(text, "-0.0") {
			t.Errorf("negative zero:\n%s", text)
		}
	})
	t.Run("ties in one order", func(t *testing.T) {
		// Everyone draws: all tied. The name orders them in both tables.
		s, _ := summary(t, Meta{Name: "m", Variants: []string{ext}, Engines: []string{"zed", "mid", "abe"}},
			game{ext, "zed", "mid", "1/2-1/2"}, game{ext, "mid", "abe", "1/2-1/2"}, game{ext, "abe", "zed", "1/2-1/2"})
		var st, rt []string
		for i := range s.Standings {
			st = append(st, s.Standings[i].Name)
			rt = append(rt, s.Ratings[i].Name)
			if s.Standings[i].Rank != 1 {
				t.Errorf("standing %+v: all tie at rank 1", s.Standings[i])
			}
		}
		if fmt.Sprint(st) != "[abe mid zed]" || fmt.Sprint(rt) != fmt.Sprint(st) {
			t.Errorf("standings %v, ratings %v; want both [abe mid zed]", st, rt)
		}
	})
	t.Run("gauntlet", func(t *testing.T) {
		// The challenger c scores 3/4; x scored 1/2 against it, y 0/2.
		s, text := summary(t, Meta{Name: "g", Variants: []string{ext}, Tournament: "gauntlet", Engines: []string{"c", "x", "y"}},
			game{ext, "c", "x", "1-0"}, game{ext, "x", "c", "1-0"}, game{ext, "c", "y", "1-0"}, game{ext, "y", "c", "0-1"})
		if s.RankedBy != RankByScore || s.Standings[0].Name != "c" || s.Standings[1].Name != "x" || strings.Contains(text, "S-B") {
			t.Errorf("gauntlet standings %+v by %q:\n%s", s.Standings, s.RankedBy, text)
		}
	})
	t.Run("wide multivariant", func(t *testing.T) {
		vs := []string{"extinction", "evolution", "losalamos-bunkers"}
		names := []string{"alpha-one", "bravo-two", "charlie-three", "delta-four", "echo-five", "foxtrot-six", "golf-seven"}
		var gs []game
		for i, w := range names {
			for _, b := range names[i+1:] {
				for _, v := range vs {
					gs = append(gs, game{v, w, b, "1-0"}, game{v, b, w, "1/2-1/2"})
				}
			}
		}
		s, text := summary(t, Meta{Name: "mv", Variants: vs, Engines: names}, gs...)
		for _, l := range lines(text) {
			if len(l) > CrosstableWidth && !strings.Contains(l, " vs ") {
				t.Errorf("line of %d columns: %q", len(l), l)
			}
		}
		if !strings.Contains(text, " Pts\n") || !strings.Contains(text, "E1.5/2 V1.5/2 L1.5/2") {
			t.Errorf("crosstable:\n%s", text)
		}
		// summary.json keeps every game.
		if w := s.Pairings[0].ByVariant["evolution"]; w.Games() != 2 {
			t.Errorf("pairing %+v", s.Pairings[0])
		}
	})
}

// An in-run SPRT whose bounds the results cannot reach continues and
// says why in words, instead of failing the summary.
func TestSPRTOutOfReach(t *testing.T) {
	test, err := stats.NewSPRT(0, 1000, 0.05, 0.05, stats.Normalized)
	if err != nil {
		t.Fatal(err)
	}
	var games []results.Game
	for pair := 1; pair <= 5; pair++ {
		res := []string{"1-0", "0-1", "1/2-1/2", "1-0", "0-1"}[pair-1]
		games = append(games,
			results.Game{ID: 2*pair - 1, Pair: pair, Variant: "extinction", White: "a", Black: "b", Result: res},
			results.Game{ID: 2 * pair, Pair: pair, Variant: "extinction", White: "b", Black: "a", Result: "1/2-1/2"})
	}
	s, err := Summarize(Meta{Name: "s", Variants: []string{"extinction"}, Engines: []string{"a", "b"}, Tournament: "sprt", SPRT: &test}, games)
	if err != nil {
		t.Fatal(err)
	}
	if s.SPRT == nil || s.SPRT.Decision != stats.Continue || !strings.Contains(s.SPRT.Problem, "elo0/elo1 outside what 10 games can resolve") {
		t.Fatalf("sprt state %+v", s.SPRT)
	}
	var b strings.Builder
	s.WriteText(&b)
	if !strings.Contains(b.String(), "SPRT [0, 1000] normalized: no LLR: sprt: elo0/elo1 outside") {
		t.Errorf("text:\n%s", b.String())
	}
}

// TestTallyBootstrapAndGauntlet: a tally's options ask for bootstrap
// errors, which resample its pairs and lone games; Base gives a
// gauntlet table, which a gauntlet run has of its own.
func TestTallyBootstrapAndGauntlet(t *testing.T) {
	var games []results.Game
	id := 0
	add := func(pair int, w, b, res string) {
		id++
		games = append(games, results.Game{ID: id, Pair: pair, White: w, Black: b, Result: res, Termination: results.TermExtinction})
	}
	for p := 1; p <= 30; p++ {
		opp := []string{"x", "y"}[p%2]
		add(p, "base", opp, []string{"1-0", "1/2-1/2", "0-1"}[p%3])
		add(p, opp, "base", []string{"0-1", "1/2-1/2", "1-0", "0-1"}[p%4])
	}
	add(0, "x", "y", "1-0") // a lone game
	tally := NewTally(Meta{Name: "g", Engines: []string{"base", "x", "y"}})
	tally.RatingOptions.Bootstrap, tally.RatingOptions.Seed = 200, 4
	tally.Base = "base"
	for _, g := range games {
		if err := tally.Add(g); err != nil {
			t.Fatal(err)
		}
	}
	s, err := tally.Summary()
	if err != nil {
		t.Fatal(err)
	}
	if s.RatingErrors != stats.ErrorsBootstrap || s.Bootstrap != 200 || s.BootstrapSeed != 4 || s.LOS == nil || s.LOS.From != stats.ErrorsBootstrap {
		t.Errorf("errors %q, %d replicates, seed %d, LOS %+v", s.RatingErrors, s.Bootstrap, s.BootstrapSeed, s.LOS)
	}
	if s.Gauntlet == nil || s.Gauntlet.Base != "base" || len(s.Gauntlet.Rows) != 2 || s.Gauntlet.Rows[0].Pairs.Pairs() != 15 {
		t.Errorf("gauntlet %+v", s.Gauntlet)
	}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Errors: 95% intervals of 200 bootstrap replicates", "(from the bootstrap's replicates):", "Gauntlet of base"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, b.String())
		}
	}
	// A gauntlet run's challenger is its base without asking.
	plain, err := Summarize(Meta{Name: "g", Tournament: "gauntlet", Engines: []string{"x", "base", "y"}}, games[:60])
	if err != nil {
		t.Fatal(err)
	}
	if plain.Gauntlet == nil || plain.Gauntlet.Base != "base" || plain.RatingErrors != stats.ErrorsHessian {
		t.Errorf("gauntlet run: %+v, errors %q", plain.Gauntlet, plain.RatingErrors)
	}
}
