package stats

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"
)

// Game is one game between players A and B (indexes into the name list
// given to Rate). Score is A's score: 0, 0.5 or 1.
type Game struct {
	A     int     `json:"a"`
	B     int     `json:"b"`
	Score float64 `json:"score"`
	// Pair numbers the colour-reversed pair the game belongs to: the two
	// games of A and B with the same Pair (not 0) are one pair. A game
	// with Pair 0, or whose pair has not two games of the same players,
	// is a lone game.
	Pair int `json:"pair,omitempty"`
}

// Matchup aggregates the games between players A and B: A won W, drew D
// and lost L of them.
//
// Pairs and Lone split the same games into the units a bootstrap
// resamples: Pairs counts the colour-reversed pairs among them by A's
// points in the pair, and Lone the games in no complete pair. Both empty
// means every game is lone; otherwise they must add up to WDL.
type Matchup struct {
	A int `json:"a"`
	B int `json:"b"`
	WDL
	Pairs Penta `json:"pairs,omitzero"`
	Lone  WDL   `json:"lone,omitzero"`
}

// DefaultPriorDraws is the number of virtual draws each player is given
// against the average of the pool when RatingOptions.PriorDraws is 0.
const DefaultPriorDraws = 1

// NoPrior, as RatingOptions.PriorDraws, turns the virtual draws off.
const NoPrior = -1

// MaxRating bounds the absolute value of anchor ratings and of the
// mean's: beyond it the fit would work in the last digits of its numbers.
const MaxRating = 1e6

// MaxBootstrapValues bounds replicates × players, the bootstrap's memory
// (8 bytes each).
const MaxBootstrapValues = 50_000_000

// ErrDivergent is returned when ratings without a prior would be infinite:
// some group of players scored every point (or no point) against everyone
// outside the group, a player has a 100% or 0% score, or the players form
// groups that never met.
var ErrDivergent = errors.New("stats: ratings diverge (a player or group won or lost every game against the rest, or groups never met); use a prior")

// RatingOptions controls Rate, RateMatchups and RateList.
type RatingOptions struct {
	// Anchors fix players at given ratings; the others are fitted around
	// them. Without anchors the mean rating of all players is Mean.
	Anchors []Anchor
	Mean    float64

	// PriorDraws is the number of virtual draws each player is given
	// against an opponent rated at the average of the pool, counted like
	// real games (half a win and half a loss each). It keeps the rating
	// of a player who won or lost every game, or of a player without
	// games, finite, pulling it towards the average; its effect fades as
	// real games accumulate. 0 means DefaultPriorDraws; NoPrior (or any
	// negative value) disables it, and then ErrDivergent is returned when
	// the maximum-likelihood ratings do not exist.
	PriorDraws float64

	// Bootstrap is the number of bootstrap replicates behind the errors
	// and the LOS matrix; 0 takes them from the fit's Hessian instead.
	// Each replicate resamples, within each pairing of two players, its
	// colour-reversed pairs and its lone games with replacement, and
	// fits again. Seed makes the replicates: the same seed, the same
	// numbers, however many goroutines share the work.
	Bootstrap int
	Seed      uint64
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
	// the anchors: 0 for an anchor, and relative to the mean of the pool
	// when ratings are anchored by their mean. Lower and Upper are the
	// interval's ends (a bootstrap's need not be symmetric).
	Error  float64 `json:"error"`
	Lower  float64 `json:"lower"`
	Upper  float64 `json:"upper"`
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

// Rate computes the ratings of the named players from individual games,
// pairing the games that share a Pair. See RateMatchups.
func Rate(names []string, games []Game, opts RatingOptions) (Table, error) {
	l, err := RateGames(context.Background(), names, games, opts)
	if err != nil {
		return nil, err
	}
	return l.Table, nil
}

// RateGames is Rate with the whole rating list, and a context that stops
// a bootstrap.
func RateGames(ctx context.Context, names []string, games []Game, opts RatingOptions) (*RatingList, error) {
	type key struct{ pair, a, b int }
	byPair := map[key][]int{}
	for i, g := range games {
		if g.Pair != 0 && g.A != g.B {
			k := key{g.Pair, min(g.A, g.B), max(g.A, g.B)}
			byPair[k] = append(byPair[k], i)
		}
	}
	ms := make([]Matchup, 0, len(games))
	for i, g := range games {
		m := Matchup{A: g.A, B: g.B}
		if err := m.Add(g.Score); err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		k := key{g.Pair, min(g.A, g.B), max(g.A, g.B)}
		switch idx := byPair[k]; {
		case g.Pair == 0 || len(idx) != 2:
			m.Lone = m.WDL
		case idx[0] == i:
			// The pair is counted at its first game, from that game's A.
			other := games[idx[1]]
			second := other.Score
			if other.A != g.A {
				second = 1 - second
			}
			if err := m.WDL.Add(second); err != nil {
				return nil, fmt.Errorf("game %d: %w", idx[1], err)
			}
			if err := m.Pairs.AddPair(g.Score, second); err != nil {
				return nil, fmt.Errorf("game %d: %w", i, err)
			}
		default:
			continue // the pair's second game, counted with the first
		}
		ms = append(ms, m)
	}
	return RateList(ctx, names, ms, opts)
}

// natural is the number of natural-log units per Elo point: a rating
// difference of d Elo gives the expected score σ(d·natural), σ the logistic
// function.
const natural = math.Ln10 / 400

// pairing is the aggregated result of i against j (i < j), from i's side.
type pairing struct {
	i, j   int
	n, pts float64 // games, and points of i
	penta  Penta   // colour-reversed pairs
	lone   WDL     // games in no pair
}

// RateMatchups computes maximum-likelihood ratings in the logistic Elo
// (Bradley–Terry) model. See RateList.
func RateMatchups(names []string, ms []Matchup, opts RatingOptions) (Table, error) {
	l, err := RateList(context.Background(), names, ms, opts)
	if err != nil {
		return nil, err
	}
	return l.Table, nil
}

// RatingList is a rating table with what is known of the differences
// between its players.
type RatingList struct {
	Table Table `json:"table"`
	// Errors says where the table's errors and the LOS matrix come from:
	// ErrorsHessian or ErrorsBootstrap (with its replicates and seed).
	Errors     string `json:"errors"`
	Replicates int    `json:"replicates,omitempty"`
	Seed       uint64 `json:"seed,omitempty"`
	// LOS[i][j] is the likelihood that Table[i] is stronger than
	// Table[j] (0.5 on the diagonal).
	LOS [][]float64 `json:"los"`

	players []int          // Table row -> player index
	cov     *mat.SymDense  // players' covariance in Elo² (Hessian)
	reps    []float64      // replicate r, player i at r*n+i, in Elo (bootstrap)
	n       int            // players
	row     map[string]int // name -> Table row
}

// Where the errors of a RatingList come from.
const (
	// ErrorsHessian: the inverse of the observed information (the
	// Hessian of the log-likelihood) at the fit, a normal approximation
	// that counts every game as independent of the others.
	ErrorsHessian = "hessian"
	// ErrorsBootstrap: the 2.5% and 97.5% quantiles of the ratings
	// fitted to resampled games, the colour-reversed pairs of each
	// pairing resampled whole (pentanomial).
	ErrorsBootstrap = "bootstrap"
)

// RateList computes maximum-likelihood ratings in the logistic Elo
// (Bradley–Terry) model: the probability that a player rated d points
// above the opponent scores is 1/(1+10^(-d/400)), a draw counting as half
// a win and half a loss. The ratings maximize the likelihood of all games
// plus the virtual draws of opts.PriorDraws, by gonum's Newton method,
// with the anchors fixed (or, without anchors, the mean at opts.Mean).
//
// The errors are 95% intervals relative to the anchors (or the mean):
// from opts.Bootstrap replicates when it is positive, else 1.96 standard
// deviations from the inverse of the observed information. The LOS
// matrix comes from the same source. A bootstrap stops, with ctx's
// error, when ctx is done.
//
// The table is sorted by rating, best first (ties by score, then name).
func RateList(ctx context.Context, names []string, ms []Matchup, opts RatingOptions) (*RatingList, error) {
	n := len(names)
	if n == 0 {
		return &RatingList{Table: Table{}, Errors: ErrorsHessian, LOS: [][]float64{}}, nil
	}
	fixed, xAnchor, err := anchorsOf(names, opts)
	if err != nil {
		return nil, err
	}
	prior := opts.Prior()
	if math.IsNaN(prior) || math.IsInf(prior, 0) {
		return nil, errors.New("stats: prior draws must be finite")
	}
	if opts.Bootstrap < 0 {
		return nil, fmt.Errorf("stats: %d bootstrap replicates", opts.Bootstrap)
	}
	if opts.Bootstrap > MaxBootstrapValues/n {
		return nil, fmt.Errorf("stats: %d bootstrap replicates of %d players would hold %d values; at most %d",
			opts.Bootstrap, n, opts.Bootstrap*n, MaxBootstrapValues)
	}

	rows := make(Table, n)
	for i, name := range names {
		rows[i].Name = name
	}
	pairs, err := aggregate(names, ms, rows)
	if err != nil {
		return nil, err
	}
	if prior == 0 && !stronglyConnected(n, pairs) {
		return nil, ErrDivergent
	}

	m := &btModel{n: n, pairs: pairs, prior: prior}
	gauge := slices.Clone(fixed)
	if !slices.Contains(fixed, true) {
		gauge[0] = true // shift invariance: fix one player, shift after
	}
	x := slices.Clone(xAnchor)
	if err := newSolver(m, gauge).solve(x); err != nil {
		return nil, err
	}
	cov, err := covariance(m.hessian(x), fixed)
	if err != nil {
		return nil, err
	}
	cov.ScaleSym(1/(natural*natural), cov)
	toElo := eloOf(fixed, opts.Anchors, names, opts.Mean)
	ratings := make([]float64, n)
	toElo(ratings, x)

	l := &RatingList{Errors: ErrorsHessian, cov: cov, n: n}
	if opts.Bootstrap > 0 {
		l.reps, err = bootstrap(ctx, m, x, gauge, toElo, opts.Bootstrap, opts.Seed)
		if err != nil {
			return nil, err
		}
		l.Errors, l.Replicates, l.Seed = ErrorsBootstrap, opts.Bootstrap, opts.Seed
	}
	for i := range rows {
		r := &rows[i]
		r.Rating = ratings[i]
		r.Lower, r.Upper = l.interval(i, -1, r.Rating)
		r.Error = (r.Upper - r.Lower) / 2
	}
	l.players = make([]int, n)
	for i := range l.players {
		l.players[i] = i
	}
	slices.SortStableFunc(l.players, func(a, b int) int { return compareRows(rows[a], rows[b]) })
	l.Table = make(Table, n)
	l.row = make(map[string]int, n)
	for k, i := range l.players {
		l.Table[k] = rows[i]
		l.row[rows[i].Name] = k
	}
	l.LOS = make([][]float64, n)
	for a := range n {
		l.LOS[a] = make([]float64, n)
		for b := range n {
			l.LOS[a][b] = l.los(l.players[a], l.players[b], ratings)
		}
	}
	return l, nil
}

// compareRows orders a rating table: by rating, best first, ratings equal
// up to the fit's precision tying (symmetric players differ in the last
// digits); ties go by score, then name, as the standings break theirs.
func compareRows(a, b PlayerRating) int {
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
}

// anchorsOf checks the anchors and the mean, and returns which players
// are fixed and the start of the fit in natural units: the anchors at
// their ratings, the others at the anchors' mean.
func anchorsOf(names []string, opts RatingOptions) ([]bool, []float64, error) {
	n := len(names)
	if math.IsNaN(opts.Mean) || math.Abs(opts.Mean) > MaxRating {
		return nil, nil, fmt.Errorf("stats: the mean rating %g is not a number within ±%g", opts.Mean, float64(MaxRating))
	}
	fixed := make([]bool, n)
	x := make([]float64, n)
	sum := 0.0
	for _, a := range opts.Anchors {
		i := slices.Index(names, a.Name)
		switch {
		case i < 0:
			return nil, nil, fmt.Errorf("stats: anchor %q is not a player", a.Name)
		case fixed[i]:
			return nil, nil, fmt.Errorf("stats: anchor %q is given twice", a.Name)
		case math.IsNaN(a.Rating) || math.Abs(a.Rating) > MaxRating:
			return nil, nil, fmt.Errorf("stats: anchor %s: the rating is not a number within ±%g", a, float64(MaxRating))
		}
		fixed[i] = true
		x[i] = a.Rating * natural
		sum += x[i]
	}
	if k := len(opts.Anchors); k > 0 {
		for i := range x {
			if !fixed[i] {
				x[i] = sum / float64(k)
			}
		}
	}
	return fixed, x, nil
}

// eloOf returns the map from a fit in natural units to ratings: as they
// are when players are anchored (the anchors at their ratings to the
// last digit), else shifted so that their mean is mean.
func eloOf(fixed []bool, anchors []Anchor, names []string, mean float64) func(dst, x []float64) {
	if slices.Contains(fixed, true) {
		exact := map[int]float64{}
		for _, a := range anchors {
			exact[slices.Index(names, a.Name)] = a.Rating
		}
		return func(dst, x []float64) {
			for i, v := range x {
				dst[i] = v / natural
				if r, ok := exact[i]; ok {
					dst[i] = r
				}
			}
		}
	}
	return func(dst, x []float64) {
		shift := 0.0
		for _, v := range x {
			shift += v
		}
		shift /= float64(len(x))
		for i, v := range x {
			dst[i] = (v-shift)/natural + mean
		}
	}
}

// aggregate checks the matchups, counts each player's games in rows, and
// sums the games of each pairing of two players from the side of the
// first of them, sorted so that the fit does not depend on the order of
// the matchups.
func aggregate(names []string, ms []Matchup, rows Table) ([]pairing, error) {
	n := len(names)
	agg := map[[2]int]*pairing{}
	for k, m := range ms {
		if m.A < 0 || m.A >= n || m.B < 0 || m.B >= n {
			return nil, fmt.Errorf("stats: matchup %d: player index out of range [0, %d)", k, n)
		}
		if m.A == m.B {
			return nil, fmt.Errorf("stats: matchup %d: %s plays itself", k, names[m.A])
		}
		lone, err := m.units()
		if err != nil {
			return nil, fmt.Errorf("stats: matchup %d (%s vs %s): %w", k, names[m.A], names[m.B], err)
		}
		if m.Games() == 0 {
			continue
		}
		a, b := &rows[m.A], &rows[m.B]
		a.Wins, a.Draws, a.Losses = a.Wins+m.W, a.Draws+m.D, a.Losses+m.L
		b.Wins, b.Draws, b.Losses = b.Wins+m.L, b.Draws+m.D, b.Losses+m.W
		i, j, pts, penta := m.A, m.B, m.Points(), m.Pairs
		if i > j {
			i, j, pts = j, i, float64(m.Games())-pts
			lone = WDL{W: lone.L, D: lone.D, L: lone.W}
			slices.Reverse(penta[:])
		}
		p := agg[[2]int{i, j}]
		if p == nil {
			p = &pairing{i: i, j: j}
			agg[[2]int{i, j}] = p
		}
		p.n += float64(m.Games())
		p.pts += pts
		for q := range penta {
			p.penta[q] += penta[q]
		}
		p.lone = WDL{W: p.lone.W + lone.W, D: p.lone.D + lone.D, L: p.lone.L + lone.L}
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
	return pairs, nil
}

// units checks a matchup's counts and returns its lone games: Lone, or
// every game when neither Pairs nor Lone is given.
func (m Matchup) units() (WDL, error) {
	for _, c := range append([]int{m.W, m.D, m.L, m.Lone.W, m.Lone.D, m.Lone.L}, m.Pairs[:]...) {
		if c < 0 {
			return WDL{}, errors.New("negative count")
		}
	}
	if m.Pairs.Pairs() == 0 && m.Lone.Games() == 0 {
		return m.WDL, nil
	}
	if m.Pairs.Games()+m.Lone.Games() != m.Games() || m.Pairs.Points()+m.Lone.Points() != m.Points() {
		return WDL{}, fmt.Errorf("pairs %v and lone games %v do not add up to the games %v", m.Pairs, m.Lone, m.WDL)
	}
	return m.Lone, nil
}

// interval returns the 95% interval of player i's rating minus player
// j's (j < 0: the rating itself, relative to the anchors), whose
// estimate is est.
func (l *RatingList) interval(i, j int, est float64) (lo, hi float64) {
	if l.reps != nil {
		return l.quantiles(i, j)
	}
	v := l.cov.At(i, i)
	if j >= 0 {
		v += l.cov.At(j, j) - 2*l.cov.At(i, j)
	}
	e := Z95 * math.Sqrt(math.Max(v, 0))
	return est - e, est + e
}

// los returns the likelihood that player i is stronger than player j.
func (l *RatingList) los(i, j int, ratings []float64) float64 {
	if i == j {
		return 0.5
	}
	if l.reps != nil {
		// The share of replicates in which i is rated above j, ties
		// counting half.
		above := 0.0
		for r := range l.Replicates {
			switch d := l.reps[r*l.n+i] - l.reps[r*l.n+j]; {
			case d > 0:
				above++
			case d == 0:
				above += 0.5
			}
		}
		return above / float64(l.Replicates)
	}
	d := ratings[i] - ratings[j]
	v := l.cov.At(i, i) + l.cov.At(j, j) - 2*l.cov.At(i, j)
	if !(v > 0) {
		switch {
		case d > 0:
			return 1
		case d < 0:
			return 0
		}
		return 0.5
	}
	return Phi(d / math.Sqrt(v))
}

// Diff returns the rating of player a minus that of player b (names of
// the table) with its 95% interval, from the list's source of errors.
func (l *RatingList) Diff(a, b string) (Interval, error) {
	ra, oka := l.row[a]
	rb, okb := l.row[b]
	if !oka || !okb {
		return Interval{}, fmt.Errorf("stats: %q or %q is not in the rating list", a, b)
	}
	d := l.Table[ra].Rating - l.Table[rb].Rating
	lo, hi := l.interval(l.players[ra], l.players[rb], d)
	return Interval{Value: d, Lower: lo, Upper: hi, Error: (hi - lo) / 2}, nil
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
