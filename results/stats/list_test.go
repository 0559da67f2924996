package stats

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// TestRateSeveralAnchors: two anchors keep their ratings exactly, with no
// error; the third player is fitted between them.
func TestRateSeveralAnchors(t *testing.T) {
	names := []string{"a", "b", "c"}
	ms := []Matchup{
		{A: 0, B: 2, WDL: WDL{W: 60, D: 20, L: 20}},
		{A: 2, B: 1, WDL: WDL{W: 60, D: 20, L: 20}},
		{A: 0, B: 1, WDL: WDL{W: 70, D: 20, L: 10}},
	}
	for _, bootstrap := range []int{0, 200} {
		l, err := RateList(context.Background(), names, ms, RatingOptions{
			Anchors: []Anchor{{"a", 2800}, {"b", 2400}}, Bootstrap: bootstrap, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		m := byName(t, l.Table)
		if m["a"].Rating != 2800 || m["b"].Rating != 2400 || m["a"].Error != 0 || m["b"].Error != 0 {
			t.Errorf("bootstrap %d: anchors moved: %+v", bootstrap, l.Table)
		}
		if c := m["c"]; !(c.Rating > 2450 && c.Rating < 2750 && c.Error > 0 && c.Lower < c.Rating && c.Rating < c.Upper) {
			t.Errorf("bootstrap %d: c = %+v", bootstrap, c)
		}
		if d, err := l.Diff("a", "b"); err != nil || d.Value != 400 || d.Error != 0 {
			t.Errorf("bootstrap %d: a - b = %+v, %v", bootstrap, d, err)
		}
	}
	// One anchor is the old form: the others move with it by a shift.
	one, err := RateMatchups(names, ms, RatingOptions{Anchors: []Anchor{{"c", 1000}}})
	if err != nil {
		t.Fatal(err)
	}
	mean, err := RateMatchups(names, ms, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a, b := byName(t, one), byName(t, mean)
	for _, n := range names {
		if !near(a[n].Rating-a["c"].Rating, b[n].Rating-b["c"].Rating, 1e-6) {
			t.Errorf("%s: %v with c anchored, %v with the mean", n, a[n].Rating, b[n].Rating)
		}
	}
	for _, bad := range [][]Anchor{{{"a", 1}, {"a", 2}}, {{"z", 0}}, {{"a", math.NaN()}}, {{"a", 2e6}}} {
		if _, err := RateMatchups(names, ms, RatingOptions{Anchors: bad}); err == nil {
			t.Errorf("anchors %v: no error", bad)
		}
	}
}

// TestRateGamesPairs: games with pair numbers give the table and the
// bootstrap of their matchups counted by hand.
func TestRateGamesPairs(t *testing.T) {
	names := []string{"x", "y"}
	games := []Game{
		{A: 0, B: 1, Score: 1, Pair: 1}, {A: 1, B: 0, Score: 0.5, Pair: 1}, // x: 1 + 0.5
		{A: 0, B: 1, Score: 0, Pair: 2}, {A: 1, B: 0, Score: 0, Pair: 2}, // x: 0 + 1
		{A: 1, B: 0, Score: 1, Pair: 3}, // alone in its pair
		{A: 0, B: 1, Score: 0.5},        // no pair
	}
	ms := []Matchup{{A: 0, B: 1, WDL: WDL{W: 2, D: 2, L: 2}, Pairs: Penta{0, 0, 1, 1, 0}, Lone: WDL{D: 1, L: 1}}}
	opts := RatingOptions{Bootstrap: 100, Seed: 9}
	g, err := RateGames(context.Background(), names, games, opts)
	if err != nil {
		t.Fatal(err)
	}
	m, err := RateList(context.Background(), names, ms, opts)
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Table {
		if g.Table[i] != m.Table[i] {
			t.Errorf("row %d: %+v from games, %+v from the matchup", i, g.Table[i], m.Table[i])
		}
	}
	bad := []Matchup{{A: 0, B: 1, WDL: WDL{W: 2, D: 2, L: 2}, Pairs: Penta{0, 0, 1, 1, 0}}}
	if _, err := RateMatchups(names, bad, RatingOptions{}); err == nil || !strings.Contains(err.Error(), "do not add up") {
		t.Errorf("pairs without their lone games: %v", err)
	}
}

// TestBootstrapDeterministic: a seed gives the same numbers whatever the
// number of goroutines; another seed others.
func TestBootstrapDeterministic(t *testing.T) {
	list := simList{Players: 5, Spread: 100, Pairs: 20, Draw: 0.4, White: 30, Opening: 60}
	names, _, ms := list.simulate(rand.New(rand.NewPCG(5, 5)))
	rate := func(seed uint64, procs int) *RatingList {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		l, err := RateList(context.Background(), names, ms, RatingOptions{Bootstrap: 300, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	a, b, c := rate(1, 1), rate(1, 4), rate(2, 2)
	for i := range a.Table {
		if a.Table[i] != b.Table[i] {
			t.Errorf("seed 1: row %d is %+v on 1 goroutine, %+v on 4", i, a.Table[i], b.Table[i])
		}
		for j := range a.LOS[i] {
			if a.LOS[i][j] != b.LOS[i][j] {
				t.Errorf("seed 1: LOS[%d][%d] %v on 1 goroutine, %v on 4", i, j, a.LOS[i][j], b.LOS[i][j])
			}
		}
	}
	if a.Table[0].Lower == c.Table[0].Lower && a.Table[1].Upper == c.Table[1].Upper {
		t.Errorf("seeds 1 and 2 gave the same intervals")
	}
}

// TestBootstrapAgainstHessian: for lone games without draws the
// Hessian's binomial model is the truth, and the bootstrap agrees with
// it; pairs whose two games pull against each other (the opening's bias
// to White) spread less than independent games, which only the
// bootstrap sees.
func TestBootstrapAgainstHessian(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	names := []string{"a", "b", "c"}
	var lone []Matchup
	for i := range 3 {
		for j := i + 1; j < 3; j++ {
			m := Matchup{A: i, B: j}
			e := ExpectedScore(float64(50 * (j - i)))
			for range 2000 {
				m.Add(simGame(rng, e, 0))
			}
			lone = append(lone, m)
		}
	}
	h, err := RateList(context.Background(), names, lone, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := RateList(context.Background(), names, lone, RatingOptions{Bootstrap: 2000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range h.Table {
		if r := b.Table[i].Error / h.Table[i].Error; r < 0.9 || r > 1.1 {
			t.Errorf("%s: bootstrap ±%.1f, Hessian ±%.1f", h.Table[i].Name, b.Table[i].Error, h.Table[i].Error)
		}
	}
	paired := simList{Players: 3, Spread: 50, Pairs: 1000, Draw: 0.5, White: 30, Opening: 150}
	names, _, ms := paired.simulate(rng)
	h, _ = RateList(context.Background(), names, ms, RatingOptions{})
	b, _ = RateList(context.Background(), names, ms, RatingOptions{Bootstrap: 1000, Seed: 1})
	for i := range h.Table {
		if r := b.Table[i].Error / h.Table[i].Error; r > 0.8 {
			t.Errorf("%s with draws and paired openings: bootstrap ±%.1f, Hessian ±%.1f", h.Table[i].Name, b.Table[i].Error, h.Table[i].Error)
		}
	}
}

// TestLOSMatrix: LOS[i][j] + LOS[j][i] = 1, ½ on the diagonal, and the
// better rated player more likely stronger; from either source.
func TestLOSMatrix(t *testing.T) {
	list := simList{Players: 4, Spread: 100, Pairs: 40, Draw: 0.4, White: 30, Opening: 60}
	names, _, ms := list.simulate(rand.New(rand.NewPCG(3, 3)))
	for _, reps := range []int{0, 500} {
		l, err := RateList(context.Background(), names, ms, RatingOptions{Bootstrap: reps, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		m := l.LOSMatrix()
		want := map[int]string{0: ErrorsHessian, 500: ErrorsBootstrap}[reps]
		if m.From != want || len(m.Names) != 4 || m.Names[0] != l.Table[0].Name {
			t.Errorf("%d replicates: from %q, names %v", reps, m.From, m.Names)
		}
		for i := range m.P {
			for j := range m.P {
				if !near(m.P[i][j]+m.P[j][i], 1, 1e-12) || (i < j && m.P[i][j] < 0.5) {
					t.Errorf("%d replicates: LOS[%d][%d] = %v, LOS[%d][%d] = %v", reps, i, j, m.P[i][j], j, i, m.P[j][i])
				}
			}
		}
		var b strings.Builder
		if err := m.Write(&b, 100); err != nil || !strings.Contains(b.String(), "\n1 "+m.Names[0]+" ") {
			t.Errorf("%v\n%s", err, b.String())
		}
	}
}

// TestBootstrapStops: a cancelled context stops the bootstrap; without a
// prior, a replicate in which someone wins everything is an error, not
// a made-up rating.
func TestBootstrapStops(t *testing.T) {
	names := []string{"a", "b"}
	ms := []Matchup{{A: 0, B: 1, WDL: WDL{W: 5, L: 1}}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RateList(ctx, names, ms, RatingOptions{Bootstrap: 100}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := RateList(context.Background(), names, ms, RatingOptions{Bootstrap: 100, PriorDraws: NoPrior}); !errors.Is(err, ErrDivergent) {
		t.Errorf("no prior: %v", err)
	}
	if _, err := RateList(context.Background(), names, ms, RatingOptions{Bootstrap: MaxBootstrapValues}); err == nil {
		t.Error("a bootstrap beyond MaxBootstrapValues: no error")
	}
}

// TestGauntlet: each opponent's Elo to the base from their pairs, the
// base's matchups turned round.
func TestGauntlet(t *testing.T) {
	names := []string{"base", "x", "y", "z"}
	ms := []Matchup{
		{A: 0, B: 1, WDL: WDL{W: 4, D: 1, L: 1}, Pairs: Penta{0, 0, 1, 1, 1}}, // base ahead of x
		{A: 2, B: 0, WDL: WDL{W: 1, D: 0, L: 1}},                              // y: games only
		{A: 1, B: 2, WDL: WDL{W: 1}},                                          // not the base's
	}
	g, err := GauntletOf("base", names, ms)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Rows) != 2 || g.Rows[0].Opponent != "x" || g.Rows[1].Opponent != "y" {
		t.Fatalf("rows %+v", g.Rows)
	}
	x, y := g.Rows[0], g.Rows[1]
	if x.WDL != (WDL{W: 1, D: 1, L: 4}) || x.Pairs != (Penta{1, 1, 1, 0, 0}) || !x.FromPairs || !(x.Elo.Elo.Value < 0) {
		t.Errorf("x: %+v", x)
	}
	if y.FromPairs || y.Elo.Games != 2 || y.Elo.Elo.Value != 0 {
		t.Errorf("y: %+v", y)
	}
	var b strings.Builder
	if err := g.Write(&b, func(in Interval, _ float64) string { return Fixed(in.Value, 1) }); err != nil || !strings.Contains(b.String(), "none (from games)") {
		t.Errorf("%v\n%s", err, b.String())
	}
	if _, err := GauntletOf("w", names, ms); err == nil {
		t.Error("unknown base: no error")
	}
}
