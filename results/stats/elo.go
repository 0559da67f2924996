package stats

import (
	"errors"
	"fmt"
	"math"
)

// ErrNoGames is returned by the estimators when there is no game to
// estimate from.
var ErrNoGames = errors.New("stats: no games")

// Z95 is the two-sided 95% quantile of the standard normal law, Φ⁻¹(0.975).
const Z95 = 1.959963984540054

// NEloPerT converts a normalized t-value (score excess over ½ divided by the
// per-game standard deviation) to normalized Elo: 800/ln 10.
const NEloPerT = 800 / math.Ln10

// scoreClamp bounds the scores that EloFromScore converts, as fishtest's
// stat_util.elo does, so that 0% and 100% give ±1199.6 instead of ±Inf.
const scoreClamp = 1e-3

// regularization is what an outcome that never occurred counts as when a
// distribution is estimated from counts (fishtest's LLRcalc.regularize and
// fastchess's regularize use the same value).
const regularization = 1e-3

// ExpectedScore is the logistic Elo model: the expected score of a player
// rated elo points above the opponent, 1/(1+10^(-elo/400)).
func ExpectedScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// EloFromScore is the inverse of ExpectedScore: -400·log10(1/s - 1). The
// score is first clamped to [0.001, 0.999] (as fishtest does), so the result
// is always finite, within about ±1200. NaN stays NaN.
func EloFromScore(s float64) float64 {
	s = math.Max(scoreClamp, math.Min(1-scoreClamp, s))
	return -400 * math.Log10(1/s-1)
}

// Phi is the cumulative distribution function of the standard normal law.
func Phi(x float64) float64 {
	return 0.5 * math.Erfc(-x/math.Sqrt2)
}

// Outcomes is a histogram of match results from the first player's point of
// view, implemented by WDL (per game) and Penta (per colour-reversed pair).
type Outcomes interface {
	// Games returns the number of games played.
	Games() int
	// Samples returns the number of independent samples: games for WDL,
	// pairs for Penta.
	Samples() int
	// Points returns the points scored by the first player.
	Points() float64

	// counts returns the histogram in ascending order of score; bucket i
	// of k scores i/(k-1) of the sample's maximum.
	counts() []int
}

// WDL counts games won, drawn and lost by the first player.
type WDL struct {
	W int `json:"wins"`
	D int `json:"draws"`
	L int `json:"losses"`
}

// Games returns W+D+L.
func (r WDL) Games() int { return r.W + r.D + r.L }

// Samples returns Games: each game is one sample.
func (r WDL) Samples() int { return r.Games() }

// Points returns W + D/2.
func (r WDL) Points() float64 { return float64(r.W) + float64(r.D)/2 }

// Score returns the points per game, or 0.5 when there are no games.
func (r WDL) Score() float64 { return score(r) }

// DrawRatio returns D/(W+D+L), or 0 when there are no games.
func (r WDL) DrawRatio() float64 {
	if r.Games() == 0 {
		return 0
	}
	return float64(r.D) / float64(r.Games())
}

// Add counts one more game in which the first player scored s (0, 0.5 or 1).
func (r *WDL) Add(s float64) error {
	switch s {
	case 1:
		r.W++
	case 0.5:
		r.D++
	case 0:
		r.L++
	default:
		return fmt.Errorf("stats: game score %v is not 0, 0.5 or 1", s)
	}
	return nil
}

func (r WDL) counts() []int { return []int{r.L, r.D, r.W} }

// String formats the counts as "W-D-L".
func (r WDL) String() string { return fmt.Sprintf("%d-%d-%d", r.W, r.D, r.L) }

// Penta indexes. A pair's score is the first player's points in two games
// of one opening with colours reversed.
const (
	PairLL     = iota // 0 points: lost both games
	PairLD            // ½ point: a loss and a draw
	PairDDorWL        // 1 point: two draws, or a win and a loss
	PairWD            // 1½ points: a win and a draw
	PairWW            // 2 points: won both games
)

// Penta counts colour-reversed game pairs by the first player's points in
// the pair: [LL, LD, DD+WL, WD, WW], as fishtest's and fastchess's
// "Ptnml(0-2)".
type Penta [5]int

// Pairs returns the number of pairs.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Games returns twice the number of pairs.
func (p Penta) Games() int { return 2 * p.Pairs() }

// Samples returns Pairs: each pair is one sample.
func (p Penta) Samples() int { return p.Pairs() }

// Points returns the points scored by the first player over all pairs.
func (p Penta) Points() float64 {
	return (float64(p[PairLD]) + 2*float64(p[PairDDorWL]) + 3*float64(p[PairWD]) + 4*float64(p[PairWW])) / 2
}

// Score returns the points per game, or 0.5 when there are no pairs.
func (p Penta) Score() float64 { return score(p) }

// DrawRatio returns the fraction of pairs scoring exactly 1 point (two
// draws or a win and a loss), or 0 when there are no pairs.
func (p Penta) DrawRatio() float64 {
	if p.Pairs() == 0 {
		return 0
	}
	return float64(p[PairDDorWL]) / float64(p.Pairs())
}

// AddPair counts one more pair in which the first player scored first and
// second (each 0, 0.5 or 1) in the two games.
func (p *Penta) AddPair(first, second float64) error {
	i, err := PairIndex(first, second)
	if err != nil {
		return err
	}
	p[i]++
	return nil
}

// PairIndex returns the Penta bucket of a pair in which the first player
// scored first and second (each 0, 0.5 or 1) in the two games.
func PairIndex(first, second float64) (int, error) {
	for _, s := range []float64{first, second} {
		if s != 0 && s != 0.5 && s != 1 {
			return 0, fmt.Errorf("stats: game score %v is not 0, 0.5 or 1", s)
		}
	}
	return int(2 * (first + second)), nil
}

func (p Penta) counts() []int { return p[:] }

// String formats the counts as "[LL, LD, DD+WL, WD, WW]".
func (p Penta) String() string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

func score(o Outcomes) float64 {
	if o.Games() == 0 {
		return 0.5
	}
	return o.Points() / float64(o.Games())
}

// Interval is a point estimate with a 95% confidence interval.
type Interval struct {
	Value float64 `json:"value"`
	Lower float64 `json:"lower"`
	Upper float64 `json:"upper"`
	// Error is the half width (Upper-Lower)/2, the "±" that fishtest and
	// fastchess print. For logistic Elo the interval is not symmetric
	// around Value.
	Error float64 `json:"error"`
}

func newInterval(f func(float64) float64, v, lo, hi float64) Interval {
	in := Interval{Value: f(v), Lower: f(lo), Upper: f(hi)}
	in.Error = (in.Upper - in.Lower) / 2
	return in
}

// Summary is what one match tells about the difference between its two
// players, from the first player's point of view.
type Summary struct {
	Games   int     `json:"games"`
	Samples int     `json:"samples"` // games (WDL) or pairs (Penta)
	Points  float64 `json:"points"`
	Score   float64 `json:"score"` // points per game
	// StdDev is the standard deviation of one game's score (for pairs,
	// √2 times that of a pair's mean score), the σ of normalized Elo.
	StdDev float64  `json:"stddev"`
	Elo    Interval `json:"elo"`  // logistic Elo difference
	NElo   Interval `json:"nelo"` // normalized Elo difference
	LOS    float64  `json:"los"`  // likelihood of superiority, in [0, 1]
}

// dist is a regularized empirical distribution of sample scores.
type dist struct {
	n float64   // number of samples, counting each regularized bucket as 0.001
	a []float64 // sample scores in [0, 1], ascending
	p []float64 // probabilities
	g float64   // games per sample
}

func newDist(o Outcomes) dist {
	c := o.counts()
	d := dist{a: make([]float64, len(c)), p: make([]float64, len(c)), g: float64(len(c)-1) / 2}
	for i, k := range c {
		d.a[i] = float64(i) / float64(len(c)-1)
		if k == 0 {
			d.p[i] = regularization
		} else {
			d.p[i] = float64(k)
		}
		d.n += d.p[i]
	}
	for i := range d.p {
		d.p[i] /= d.n
	}
	return d
}

// meanVar returns the mean and variance of a distribution.
func meanVar(a, p []float64) (mu, v float64) {
	for i := range a {
		mu += p[i] * a[i]
	}
	for i := range a {
		v += p[i] * (a[i] - mu) * (a[i] - mu)
	}
	return mu, v
}

// Summarize estimates the Elo difference of a match, as explained in the
// package documentation. It returns ErrNoGames if o has no games, and an
// error if a count is negative.
func Summarize(o Outcomes) (Summary, error) {
	if err := check(o); err != nil {
		return Summary{}, err
	}
	d := newDist(o)
	mu, v := meanVar(d.a, d.p)
	const z2 = Z95 * Z95
	lo, sdLo := d.lrBound(mu, d.a[0], z2)
	hi, sdHi := d.lrBound(mu, d.a[len(d.a)-1], z2)
	// nElo divides by the spread of a game's score; each end of the
	// interval uses the spread of the distribution that puts the mean
	// there, so that a sample without spread (one pair) does not make
	// nElo's interval as narrow as its own spread.
	nelo := func(s, sd float64) float64 { return (s - 0.5) / math.Sqrt(d.g*sd*sd) * NEloPerT }
	sg := math.Sqrt(d.g * v)
	nl := Interval{Value: nelo(mu, math.Sqrt(v)), Lower: nelo(lo, sdLo), Upper: nelo(hi, sdHi)}
	// The clamped ends can fall short of an extreme estimate (all pairs
	// won: nElo 20,000 from the regularized spread); the interval holds it.
	nl.Lower, nl.Upper = math.Min(nl.Lower, nl.Value), math.Max(nl.Upper, nl.Value)
	nl.Error = (nl.Upper - nl.Lower) / 2
	return Summary{
		Games:   o.Games(),
		Samples: o.Samples(),
		Points:  o.Points(),
		Score:   score(o),
		StdDev:  sg,
		Elo:     newInterval(EloFromScore, mu, lo, hi),
		NElo:    nl,
		LOS:     d.lrLOS(mu),
	}, nil
}

// check returns ErrNoGames for an empty histogram and an error for a
// negative count.
func check(o Outcomes) error {
	if o == nil {
		return ErrNoGames
	}
	for _, k := range o.counts() {
		if k < 0 {
			return fmt.Errorf("stats: negative count in %v", o)
		}
	}
	if o.Samples() == 0 {
		return ErrNoGames
	}
	return nil
}
