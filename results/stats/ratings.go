package stats

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// Game is one game between players A and B (indexes into the name list
// given to Rate). Score is A's score: 0, 0.5 or 1.
type Game struct {
	A     int     `json:"a"`
	B     int     `json:"b"`
	Score float64 `json:"score"`
}

// Matchup aggregates the games between players A and B: A won W, drew D
// and lost L of them.
type Matchup struct {
	A int `json:"a"`
	B int `json:"b"`
	WDL
}

// DefaultPriorDraws is the number of virtual draws each player is given
// against the average of the pool when RatingOptions.PriorDraws is 0.
const DefaultPriorDraws = 1

// NoPrior, as RatingOptions.PriorDraws, turns the virtual draws off.
const NoPrior = -1

// ErrDivergent is returned when ratings without a prior would be infinite:
// some group of players scored every point (or no point) against everyone
// outside the group, a player has a 100% or 0% score, or the players form
// groups that never met.
var ErrDivergent = errors.New("stats: ratings diverge (a player or group won or lost every game against the rest, or groups never met); use a prior")

// RatingOptions controls Rate and RateMatchups.
type RatingOptions struct {
	// Anchor names the player whose rating is fixed at AnchorRating. If it
	// is empty, the mean rating of all players is AnchorRating instead.
	Anchor       string
	AnchorRating float64

	// PriorDraws is the number of virtual draws each player is given
	// against an opponent rated at the average of the pool, counted like
	// real games (half a win and half a loss each). It keeps the rating
	// of a player who won or lost every game, or of a player without
	// games, finite, pulling it towards the average; its effect fades as
	// real games accumulate. 0 means DefaultPriorDraws; NoPrior (or any
	// negative value) disables it, and then ErrDivergent is returned when
	// the maximum-likelihood ratings do not exist.
	PriorDraws float64
}

// Prior is the number of virtual draws the options give each player:
// PriorDraws, DefaultPriorDraws for 0, none for NoPrior.
func (o RatingOptions) Prior() float64 {
	switch {
	case o.PriorDraws == 0:
		return DefaultPriorDraws
	case o.PriorDraws < 0:
		return 0
	}
	return o.PriorDraws
}

// PlayerRating is one row of a rating table.
type PlayerRating struct {
	Name   string  `json:"name"`
	Rating float64 `json:"rating"`
	// Error is the half width of the 95% interval of Rating, relative to
	// the anchor: 0 for the anchor player, and relative to the mean of
	// the pool when ratings are anchored by their mean.
	Error  float64 `json:"error"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"`
	Score  float64 `json:"score"` // Points/Games, 0 without games
}

// Table is a rating list, best first.
type Table []PlayerRating

// Write prints the table as aligned text columns: rank, name, rating,
// ±error, games, score in percent, and W/D/L.
func (t Table) Write(w io.Writer) error {
	width := len("Name")
	for _, r := range t {
		width = max(width, utf8.RuneCountInString(r.Name))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%4s  %-*s %8s %6s %6s %7s %6s %6s %6s\n", "Rank", width, "Name", "Elo", "+/-", "Games", "Score", "W", "D", "L")
	ranks := t.Ranks()
	for i, r := range t {
		pad := width - utf8.RuneCountInString(r.Name)
		fmt.Fprintf(&b, "%4d  %s%*s %8s %6.1f %6d %6.1f%% %6d %6d %6d\n",
			ranks[i], r.Name, pad, "", Fixed(r.Rating, 1), r.Error, r.Games, 100*r.Score, r.Wins, r.Draws, r.Losses)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Rate computes the ratings of the named players from individual games.
// See RateMatchups.
func Rate(names []string, games []Game, opts RatingOptions) (Table, error) {
	ms := make([]Matchup, 0, len(games))
	for i, g := range games {
		m := Matchup{A: g.A, B: g.B}
		if err := m.Add(g.Score); err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		ms = append(ms, m)
	}
	return RateMatchups(names, ms, opts)
}

// natural is the number of natural-log units per Elo point: a rating
// difference of d Elo gives the expected score σ(d·natural), σ the logistic
// function.
const natural = math.Ln10 / 400

// pairing is the aggregated result of i against j (i < j).
type pairing struct {
	i, j   int
	n, pts float64 // games, and points of i
}

// RateMatchups computes maximum-likelihood ratings in the logistic Elo
// (Bradley–Terry) model: the probability that a player rated d points
// above the opponent scores is 1/(1+10^(-d/400)), a draw counting as half
// a win and half a loss. The ratings maximize the likelihood of all games
// plus the virtual draws of opts.PriorDraws, using gonum's BFGS, and are
// then shifted to the anchor. Errors are 1.96 standard deviations from
// the inverse of the observed information (the Hessian of the negative
// log-likelihood at the optimum).
//
// The table is sorted by rating, best first (ties by name).
func RateMatchups(names []string, ms []Matchup, opts RatingOptions) (Table, error) {
	n := len(names)
	if n == 0 {
		return Table{}, nil
	}
	anchor := -1
	if opts.Anchor != "" {
		anchor = slices.Index(names, opts.Anchor)
		if anchor < 0 {
			return nil, fmt.Errorf("stats: anchor %q is not a player", opts.Anchor)
		}
	}
	if math.IsNaN(opts.AnchorRating) || math.IsInf(opts.AnchorRating, 0) {
		return nil, errors.New("stats: anchor rating must be finite")
	}
	prior := opts.Prior()
	if math.IsNaN(prior) || math.IsInf(prior, 0) {
		return nil, errors.New("stats: prior draws must be finite")
	}

	rows := make(Table, n)
	for i, name := range names {
		rows[i].Name = name
	}
	agg := map[[2]int]*pairing{}
	for k, m := range ms {
		if m.A < 0 || m.A >= n || m.B < 0 || m.B >= n {
			return nil, fmt.Errorf("stats: matchup %d: player index out of range [0, %d)", k, n)
		}
		if m.A == m.B {
			return nil, fmt.Errorf("stats: matchup %d: %s plays itself", k, names[m.A])
		}
		if m.W < 0 || m.D < 0 || m.L < 0 {
			return nil, fmt.Errorf("stats: matchup %d: negative count", k)
		}
		if m.Games() == 0 {
			continue
		}
		a, b := &rows[m.A], &rows[m.B]
		a.Wins, a.Draws, a.Losses = a.Wins+m.W, a.Draws+m.D, a.Losses+m.L
		b.Wins, b.Draws, b.Losses = b.Wins+m.L, b.Draws+m.D, b.Losses+m.W
		i, j, pts := m.A, m.B, m.Points()
		if i > j {
			i, j, pts = j, i, float64(m.Games())-pts
		}
		p := agg[[2]int{i, j}]
		if p == nil {
			p = &pairing{i: i, j: j}
			agg[[2]int{i, j}] = p
		}
		p.n += float64(m.Games())
		p.pts += pts
	}
	for i := range rows {
		r := &rows[i]
		r.Games = r.Wins + r.Draws + r.Losses
		r.Points = float64(r.Wins) + float64(r.Draws)/2
		if r.Games > 0 {
			r.Score = r.Points / float64(r.Games)
		}
	}
	pairs := make([]pairing, 0, len(agg))
	for _, p := range agg {
		pairs = append(pairs, *p)
	}
	slices.SortFunc(pairs, func(x, y pairing) int {
		if x.i != y.i {
			return x.i - y.i
		}
		return x.j - y.j
	})
	if prior == 0 && !stronglyConnected(n, pairs) {
		return nil, ErrDivergent
	}

	m := &btModel{n: n, pairs: pairs, prior: prior}
	x := make([]float64, n)
	if n > 1 {
		res, err := optimize.Minimize(optimize.Problem{Func: m.Func, Grad: m.Grad}, x,
			&optimize.Settings{GradientThreshold: 1e-9, MajorIterations: 10000}, &optimize.BFGS{})
		if err != nil && res == nil {
			return nil, fmt.Errorf("stats: rating optimization failed: %w", err)
		}
		g := make([]float64, n)
		m.Grad(g, res.X)
		if gn := maxAbs(g); !(gn < 1e-6*(1+m.scale())) {
			return nil, fmt.Errorf("stats: rating optimization did not converge (status %v, gradient %g)", res.Status, gn)
		}
		copy(x, res.X)
	}

	// Covariance in natural units, relative to the anchor.
	h := m.hessian(x)
	cov, err := anchoredCovariance(h, anchor)
	if err != nil {
		return nil, err
	}
	shift := 0.0
	if anchor >= 0 {
		shift = x[anchor]
	} else {
		for _, v := range x {
			shift += v
		}
		shift /= float64(n)
	}
	for i := range rows {
		rows[i].Rating = (x[i]-shift)/natural + opts.AnchorRating
		v := cov.At(i, i)
		rows[i].Error = Z95 * math.Sqrt(math.Max(v, 0)) / natural
	}
	slices.SortStableFunc(rows, func(a, b PlayerRating) int {
		// Ratings equal up to the fit's precision tie (symmetric players
		// differ in the last digits); ties go by score, then name, as the
		// standings break theirs.
		switch {
		case math.Abs(a.Rating-b.Rating) >= 1e-6 && a.Rating > b.Rating:
			return -1
		case math.Abs(a.Rating-b.Rating) >= 1e-6 && a.Rating < b.Rating:
			return 1
		case a.Score != b.Score:
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	return rows, nil
}

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

// hessian returns the Hessian of Func, the observed information.
func (m *btModel) hessian(x []float64) *mat.SymDense {
	n := len(x)
	h := mat.NewSymDense(n, nil)
	for _, p := range m.pairs {
		s := sigmoid(x[p.i] - x[p.j])
		w := p.n * s * (1 - s)
		h.SetSym(p.i, p.i, h.At(p.i, p.i)+w)
		h.SetSym(p.j, p.j, h.At(p.j, p.j)+w)
		h.SetSym(p.i, p.j, h.At(p.i, p.j)-w)
	}
	if m.prior > 0 {
		// Σᵢ wᵢ (eᵢ - u)(eᵢ - u)ᵀ with u = (1/n, …, 1/n).
		mu := mean(x)
		w := make([]float64, n)
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
	return h
}

// anchoredCovariance inverts the Hessian of a shift-invariant
// log-likelihood under the constraint that fixes the gauge: x[anchor] = 0,
// or mean(x) = 0 when anchor < 0. The Hessian's null space must be
// exactly the constant vectors.
func anchoredCovariance(h *mat.SymDense, anchor int) (*mat.SymDense, error) {
	n := h.SymmetricDim()
	cov := mat.NewSymDense(n, nil)
	if n == 1 {
		return cov, nil
	}
	if anchor >= 0 {
		// Invert the Hessian with the anchor's row and column removed.
		idx := make([]int, 0, n-1)
		for i := range n {
			if i != anchor {
				idx = append(idx, i)
			}
		}
		sub := mat.NewSymDense(n-1, nil)
		for a, i := range idx {
			for b := a; b < n-1; b++ {
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
			for b := a; b < n-1; b++ {
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

// Fixed formats x with prec decimals, never as a negative zero ("-0.0"
// for -0.04): a rounded value that reads 0 has no sign.
func Fixed(x float64, prec int) string {
	return strings.TrimPrefix(unsignZero(fmt.Sprintf("%.*f", prec, x)), "+")
}

// Signed formats x with prec decimals and a sign, "+0.0" for a value
// that rounds to zero.
func Signed(x float64, prec int) string {
	return unsignZero(fmt.Sprintf("%+.*f", prec, x))
}

func unsignZero(s string) string {
	if strings.Trim(s, "-+0.") == "" && strings.HasPrefix(s, "-") {
		return "+" + s[1:]
	}
	return s
}
