package stats

import (
	"errors"
	"math"
	"testing"
)

// near reports whether got is within tol of want (and neither is NaN).
func near(got, want, tol float64) bool {
	return !math.IsNaN(got) && math.Abs(got-want) <= tol
}

func TestExpectedScoreAndEloFromScore(t *testing.T) {
	tests := []struct {
		elo, score float64
	}{
		{0, 0.5},
		{400, 10.0 / 11},
		{-400, 1.0 / 11},
		{800, 100.0 / 101},
		{400 * math.Log10(3), 0.75},
	}
	for _, tt := range tests {
		if got := ExpectedScore(tt.elo); !near(got, tt.score, 1e-12) {
			t.Errorf("ExpectedScore(%v) = %v, want %v", tt.elo, got, tt.score)
		}
		if got := EloFromScore(tt.score); !near(got, tt.elo, 1e-9) {
			t.Errorf("EloFromScore(%v) = %v, want %v", tt.score, got, tt.elo)
		}
	}
	// Clamped like fishtest's stat_util.elo: 0.999 → 400·log10(999).
	clamp := 400 * math.Log10(999)
	for _, tt := range []struct{ score, want float64 }{
		{1, clamp}, {0.9999, clamp}, {0, -clamp}, {-3, -clamp}, {2, clamp},
	} {
		if got := EloFromScore(tt.score); !near(got, tt.want, 1e-9) {
			t.Errorf("EloFromScore(%v) = %v, want %v", tt.score, got, tt.want)
		}
	}
	if got := EloFromScore(math.NaN()); !math.IsNaN(got) {
		t.Errorf("EloFromScore(NaN) = %v, want NaN", got)
	}
}

func TestPhi(t *testing.T) {
	for _, tt := range []struct{ x, want float64 }{
		{0, 0.5}, {Z95, 0.975}, {-Z95, 0.025}, {5, 0.9999997133484282},
	} {
		if got := Phi(tt.x); !near(got, tt.want, 1e-12) {
			t.Errorf("Phi(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}

func TestWDLCounts(t *testing.T) {
	var r WDL
	for _, s := range []float64{1, 1, 0.5, 0, 1} {
		if err := r.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Add(0.7); err == nil {
		t.Error("Add(0.7) succeeded, want error")
	}
	if want := (WDL{W: 3, D: 1, L: 1}); r != want {
		t.Fatalf("counts = %v, want %v", r, want)
	}
	if r.Games() != 5 || r.Samples() != 5 || r.Points() != 3.5 || r.Score() != 0.7 || r.DrawRatio() != 0.2 {
		t.Errorf("%v: games %d samples %d points %v score %v draws %v", r, r.Games(), r.Samples(), r.Points(), r.Score(), r.DrawRatio())
	}
	if s := r.String(); s != "3-1-1" {
		t.Errorf("String = %q", s)
	}
	var zero WDL
	if zero.Score() != 0.5 || zero.DrawRatio() != 0 {
		t.Errorf("empty WDL: score %v draw ratio %v, want 0.5 and 0", zero.Score(), zero.DrawRatio())
	}
}

func TestPentaCounts(t *testing.T) {
	tests := []struct {
		first, second float64
		want          int
	}{
		{0, 0, PairLL},
		{0, 0.5, PairLD},
		{0.5, 0, PairLD},
		{0.5, 0.5, PairDDorWL},
		{1, 0, PairDDorWL},
		{0, 1, PairDDorWL},
		{1, 0.5, PairWD},
		{0.5, 1, PairWD},
		{1, 1, PairWW},
	}
	var p Penta
	for _, tt := range tests {
		got, err := PairIndex(tt.first, tt.second)
		if err != nil || got != tt.want {
			t.Errorf("PairIndex(%v, %v) = %d, %v; want %d", tt.first, tt.second, got, err, tt.want)
		}
		if err := p.AddPair(tt.first, tt.second); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := PairIndex(1, 0.25); err == nil {
		t.Error("PairIndex(1, 0.25) succeeded, want error")
	}
	if err := p.AddPair(2, 0); err == nil {
		t.Error("AddPair(2, 0) succeeded, want error")
	}
	if want := (Penta{1, 2, 3, 2, 1}); p != want {
		t.Fatalf("counts = %v, want %v", p, want)
	}
	if p.Pairs() != 9 || p.Games() != 18 || p.Samples() != 9 || p.Points() != 9 || p.Score() != 0.5 || p.DrawRatio() != 3.0/9 {
		t.Errorf("%v: pairs %d games %d points %v score %v", p, p.Pairs(), p.Games(), p.Points(), p.Score())
	}
	if s := p.String(); s != "[1, 2, 3, 2, 1]" {
		t.Errorf("String = %q", s)
	}
	if s := (Penta{}).Score(); s != 0.5 {
		t.Errorf("empty Penta score = %v, want 0.5", s)
	}
}

// TestSummarizeHandComputed checks Summarize against values worked out by
// hand from the formulas in the package documentation: the score and its
// spread, and ends of the interval where the deviance is Z95².
func TestSummarizeHandComputed(t *testing.T) {
	t.Run("WDL 60-20-20", func(t *testing.T) {
		// s = 0.7; σ² = .6·.3² + .2·.2² + .2·.7² = 0.16.
		s, err := Summarize(WDL{W: 60, D: 20, L: 20})
		if err != nil {
			t.Fatal(err)
		}
		elo := func(x float64) float64 { return 400 * math.Log10(x/(1-x)) }
		checks := []struct {
			name      string
			got, want float64
		}{
			{"score", s.Score, 0.7},
			{"stddev", s.StdDev, 0.4},
			{"elo", s.Elo.Value, elo(0.7)}, // 147.19
			{"elo error", s.Elo.Error, (s.Elo.Upper - s.Elo.Lower) / 2},
			{"nelo", s.NElo.Value, 0.2 / 0.4 * 800 / math.Ln10}, // 173.72
		}
		for _, c := range checks {
			if !near(c.got, c.want, 1e-9) {
				t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
			}
		}
		// The ends: the most likely distribution with mean μ puts
		// pᵢ = p̂ᵢ/(1+θ(aᵢ-μ)); its deviance there is Z95².
		d := newDist(WDL{W: 60, D: 20, L: 20})
		for _, e := range []float64{s.Elo.Lower, s.Elo.Upper} {
			dev, _, err := d.deviance(ExpectedScore(e))
			if err != nil || !near(dev, Z95*Z95, 1e-6) {
				t.Errorf("deviance at Elo %v = %v, %v; want %v", e, dev, err, Z95*Z95)
			}
		}
		// Within a few Elo of the normal interval 0.7 ± 1.96·0.04 on
		// 100 games, and asymmetric the same way (longer towards 50%).
		if lo := elo(0.7 - Z95*0.04); !near(s.Elo.Lower, lo, 5) {
			t.Errorf("elo lower = %v, want near the normal %v", s.Elo.Lower, lo)
		}
		if hi := elo(0.7 + Z95*0.04); !near(s.Elo.Upper, hi, 5) {
			t.Errorf("elo upper = %v, want near the normal %v", s.Elo.Upper, hi)
		}
		if !near(s.LOS, Phi(5), 1e-5) {
			t.Errorf("LOS = %v, want near Φ(5)", s.LOS)
		}
	})
	t.Run("Penta 5-10-20-10-5", func(t *testing.T) {
		// Pair scores 0, ¼, ½, ¾, 1 with frequencies .1 .2 .4 .2 .1:
		// s = ½, σ²_pair = 2(.1·¼ + .2·1/16) = 0.075, σ_game = √0.15.
		s, err := Summarize(Penta{5, 10, 20, 10, 5})
		if err != nil {
			t.Fatal(err)
		}
		checks := []struct {
			name      string
			got, want float64
		}{
			{"score", s.Score, 0.5},
			{"stddev", s.StdDev, math.Sqrt(0.15)},
			{"elo", s.Elo.Value, 0},
			{"symmetric", s.Elo.Lower, -s.Elo.Upper},
			{"elo error", s.Elo.Error, s.Elo.Upper},
			{"nelo", s.NElo.Value, 0},
			{"los", s.LOS, 0.5},
		}
		for _, c := range checks {
			if !near(c.got, c.want, 1e-9) {
				t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
			}
		}
		// The normal interval has half width EloFromScore(½ + 1.96·σ/√N)
		// = 53.2; the likelihood ratio's is 53.6.
		if normal := EloFromScore(0.5 + Z95*math.Sqrt(0.075/50)); !near(s.Elo.Error, normal, 1) {
			t.Errorf("elo error = %v, want near the normal %v", s.Elo.Error, normal)
		}
		if s.Games != 100 || s.Samples != 50 || s.Points != 50 {
			t.Errorf("games %d samples %d points %v", s.Games, s.Samples, s.Points)
		}
	})
}

// TestSummarizeSmallSamples: a few pairs leave most Elo differences
// possible. One pair of a win and a loss was once Elo ±34 (the spread of
// the regularized outcomes), while nElo on the same line said ±480.
func TestSummarizeSmallSamples(t *testing.T) {
	tests := []struct {
		o        Outcomes
		minError float64 // half width of the Elo interval at least
		lower    float64 // the Elo interval's lower end at most
		losBelow float64
	}{
		{Penta{0, 0, 1, 0, 0}, 400, -400, 0.51},
		{Penta{0, 0, 2, 0, 0}, 200, -200, 0.51},
		{Penta{0, 0, 0, 0, 1}, 500, -200, 0.95}, // won both games of one pair: not yet sure
		{WDL{W: 1, L: 1}, 400, -400, 0.51},
		{WDL{D: 1}, 400, -400, 0.51},
	}
	for _, tt := range tests {
		s, err := Summarize(tt.o)
		if err != nil {
			t.Fatal(err)
		}
		if s.Elo.Error < tt.minError || s.Elo.Lower > tt.lower || s.LOS >= tt.losBelow {
			t.Errorf("%v: Elo %+v, LOS %v: want a half width of at least %v, a lower end below %v, LOS below %v",
				tt.o, s.Elo, s.LOS, tt.minError, tt.lower, tt.losBelow)
		}
	}
}

// TestSummarizePublished checks Summarize against numbers published by
// fastchess, whose EloWDL/EloPentanomial use the normal intervals that the
// likelihood ratio's agree with on these samples of hundreds of games or
// more.
func TestSummarizePublished(t *testing.T) {
	tests := []struct {
		source        string
		o             Outcomes
		elo, eloErr   float64 // NaN: not published
		nelo, neloErr float64
		los           float64 // in percent; NaN: not published
		// relative: doctest::Approx(want).epsilon(0.01), i.e. within
		// 1% of max(1, |want|); otherwise within 0.005 (printed with two
		// decimals).
		relative bool
	}{
		// fastchess app/tests/elo_test.cpp (Disservin/fastchess), checked
		// with doctest::Approx(...).epsilon(0.01); Stats(w, l, d) and
		// Stats(ll, ld, wl, dd, wd, ww).
		{"fastchess EloWDL 1", WDL{W: 76, L: 89, D: 123}, math.NaN(), math.NaN(), -20.76, 40.13, 15.53, true},
		{"fastchess EloWDL 2", WDL{W: 136, L: 96, D: 111}, 40.70, 30.43, 49.77, 36.77, 99.60, true},
		{"fastchess EloWDL 3", WDL{W: 34, L: 356, D: 0}, math.NaN(), math.NaN(), -508.44, 34.48, math.NaN(), true},
		{"fastchess EloPentanomial 1", Penta{34, 54, 31 + 32, 64, 75}, 55.58, 27.65, 57.94, 28.28, 100.00, true},
		{"fastchess EloPentanomial 2", Penta{332, 433, 457 + 41, 333, 334}, -8.64, 10.33, -9.17, 10.96, 5.05, true},
		{"fastchess EloPentanomial 3", Penta{7895, 8757, 5485 + 200, 568, 9999}, -21.04, 2.95, -19.01, 2.65, math.NaN(), true},
		// fastchess match report published in the Zeno engine's repository
		// (Toudonou/zeno, "Zeno doubled-passed-pawns vs Zeno develop"):
		// "Elo: 19.83 +/- 6.77, nElo: 24.25 +/- 8.26, LOS: 100.00 %",
		// "Ptnml(0-2): [352, 579, 1264, 743, 464]"; printed to 2 decimals.
		{"fastchess report (Zeno)", Penta{352, 579, 1264, 743, 464}, 19.83, 6.77, 24.25, 8.26, 100.00, false},
	}
	for _, tt := range tests {
		s, err := Summarize(tt.o)
		if err != nil {
			t.Errorf("%s: %v", tt.source, err)
			continue
		}
		cmp := func(name string, got, want float64) {
			if math.IsNaN(want) {
				return
			}
			tol := 0.005
			if tt.relative {
				tol = 0.01 * math.Max(1, math.Abs(want))
			}
			if !near(got, want, tol) {
				t.Errorf("%s: %s = %.4f, want %.2f", tt.source, name, got, want)
			}
		}
		cmp("elo", s.Elo.Value, tt.elo)
		cmp("elo error", s.Elo.Error, tt.eloErr)
		cmp("nelo", s.NElo.Value, tt.nelo)
		// nElo's interval is wider than fastchess's, which treats the
		// spread of the scores as known: by 1-3% on these matches, by 3x
		// on 34-0-356 (see TestNEloIntervalLopsided).
		if tt.neloErr < 100 && math.Abs(tt.nelo) < 100 {
			tol := 0.04 * tt.neloErr
			if !near(s.NElo.Error, tt.neloErr, tol) || s.NElo.Error < tt.neloErr {
				t.Errorf("%s: nelo error = %.4f, want %.2f or up to 4%% wider", tt.source, s.NElo.Error, tt.neloErr)
			}
		}
		// LOS is the likelihood ratio's: within 0.05 points of the
		// normal law's.
		if !math.IsNaN(tt.los) && !near(100*s.LOS, tt.los, 0.05) {
			t.Errorf("%s: LOS = %.4f %%, want %.2f %%", tt.source, 100*s.LOS, tt.los)
		}
	}
}

func TestSummarizeEdgeCases(t *testing.T) {
	clamp := 400 * math.Log10(999) // 1199.8
	tests := []struct {
		name            string
		o               Outcomes
		err             error
		eloLow, eloHigh float64
		losLow, losHigh float64
	}{
		{"no games WDL", WDL{}, ErrNoGames, 0, 0, 0, 0},
		{"no games Penta", Penta{}, ErrNoGames, 0, 0, 0, 0},
		{"nil", nil, ErrNoGames, 0, 0, 0, 0},
		{"all draws", WDL{D: 100}, nil, -1e-9, 1e-9, 0.5 - 1e-9, 0.5 + 1e-9},
		{"all draw pairs", Penta{0, 0, 50, 0, 0}, nil, -1e-9, 1e-9, 0.5 - 1e-9, 0.5 + 1e-9},
		{"all wins", WDL{W: 100}, nil, clamp, clamp, 0.999, 1},
		{"all losses", WDL{L: 100}, nil, -clamp, -clamp, 0, 0.001},
		{"all pairs won", Penta{0, 0, 0, 0, 50}, nil, clamp, clamp, 0.999, 1},
		{"one win", WDL{W: 1}, nil, 1000, clamp, 0.5, 1},
		{"one pair lost", Penta{1, 0, 0, 0, 0}, nil, -clamp, -1000, 0, 0.5},
	}
	for _, tt := range tests {
		s, err := Summarize(tt.o)
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%s: err = %v, want %v", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for _, v := range []float64{s.Score, s.StdDev, s.Elo.Value, s.Elo.Lower, s.Elo.Upper, s.Elo.Error,
			s.NElo.Value, s.NElo.Lower, s.NElo.Upper, s.NElo.Error, s.LOS} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%s: non-finite value in %+v", tt.name, s)
				break
			}
		}
		if s.Elo.Value < tt.eloLow-1e-9 || s.Elo.Value > tt.eloHigh+1e-9 {
			t.Errorf("%s: elo = %v, want in [%v, %v]", tt.name, s.Elo.Value, tt.eloLow, tt.eloHigh)
		}
		if s.LOS < tt.losLow || s.LOS > tt.losHigh {
			t.Errorf("%s: LOS = %v, want in [%v, %v]", tt.name, s.LOS, tt.losLow, tt.losHigh)
		}
		if s.Elo.Lower > s.Elo.Value || s.Elo.Value > s.Elo.Upper {
			t.Errorf("%s: elo interval %+v not ordered", tt.name, s.Elo)
		}
	}
	if _, err := Summarize(WDL{W: -1, D: 3}); err == nil || errors.Is(err, ErrNoGames) {
		t.Errorf("negative count: err = %v, want a count error", err)
	}
	if _, err := Summarize(Penta{1, -1, 0, 0, 0}); err == nil || errors.Is(err, ErrNoGames) {
		t.Errorf("negative count: err = %v, want a count error", err)
	}
}

// TestNEloIntervalLopsided: at 34-0-356 the spread of a game's score is a
// function of the score (no draws), so nElo is too, and its interval is
// the score's interval mapped through it: about ±110, by the delta
// method 1.96·(dt/ds)·σ_s·800/ln10 with t(s) = (s-½)/√(s(1-s)). fastchess
// prints ±34.48, the spread of the score alone.
func TestNEloIntervalLopsided(t *testing.T) {
	s, err := Summarize(WDL{W: 34, L: 356})
	if err != nil {
		t.Fatal(err)
	}
	m := 34.0 / 390
	sd := math.Sqrt(m * (1 - m))
	dt := (sd - (m-0.5)*(1-2*m)/(2*sd)) / (m * (1 - m))
	delta := Z95 * dt * sd / math.Sqrt(390) * NEloPerT
	if !near(s.NElo.Error, delta, 0.1*delta) {
		t.Errorf("nElo error = %v, want near the delta method's %v", s.NElo.Error, delta)
	}
}
