package stats

import (
	"math"
)

// The intervals of Summarize are likelihood-ratio intervals: an expected
// score μ is in the 95% interval when the most likely distribution of
// the outcomes with mean μ (the one the SPRT's LLR compares with, see
// mleMean) explains the sample nearly as well as the sample itself does:
// its deviance
//
//	D(μ) = 2·N·Σ p̂ᵢ·ln(p̂ᵢ/pᵢ(μ))
//
// is at most Z95² (Wilks' theorem: D is χ² with one degree of freedom).
// On thousands of games this is the normal interval μ̂ ± 1.96·σ̂/√N that
// fishtest and fastchess print, to a few hundredths of an Elo point. On
// a few games it is not: the normal interval takes the spread of the
// outcomes from the sample, and one pair or a handful of pairs with the
// same result have almost none (one pair [0, 0, 1, 0, 0] gave ±34 Elo,
// the spread of the 0.001 that regularization adds to the outcomes never
// seen). The likelihood ratio instead asks how much mass outcomes never
// seen would need to move the mean, so one pair leaves almost every score
// possible, as it should.

// deviance returns D(mu) and the distribution it compares with.
func (d dist) deviance(mu float64) (float64, []float64, error) {
	p, err := mleMean(d.a, d.p, mu)
	if err != nil {
		return 0, nil, err
	}
	dev := 0.0
	for i := range p {
		dev += d.p[i] * math.Log(d.p[i]/p[i])
	}
	return math.Max(0, 2*d.n*dev), p, nil
}

// lrBound returns the end of the likelihood-ratio interval between the
// estimate mu and the extreme score end (0 or 1): the mean where the
// deviance reaches z², and the standard deviation of one sample of the
// distribution there. The deviance grows from 0 at mu towards the ends
// (to infinity, since every outcome has some mass after
// regularization), so bisection finds it.
func (d dist) lrBound(mu, end, z2 float64) (bound, sigma float64) {
	inside, outside := mu, end
	for range 200 {
		m := inside + (outside-inside)/2
		if m == inside || m == outside {
			break
		}
		dev, _, err := d.deviance(m)
		if err != nil || dev > z2 {
			outside = m
		} else {
			inside = m
		}
	}
	bound = inside
	// The spread is taken where the score is clamped for Elo too: at a
	// score of 1 - 10⁻¹² the spread vanishes and nElo would be 10¹⁰.
	at := math.Max(scoreClamp, math.Min(1-scoreClamp, bound))
	if _, p, err := d.deviance(at); err == nil {
		_, v := meanVar(d.a, p)
		sigma = math.Sqrt(v)
	} else {
		_, v := meanVar(d.a, d.p)
		sigma = math.Sqrt(v)
	}
	return bound, sigma
}

// lrLOS is the likelihood of superiority from the signed root of the
// deviance of an even score: Φ(±√D(½)), which is Φ((μ̂-½)/(σ̂/√N)) on
// large samples and stays below certainty on small ones (one pair won
// twice: 88%, not 100%).
func (d dist) lrLOS(mu float64) float64 {
	if mu == 0.5 {
		return 0.5
	}
	dev, _, err := d.deviance(0.5)
	if err != nil {
		return 0.5
	}
	r := math.Sqrt(dev)
	if mu < 0.5 {
		r = -r
	}
	return Phi(r)
}
