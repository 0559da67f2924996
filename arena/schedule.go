package arena

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"varena/arena/openings"
	"varena/configs"
	"varena/configs/plan"
	"varena/engines"
)

// GameSpec is one scheduled game.
type GameSpec struct {
	ID      int    // 1-based, unique in the run; the journal key
	Round   int    // 1-based
	Pair    int    // 1-based; both games of a pair share the opening, colours reversed
	Variant string // variant name
	White   string // engine names
	Black   string
	Opening openings.Opening
}

// Schedule is the deterministic sequence of games of a run: the same
// config and seed always give the same games with the same ids, which is
// what resuming, sharding and merging rely on. It is an iterator: games
// are made as Next asks for them (an opening only for a game handed
// out), so that its memory does not depend on the number of games
// (games: 2000000000 built every game in memory and ran out of it
// after 106 s). A schedule, its shards and what is left of it to play
// share one plan.
type Schedule struct {
	plan          *layout
	shard, shards int          // play only shard of shards (1-based); 0: all
	done          map[int]bool // games left out (played already)
	total         int

	cur   *cursor
	queue []GameSpec // the second game of the pair being handed out
	err   error
}

// MaxScheduleGames bounds the games of a run's schedule (all shards): a
// count its ids and totals hold with room to spare.
const MaxScheduleGames = 1 << 40

// Next returns the next game, or false at the end.
func (s *Schedule) Next() (GameSpec, bool) {
	if s.err != nil || s.plan == nil {
		return GameSpec{}, false
	}
	if s.cur == nil {
		s.cur = s.plan.start()
	}
	for len(s.queue) == 0 {
		p, ok := s.cur.next()
		if !ok {
			return GameSpec{}, false
		}
		if s.shards > 1 && (p.pair-1)%s.shards != s.shard-1 {
			continue
		}
		id := 2*p.pair - 1
		if s.done[id] && s.done[id+1] {
			continue
		}
		games, err := s.plan.games(p)
		if err != nil {
			s.err = err
			return GameSpec{}, false
		}
		for _, g := range games {
			if !s.done[g.ID] {
				s.queue = append(s.queue, g)
			}
		}
	}
	g := s.queue[0]
	s.queue = s.queue[1:]
	return g, true
}

// Err returns the error that ended Next early (an opening that could not
// be made), or nil.
func (s *Schedule) Err() error { return s.err }

// Unpaired names the pairings of the tournament left out because the two
// engines play no variant of the run in common, each with the variants
// each plays.
func (s *Schedule) Unpaired() []string {
	if s.plan == nil {
		return nil
	}
	return slices.Clone(s.plan.unpaired)
}

// Total returns the number of games in the schedule.
func (s *Schedule) Total() int { return s.total }

// Games returns every game of the schedule, from the first (for tests
// and tools; a run takes them one at a time with Next).
func (s *Schedule) Games() []GameSpec {
	fresh := *s
	fresh.cur, fresh.queue = nil, nil
	var out []GameSpec
	for g, ok := fresh.Next(); ok; g, ok = fresh.Next() {
		out = append(out, g)
	}
	return out
}

// Spec returns the game of the whole schedule with this id, walking the
// plan up to it without making openings (the Opening is left empty), or
// false when the schedule has no such game.
func (s *Schedule) Spec(id int) (GameSpec, bool) {
	if s.plan == nil || id < 1 || id > s.plan.total {
		return GameSpec{}, false
	}
	c := s.plan.start()
	want := (id + 1) / 2
	for {
		p, ok := c.next()
		if !ok {
			return GameSpec{}, false
		}
		if p.pair == want {
			return s.plan.spec(p, id), true
		}
	}
}

// pairing is two engines that meet.
type pairing struct{ a, b string }

// pairings returns who meets whom, in config order.
func pairings(r *plan.Plan) []pairing {
	var ps []pairing
	if len(r.Tournament.Pairs) > 0 { // a round of an event (event.go)
		for _, p := range r.Tournament.Pairs {
			ps = append(ps, pairing{p[0], p[1]})
		}
		return ps
	}
	switch r.Tournament.Type {
	case configs.Gauntlet:
		for _, e := range r.Engines {
			if e.Name != r.Tournament.Challenger {
				ps = append(ps, pairing{r.Tournament.Challenger, e.Name})
			}
		}
	default: // round-robin; sprt has exactly two engines
		for i := range r.Engines {
			for j := i + 1; j < len(r.Engines); j++ {
				ps = append(ps, pairing{r.Engines[i].Name, r.Engines[j].Name})
			}
		}
	}
	return ps
}

// Accepts reports whether an engine plays a variant.
type Accepts func(engine, variant string) bool

// NewSchedule makes the schedule of a run over its variants vs. Each
// pairing plays the variants both engines accept: every one of them
// (variant_schedule all, and single-variant runs) or Tournament.Games
// games spread over them (assigned). A pairing without a common variant is
// an error, found here before any game. Games are ordered so that every
// pairing advances together (pair 1 of each pairing, then pair 2, ...),
// which keeps an interrupted or SPRT-stopped run balanced. Openings come
// pair by pair from the variant's book (cycling), or are made by random
// plies when it has none.
func NewSchedule(r *plan.Plan, vs []*engines.Variant, books map[string][]openings.Opening, accepts Accepts) (*Schedule, error) {
	ps := pairings(r)
	if len(ps) == 0 {
		return nil, fmt.Errorf("run %s: no pairings", r.Name)
	}
	// A pairing without a variant both engines play is left out: in an
	// event of specialists (a xiangqi engine, a shogi engine) most such
	// engines never meet. An engine left without any pairing is an
	// error: it would play no game at all.
	var kept []pairing
	var common [][]*engines.Variant
	var unpaired []string
	paired := map[string]bool{}
	for _, p := range ps {
		var both []*engines.Variant
		for _, v := range vs {
			if accepts(p.a, v.Name) && accepts(p.b, v.Name) {
				both = append(both, v)
			}
		}
		if len(both) == 0 {
			unpaired = append(unpaired, fmt.Sprintf("%s and %s have no variant in common (%s plays %s; %s plays %s)",
				p.a, p.b, p.a, playsOf(p.a, vs, accepts), p.b, playsOf(p.b, vs, accepts)))
			continue
		}
		kept = append(kept, p)
		common = append(common, both)
		paired[p.a], paired[p.b] = true, true
	}
	var errs []error
	for _, e := range r.Engines {
		if paired[e.Name] || !slices.ContainsFunc(ps, func(p pairing) bool { return p.a == e.Name || p.b == e.Name }) {
			continue
		}
		if plays := playsOf(e.Name, vs, accepts); plays != noneOfThem {
			errs = append(errs, fmt.Errorf("%s meets no opponent: none of them plays %s", e.Name, plays))
		} else {
			errs = append(errs, fmt.Errorf("%s meets no opponent: it plays none of the run's variants", e.Name))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("run %s: %w", r.Name, err)
	}
	ps = kept
	pl := &layout{r: r, vs: vs, books: books, ps: ps, common: common, unpaired: unpaired,
		pairsPer: r.Tournament.Games / 2, rounds: max(r.Tournament.Rounds, 1),
		assigned: r.VariantSchedule == configs.ScheduleAssigned}
	// The pairs of one block (one k of one round), in order: for
	// assigned variants one per pairing, else one per pairing and
	// common variant, variant by variant.
	if pl.assigned {
		pl.block = len(ps)
	} else {
		for _, v := range vs {
			for i := range ps {
				if slices.Contains(common[i], v) {
					pl.slots = append(pl.slots, slot{v, i})
				}
			}
		}
		pl.block = len(pl.slots)
	}
	pairs := uint64(pl.rounds) * uint64(max(pl.pairsPer, 0)) * uint64(pl.block)
	if pl.pairsPer > 0 && (pairs/uint64(pl.pairsPer)/uint64(pl.rounds) != uint64(pl.block) || pairs > MaxScheduleGames/2) {
		return nil, fmt.Errorf("run %s: the schedule would hold more than %d games (games x rounds x pairings)", r.Name, uint64(MaxScheduleGames))
	}
	pl.total = 2 * int(pairs)
	return &Schedule{plan: pl, total: pl.total}, nil
}

// layout is what a schedule's games are made from.
type layout struct {
	r        *plan.Plan
	vs       []*engines.Variant
	books    map[string][]openings.Opening
	ps       []pairing
	common   [][]*engines.Variant // per pairing, the variants both play
	unpaired []string             // the pairings left out, each with why
	pairsPer int                  // pairs per pairing (and variant) per round
	rounds   int
	assigned bool
	slots    []slot // a block's pairs, when not assigned
	block    int    // pairs per block
	total    int    // games in all
}

// slot is a pair of a block: a variant and a pairing (by index).
type slot struct {
	v       *engines.Variant
	pairing int
}

// schedPair is one pair of the plan as the cursor reaches it.
type schedPair struct {
	pair, round int
	v           *engines.Variant
	pairing     pairing
	nth         int // the pair's number among the variant's pairs (from 1): its opening
}

// cursor walks the pairs of a plan in order. Its state is what the
// assigned variants depend on (the counts and the seeded generator of
// leastUsed) and each variant's pair count: small, whatever the games.
type cursor struct {
	pl         *layout
	round, k   int // the block: round from 1, k from 0
	at         int // the next pair in the block
	pair       int // pairs handed out
	perVariant map[string]int
	used       []map[string]int
	total      map[string]int
	rng        *rand.Rand
}

func (pl *layout) start() *cursor {
	c := &cursor{pl: pl, round: 1, perVariant: map[string]int{}}
	if pl.assigned {
		c.used = make([]map[string]int, len(pl.ps))
		for i := range c.used {
			c.used[i] = map[string]int{}
		}
		c.total = map[string]int{}
		c.rng = rand.New(rand.NewPCG(pl.r.Seed, 0x61737369676e)) // "assign"
	}
	return c
}

// next returns the next pair, or false after the last.
func (c *cursor) next() (schedPair, bool) {
	pl := c.pl
	if c.at == pl.block {
		c.at = 0
		if c.k++; c.k == pl.pairsPer {
			c.k = 0
			c.round++
		}
	}
	if c.round > pl.rounds || pl.pairsPer <= 0 || pl.block == 0 {
		return schedPair{}, false
	}
	var v *engines.Variant
	var i int
	if pl.assigned {
		i = c.at
		v = leastUsed(pl.common[i], c.used[i], c.total, c.rng)
		c.used[i][v.Name]++
		c.total[v.Name]++
	} else {
		v, i = pl.slots[c.at].v, pl.slots[c.at].pairing
	}
	c.at++
	c.pair++
	c.perVariant[v.Name]++
	return schedPair{pair: c.pair, round: c.round, v: v, pairing: pl.ps[i], nth: c.perVariant[v.Name]}, true
}

// spec is game id (of pair p) without its opening.
func (pl *layout) spec(p schedPair, id int) GameSpec {
	w, b := p.pairing.a, p.pairing.b
	if id == 2*p.pair {
		w, b = b, w
	}
	return GameSpec{ID: id, Round: p.round, Pair: p.pair, Variant: p.v.Name, White: w, Black: b}
}

// games returns the two games of pair p, sharing its opening with
// colours reversed.
func (pl *layout) games(p schedPair) ([2]GameSpec, error) {
	op, err := openingFor(pl.r, p.v, pl.books[p.v.Name], p.nth)
	if err != nil {
		return [2]GameSpec{}, err
	}
	gs := [2]GameSpec{pl.spec(p, 2*p.pair-1), pl.spec(p, 2*p.pair)}
	gs[0].Opening, gs[1].Opening = op, op
	return gs, nil
}

// leastUsed picks, among a pairing's common variants, the one it has
// played least, then the one played least overall, ties broken at random.
func leastUsed(common []*engines.Variant, mine, total map[string]int, rng *rand.Rand) *engines.Variant {
	order := rng.Perm(len(common))
	best := common[order[0]]
	for _, i := range order[1:] {
		v := common[i]
		if mine[v.Name] < mine[best.Name] || mine[v.Name] == mine[best.Name] && total[v.Name] < total[best.Name] {
			best = v
		}
	}
	return best
}

// noneOfThem is what playsOf says of an engine that plays no variant of
// the run.
const noneOfThem = "none of them"

// playsOf lists the variants of vs the engine plays.
func playsOf(engine string, vs []*engines.Variant, accepts Accepts) string {
	var names []string
	for _, v := range vs {
		if accepts(engine, v.Name) {
			names = append(names, v.Name)
		}
	}
	if len(names) == 0 {
		return noneOfThem
	}
	return strings.Join(names, ", ")
}

// openingFor returns the opening of the n-th pair (1-based) of variant v.
func openingFor(r *plan.Plan, v *engines.Variant, book []openings.Opening, n int) (openings.Opening, error) {
	if len(book) > 0 {
		return book[(n-1)%len(book)], nil
	}
	plies := r.Variant(v.Name).Openings.PlyCount()
	if plies == 0 && !v.Chess960 {
		start := v.StartPosition()
		return openings.Opening{FEN: start.FEN(), Initial: true}, nil
	}
	return openings.RandomOpening(v, plies, r.Seed, uint64(n)<<8|uint64(variantIndex(r, v.Name)))
}

// variantIndex returns the position of a variant in the run's list, so
// that random openings of different variants come from different streams.
func variantIndex(r *plan.Plan, name string) int {
	return max(slices.Index(r.VariantNames(), name), 0)
}

// Shard returns the games of shard i of n (1-based): whole pairs, pair
// numbers spread round-robin over the shards, so the n shards are
// disjoint and together the whole schedule.
func (s *Schedule) Shard(i, n int) *Schedule {
	if n <= 1 || s.plan == nil {
		return s
	}
	pairs := s.plan.total / 2
	inShard := 0
	if i <= pairs {
		inShard = (pairs-i)/n + 1
	}
	return &Schedule{plan: s.plan, shard: i, shards: n, total: 2 * inShard}
}

// Without returns the schedule less the games whose ids are in done.
func (s *Schedule) Without(done map[int]bool) *Schedule {
	out := &Schedule{plan: s.plan, shard: s.shard, shards: s.shards, done: map[int]bool{}, total: s.total}
	for id := range s.done {
		out.done[id] = true
	}
	for id := range done {
		if done[id] && !out.done[id] && s.holds(id) {
			out.done[id] = true
			out.total--
		}
	}
	return out
}

// holds reports whether game id is in the schedule (before Without).
func (s *Schedule) holds(id int) bool {
	if s.plan == nil || id < 1 || id > s.plan.total {
		return false
	}
	pair := (id + 1) / 2
	return s.shards <= 1 || (pair-1)%s.shards == s.shard-1
}
