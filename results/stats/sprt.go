package stats

import (
	"errors"
	"fmt"
	"math"
)

// EloModel is the Elo scale in which SPRT hypotheses are stated.
type EloModel string

const (
	// Logistic Elo: H0 and H1 fix the expected score 1/(1+10^(-elo/400)).
	Logistic EloModel = "logistic"
	// Normalized Elo: H0 and H1 fix (score-½)/σ, the score excess in units
	// of the per-game standard deviation, times 800/ln 10. This is
	// fishtest's default.
	Normalized EloModel = "normalized"
)

// ParseEloModel parses "logistic" or "normalized".
func ParseEloModel(s string) (EloModel, error) {
	switch m := EloModel(s); m {
	case Logistic, Normalized:
		return m, nil
	}
	return "", fmt.Errorf("stats: unknown Elo model %q (want logistic or normalized)", s)
}

// Decision is the state of a sequential test.
type Decision int

const (
	Continue Decision = iota // the LLR is between the bounds: play on
	AcceptH0                 // the LLR fell to the lower bound: elo = Elo0 (fail)
	AcceptH1                 // the LLR reached the upper bound: elo = Elo1 (pass)
)

var decisionNames = [...]string{"continue", "H0 accepted", "H1 accepted"}

func (d Decision) String() string {
	if d < 0 || int(d) >= len(decisionNames) {
		return fmt.Sprintf("Decision(%d)", int(d))
	}
	return decisionNames[d]
}

// MarshalText encodes the decision as its String.
func (d Decision) MarshalText() ([]byte, error) {
	if d < 0 || int(d) >= len(decisionNames) {
		return nil, fmt.Errorf("stats: invalid decision %d", int(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText decodes what MarshalText wrote, so that a summary.json
// reads back (the per-variant SPRT's matrix, read by its tests and
// tools).
func (d *Decision) UnmarshalText(b []byte) error {
	for i, name := range decisionNames {
		if string(b) == name {
			*d = Decision(i)
			return nil
		}
	}
	return fmt.Errorf("stats: unknown decision %q", b)
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1, with false positive rate Alpha (accepting H1 when H0
// holds) and false negative rate Beta, in the given Elo model.
type SPRT struct {
	Elo0  float64  `json:"elo0"`
	Elo1  float64  `json:"elo1"`
	Alpha float64  `json:"alpha"`
	Beta  float64  `json:"beta"`
	Model EloModel `json:"model"`
}

// NewSPRT returns a validated SPRT.
func NewSPRT(elo0, elo1, alpha, beta float64, model EloModel) (SPRT, error) {
	s := SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta, Model: model}
	return s, s.Validate()
}

// Validate checks that Elo0 < Elo1, that Alpha and Beta are in (0, 1) with
// Alpha+Beta < 1, and that the model is known.
func (s SPRT) Validate() error {
	switch {
	case math.IsNaN(s.Elo0) || math.IsNaN(s.Elo1) || math.IsInf(s.Elo0, 0) || math.IsInf(s.Elo1, 0):
		return errors.New("stats: SPRT elo0 and elo1 must be finite")
	case s.Elo0 >= s.Elo1:
		return fmt.Errorf("stats: SPRT elo0 (%g) must be less than elo1 (%g)", s.Elo0, s.Elo1)
	case !(s.Alpha > 0 && s.Alpha < 1):
		return fmt.Errorf("stats: SPRT alpha (%g) must be in (0, 1)", s.Alpha)
	case !(s.Beta > 0 && s.Beta < 1):
		return fmt.Errorf("stats: SPRT beta (%g) must be in (0, 1)", s.Beta)
	case s.Alpha+s.Beta >= 1:
		return fmt.Errorf("stats: SPRT alpha+beta (%g) must be less than 1", s.Alpha+s.Beta)
	}
	_, err := ParseEloModel(string(s.Model))
	return err
}

// Bounds returns the stopping bounds of the LLR: ln(β/(1-α)) and
// ln((1-β)/α).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Decide returns the decision for a log-likelihood ratio: AcceptH0 at or
// below the lower bound, AcceptH1 at or above the upper bound, Continue in
// between.
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr <= lower:
		return AcceptH0
	case llr >= upper:
		return AcceptH1
	}
	return Continue
}

// Status is the state of an SPRT after some games.
type Status struct {
	LLR      float64  `json:"llr"`
	Lower    float64  `json:"lower_bound"`
	Upper    float64  `json:"upper_bound"`
	Decision Decision `json:"decision"`
}

// Test computes the exact GSPRT log-likelihood ratio of o (see LLR), the
// bounds and the decision.
func (s SPRT) Test(o Outcomes) (Status, error) {
	llr, err := s.LLR(o)
	if err != nil {
		return Status{}, err
	}
	lower, upper := s.Bounds()
	return Status{LLR: llr, Lower: lower, Upper: upper, Decision: s.Decide(llr)}, nil
}

// sample validates the test and returns the distribution of o; ok is
// false when there is nothing to compute: an error, or no games (whose
// LLR is 0).
func (s SPRT) sample(o Outcomes) (d dist, ok bool, err error) {
	if err := s.Validate(); err != nil {
		return dist{}, false, err
	}
	if err := check(o); err != nil {
		if errors.Is(err, ErrNoGames) {
			return dist{}, false, nil
		}
		return dist{}, false, err
	}
	return newDist(o), true, nil
}

// LLR returns the generalized log-likelihood ratio of H1 against H0 for the
// outcomes o, as fishtest (LLRcalc.LLR_logistic / LLR_normalized) and
// fastchess compute it: the observed frequencies, with outcomes that never
// occurred counted as 0.001, are compared with the maximum-likelihood
// distributions satisfying each hypothesis. With no games it returns 0.
func (s SPRT) LLR(o Outcomes) (float64, error) {
	d, ok, err := s.sample(o)
	if !ok {
		return 0, err
	}
	var p0, p1 []float64
	reach := func(bound string, elo float64, err error) error {
		if errors.Is(err, errNoRoot) {
			return &OutOfReachError{Bound: bound, Elo: elo, Model: s.Model, Games: o.Games()}
		}
		return err
	}
	switch s.Model {
	case Logistic:
		if p0, err = mleMean(d.a, d.p, ExpectedScore(s.Elo0)); err != nil {
			return 0, reach("elo0", s.Elo0, err)
		}
		if p1, err = mleMean(d.a, d.p, ExpectedScore(s.Elo1)); err != nil {
			return 0, reach("elo1", s.Elo1, err)
		}
	case Normalized:
		// The hypotheses fix the per-game t-value; a sample of g games has
		// √g times its t-value.
		k := math.Sqrt(d.g) / NEloPerT
		if p0, err = mleTValue(d.a, d.p, 0.5, s.Elo0*k); err != nil {
			return 0, reach("elo0", s.Elo0, err)
		}
		if p1, err = mleTValue(d.a, d.p, 0.5, s.Elo1*k); err != nil {
			return 0, reach("elo1", s.Elo1, err)
		}
	}
	llr := 0.0
	for i := range d.p {
		llr += d.p[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return d.n * llr, nil
}

// LLRApprox returns the closed-form approximation of LLR by M. Van den
// Bergh ("GSPRT approximation"; fishtest's LLR_alt2 in the logistic model
// and LLR_normalized_alt in the normalized one; c-chess-cli uses the
// logistic one on WDL counts):
//
//	logistic:   N·(s1-s0)·(2s - s0 - s1) / (2σ²)
//	normalized: (games/2)·ln((1+(t-t0)²) / (1+(t-t1)²))
//
// where s and σ² are the mean and variance of a sample's score (a game or
// a pair), N the number of samples, s0, s1 the expected scores of Elo0 and
// Elo1, and t, t0, t1 the per-game normalized t-values. With no games it
// returns 0.
func (s SPRT) LLRApprox(o Outcomes) (float64, error) {
	d, ok, err := s.sample(o)
	if !ok {
		return 0, err
	}
	mu, v := meanVar(d.a, d.p)
	switch s.Model {
	case Logistic:
		s0, s1 := ExpectedScore(s.Elo0), ExpectedScore(s.Elo1)
		return d.n * (s1 - s0) * (2*mu - s0 - s1) / (2 * v), nil
	default:
		t := (mu - 0.5) / math.Sqrt(d.g*v)
		t0, t1 := s.Elo0/NEloPerT, s.Elo1/NEloPerT
		games := d.g * d.n
		return games / 2 * math.Log((1+(t-t0)*(t-t0))/(1+(t-t1)*(t-t1))), nil
	}
}

// mleMean returns the distribution on the scores a, with mean mu, that is
// most likely to have produced the observed frequencies ph (Van den Bergh,
// "Comments on normalized Elo", proposition 1.1): pᵢ = p̂ᵢ/(1+θ(aᵢ-mu))
// where θ solves Σ p̂ᵢ(aᵢ-mu)/(1+θ(aᵢ-mu)) = 0.
func mleMean(a, ph []float64, mu float64) ([]float64, error) {
	b := make([]float64, len(a))
	for i := range a {
		b[i] = a[i] - mu
	}
	theta, err := secular(b, ph)
	if err != nil {
		return nil, err
	}
	p := make([]float64, len(a))
	for i := range a {
		p[i] = ph[i] / (1 + theta*b[i])
	}
	return p, nil
}

// mleTValue returns the distribution on the scores a with
// (mean-ref)/stddev = t that is most likely to have produced the observed
// frequencies ph, by the fixed-point iteration of "Comments on normalized
// Elo", section 4.1, started from the uniform distribution.
func mleTValue(a, ph []float64, ref, t float64) ([]float64, error) {
	n := len(a)
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	phi := make([]float64, n)
	next := make([]float64, n)
	for range 1000 {
		mu, v := meanVar(a, p)
		sigma := math.Sqrt(v)
		for i := range a {
			z := (mu - a[i]) / sigma
			phi[i] = a[i] - ref - t*sigma*(1+z*z)/2
		}
		theta, err := secular(phi, ph)
		if err != nil {
			return nil, err
		}
		diff := 0.0
		for i := range a {
			next[i] = ph[i] / (1 + theta*phi[i])
			diff = math.Max(diff, math.Abs(next[i]-p[i]))
		}
		p, next = next, p
		if diff < 1e-10 {
			return p, nil
		}
	}
	return nil, errors.New("stats: maximum-likelihood t-value distribution did not converge")
}

// errNoRoot: no distribution on the observed outcomes meets the
// hypothesis (OutOfReachError says so in words).
var errNoRoot = errors.New("stats: secular equation has no root")

// OutOfReachError is an SPRT bound that the results cannot be compared
// with: no distribution of the observed outcomes has that Elo (a bound of
// hundreds of normalized Elo, or thousands of logistic Elo). The LLR
// does not exist; bounds closer to 0 are what an SPRT is for.
type OutOfReachError struct {
	Bound string  // "elo0" or "elo1"
	Elo   float64 // its value
	Model EloModel
	Games int
}

func (e *OutOfReachError) Error() string {
	return fmt.Sprintf("elo0/elo1 outside what %d games can resolve: no distribution of their results has %s Elo %g (%s); "+
		"SPRT bounds are a few Elo apart, such as [0, 5] normalized or [0, 2] logistic", e.Games, e.Model, e.Elo, e.Bound)
}

// secular solves Σ pᵢbᵢ/(1+θbᵢ) = 0 for θ in the interval where every
// 1+θbᵢ > 0, which needs min b < 0 < max b. The left side decreases from
// +∞ to -∞ on that interval, so bisection finds the root to full
// precision.
func secular(b, p []float64) (float64, error) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range b {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if !(lo < 0 && hi > 0) {
		return 0, errNoRoot
	}
	f := func(x float64) float64 {
		s := 0.0
		for i := range b {
			s += p[i] * b[i] / (1 + x*b[i])
		}
		return s
	}
	x0, x1 := -1/hi, -1/lo
	for range 2000 {
		m := x0 + (x1-x0)/2
		if m <= x0 || m >= x1 {
			break
		}
		switch v := f(m); {
		case v > 0:
			x0 = m
		case v < 0:
			x1 = m
		default:
			return m, nil
		}
	}
	return x0 + (x1-x0)/2, nil
}
