package rundir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"varena/results"
	"varena/results/stats"
)

// Meta describes a run for its summary; it is saved beside the journal
// (meta.json) so that merge and rate can summarise a run's games without
// its config.
type Meta struct {
	Name       string      `json:"name"`
	Variants   []string    `json:"variants"`
	Tournament string      `json:"tournament"`
	Engines    []string    `json:"engines"`
	Total      int         `json:"total_games"` // games in the whole schedule (all shards)
	SPRT       *stats.SPRT `json:"sprt,omitempty"`
	Seed       uint64      `json:"seed"`
	// Shard and Shards say which shard of the schedule the directory
	// plays (run -shard 2/4); 0 for the whole. An SPRT counts a shard's
	// pairs in its own order (Shard, Shard+Shards, ...), so that a report
	// of the shard's journal counts them as the run did.
	Shard  int `json:"shard,omitempty"`
	Shards int `json:"shards,omitempty"`
	// Settings fingerprints everything that changes what a game is
	// (see fingerprint): a resume with other settings is refused, naming
	// each difference. Absent in the meta.json of older versions.
	Settings map[string]string `json:"settings,omitempty"`
}

// Pairing is the result between two engines, from A's point of view.
type Pairing struct {
	A     string        `json:"a"`
	B     string        `json:"b"`
	WDL   stats.WDL     `json:"wdl"`
	Games stats.Summary `json:"games"` // trinomial statistics (all games)
	// Pentanomial statistics from the colour-reversed pairs where both
	// games are finished.
	Penta     stats.Penta    `json:"penta"`
	Pairs     *stats.Summary `json:"pairs,omitempty"`
	DrawRatio float64        `json:"draw_ratio"`
	// ByVariant splits WDL by variant (multivariant runs).
	ByVariant map[string]stats.WDL `json:"by_variant,omitempty"`
	// Text is the Elo as every view writes it (EloText).
	Text PairingText `json:"text"`
}

// Standing is a row of the final standings: total score, then the
// tie-breaks Sonneborn-Berger (the sum, over opponents, of the points
// scored against each times that opponent's total) and direct encounter
// (points scored against the players tied on points and Sonneborn-Berger).
// Summary.RankedBy says which order the rows follow; a gauntlet has no
// Sonneborn-Berger or direct encounter (0).
type Standing struct {
	Rank            int     `json:"rank"`
	Name            string  `json:"name"`
	Points          float64 `json:"points"`
	Games           int     `json:"games"`
	Score           float64 `json:"score"` // points per game
	SonnebornBerger float64 `json:"sonneborn_berger"`
	Direct          float64 `json:"direct_encounter"`
}

// Summary is the machine-readable result of a run (summary.json).
type Summary struct {
	Meta      Meta        `json:"meta"`
	Played    int         `json:"played"`
	Standings []Standing  `json:"standings"`
	RankedBy  string      `json:"ranked_by,omitempty"` // RankByPoints or RankByScore
	Ratings   stats.Table `json:"ratings"`
	// PriorDraws is the number of virtual draws each player has in the
	// ratings (stats.RatingOptions), which pull them toward the pool's
	// average; a pairing's Elo is from its games alone.
	PriorDraws float64 `json:"prior_draws,omitempty"`
	// VariantRatings are the ratings fitted on each variant's games alone
	// (multivariant runs). A variant whose ratings diverge (possible only
	// without a prior: someone won or lost all its games there) has none
	// and is listed in Divergent.
	VariantRatings map[string]stats.Table `json:"variant_ratings,omitempty"`
	Divergent      []string               `json:"divergent_variants,omitempty"`
	Pairings       []Pairing              `json:"pairings"`
	Letters        map[string]string      `json:"variant_letters,omitempty"` // variant -> crosstable letter
	SPRT           *SPRTState             `json:"sprt,omitempty"`
	// PastDecision counts the games of an SPRT run finished after the
	// test decided (games in flight then): they are in the journal and
	// the PGN but in no statistic here, standings and ratings included,
	// so that the result is the same whatever the concurrency. Waiting
	// counts the finished games of an undecided SPRT not counted yet
	// because an earlier pair is not finished (an interrupted run).
	PastDecision int                       `json:"past_decision,omitempty"`
	Waiting      int                       `json:"waiting,omitempty"`
	Faults       map[string]map[string]int `json:"faults,omitempty"` // engine -> termination -> count
	// Overruns are, per engine, the moves that took longer than their
	// time but not longer than the margin too: forgiven, not hidden.
	Overruns map[string]*Overruns `json:"overruns,omitempty"`
	Terms    map[string]int       `json:"terminations"`
	// Ponder is, for each engine that pondered, how often it had
	// pondered on the move its opponent played.
	Ponder map[string]PonderRate `json:"ponder,omitempty"`
	// Shard is set for a run played with -shard: which shard, and how
	// many of its own games it played; Played and the tables above are
	// this shard's, Meta.Total the whole run's.
	Shard *ShardRecord `json:"shard,omitempty"`
}

// SPRTState is where an SPRT stands.
type SPRTState struct {
	Test stats.SPRT `json:"test"`
	stats.Status
	Penta stats.Penta `json:"penta"`
	// Problem says why there is no LLR yet, in words: bounds out of reach
	// of the results so far (stats.OutOfReachError). The test continues.
	Problem string `json:"problem,omitempty"`
	// Verdict is the outcome in words: VerdictH1, VerdictH0,
	// VerdictLimit or VerdictOpen; ExitStatus is what `varena run`
	// exits with for it (0, 3, 4; an open test is no exit of its own).
	Verdict    string `json:"verdict"`
	ExitStatus int    `json:"exit_status"`
	// Estimates from the counted pairs (nil before the first pair).
	Pairs *stats.Summary `json:"pairs,omitempty"`
}

// Verdicts of an SPRT run, and the exit statuses of `varena run` that
// go with them (errors exit 1, usage errors 2).
const (
	VerdictH1    = "H1 accepted"
	VerdictH0    = "H0 accepted"
	VerdictLimit = "undecided: game limit reached"
	VerdictOpen  = "undecided: not finished"

	ExitH1    = 0
	ExitH0    = 3
	ExitLimit = 4
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
	// RatingOptions anchors the ratings (default: mean 0).
	RatingOptions stats.RatingOptions

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
}

type pairAcc struct {
	a, b      string
	wdl       stats.WDL
	penta     stats.Penta
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
	n := 0
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
		var err error
		if s.Ratings, err = t.rate(""); err != nil {
			return nil, fmt.Errorf("ratings: %w", err)
		}
		s.PriorDraws = t.RatingOptions.Prior()
		if len(t.variants) > 1 {
			s.VariantRatings = map[string]stats.Table{}
			for _, v := range t.variants {
				table, err := t.rate(v)
				if errors.Is(err, stats.ErrDivergent) {
					s.Divergent = append(s.Divergent, v)
					continue
				}
				if err != nil {
					return nil, fmt.Errorf("ratings of %s: %w", v, err)
				}
				if len(table) > 0 {
					s.VariantRatings[v] = table
				}
			}
		}
		s.RankedBy = RankByPoints
		if t.meta.Tournament == "gauntlet" || !equalGames(s.Pairings) {
			s.RankedBy = RankByScore
		}
		s.Standings = standings(t.names, s.Pairings, s.Ratings, s.RankedBy == RankByScore)
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
// variant are left out.
func (t *Tally) rate(variant string) (stats.Table, error) {
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
		w := a.wdl
		if variant != "" {
			vw := a.byVariant[variant]
			if vw == nil {
				continue
			}
			w = *vw
		}
		ms = append(ms, stats.Matchup{A: id(a.a), B: id(a.b), WDL: w})
	}
	if len(ms) == 0 {
		return nil, nil
	}
	return stats.RateMatchups(names, ms, t.RatingOptions)
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
// included.
func Summarize(meta Meta, games []results.Game) (*Summary, error) {
	sorted := append([]results.Game(nil), games...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].ID < sorted[j].ID })
	t := NewTally(meta)
	for _, g := range sorted {
		if err := t.Add(g); err != nil {
			return nil, err
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

// WriteJSON writes the summary as indented JSON.
func (s *Summary) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// CrosstableWidth is the width the text crosstable keeps to, so that it
// fits a terminal: the per-game cells of a multivariant run become
// per-variant scores when the table would be wider, and a table still
// wider is cut into blocks of columns. summary.json keeps every game.
const CrosstableWidth = 100

// WriteText prints the summary as tables: standings, ratings (overall
// and per variant), pairings with Elo and confidence, the crosstable,
// SPRT and faults.
func (s *Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	b.WriteString(s.headline() + "\n\n")
	if len(s.Standings) > 0 {
		s.writeStandings(&b)
		b.WriteByte('\n')
	}
	if len(s.Ratings) > 0 {
		if err := s.Ratings.Write(&b); err != nil {
			return err
		}
		if note := s.PriorNote(); note != "" {
			b.WriteString(note + "\n")
		}
		b.WriteByte('\n')
	}
	for _, v := range s.Meta.Variants {
		if table, ok := s.VariantRatings[v]; ok {
			fmt.Fprintf(&b, "Ratings in %s (%s):\n", v, s.Letters[v])
			if err := table.Write(&b); err != nil {
				return err
			}
			b.WriteByte('\n')
		}
		if slices.Contains(s.Divergent, v) {
			fmt.Fprintf(&b, "Ratings in %s (%s): none, they diverge without a prior (someone won or lost all their games there).\n\n", v, s.Letters[v])
		}
	}
	for _, p := range s.Pairings {
		fmt.Fprintf(&b, "%s vs %s: %s  score %.1f%%  Elo %s  LOS %.1f%%  draws %.1f%%\n",
			p.A, p.B, p.WDL, 100*p.Games.Score, eloText(p.Games.Elo, p.Games.Score), 100*p.Games.LOS, 100*p.DrawRatio)
		if p.Pairs != nil {
			fmt.Fprintf(&b, "    pairs %s  Elo %s  nElo %s\n",
				p.Penta, eloText(p.Pairs.Elo, p.Pairs.Score), eloText(p.Pairs.NElo, p.Pairs.Score))
		}
	}
	if len(s.Standings) > 1 {
		b.WriteByte('\n')
		s.writeCrosstable(&b)
	}
	if s.PastDecision > 0 {
		fmt.Fprintf(&b, "\n%d game(s) finished after the SPRT decided: in the journal and the PGN, not counted above.\n", s.PastDecision)
	}
	if s.Waiting > 0 {
		fmt.Fprintf(&b, "\n%d finished game(s) wait for an earlier pair: the SPRT counts pairs in schedule order; not counted above.\n", s.Waiting)
	}
	if len(s.Faults) > 0 {
		b.WriteString("\nFaults:\n")
		for _, name := range slices.Sorted(maps.Keys(s.Faults)) {
			for _, term := range slices.Sorted(maps.Keys(s.Faults[name])) {
				fmt.Fprintf(&b, "  %s: %d x %s\n", name, s.Faults[name][term], term)
			}
		}
	}
	for _, w := range s.OverrunWarnings() {
		fmt.Fprintf(&b, "\n%s\n", w)
	}
	if s.SPRT != nil {
		// Last, so that a CI log's last line is the verdict.
		fmt.Fprintf(&b, "\n%s\n", s.SPRTLine())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// eloText writes an Elo estimate with its 95% half width; a score of 100%
// or 0%, whose estimate is infinite (the finite number in summary.json
// comes from the regularization of empty outcomes), as "+inf" or "-inf"
// with the bound the interval gives.
func eloText(in stats.Interval, score float64) string {
	switch score {
	case 1:
		return fmt.Sprintf("+inf (95%%: > %s)", stats.Signed(in.Lower, 1))
	case 0:
		return fmt.Sprintf("-inf (95%%: < %s)", stats.Signed(in.Upper, 1))
	}
	return fmt.Sprintf("%s ± %.1f", stats.Signed(in.Value, 1), in.Error)
}

// writeStandings prints the standings, in the order RankedBy names.
func (s *Summary) writeStandings(b *strings.Builder) {
	nw := s.nameWidth()
	byScore := s.RankedBy == RankByScore
	if byScore {
		fmt.Fprintf(b, "%4s  %-*s %7s %6s %7s\n", "Rank", nw, "Name", "Points", "Games", "Score")
	} else {
		fmt.Fprintf(b, "%4s  %-*s %7s %6s %8s %6s\n", "Rank", nw, "Name", "Points", "Games", "S-B", "Direct")
	}
	for _, r := range s.Standings {
		if byScore {
			fmt.Fprintf(b, "%4d  %-*s %7g %6d %6.1f%%\n", r.Rank, nw, r.Name, r.Points, r.Games, 100*r.Score)
		} else {
			fmt.Fprintf(b, "%4d  %-*s %7g %6d %8.2f %6g\n", r.Rank, nw, r.Name, r.Points, r.Games, r.SonnebornBerger, r.Direct)
		}
	}
	if s.RankedBy != "" {
		fmt.Fprintf(b, "Ranked by %s.\n", s.RankedBy)
	}
}

func (s *Summary) nameWidth() int {
	width := 4
	for _, r := range s.Standings {
		width = max(width, len(r.Name))
	}
	return width
}

// writeCrosstable prints, in standings order, what each row engine scored
// against each column engine: points/games, or in multivariant runs each
// result with its variant's letter (1-E 0.5-L), as the 2003 Multivariant
// Tournament's crosstable did, with a legend. When that is wider than
// CrosstableWidth, cells give each variant's points/games instead
// (E2.5/4), and a table still wider is printed in blocks of columns.
func (s *Summary) writeCrosstable(b *strings.Builder) {
	names := make([]string, len(s.Standings))
	for i, r := range s.Standings {
		names[i] = r.Name
	}
	nw := s.nameWidth()
	label := nw + 3
	total := make([]string, len(names))
	tw := len("Pts")
	for i, r := range s.Standings {
		total[i] = strconv.FormatFloat(r.Points, 'f', -1, 64)
		tw = max(tw, len(total[i]))
	}
	var cells map[[2]string]string
	var width int
	for _, perGame := range []bool{true, false} {
		cells = map[[2]string]string{}
		for _, p := range s.Pairings {
			cells[[2]string{p.A, p.B}] = cellText(p, false, s.Letters, s.Meta.Variants, perGame)
			cells[[2]string{p.B, p.A}] = cellText(p, true, s.Letters, s.Meta.Variants, perGame)
		}
		width = max(3, len(strconv.Itoa(len(names))))
		for _, c := range cells {
			width = max(width, len(c))
		}
		if label+len(names)*(width+1)+tw+1 <= CrosstableWidth {
			break // fits as it is
		}
	}
	perBlock := max(1, (CrosstableWidth-label-(tw+1))/(width+1))
	for start := 0; start < len(names); start += perBlock {
		end := min(start+perBlock, len(names))
		last := end == len(names)
		if start > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(b, "%-*s", label, "")
		for i := start; i < end; i++ {
			fmt.Fprintf(b, " %-*d", width, i+1)
		}
		if last {
			fmt.Fprintf(b, " %*s", tw, "Pts")
		}
		b.WriteByte('\n')
		for i, row := range names {
			line := fmt.Sprintf("%2d %-*s", i+1, nw, row)
			for _, col := range names[start:end] {
				c, ok := cells[[2]string{row, col}]
				if !ok {
					c = "-"
				}
				line += fmt.Sprintf(" %-*s", width, c)
			}
			if last {
				line += fmt.Sprintf(" %*s", tw, total[i])
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
	}
	if len(s.Letters) > 0 {
		b.WriteString("Variants:")
		for _, v := range s.Meta.Variants {
			fmt.Fprintf(b, " %s=%s", s.Letters[v], v)
		}
		b.WriteByte('\n')
	}
}

// cellText is one crosstable cell: the row engine's results against the
// column engine (flip: the row is the pairing's B). perGame lists each
// game of a multivariant run (1-E 0.5-L), else each variant's
// points/games (E1.5/2 L0.5/1).
func cellText(p Pairing, flip bool, letters map[string]string, order []string, perGame bool) string {
	score := func(w stats.WDL) string {
		pts := w.Points()
		if flip {
			pts = float64(w.Games()) - pts
		}
		return fmt.Sprintf("%g/%d", pts, w.Games())
	}
	if len(letters) == 0 {
		return score(p.WDL)
	}
	var parts []string
	for _, v := range order {
		w, ok := p.ByVariant[v]
		if !ok || w.Games() == 0 {
			continue
		}
		if !perGame {
			parts = append(parts, letters[v]+score(w))
			continue
		}
		win, loss := w.W, w.L
		if flip {
			win, loss = loss, win
		}
		for range win {
			parts = append(parts, "1-"+letters[v])
		}
		for range w.D {
			parts = append(parts, "0.5-"+letters[v])
		}
		for range loss {
			parts = append(parts, "0-"+letters[v])
		}
	}
	return strings.Join(parts, " ")
}

// SPRTLine is the one-line verdict of an SPRT run: the decision, the LLR
// with its bounds, the games and pairs counted, and the Elo and
// normalized Elo estimates with their 95% intervals, e.g.
//
//	SPRT [0, 10] normalized: H1 accepted, LLR 2.96 (-2.94, 2.94), 812 games (406 pairs), Elo +12.3 [4.2, 20.4], nElo +20.1 [7.1, 33.1]
//
// "" for runs that are no SPRT.
func (s *Summary) SPRTLine() string {
	st := s.SPRT
	if st == nil {
		return ""
	}
	if st.Problem != "" {
		return fmt.Sprintf("SPRT [%g, %g] %s: no LLR: %s; %s, %d games (%d pairs)",
			st.Test.Elo0, st.Test.Elo1, st.Test.Model, st.Problem, st.Verdict, st.Penta.Games(), st.Penta.Pairs())
	}
	line := fmt.Sprintf("SPRT [%g, %g] %s: %s, LLR %s (%.2f, %.2f), %d games (%d pairs)",
		st.Test.Elo0, st.Test.Elo1, st.Test.Model, st.Verdict, stats.Fixed(st.LLR, 2), st.Lower, st.Upper, st.Penta.Games(), st.Penta.Pairs())
	if p := st.Pairs; p != nil {
		f := func(x float64) string { return stats.Fixed(x, 1) }
		line += fmt.Sprintf(", Elo %s [%s, %s], nElo %s [%s, %s]",
			stats.Signed(p.Elo.Value, 1), f(p.Elo.Lower), f(p.Elo.Upper),
			stats.Signed(p.NElo.Value, 1), f(p.NElo.Lower), f(p.NElo.Upper))
	}
	return line
}
