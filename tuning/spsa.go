package tuning

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// SPSA defaults, as fishtest's.
const (
	DefaultAlpha   = 0.602
	DefaultGamma   = 0.101
	DefaultARatio  = 0.1 // A = DefaultARatio * iterations
	spsaFlipStream = 0x7370_7361_666c_6970
)

// Param is one tuned parameter as the config gives it: its start value,
// its range, and the perturbation (CEnd) and learning rate (REnd) it has
// at the last iteration, from which its gain sequences are derived.
type Param struct {
	Name       string
	Start      float64
	Min, Max   float64
	CEnd, REnd float64
	Integer    bool // values sent to the engine are rounded (UCI spins, search constants)
}

// Schedule holds the gains of an SPSA run of Iterations game pairs.
type Schedule struct {
	Iterations   int
	A            float64
	Alpha, Gamma float64
}

// Gains are the values of one iteration k for one parameter.
type Gains struct {
	C float64 // c_k: the perturbation
	A float64 // a_k
	R float64 // R_k = a_k / c_k^2: the learning rate
}

// CA returns the constants c and a of a parameter, derived as fishtest
// derives them from c_end and r_end so that the last iteration (k = N)
// has c_N = c_end and a_N = r_end * c_end^2:
//
//	c = c_end * N^gamma
//	a = r_end * c_end^2 * (A + N)^alpha
func (s Schedule) CA(p Param) (c, a float64) {
	n := float64(s.Iterations)
	c = p.CEnd * math.Pow(n, s.Gamma)
	a = p.REnd * p.CEnd * p.CEnd * math.Pow(s.A+n, s.Alpha)
	return c, a
}

// Gains returns the gains of iteration k (1-based) for p.
func (s Schedule) Gains(p Param, k int) Gains {
	c, a := s.CA(p)
	ck := c / math.Pow(float64(k), s.Gamma)
	ak := a / math.Pow(s.A+float64(k), s.Alpha)
	return Gains{C: ck, A: ak, R: ak / (ck * ck)}
}

// Probe is what one iteration plays: the perturbation drawn for it and
// the two parameter vectors theta + c_k*flip and theta - c_k*flip, each
// clamped to the parameters' ranges (and rounded for integer ones).
type Probe struct {
	K     int
	Theta []float64 // theta when the iteration started
	Flip  []int     // +1 or -1 per parameter
	Plus  []float64
	Minus []float64
}

// flips draws iteration k's perturbation: a function of the seed and k
// alone, so that a resumed run draws what an uninterrupted one would.
func flips(seed uint64, k, n int) []int {
	rng := rand.New(rand.NewPCG(seed^spsaFlipStream, uint64(k)))
	f := make([]int, n)
	for i := range f {
		f[i] = 1
		if rng.IntN(2) == 0 {
			f[i] = -1
		}
	}
	return f
}

// probe builds iteration k's probe from theta.
func (s Schedule) probe(params []Param, theta []float64, seed uint64, k int) Probe {
	pr := Probe{K: k, Theta: append([]float64(nil), theta...), Flip: flips(seed, k, len(params)),
		Plus: make([]float64, len(params)), Minus: make([]float64, len(params))}
	for i, p := range params {
		d := s.Gains(p, k).C * float64(pr.Flip[i])
		pr.Plus[i] = p.value(theta[i] + d)
		pr.Minus[i] = p.value(theta[i] - d)
	}
	return pr
}

// value is x clamped to p's range and rounded when p is an integer.
func (p Param) value(x float64) float64 {
	x = p.clamp(x)
	if p.Integer {
		x = math.Round(x)
	}
	return x
}

func (p Param) clamp(x float64) float64 { return min(max(x, p.Min), p.Max) }

// update applies a finished iteration to theta, as fishtest does:
//
//	theta_i += R_k * c_k * result * flip_i   (= a_k * result * flip_i / c_k)
//
// clamped to the parameter's range, where result is wins minus losses of
// theta+ in the iteration's games and the gains are those of the
// iteration's own k (not of the iterations finished meanwhile).
func (s Schedule) update(params []Param, theta []float64, pr Probe, result float64) {
	for i, p := range params {
		g := s.Gains(p, pr.K)
		theta[i] = p.clamp(theta[i] + g.R*g.C*result*float64(pr.Flip[i]))
	}
}

// checkParams reports the first parameter that cannot be tuned.
func checkParams(params []Param) error {
	if len(params) == 0 {
		return fmt.Errorf("spsa: no parameters to tune")
	}
	seen := map[string]bool{}
	for _, p := range params {
		switch {
		case seen[p.Name]:
			return fmt.Errorf("spsa: parameter %s given twice", p.Name)
		case !(p.Min < p.Max):
			return fmt.Errorf("spsa: parameter %s: min %g is not below max %g", p.Name, p.Min, p.Max)
		case p.Start < p.Min || p.Start > p.Max:
			return fmt.Errorf("spsa: parameter %s: start %g is outside [%g, %g]", p.Name, p.Start, p.Min, p.Max)
		case !(p.CEnd > 0):
			return fmt.Errorf("spsa: parameter %s: c_end %g is not positive", p.Name, p.CEnd)
		case !(p.REnd > 0):
			return fmt.Errorf("spsa: parameter %s: r_end %g is not positive", p.Name, p.REnd)
		}
		seen[p.Name] = true
	}
	return nil
}
