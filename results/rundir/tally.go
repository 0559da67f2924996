package rundir

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"varena/results"
	"varena/results/stats"
)

// pairKey orders two engine names.
func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// Tally accumulates a run's finished games; Summary computes the
// statistics at any point. It keeps aggregates only (per pairing and
// variant), so its size does not grow with the number of games; adding a
// game is cheap, and the ratings fit is done only by Summary.
type Tally struct {
	// RatingOptions anchors the ratings (default: mean 0) and asks for
	// bootstrap errors (default: the Hessian's).
	RatingOptions stats.RatingOptions
	// Base names the player of the gauntlet table (Summary.Gauntlet):
	// each opponent's Elo to it from their games. "" takes a gauntlet
	// run's challenger, the one engine in every pairing; other runs have
	// no gauntlet table.
	Base string

	meta     Meta
	names    []string
	index    map[string]int
	pairings map[[2]string]*pairAcc
	order    [][2]string
	firsts   map[int]pairFirst // pair -> first finished game's score for A
	played   int
	terms    map[string]int
	faults   map[string]map[string]int
	ponder   map[string]*PonderRate // engine -> its pondering so far
	overruns map[string]*Overruns   // engine -> moves over their time within the margin
	variants []string               // in order of appearance, after meta's

	// An SPRT counts pairs in schedule order only, the contiguous prefix
	// of finished pairs, so that where it stops does not depend on which
	// game finished first (see Add).
	pending  map[int][]results.Game // pair -> finished games not counted yet
	nextPair int                    // pairs counted so far
	decision stats.Decision
	llr      float64
	past     int // games finished after the decision
	// matrix holds the tests of a per-variant SPRT (Meta.Matrix), one
	// per variant; nil otherwise.
	matrix []*variantTest
}

type pairAcc struct {
	a, b      string
	wdl       stats.WDL
	penta     stats.Penta
	paired    stats.WDL // the games of penta's pairs; the rest are lone
	byVariant map[string]*stats.WDL
}

type pairFirst struct {
	key    [2]string
	aScore float64
}

// NewTally starts an empty tally. Engines not in meta are added in order
// of appearance.
func NewTally(meta Meta) *Tally {
	t := &Tally{meta: meta, index: map[string]int{}, pairings: map[[2]string]*pairAcc{},
		firsts: map[int]pairFirst{}, terms: map[string]int{}, faults: map[string]map[string]int{},
		pending: map[int][]results.Game{}}
	for _, n := range meta.Engines {
		t.idx(n)
	}
	t.variants = append(t.variants, meta.Variants...)
	t.newMatrix()
	return t
}

func (t *Tally) idx(n string) int {
	i, ok := t.index[n]
	if !ok {
		i = len(t.names)
		t.names = append(t.names, n)
		t.index[n] = i
	}
	return i
}

// pairAt returns the k-th pair (from 0) an SPRT counts: the pairs of
// the schedule played, in schedule order, which for shard i of n are
// i, i+n, i+2n, ... (Schedule.Shard deals pairs round-robin).
func (t *Tally) pairAt(k int) int {
	if t.meta.Shards > 1 {
		return t.meta.Shard + k*t.meta.Shards
	}
	return k + 1
}

// Add counts a finished game (an unfinished one, "*", is ignored).
//
// In an SPRT run a game is counted only when its pair and every pair
// before it in schedule order are finished, and only until the test
// decides: games finished past that point are kept apart (PastDecision),
// so that the same config stops after the same games, and reports the
// same statistics, whatever the concurrency, the timing or a resume.
func (t *Tally) Add(g results.Game) error {
	if _, ok := g.WhiteScore(); !ok {
		return nil
	}
	if g.White == g.Black {
		return fmt.Errorf("game %d: %s plays itself", g.ID, g.White)
	}
	if t.meta.SPRT == nil || g.Pair <= 0 {
		return t.count(g)
	}
	if t.matrix != nil {
		return t.addMatrix(g)
	}
	if t.decision != stats.Continue {
		t.past++
		return nil
	}
	t.pending[g.Pair] = append(t.pending[g.Pair], g)
	for t.decision == stats.Continue {
		p := t.pairAt(t.nextPair)
		gs := t.pending[p]
		if len(gs) < 2 {
			break
		}
		delete(t.pending, p)
		slices.SortFunc(gs, func(a, b results.Game) int { return a.ID - b.ID })
		for _, g := range gs {
			if err := t.count(g); err != nil {
				return err
			}
		}
		t.nextPair++
		t.decision, t.llr = t.sprtNow()
		if t.decision != stats.Continue {
			t.past += t.waiting()
			clear(t.pending)
		}
	}
	return nil
}

// waiting returns the number of finished games not counted yet.
func (t *Tally) waiting() int {
	n := t.matrixWaiting()
	for _, gs := range t.pending {
		n += len(gs)
	}
	return n
}

// sprtNow tests the counted pairs.
func (t *Tally) sprtNow() (stats.Decision, float64) {
	m := t.meta.SPRT
	if m == nil || len(t.order) != 1 {
		return stats.Continue, 0
	}
	penta := t.pairings[t.order[0]].penta
	if penta.Pairs() == 0 {
		return stats.Continue, 0
	}
	st, err := m.Test(penta)
	if err != nil {
		return stats.Continue, 0
	}
	return st.Decision, st.LLR
}

// count adds a finished game to the statistics.
func (t *Tally) count(g results.Game) error {
	ws, _ := g.WhiteScore()
	wi, bi := t.idx(g.White), t.idx(g.Black)
	k := pairKey(g.White, g.Black)
	a := t.pairings[k]
	if a == nil {
		// A is the engine listed first in the run.
		first, second := g.White, g.Black
		if wi > bi {
			first, second = second, first
		}
		a = &pairAcc{a: first, b: second, byVariant: map[string]*stats.WDL{}}
		t.pairings[k] = a
		t.order = append(t.order, k)
	}
	aScore := ws
	if g.White != a.a {
		aScore = 1 - ws
	}
	if err := a.wdl.Add(aScore); err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	vw := a.byVariant[g.Variant]
	if vw == nil {
		vw = &stats.WDL{}
		a.byVariant[g.Variant] = vw
		if !slices.Contains(t.variants, g.Variant) {
			t.variants = append(t.variants, g.Variant)
		}
	}
	vw.Add(aScore)
	if g.Pair > 0 {
		if f, ok := t.firsts[g.Pair]; ok && f.key == k {
			if err := a.penta.AddPair(f.aScore, aScore); err != nil {
				return fmt.Errorf("pair %d: %w", g.Pair, err)
			}
			a.paired.Add(f.aScore)
			a.paired.Add(aScore)
			delete(t.firsts, g.Pair)
		} else {
			t.firsts[g.Pair] = pairFirst{k, aScore}
		}
	}
	t.played++
	t.terms[g.Termination]++
	t.countPonder(g)
	t.countOverruns(g)
	if loser := FaultLoser(g); loser != "" {
		if t.faults[loser] == nil {
			t.faults[loser] = map[string]int{}
		}
		t.faults[loser][g.Termination]++
	}
	return nil
}

// SPRTDecision returns where the run's SPRT stands on the pairs counted
// (Continue when the run has none, or no pair is counted yet).
func (t *Tally) SPRTDecision() stats.Decision { return t.decision }

// ProgressText is the running score shown beside the progress bar: the
// match score of a two-engine run, else the leader on points.
func (t *Tally) ProgressText() string {
	if t.matrix != nil {
		return t.matrixProgress()
	}
	if m := t.meta.SPRT; m != nil {
		lo, hi := m.Bounds()
		text := fmt.Sprintf("LLR %.2f (%.2f, %.2f)", t.llr, lo, hi)
		if len(t.order) == 1 {
			a := t.pairings[t.order[0]]
			text += fmt.Sprintf(" %s %g-%g %s", a.a, a.wdl.Points(), float64(a.wdl.Games())-a.wdl.Points(), a.b)
		}
		return text
	}
	if len(t.order) == 1 {
		a := t.pairings[t.order[0]]
		return fmt.Sprintf("%s %g-%g %s", a.a, a.wdl.Points(), float64(a.wdl.Games())-a.wdl.Points(), a.b)
	}
	points := map[string]float64{}
	games := map[string]int{}
	for _, a := range t.pairings {
		points[a.a] += a.wdl.Points()
		points[a.b] += float64(a.wdl.Games()) - a.wdl.Points()
		games[a.a] += a.wdl.Games()
		games[a.b] += a.wdl.Games()
	}
	leader := ""
	for _, n := range t.names {
		if games[n] > 0 && (leader == "" || points[n] > points[leader]) {
			leader = n
		}
	}
	if leader == "" {
		return "games"
	}
	return fmt.Sprintf("leader %s %g/%d", leader, points[leader], games[leader])
}

// Summary returns the statistics so far, with the maximum-likelihood
// ratings (overall and per variant) and the standings: a fit, so call it
// when the numbers are wanted, not per game (SPRTDecision and
// ProgressText are the cheap per-game views).
func (t *Tally) Summary() (*Summary, error) {
	return t.SummaryContext(context.Background())
}

// SummaryContext is Summary with a context that stops a bootstrap of
// the ratings (RatingOptions.Bootstrap).
func (t *Tally) SummaryContext(ctx context.Context) (*Summary, error) {
	s := &Summary{Meta: t.meta, Played: t.played, Terms: t.terms, Faults: t.faults, Ponder: t.ponderRates(), Overruns: t.overruns,
		PastDecision: t.past, Waiting: t.waiting()}
	for _, k := range t.sortedPairings() {
		a := t.pairings[k]
		p := Pairing{A: a.a, B: a.b, WDL: a.wdl, Penta: a.penta, DrawRatio: a.wdl.DrawRatio()}
		if sum, err := stats.Summarize(a.wdl); err == nil {
			p.Games = sum
		}
		if a.penta.Pairs() > 0 {
			if sum, err := stats.Summarize(a.penta); err == nil {
				p.Pairs = &sum
			}
		}
		if len(t.variants) > 1 {
			p.ByVariant = map[string]stats.WDL{}
			for v, w := range a.byVariant {
				p.ByVariant[v] = *w
			}
		}
		p.Text = pairingText(p)
		s.Pairings = append(s.Pairings, p)
	}
	if len(t.variants) > 1 {
		s.Letters = variantLetters(t.variants)
	}
	if t.played > 0 {
		list, err := t.rate(ctx, "")
		if err != nil {
			return nil, fmt.Errorf("ratings: %w", err)
		}
		s.Ratings = list.Table
		s.RatingErrors = list.Errors
		s.Bootstrap, s.BootstrapSeed = list.Replicates, list.Seed
		if len(list.Table) > 1 {
			s.LOS = list.LOSMatrix()
		}
		s.PriorDraws = t.RatingOptions.Prior()
		if len(t.variants) > 1 {
			s.VariantRatings = map[string]stats.Table{}
			for _, v := range t.variants {
				list, err := t.rate(ctx, v)
				if errors.Is(err, stats.ErrDivergent) {
					s.Divergent = append(s.Divergent, v)
					continue
				}
				if err != nil {
					return nil, fmt.Errorf("ratings of %s: %w", v, err)
				}
				if len(list.Table) > 0 {
					s.VariantRatings[v] = list.Table
				}
			}
		}
		s.RankedBy = RankByPoints
		if t.meta.Tournament == "gauntlet" || !equalGames(s.Pairings) {
			s.RankedBy = RankByScore
		}
		s.Standings = standings(t.names, s.Pairings, s.Ratings, s.RankedBy == RankByScore)
		if base := t.gauntletBase(); base != "" {
			if s.Gauntlet, err = t.gauntlet(base); err != nil {
				return nil, err
			}
		}
	}
	if t.matrix != nil {
		m, err := t.matrixSummary()
		if err != nil {
			return nil, err
		}
		s.Matrix = m
		return s, nil
	}
	if m := t.meta.SPRT; m != nil {
		var penta stats.Penta
		if len(s.Pairings) == 1 {
			penta = s.Pairings[0].Penta
		}
		lo, hi := m.Bounds()
		st := stats.Status{Lower: lo, Upper: hi}
		problem := ""
		if penta.Pairs() > 0 {
			test, err := m.Test(penta)
			var reach *stats.OutOfReachError
			switch {
			case errors.As(err, &reach):
				problem = "sprt: " + reach.Error()
			case err != nil:
				return nil, fmt.Errorf("sprt: %w", err)
			default:
				st = test
			}
		}
		s.SPRT = &SPRTState{Test: *m, Status: st, Penta: penta, Problem: problem}
		if len(s.Pairings) == 1 {
			s.SPRT.Pairs = s.Pairings[0].Pairs
		}
		switch {
		case st.Decision == stats.AcceptH1:
			s.SPRT.Verdict, s.SPRT.ExitStatus = VerdictH1, ExitH1
		case st.Decision == stats.AcceptH0:
			s.SPRT.Verdict, s.SPRT.ExitStatus = VerdictH0, ExitH0
		case t.played >= t.meta.Total:
			s.SPRT.Verdict, s.SPRT.ExitStatus = VerdictLimit, ExitLimit
		default:
			s.SPRT.Verdict, s.SPRT.ExitStatus = VerdictOpen, 1
		}
	}
	return s, nil
}

// sortedPairings returns the pairings in the order of the engines, not
// of the games, so that statistics (down to the last digit of a fit) do
// not depend on the order games finished in.
func (t *Tally) sortedPairings() [][2]string {
	order := append([][2]string(nil), t.order...)
	sort.Slice(order, func(i, j int) bool {
		ai, aj := t.pairings[order[i]], t.pairings[order[j]]
		if t.index[ai.a] != t.index[aj.a] {
			return t.index[ai.a] < t.index[aj.a]
		}
		return t.index[ai.b] < t.index[aj.b]
	})
	return order
}

// rate fits the ratings of the players on the games of one variant, or
// of all variants when variant is "". Players without games in the
// variant are left out. The overall list has the resampling units of a
// bootstrap (pairs and lone games) and the bootstrap RatingOptions ask
// for; a variant's has its games' W-D-L alone and errors from the
// Hessian.
func (t *Tally) rate(ctx context.Context, variant string) (*stats.RatingList, error) {
	var ms []stats.Matchup
	var names []string
	index := map[string]int{}
	id := func(n string) int {
		if i, ok := index[n]; ok {
			return i
		}
		index[n] = len(names)
		names = append(names, n)
		return index[n]
	}
	if variant == "" {
		for _, n := range t.names {
			id(n)
		}
	}
	for _, k := range t.sortedPairings() {
		a := t.pairings[k]
		m := stats.Matchup{WDL: a.wdl, Pairs: a.penta,
			Lone: stats.WDL{W: a.wdl.W - a.paired.W, D: a.wdl.D - a.paired.D, L: a.wdl.L - a.paired.L}}
		if variant != "" {
			vw := a.byVariant[variant]
			if vw == nil {
				continue
			}
			m = stats.Matchup{WDL: *vw}
		}
		m.A, m.B = id(a.a), id(a.b)
		ms = append(ms, m)
	}
	if len(ms) == 0 {
		return &stats.RatingList{}, nil
	}
	opts := t.RatingOptions
	// Anchors of players without games here fix nothing.
	opts.Anchors = nil
	for _, a := range t.RatingOptions.Anchors {
		if _, ok := index[a.Name]; ok {
			opts.Anchors = append(opts.Anchors, a)
		}
	}
	if variant != "" {
		opts.Bootstrap = 0
	}
	return stats.RateList(ctx, names, ms, opts)
}

// gauntletBase is the player of the gauntlet table: Base, or in a
// gauntlet run the one engine in every pairing.
func (t *Tally) gauntletBase() string {
	if t.Base != "" {
		return t.Base
	}
	if t.meta.Tournament != "gauntlet" || len(t.order) == 0 {
		return ""
	}
	for _, n := range t.names {
		in := true
		for _, k := range t.order {
			in = in && (k[0] == n || k[1] == n)
		}
		if in {
			return n
		}
	}
	return ""
}

// gauntlet is the table of base against each opponent.
func (t *Tally) gauntlet(base string) (*stats.Gauntlet, error) {
	var ms []stats.Matchup
	for _, k := range t.sortedPairings() {
		a := t.pairings[k]
		ms = append(ms, stats.Matchup{A: t.index[a.a], B: t.index[a.b], WDL: a.wdl, Pairs: a.penta,
			Lone: stats.WDL{W: a.wdl.W - a.paired.W, D: a.wdl.D - a.paired.D, L: a.wdl.L - a.paired.L}})
	}
	return stats.GauntletOf(base, t.names, ms)
}

// Ranking rules, as Summary.RankedBy states them.
const (
	// RankByPoints is a round robin's order: every player has the same
	// number of games, so points, then the round-robin tie-breaks.
	RankByPoints = "points, then Sonneborn-Berger, direct encounter, rating and name"
	// RankByScore is the order of a gauntlet or of games where players
	// have different numbers of games (rate of arbitrary PGNs): points
	// per game, since a challenger's points are out of more games, and
	// Sonneborn-Berger, a round-robin tie-break, means nothing there.
	RankByScore = "score (points per game), then rating, games and name"
)

// sameRating reports whether two ratings are equal up to the fit's
// precision, so that symmetric players, whose fitted ratings differ in
// the last digits, tie.
func sameRating(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// standings ranks the players. byScore (a gauntlet, or unequal numbers
// of games) ranks by RankByScore, else by RankByPoints. Players tied on
// every criterion but the name share a rank; the name only orders them,
// the same way everywhere (the rating table breaks ties by score, then
// name).
func standings(names []string, pairings []Pairing, ratings stats.Table, byScore bool) []Standing {
	points := map[string]float64{}
	games := map[string]int{}
	against := map[[2]string]float64{} // (x, y) -> points x scored against y
	for _, p := range pairings {
		a := p.WDL.Points()
		n := p.WDL.Games()
		points[p.A] += a
		points[p.B] += float64(n) - a
		games[p.A] += n
		games[p.B] += n
		against[[2]string{p.A, p.B}] += a
		against[[2]string{p.B, p.A}] += float64(n) - a
	}
	rating := map[string]float64{}
	for _, r := range ratings {
		rating[r.Name] = r.Rating
	}
	rows := make([]Standing, 0, len(names))
	for _, n := range names {
		if games[n] == 0 {
			continue
		}
		r := Standing{Name: n, Points: points[n], Games: games[n], Score: points[n] / float64(games[n])}
		if !byScore {
			for _, o := range names {
				r.SonnebornBerger += against[[2]string{n, o}] * points[o]
			}
		}
		rows = append(rows, r)
	}
	if !byScore {
		// Direct encounter within each group tied on points and SB.
		for i := range rows {
			for j := range rows {
				if i != j && rows[i].Points == rows[j].Points && rows[i].SonnebornBerger == rows[j].SonnebornBerger {
					rows[i].Direct += against[[2]string{rows[i].Name, rows[j].Name}]
				}
			}
		}
	}
	// cmp orders a before b (<0) by every criterion but the name.
	cmp := func(a, b Standing) int {
		desc := func(x, y float64) int {
			switch {
			case x > y:
				return -1
			case x < y:
				return 1
			}
			return 0
		}
		if byScore {
			if c := desc(a.Score, b.Score); c != 0 {
				return c
			}
		} else {
			for _, c := range []int{desc(a.Points, b.Points), desc(a.SonnebornBerger, b.SonnebornBerger), desc(a.Direct, b.Direct)} {
				if c != 0 {
					return c
				}
			}
		}
		if ra, rb := rating[a.Name], rating[b.Name]; !sameRating(ra, rb) {
			return desc(ra, rb)
		}
		return desc(float64(a.Games), float64(b.Games))
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if c := cmp(rows[i], rows[j]); c != 0 {
			return c < 0
		}
		return rows[i].Name < rows[j].Name
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && cmp(rows[i], rows[i-1]) == 0 {
			rows[i].Rank = rows[i-1].Rank // still tied
		}
	}
	return rows
}

// equalGames reports whether every player has the same number of games
// (a complete round robin, or an SPRT's match).
func equalGames(pairings []Pairing) bool {
	games := map[string]int{}
	for _, p := range pairings {
		games[p.A] += p.WDL.Games()
		games[p.B] += p.WDL.Games()
	}
	n := -1
	for _, g := range games {
		if n >= 0 && g != n {
			return false
		}
		n = g
	}
	return true
}

// variantLetters gives each variant a capital letter for the crosstable:
// the first letter of its name not taken by an earlier variant.
func variantLetters(vs []string) map[string]string {
	out := map[string]string{}
	taken := map[rune]bool{}
	for _, v := range vs {
		letter := "?"
		for _, c := range strings.ToUpper(v) {
			if c >= 'A' && c <= 'Z' && !taken[c] {
				taken[c] = true
				letter = string(c)
				break
			}
		}
		out[v] = letter
	}
	return out
}

// Summarize computes the statistics of a set of finished games, ratings
// included, counted in game id order.
func Summarize(meta Meta, games []results.Game) (*Summary, error) {
	return Replay(meta, SortedByID(games), nil)
}

// Replay counts games, in the order given, in one Tally, calls each
// (when not nil) after every game with the game's index and the tally
// so far (the cheap views; Summary is a fit), and returns the summary of
// them all: the one derivation of a run's statistics for a reader of its
// records. An error of each stops the replay.
func Replay(meta Meta, games []results.Game, each func(i int, t *Tally) error) (*Summary, error) {
	t := NewTally(meta)
	for i, g := range games {
		if err := t.Add(g); err != nil {
			return nil, err
		}
		if each != nil {
			if err := each(i, t); err != nil {
				return nil, err
			}
		}
	}
	return t.Summary()
}

// FaultLoser returns the engine that lost g by a fault, or "".
func FaultLoser(g results.Game) string {
	switch g.Termination {
	case results.TermTimeForfeit, results.TermIllegalMove, results.TermEngineCrash, results.TermStall:
		switch g.Result {
		case results.WhiteWins:
			return g.Black
		case results.BlackWins:
			return g.White
		}
	}
	return ""
}

// Played returns the number of finished games counted.
func (t *Tally) Played() int { return t.played }

// MatchPenta returns the pentanomial counts of the colour-reversed pairs
// of a run with a single pairing (a match, an SPRT test); false when the
// run has several pairings or none yet. It is cheap: no fit.
func (t *Tally) MatchPenta() (stats.Penta, bool) {
	if len(t.order) != 1 {
		return stats.Penta{}, false
	}
	return t.pairings[t.order[0]].penta, true
}

// PairsCounted returns the number of pairs an SPRT run has counted so
// far: the contiguous prefix of finished pairs in schedule order.
// In a per-variant SPRT it is the pairs before the first one the
// undecided variants' tests wait for.
func (t *Tally) PairsCounted() int {
	if t.matrix != nil {
		if f := t.matrixFrontier(); f > 0 {
			return f - 1
		}
		return t.meta.Total / 2
	}
	return t.nextPair
}
