package stats

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func byName(t *testing.T, tab Table) map[string]PlayerRating {
	t.Helper()
	m := map[string]PlayerRating{}
	for i, r := range tab {
		m[r.Name] = r
		if math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0) || math.IsNaN(r.Error) || math.IsInf(r.Error, 0) {
			t.Errorf("non-finite row %+v", r)
		}
		if i > 0 && tab[i-1].Rating < r.Rating {
			t.Errorf("table not sorted at %d: %v < %v", i, tab[i-1].Rating, r.Rating)
		}
	}
	return m
}

// TestRateTwoPlayers checks the hand-computed solution of two players:
// A scored 75% in 100 games, so d = 400·log10(3) = 190.85, and the
// observed information of d is c²·n·E(1-E) with c = ln10/400, E = 0.75.
func TestRateTwoPlayers(t *testing.T) {
	d := 400 * math.Log10(3)
	c := math.Ln10 / 400
	sdD := 1 / math.Sqrt(c*c*100*0.75*0.25) // 40.12 Elo
	names := []string{"A", "B"}
	tests := []struct {
		name   string
		ms     []Matchup
		opts   RatingOptions
		ra, rb float64
		ea, eb float64
	}{
		{"mean 0", []Matchup{{A: 0, B: 1, WDL: WDL{W: 75, L: 25}}}, RatingOptions{PriorDraws: NoPrior},
			d / 2, -d / 2, Z95 * sdD / 2, Z95 * sdD / 2},
		{"draws count half", []Matchup{{A: 0, B: 1, WDL: WDL{W: 50, D: 50}}}, RatingOptions{PriorDraws: NoPrior},
			d / 2, -d / 2, Z95 * sdD / 2, Z95 * sdD / 2},
		{"reversed matchup", []Matchup{{A: 1, B: 0, WDL: WDL{W: 25, L: 75}}}, RatingOptions{PriorDraws: NoPrior},
			d / 2, -d / 2, Z95 * sdD / 2, Z95 * sdD / 2},
		{"split matchups", []Matchup{{A: 0, B: 1, WDL: WDL{W: 40, L: 10}}, {A: 1, B: 0, WDL: WDL{W: 15, L: 35}}}, RatingOptions{PriorDraws: NoPrior},
			d / 2, -d / 2, Z95 * sdD / 2, Z95 * sdD / 2},
		{"mean 1500", []Matchup{{A: 0, B: 1, WDL: WDL{W: 75, L: 25}}}, RatingOptions{Mean: 1500, PriorDraws: NoPrior},
			1500 + d/2, 1500 - d/2, Z95 * sdD / 2, Z95 * sdD / 2},
		{"B anchored at 1000", []Matchup{{A: 0, B: 1, WDL: WDL{W: 75, L: 25}}}, RatingOptions{Anchors: []Anchor{{Name: "B", Rating: 1000}}, PriorDraws: NoPrior},
			1000 + d, 1000, Z95 * sdD, 0},
	}
	for _, tt := range tests {
		tab, err := RateMatchups(names, tt.ms, tt.opts)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		m := byName(t, tab)
		a, b := m["A"], m["B"]
		if !near(a.Rating, tt.ra, 1e-4) || !near(b.Rating, tt.rb, 1e-4) {
			t.Errorf("%s: ratings %v, %v; want %v, %v", tt.name, a.Rating, b.Rating, tt.ra, tt.rb)
		}
		if !near(a.Error, tt.ea, 1e-4) || !near(b.Error, tt.eb, 1e-4) {
			t.Errorf("%s: errors %v, %v; want %v, %v", tt.name, a.Error, b.Error, tt.ea, tt.eb)
		}
		if a.Games != 100 || b.Games != 100 || !near(a.Score, 0.75, 1e-12) || !near(b.Points, 25, 1e-12) {
			t.Errorf("%s: rows %+v %+v", tt.name, a, b)
		}
		if tab[0].Name != "A" {
			t.Errorf("%s: first row %q, want A", tt.name, tab[0].Name)
		}
	}
}

// TestRateGames: individual games give the same table as their counts.
func TestRateGames(t *testing.T) {
	names := []string{"x", "y", "z"}
	var games []Game
	add := func(a, b int, s float64, k int) {
		for range k {
			games = append(games, Game{A: a, B: b, Score: s})
		}
	}
	add(0, 1, 1, 7)
	add(0, 1, 0.5, 5)
	add(1, 0, 1, 3)
	add(1, 2, 0, 4)
	add(2, 0, 0.5, 6)
	add(2, 0, 1, 2)
	got, err := Rate(names, games, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := RateMatchups(names, []Matchup{
		{A: 0, B: 1, WDL: WDL{W: 7, D: 5, L: 3}},
		{A: 1, B: 2, WDL: WDL{L: 4}},
		{A: 2, B: 0, WDL: WDL{W: 2, D: 6}},
	}, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i].Name != want[i].Name || !near(got[i].Rating, want[i].Rating, 1e-6) || !near(got[i].Error, want[i].Error, 1e-6) ||
			got[i].Wins != want[i].Wins || got[i].Draws != want[i].Draws || got[i].Losses != want[i].Losses {
			t.Errorf("row %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	m := byName(t, got)
	if r := m["x"]; r.Wins != 7 || r.Draws != 11 || r.Losses != 5 || r.Games != 23 || !near(r.Points, 12.5, 1e-12) {
		t.Errorf("x: %+v", r)
	}
	if _, err := Rate(names, []Game{{A: 0, B: 1, Score: 0.25}}, RatingOptions{}); err == nil {
		t.Error("score 0.25 accepted")
	}
}

// TestRateConsistentPool: when every pairing's score is exactly what the
// model predicts for some ratings, the maximum-likelihood ratings (without
// a prior) are those ratings, whatever the numbers of games.
func TestRateConsistentPool(t *testing.T) {
	d := 400 * math.Log10(3) // 75% ⇔ 190.85; 90% = 9:1 odds ⇔ 2d
	names := []string{"C", "A", "B"}
	ms := []Matchup{
		{A: 1, B: 2, WDL: WDL{W: 20, D: 20, L: 0}},  // A-B: 30/40 = 75%
		{A: 2, B: 0, WDL: WDL{W: 75, D: 30, L: 15}}, // B-C: 90/120 = 75%
		{A: 0, B: 1, WDL: WDL{W: 1, D: 2, L: 17}},   // C-A: 2/20 = 10%
	}
	tab, err := RateMatchups(names, ms, RatingOptions{PriorDraws: NoPrior, Anchors: []Anchor{{Name: "B", Rating: 2000}}})
	if err != nil {
		t.Fatal(err)
	}
	m := byName(t, tab)
	for name, want := range map[string]float64{"A": 2000 + d, "B": 2000, "C": 2000 - d} {
		if got := m[name].Rating; !near(got, want, 1e-4) {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	if m["B"].Error != 0 || !(m["A"].Error > 0) || !(m["C"].Error > 0) {
		t.Errorf("errors: %+v", tab)
	}
}

// TestRateRecoversRatings: counts that follow the model for known ratings
// (rounded to whole games) give back those ratings within a few Elo.
func TestRateRecoversRatings(t *testing.T) {
	truth := []float64{310, 120, 0, -45, -385}
	names := []string{"p0", "p1", "p2", "p3", "p4"}
	var ms []Matchup
	for i := range truth {
		for j := i + 1; j < len(truth); j++ {
			e := ExpectedScore(truth[i] - truth[j])
			// 2000 games scoring 2000·e points, with some draws.
			d := int(math.Round(1200 * math.Min(e, 1-e)))
			w := int(math.Round(2000*e - float64(d)/2))
			ms = append(ms, Matchup{A: i, B: j, WDL: WDL{W: w, D: d, L: 2000 - d - w}})
		}
	}
	// With 8000 games a player, the default prior moves ratings by a
	// fraction of an Elo point.
	plain, err := RateMatchups(names, ms, RatingOptions{PriorDraws: NoPrior})
	if err != nil {
		t.Fatal(err)
	}
	prior, err := RateMatchups(names, ms, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range plain {
		if plain[i].Name != prior[i].Name || !near(plain[i].Rating, prior[i].Rating, 0.5) || !near(plain[i].Error, prior[i].Error, 0.1) {
			t.Errorf("prior moved %+v to %+v", plain[i], prior[i])
		}
	}
	for _, opts := range []RatingOptions{{PriorDraws: NoPrior, Anchors: []Anchor{{Name: "p2"}}}, {Anchors: []Anchor{{Name: "p2"}}}, {PriorDraws: 5, Anchors: []Anchor{{Name: "p2"}}}} {
		tab, err := RateMatchups(names, ms, opts)
		if err != nil {
			t.Fatal(err)
		}
		m := byName(t, tab)
		for i, name := range names {
			if got := m[name].Rating; !near(got, truth[i], 1.5) {
				t.Errorf("%+v: %s = %v, want %v", opts, name, got, truth[i])
			}
			if i != 2 && !(m[name].Error > 5 && m[name].Error < 30) {
				t.Errorf("%+v: %s error = %v", opts, name, m[name].Error)
			}
		}
	}
}

func TestRatePerfectScores(t *testing.T) {
	names := []string{"strong", "mid", "weak"}
	ms := []Matchup{
		{A: 0, B: 1, WDL: WDL{W: 10}},
		{A: 0, B: 2, WDL: WDL{W: 10}},
		{A: 1, B: 2, WDL: WDL{W: 6, D: 2, L: 2}},
	}
	if _, err := RateMatchups(names, ms, RatingOptions{PriorDraws: NoPrior}); !errors.Is(err, ErrDivergent) {
		t.Errorf("no prior: err = %v, want ErrDivergent", err)
	}
	for _, prior := range []float64{0, 0.5, 2} {
		tab, err := RateMatchups(names, ms, RatingOptions{PriorDraws: prior})
		if err != nil {
			t.Fatalf("prior %v: %v", prior, err)
		}
		m := byName(t, tab)
		s, mid, w := m["strong"], m["mid"], m["weak"]
		if !(s.Rating > mid.Rating && mid.Rating > w.Rating) {
			t.Errorf("prior %v: order %+v", prior, tab)
		}
		if !near(s.Rating+mid.Rating+w.Rating, 0, 1e-6) {
			t.Errorf("prior %v: mean not 0: %+v", prior, tab)
		}
		if !(s.Rating > 200 && s.Rating < 1500) || !(s.Error > 0) {
			t.Errorf("prior %v: strong = %+v", prior, s)
		}
		if s.Score != 1 || w.Score != 0.15 {
			t.Errorf("prior %v: scores %v %v", prior, s.Score, w.Score)
		}
	}
	// A smaller prior lets the perfect score count for more.
	t1, _ := RateMatchups(names, ms, RatingOptions{PriorDraws: 0.5})
	t2, _ := RateMatchups(names, ms, RatingOptions{PriorDraws: 2})
	if !(t1[0].Rating > t2[0].Rating) {
		t.Errorf("prior 0.5 gives %v, prior 2 gives %v", t1[0].Rating, t2[0].Rating)
	}
	// One player lost every game.
	ms = []Matchup{{A: 0, B: 1, WDL: WDL{W: 3, L: 3}}, {A: 2, B: 0, WDL: WDL{L: 5}}, {A: 2, B: 1, WDL: WDL{L: 5}}}
	if _, err := RateMatchups(names, ms, RatingOptions{PriorDraws: NoPrior}); !errors.Is(err, ErrDivergent) {
		t.Errorf("0%% score, no prior: err = %v, want ErrDivergent", err)
	}
	tab, err := RateMatchups(names, ms, RatingOptions{Anchors: []Anchor{{Name: "weak", Rating: 100}}})
	if err != nil {
		t.Fatal(err)
	}
	if m := byName(t, tab); m["weak"].Rating != 100 || m["weak"].Error != 0 || !(m["strong"].Rating > 100) {
		t.Errorf("anchored at the 0%% player: %+v", tab)
	}
}

func TestRateDegenerate(t *testing.T) {
	// No players.
	tab, err := RateMatchups(nil, nil, RatingOptions{})
	if err != nil || len(tab) != 0 {
		t.Errorf("no players: %v, %v", tab, err)
	}
	// One player, no games.
	tab, err = Rate([]string{"solo"}, nil, RatingOptions{Mean: 1234, PriorDraws: NoPrior})
	if err != nil || len(tab) != 1 || tab[0].Rating != 1234 || tab[0].Error != 0 || tab[0].Score != 0 {
		t.Errorf("one player: %+v, %v", tab, err)
	}
	// Players without games: finite with the prior, divergent without.
	names := []string{"a", "b", "idle"}
	ms := []Matchup{{A: 0, B: 1, WDL: WDL{W: 5, D: 5, L: 5}}}
	if _, err := RateMatchups(names, ms, RatingOptions{PriorDraws: NoPrior}); !errors.Is(err, ErrDivergent) {
		t.Errorf("idle player, no prior: err = %v", err)
	}
	tab, err = RateMatchups(names, ms, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := byName(t, tab)
	if !near(m["idle"].Rating, 0, 1e-6) || !near(m["a"].Rating, 0, 1e-6) || !(m["idle"].Error > m["a"].Error) {
		t.Errorf("idle player: %+v", tab)
	}
	// No games at all.
	tab, err = RateMatchups(names, nil, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range tab {
		if !near(r.Rating, 0, 1e-9) || !(r.Error > 0) || math.IsInf(r.Error, 0) {
			t.Errorf("no games: %+v", r)
		}
	}
	// Two groups that never met.
	names = []string{"a", "b", "c", "d"}
	ms = []Matchup{{A: 0, B: 1, WDL: WDL{W: 5, L: 3}}, {A: 2, B: 3, WDL: WDL{W: 4, L: 4}}}
	if _, err := RateMatchups(names, ms, RatingOptions{PriorDraws: NoPrior}); !errors.Is(err, ErrDivergent) {
		t.Errorf("disconnected, no prior: err = %v", err)
	}
	if _, err := RateMatchups(names, ms, RatingOptions{}); err != nil {
		t.Errorf("disconnected, prior: %v", err)
	}
}

func TestRateErrors(t *testing.T) {
	names := []string{"a", "b"}
	tests := []struct {
		name string
		ms   []Matchup
		opts RatingOptions
	}{
		{"index", []Matchup{{A: 0, B: 2, WDL: WDL{W: 1}}}, RatingOptions{}},
		{"negative index", []Matchup{{A: -1, B: 0, WDL: WDL{W: 1}}}, RatingOptions{}},
		{"self", []Matchup{{A: 1, B: 1, WDL: WDL{W: 1}}}, RatingOptions{}},
		{"negative count", []Matchup{{A: 0, B: 1, WDL: WDL{W: 3, L: -1}}}, RatingOptions{}},
		{"unknown anchor", []Matchup{{A: 0, B: 1, WDL: WDL{W: 1, L: 1}}}, RatingOptions{Anchors: []Anchor{{Name: "c"}}}},
		{"NaN anchor rating", []Matchup{{A: 0, B: 1, WDL: WDL{W: 1, L: 1}}}, RatingOptions{Mean: math.NaN()}},
		{"NaN prior", []Matchup{{A: 0, B: 1, WDL: WDL{W: 1, L: 1}}}, RatingOptions{PriorDraws: math.NaN()}},
	}
	for _, tt := range tests {
		if tab, err := RateMatchups(names, tt.ms, tt.opts); err == nil {
			t.Errorf("%s: got %+v, want error", tt.name, tab)
		}
	}
}

// TestBTModelDerivatives compares Grad and the Hessian with finite
// differences.
func TestBTModelDerivatives(t *testing.T) {
	m := &btModel{n: 4, prior: 1.5, pairs: []pairing{
		{i: 0, j: 1, n: 10, pts: 6.5}, {i: 0, j: 2, n: 4, pts: 4}, {i: 1, j: 3, n: 7, pts: 2}, {i: 2, j: 3, n: 3, pts: 1.5},
	}}
	x := []float64{0.3, -0.2, 0.9, -1.1}
	g := make([]float64, 4)
	m.Grad(g, x)
	h := m.hessian(x)
	const eps = 1e-6
	for k := range x {
		xp := append([]float64(nil), x...)
		xm := append([]float64(nil), x...)
		xp[k] += eps
		xm[k] -= eps
		if fd := (m.Func(xp) - m.Func(xm)) / (2 * eps); !near(g[k], fd, 1e-6) {
			t.Errorf("grad[%d] = %v, finite difference %v", k, g[k], fd)
		}
		gp, gm := make([]float64, 4), make([]float64, 4)
		m.Grad(gp, xp)
		m.Grad(gm, xm)
		for l := range x {
			if fd := (gp[l] - gm[l]) / (2 * eps); !near(h.At(k, l), fd, 1e-5) {
				t.Errorf("hessian[%d][%d] = %v, finite difference %v", k, l, h.At(k, l), fd)
			}
		}
	}
	// Shift invariance: the gradient sums to zero.
	if s := g[0] + g[1] + g[2] + g[3]; !near(s, 0, 1e-12) {
		t.Errorf("gradient sum = %v", s)
	}
}

func TestLogSigmoid(t *testing.T) {
	for _, z := range []float64{-800, -30, -1, 0, 1, 30, 800} {
		got := logSigmoid(z)
		want := math.Log(sigmoid(z))
		if z == -800 {
			want = -800
		}
		if math.IsNaN(got) || math.IsInf(got, 0) || !near(got, want, 1e-9*math.Max(1, math.Abs(want))) {
			t.Errorf("logSigmoid(%v) = %v, want %v", z, got, want)
		}
	}
}

func TestFixedSigned(t *testing.T) {
	tests := []struct {
		x      float64
		prec   int
		fixed  string
		signed string
	}{
		{-0.04, 1, "0.0", "+0.0"},
		{math.Copysign(0, -1), 1, "0.0", "+0.0"},
		{-0.05001, 1, "-0.1", "-0.1"},
		{0.04, 1, "0.0", "+0.0"},
		{12.25, 2, "12.25", "+12.25"},
		{-3, 0, "-3", "-3"},
		{-0.4, 0, "0", "+0"},
	}
	for _, tt := range tests {
		if f, s := Fixed(tt.x, tt.prec), Signed(tt.x, tt.prec); f != tt.fixed || s != tt.signed {
			t.Errorf("Fixed, Signed(%g, %d) = %q, %q; want %q, %q", tt.x, tt.prec, f, s, tt.fixed, tt.signed)
		}
	}
}

// TestRatingTies checks that players with equal ratings are listed by
// score, then name, whatever the order they were given in.
func TestRatingTies(t *testing.T) {
	draw := WDL{D: 1}
	table, err := RateMatchups([]string{"zed", "mid", "abe"}, []Matchup{{A: 0, B: 1, WDL: draw}, {A: 1, B: 2, WDL: draw}, {A: 2, B: 0, WDL: draw}}, RatingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	table.Write(&b)
	if table[0].Name != "abe" || table[1].Name != "mid" || table[2].Name != "zed" || strings.Contains(b.String(), "-0.0") {
		t.Errorf("table:\n%s", b.String())
	}
}
