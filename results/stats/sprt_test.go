package stats

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

func TestSPRTBounds(t *testing.T) {
	tests := []struct {
		alpha, beta  float64
		lower, upper float64
	}{
		{0.05, 0.05, -math.Log(19), math.Log(19)}, // ±2.944, fishtest's default
		{0.01, 0.01, -math.Log(99), math.Log(99)}, // ±4.595
		{0.05, 0.10, math.Log(0.10 / 0.95), math.Log(0.90 / 0.05)},
	}
	for _, tt := range tests {
		s := SPRT{Elo0: 0, Elo1: 2, Alpha: tt.alpha, Beta: tt.beta, Model: Normalized}
		lo, hi := s.Bounds()
		if !near(lo, tt.lower, 1e-12) || !near(hi, tt.upper, 1e-12) {
			t.Errorf("Bounds(α=%v, β=%v) = %v, %v; want %v, %v", tt.alpha, tt.beta, lo, hi, tt.lower, tt.upper)
		}
	}
}

func TestSPRTValidate(t *testing.T) {
	tests := []struct {
		s  SPRT
		ok bool
	}{
		{SPRT{0, 2, 0.05, 0.05, Normalized}, true},
		{SPRT{-3, 1, 0.05, 0.05, Logistic}, true},
		{SPRT{2, 2, 0.05, 0.05, Logistic}, false},
		{SPRT{3, 1, 0.05, 0.05, Logistic}, false},
		{SPRT{0, 2, 0, 0.05, Logistic}, false},
		{SPRT{0, 2, 0.05, 1, Logistic}, false},
		{SPRT{0, 2, 0.6, 0.5, Logistic}, false},
		{SPRT{0, 2, math.NaN(), 0.05, Logistic}, false},
		{SPRT{math.NaN(), 2, 0.05, 0.05, Logistic}, false},
		{SPRT{0, math.Inf(1), 0.05, 0.05, Logistic}, false},
		{SPRT{0, 2, 0.05, 0.05, "bayesian"}, false},
		{SPRT{0, 2, 0.05, 0.05, ""}, false},
	}
	for _, tt := range tests {
		err := tt.s.Validate()
		if (err == nil) != tt.ok {
			t.Errorf("%+v.Validate() = %v, want ok=%v", tt.s, err, tt.ok)
		}
		if _, err2 := NewSPRT(tt.s.Elo0, tt.s.Elo1, tt.s.Alpha, tt.s.Beta, tt.s.Model); (err2 == nil) != tt.ok {
			t.Errorf("NewSPRT(%+v) = %v, want ok=%v", tt.s, err2, tt.ok)
		}
		if !tt.ok {
			if _, err := tt.s.LLR(WDL{W: 10, D: 10, L: 10}); err == nil {
				t.Errorf("%+v.LLR succeeded, want error", tt.s)
			}
			if _, err := tt.s.LLRApprox(WDL{W: 10, D: 10, L: 10}); err == nil {
				t.Errorf("%+v.LLRApprox succeeded, want error", tt.s)
			}
		}
	}
}

func TestParseEloModel(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want EloModel
		ok   bool
	}{
		{"logistic", Logistic, true},
		{"normalized", Normalized, true},
		{"Normalized", "", false},
		{"bayesian", "", false},
		{"", "", false},
	} {
		got, err := ParseEloModel(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseEloModel(%q) = %q, %v", tt.in, got, err)
		}
	}
}

func TestDecide(t *testing.T) {
	s := SPRT{0, 2, 0.05, 0.05, Normalized}
	for _, tt := range []struct {
		llr  float64
		want Decision
	}{
		{0, Continue},
		{2.94, Continue},
		{-2.94, Continue},
		{math.Log(19), AcceptH1},
		{3, AcceptH1},
		{-math.Log(19), AcceptH0},
		{-10, AcceptH0},
	} {
		if got := s.Decide(tt.llr); got != tt.want {
			t.Errorf("Decide(%v) = %v, want %v", tt.llr, got, tt.want)
		}
	}
}

func TestDecisionText(t *testing.T) {
	for d, want := range map[Decision]string{Continue: "continue", AcceptH0: "H0 accepted", AcceptH1: "H1 accepted"} {
		if d.String() != want {
			t.Errorf("String(%d) = %q, want %q", int(d), d.String(), want)
		}
		b, err := json.Marshal(d)
		if err != nil || string(b) != `"`+want+`"` {
			t.Errorf("json.Marshal(%d) = %s, %v", int(d), b, err)
		}
		var back Decision
		if err := json.Unmarshal(b, &back); err != nil || back != d {
			t.Errorf("json.Unmarshal(%s) = %v, %v", b, back, err)
		}
	}
	var d Decision
	if err := json.Unmarshal([]byte(`"H2 accepted"`), &d); err == nil {
		t.Errorf(`json.Unmarshal("H2 accepted") = %v, want an error`, d)
	}
	if s := Decision(7).String(); s != "Decision(7)" {
		t.Errorf("String(7) = %q", s)
	}
	if _, err := json.Marshal(Decision(-1)); err == nil {
		t.Error("json.Marshal(Decision(-1)) succeeded")
	}
}

// TestLLRFishtestRun checks the exact GSPRT against the LLR that fishtest
// stored, with full precision, for run 6549951b136acbc573529528 (STC,
// normalized <0.00,2.00>, rejected), as dumped in the benchmark of
// vdbergh/vtjson (bench.py): "llr": -2.936953911013966,
// "pentanomial": [369, 12695, 27124, 12664, 332].
func TestLLRFishtestRun(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05, Model: Normalized}
	got, err := s.LLR(Penta{369, 12695, 27124, 12664, 332})
	if err != nil {
		t.Fatal(err)
	}
	if !near(got, -2.936953911013966, 1e-9) {
		t.Errorf("LLR = %.15f, want -2.936953911013966", got)
	}
	// fishtest stopped this run (state "rejected") only thanks to its
	// dynamic overshoot correction, which this package does not model: the
	// plain bound is not reached yet.
	if d := s.Decide(got); d != Continue {
		t.Errorf("decision = %v, want continue", d)
	}
}

// TestLLRPublished checks LLR against published SPRT results.
func TestLLRPublished(t *testing.T) {
	tests := []struct {
		source string
		o      Outcomes
		model  EloModel
		elo0   float64
		elo1   float64
		want   float64
		tol    float64
	}{
		// fishtest result blocks quoted in official-stockfish/Stockfish pull
		// requests ("LLR: x (-2.94,2.94) <elo0,elo1>" is normalized,
		// "{elo0,elo1}" logistic; Ptnml(0-2) counts; LLR printed with two
		// decimals).
		{"Stockfish PR 6036 VVLTC 1", Penta{1, 1098, 3954, 1346, 1}, Normalized, 0.5, 2.5, 2.94, 0.005},
		{"Stockfish PR 6036 VVLTC 2", Penta{0, 1236, 4490, 1474, 1}, Normalized, 0, 2, 2.94, 0.005},
		{"Stockfish PR 6036 VVLTC 3", Penta{4, 2290, 7932, 2562, 4}, Normalized, 0.5, 2.5, 2.95, 0.005},
		{"Stockfish PR 3514 STC", Penta{264, 5737, 31270, 5964, 269}, Normalized, -0.5, 2.5, 2.97, 0.005},
		{"Stockfish PR 3514 LTC", Penta{29, 2205, 35000, 2392, 34}, Normalized, 0.5, 3.5, 2.94, 0.005},
		{"Stockfish PR 3209 STC", Penta{253, 4282, 17604, 4431, 286}, Logistic, -0.25, 1.25, 2.94, 0.005},
		{"Stockfish PR 3209 LTC", Penta{58, 3302, 33130, 3518, 84}, Logistic, 0.25, 1.25, 2.97, 0.005},
		{"Stockfish PR 2971 STC", Penta{17, 253, 1042, 337, 39}, Logistic, -0.5, 1.5, 2.96, 0.005},
		{"Stockfish PR 2971 LTC", Penta{11, 407, 3238, 513, 11}, Logistic, 0.25, 1.75, 2.93, 0.005},
		{"Stockfish PR 2493 STC", Penta{424, 2948, 5832, 3045, 460}, Logistic, -1, 3, 2.94, 0.005},
		{"Stockfish PR 2493 LTC", Penta{1284, 17437, 55536, 18085, 1292}, Logistic, 0, 2, 2.94, 0.005},

		// fastchess app/tests/sprt_test.cpp (Disservin/fastchess):
		// doctest::Approx(want).epsilon(0.01); Stats(w, l, d) and
		// Stats(ll, ld, wl, dd, wd, ww).
		{"fastchess normalized trinomial 1", WDL{W: 36433, L: 36027, D: 68692}, Normalized, 0, 2, 0.92, 0.01},
		{"fastchess normalized trinomial 2", WDL{W: 10871, L: 10650, D: 20431}, Normalized, -1.75, 0.25, 2.30, 0.023},
		{"fastchess logistic trinomial 1", WDL{W: 21404, L: 21184, D: 40708}, Logistic, 0.5, 2.5, -1.57, 0.0157},
		{"fastchess logistic trinomial 2", WDL{W: 57433, L: 57030, D: 106593}, Logistic, 0, 2, -2.59, 0.0259},
		{"fastchess normalized pentanomial 1", Penta{365, 16618, 36029 + 200, 16974, 390}, Normalized, 0, 2, 2.25, 0.0225},
		{"fastchess normalized pentanomial 2", Penta{127, 4883, 10311 + 401, 5150, 104}, Normalized, -1.75, 0.25, 3.01, 0.0301},
		{"fastchess logistic pentanomial 1", Penta{223, 9863, 20279 + 1000, 10037, 246}, Logistic, 0.5, 2.5, -3.07, 0.0307},
		{"fastchess logistic pentanomial 2", Penta{871, 26175, 55003 + 980, 26678, 821}, Logistic, 0, 2, -4.98, 0.0498},
	}
	for _, tt := range tests {
		s := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05, Model: tt.model}
		got, err := s.LLR(tt.o)
		if err != nil {
			t.Errorf("%s: %v", tt.source, err)
			continue
		}
		if !near(got, tt.want, tt.tol) {
			t.Errorf("%s: LLR = %.4f, want %.2f", tt.source, got, tt.want)
		}
		// The approximation is close on these large samples.
		approx, err := s.LLRApprox(tt.o)
		if err != nil || !near(approx, got, 0.05) {
			t.Errorf("%s: LLRApprox = %.4f, %v; exact %.4f", tt.source, approx, err, got)
		}
	}
}

// TestLLRApproxHandComputed checks LLRApprox against the closed forms,
// evaluated by hand for WDL 60-20-20 (s = 0.7, σ² = 0.16, N = 100).
func TestLLRApproxHandComputed(t *testing.T) {
	r := WDL{W: 60, D: 20, L: 20}
	s0, s1 := 0.5, ExpectedScore(10)
	want := 100 * (s1 - s0) * (2*0.7 - s0 - s1) / (2 * 0.16)
	got, err := SPRT{0, 10, 0.05, 0.05, Logistic}.LLRApprox(r)
	if err != nil || !near(got, want, 1e-9) {
		t.Errorf("logistic LLRApprox = %v, %v; want %v", got, err, want)
	}
	// Normalized: t = 0.2/0.4 = 0.5 per game.
	t0, t1 := 0.0, 20/NEloPerT
	want = 100.0 / 2 * math.Log((1+(0.5-t0)*(0.5-t0))/(1+(0.5-t1)*(0.5-t1)))
	got, err = SPRT{0, 20, 0.05, 0.05, Normalized}.LLRApprox(r)
	if err != nil || !near(got, want, 1e-9) {
		t.Errorf("normalized LLRApprox = %v, %v; want %v", got, err, want)
	}
}

// TestLLRSymmetry: mirrored results with mirrored hypotheses give the same
// LLR, in both models and both estimators.
func TestLLRSymmetry(t *testing.T) {
	outcomes := []struct{ o, mirror Outcomes }{
		{WDL{W: 420, D: 500, L: 380}, WDL{W: 380, D: 500, L: 420}},
		{Penta{30, 200, 500, 230, 40}, Penta{40, 230, 500, 200, 30}},
	}
	for _, m := range []EloModel{Logistic, Normalized} {
		a := SPRT{-1, 3, 0.05, 0.05, m}
		b := SPRT{-3, 1, 0.05, 0.05, m}
		for _, tt := range outcomes {
			// H1 of a mirrors H0 of b, so LLR_a(o) = -LLR_b(mirror).
			la, err1 := a.LLR(tt.o)
			lb, err2 := b.LLR(tt.mirror)
			if err1 != nil || err2 != nil || !near(la, -lb, 1e-8) {
				t.Errorf("%s %v: LLR %v vs mirrored %v (%v, %v)", m, tt.o, la, lb, err1, err2)
			}
			la, _ = a.LLRApprox(tt.o)
			lb, _ = b.LLRApprox(tt.mirror)
			if !near(la, -lb, 1e-8) {
				t.Errorf("%s %v: LLRApprox %v vs mirrored %v", m, tt.o, la, lb)
			}
		}
	}
}

func TestLLREdgeCases(t *testing.T) {
	tests := []struct {
		name   string
		o      Outcomes
		model  EloModel
		sign   int // expected sign of the LLR: -1, 0 or 1
		approx bool
	}{
		{"no games", WDL{}, Normalized, 0, true},
		{"no pairs", Penta{}, Logistic, 0, true},
		{"nil", nil, Logistic, 0, true},
		{"all draws normalized", WDL{D: 16700}, Normalized, -1, true},
		{"all draws logistic", WDL{D: 16700}, Logistic, -1, true},
		{"all draw pairs", Penta{0, 0, 5000, 0, 0}, Normalized, -1, true},
		{"all wins logistic", WDL{W: 100}, Logistic, 1, true},
		{"all losses logistic", WDL{L: 100}, Logistic, -1, true},
		{"all pairs won logistic", Penta{0, 0, 0, 0, 104}, Logistic, 1, true},
		{"all pairs won normalized", Penta{0, 0, 0, 0, 104}, Normalized, 1, true},
		{"all pairs lost normalized", Penta{104, 0, 0, 0, 0}, Normalized, -1, true},
		{"one game", WDL{W: 1}, Normalized, 1, true},
	}
	for _, tt := range tests {
		s := SPRT{0, 5, 0.05, 0.05, tt.model}
		for _, f := range []func(Outcomes) (float64, error){s.LLR, s.LLRApprox} {
			got, err := f(tt.o)
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
				continue
			}
			if math.IsNaN(got) || math.IsInf(got, 0) {
				t.Errorf("%s: LLR = %v", tt.name, got)
				continue
			}
			switch {
			case tt.sign == 0 && got != 0,
				tt.sign > 0 && got <= 0,
				tt.sign < 0 && got >= 0:
				t.Errorf("%s: LLR = %v, want sign %d", tt.name, got, tt.sign)
			}
		}
	}
	// With 104 pairs all won, the exact GSPRT is 2.0950 (checked against
	// a brute-force constrained maximization of the likelihood; fastchess's
	// test suite expects 2.94 here, which we could not reproduce).
	got, _ := SPRT{0, 5, 0.05, 0.05, Normalized}.LLR(Penta{0, 0, 0, 0, 104})
	if !near(got, 2.094954527648, 1e-6) {
		t.Errorf("all pairs won: LLR = %v, want 2.0950", got)
	}
	if _, err := (SPRT{0, 5, 0.05, 0.05, Logistic}).LLR(WDL{W: -1}); err == nil || errors.Is(err, ErrNoGames) {
		t.Errorf("negative count: err = %v", err)
	}
	// Hypotheses that no distribution on [0, 1] can meet give an error,
	// not NaN.
	if got, err := (SPRT{0, 1e6, 0.05, 0.05, Normalized}).LLR(WDL{W: 10, D: 10, L: 10}); err == nil {
		t.Errorf("nElo 1e6: LLR = %v, want error", got)
	}
}

func TestSPRTTest(t *testing.T) {
	// Stockfish PR 6036: LLR 2.9440 < ln 19 = 2.9444, so without
	// fishtest's overshoot correction the test goes on.
	st, err := SPRT{0.5, 2.5, 0.05, 0.05, Normalized}.Test(Penta{1, 1098, 3954, 1346, 1})
	if err != nil {
		t.Fatal(err)
	}
	if st.Decision != Continue || !near(st.LLR, 2.944, 5e-4) || !near(st.Lower, -math.Log(19), 1e-12) || !near(st.Upper, math.Log(19), 1e-12) {
		t.Errorf("Test = %+v", st)
	}
	s := SPRT{0, 2, 0.05, 0.05, Normalized}
	st, err = s.Test(Penta{0, 1236, 4490, 1474, 1})
	if err != nil || st.Decision != AcceptH1 {
		t.Errorf("Test = %+v, %v; want H1 accepted", st, err)
	}
	st, err = s.Test(Penta{369, 12695 + 200, 27124, 12664, 332})
	if err != nil || st.Decision != AcceptH0 {
		t.Errorf("Test = %+v, %v; want H0 accepted", st, err)
	}
	if _, err := (SPRT{}).Test(WDL{W: 1}); err == nil {
		t.Error("zero SPRT: Test succeeded")
	}
}
