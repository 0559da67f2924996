package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// btModel is the negative log-likelihood of the Bradley–Terry model in
// natural units (x = Elo·ln10/400), with prior virtual draws of each player
// against an opponent rated at the mean of x. It is invariant under
// shifting all of x.
type btModel struct {
	n     int
	pairs []pairing
	prior float64
}

// logSigmoid returns ln σ(z) = -ln(1+e^(-z)) without overflow.
func logSigmoid(z float64) float64 {
	if z < 0 {
		return z - math.Log1p(math.Exp(z))
	}
	return -math.Log1p(math.Exp(-z))
}

func sigmoid(z float64) float64 {
	if z < 0 {
		e := math.Exp(z)
		return e / (1 + e)
	}
	return 1 / (1 + math.Exp(-z))
}

func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

// scale is the total weight of the data, for convergence tolerances.
func (m *btModel) scale() float64 {
	s := m.prior * float64(m.n)
	for _, p := range m.pairs {
		s += p.n
	}
	return s
}

// Func is the negative log-likelihood.
func (m *btModel) Func(x []float64) float64 {
	f := 0.0
	for _, p := range m.pairs {
		d := x[p.i] - x[p.j]
		f -= p.pts*logSigmoid(d) + (p.n-p.pts)*logSigmoid(-d)
	}
	if m.prior > 0 {
		mu := mean(x)
		for _, v := range x {
			d := v - mu
			f -= m.prior / 2 * (logSigmoid(d) + logSigmoid(-d))
		}
	}
	return f
}

// Grad is the gradient of Func.
func (m *btModel) Grad(g, x []float64) {
	for i := range g {
		g[i] = 0
	}
	for _, p := range m.pairs {
		e := p.n*sigmoid(x[p.i]-x[p.j]) - p.pts
		g[p.i] += e
		g[p.j] -= e
	}
	if m.prior > 0 {
		mu := mean(x)
		sum := 0.0
		for i, v := range x {
			e := m.prior * (sigmoid(v-mu) - 0.5)
			g[i] += e
			sum += e
		}
		for i := range g {
			g[i] -= sum / float64(len(x))
		}
	}
}

// hessianTo writes the Hessian of Func, the observed information, into
// h (n×n); w is a buffer of n.
func (m *btModel) hessianTo(h *mat.SymDense, x, w []float64) {
	n := len(x)
	h.Zero()
	for _, p := range m.pairs {
		s := sigmoid(x[p.i] - x[p.j])
		v := p.n * s * (1 - s)
		h.SetSym(p.i, p.i, h.At(p.i, p.i)+v)
		h.SetSym(p.j, p.j, h.At(p.j, p.j)+v)
		h.SetSym(p.i, p.j, h.At(p.i, p.j)-v)
	}
	if m.prior > 0 {
		// Σᵢ wᵢ (eᵢ - u)(eᵢ - u)ᵀ with u = (1/n, …, 1/n).
		mu := mean(x)
		total := 0.0
		for i, v := range x {
			s := sigmoid(v - mu)
			w[i] = m.prior * s * (1 - s)
			total += w[i]
		}
		fn := float64(n)
		for a := range n {
			for b := a; b < n; b++ {
				v := -(w[a]+w[b])/fn + total/(fn*fn)
				if a == b {
					v += w[a]
				}
				h.SetSym(a, b, h.At(a, b)+v)
			}
		}
	}
}

// hessian returns the Hessian of Func.
func (m *btModel) hessian(x []float64) *mat.SymDense {
	h := mat.NewSymDense(len(x), nil)
	m.hessianTo(h, x, make([]float64, len(x)))
	return h
}

// solver minimizes a model over the players that are not fixed: the
// anchors, or player 0 alone when there are none (the likelihood is then
// the same under a shift of all ratings, and fixing one removes that
// freedom). Its buffers serve every fit of one bootstrap worker.
type solver struct {
	m    *btModel
	free []int     // players optimized
	full []float64 // all players: the fixed values and the free ones
	g    []float64
	w    []float64
	h    *mat.SymDense
	xf   []float64
}

func newSolver(m *btModel, fixed []bool) *solver {
	s := &solver{m: m, full: make([]float64, m.n), g: make([]float64, m.n), w: make([]float64, m.n),
		h: mat.NewSymDense(max(m.n, 1), nil)}
	for i, f := range fixed {
		if !f {
			s.free = append(s.free, i)
		}
	}
	s.xf = make([]float64, len(s.free))
	return s
}

func (s *solver) expand(xf []float64) {
	for k, i := range s.free {
		s.full[i] = xf[k]
	}
}

func (s *solver) fn(xf []float64) float64 {
	s.expand(xf)
	return s.m.Func(s.full)
}

func (s *solver) grad(g, xf []float64) {
	s.expand(xf)
	s.m.Grad(s.g, s.full)
	for k, i := range s.free {
		g[k] = s.g[i]
	}
}

func (s *solver) hess(h *mat.SymDense, xf []float64) {
	s.expand(xf)
	s.m.hessianTo(s.h, s.full, s.w)
	for a, i := range s.free {
		for b := a; b < len(s.free); b++ {
			h.SetSym(a, b, s.h.At(i, s.free[b]))
		}
	}
}

// solve minimizes the negative log-likelihood from x, which holds the
// fixed players' values and the free players' start, and leaves the
// optimum in x. The likelihood is concave (a sum of log-sigmoids of
// differences), so Newton's method converges from any start, in a few
// steps from a near one (a bootstrap's replicates start at the fit).
func (s *solver) solve(x []float64) error {
	if len(s.free) == 0 {
		return nil
	}
	copy(s.full, x)
	for k, i := range s.free {
		s.xf[k] = x[i]
	}
	scale := s.m.scale()
	res, err := optimize.Minimize(optimize.Problem{Func: s.fn, Grad: s.grad, Hess: s.hess}, s.xf,
		&optimize.Settings{
			GradientThreshold: 1e-10 * (1 + scale),
			MajorIterations:   200,
			// Only the gradient decides: far from 0 the function's
			// value changes too little in the last digits to judge by.
			Converger: optimize.NeverTerminate{},
		}, &optimize.Newton{})
	if res == nil {
		return fmt.Errorf("stats: rating optimization failed: %w", err)
	}
	s.grad(s.xf, res.X)
	if gn := maxAbs(s.xf); !(gn < 1e-6*(1+scale)) {
		return fmt.Errorf("stats: rating optimization did not converge (status %v, gradient %g)", res.Status, gn)
	}
	s.expand(res.X)
	copy(x, s.full)
	return nil
}

// covariance inverts the observed information h under the constraint
// that fixes the scale: the fixed players (the anchors) do not vary, or,
// with no player fixed, the mean does not. The Hessian's null space must
// be exactly the constant vectors when none is fixed.
func covariance(h *mat.SymDense, fixed []bool) (*mat.SymDense, error) {
	n := h.SymmetricDim()
	cov := mat.NewSymDense(n, nil)
	var idx []int
	for i := range n {
		if !fixed[i] {
			idx = append(idx, i)
		}
	}
	if n == 1 || len(idx) == 0 {
		return cov, nil
	}
	if len(idx) < n {
		// Invert the Hessian with the anchors' rows and columns removed.
		k := len(idx)
		sub := mat.NewSymDense(k, nil)
		for a, i := range idx {
			for b := a; b < k; b++ {
				sub.SetSym(a, b, h.At(i, idx[b]))
			}
		}
		var ch mat.Cholesky
		if !ch.Factorize(sub) {
			return nil, ErrDivergent
		}
		var inv mat.SymDense
		if err := ch.InverseTo(&inv); err != nil {
			return nil, ErrDivergent
		}
		for a, i := range idx {
			for b := a; b < k; b++ {
				cov.SetSym(i, idx[b], inv.At(a, b))
			}
		}
		return cov, nil
	}
	// Mean anchoring: the Moore–Penrose inverse, (H + J/n)⁻¹ - J/n with J
	// the all-ones matrix, is the covariance of x projected on mean(x) = 0.
	fn := float64(n)
	aug := mat.NewSymDense(n, nil)
	aug.CopySym(h)
	for a := range n {
		for b := a; b < n; b++ {
			aug.SetSym(a, b, aug.At(a, b)+1/fn)
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(aug) {
		return nil, ErrDivergent
	}
	if err := ch.InverseTo(cov); err != nil {
		return nil, ErrDivergent
	}
	for a := range n {
		for b := a; b < n; b++ {
			cov.SetSym(a, b, cov.At(a, b)-1/fn)
		}
	}
	return cov, nil
}

// stronglyConnected reports whether the directed graph with an edge i→j
// whenever i scored a point fraction against j is strongly connected, the
// condition for finite maximum-likelihood ratings without a prior (Zermelo
// 1929; Ford 1957).
func stronglyConnected(n int, pairs []pairing) bool {
	fwd := make([][]int, n)
	rev := make([][]int, n)
	for _, p := range pairs {
		if p.pts > 0 { // i scored against j
			fwd[p.i] = append(fwd[p.i], p.j)
			rev[p.j] = append(rev[p.j], p.i)
		}
		if p.pts < p.n { // j scored against i
			fwd[p.j] = append(fwd[p.j], p.i)
			rev[p.i] = append(rev[p.i], p.j)
		}
	}
	reachesAll := func(adj [][]int) bool {
		seen := make([]bool, n)
		stack := []int{0}
		seen[0] = true
		count := 1
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range adj[v] {
				if !seen[w] {
					seen[w] = true
					count++
					stack = append(stack, w)
				}
			}
		}
		return count == n
	}
	return reachesAll(fwd) && reachesAll(rev)
}

func maxAbs(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m = math.Max(m, math.Abs(v))
	}
	return m
}
