package arena

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"varena/configs"
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
	Opening Opening
}

// Opening is where a game starts.
type Opening struct {
	FEN     string
	Initial bool // the variant's initial position
}

// Schedule is the deterministic list of games of a run: the same config
// and seed always give the same games with the same ids, which is what
// resuming, sharding and merging rely on.
type Schedule struct {
	games []GameSpec
	next  int
}

// Next returns the next game, or false at the end.
func (s *Schedule) Next() (GameSpec, bool) {
	if s.next >= len(s.games) {
		return GameSpec{}, false
	}
	g := s.games[s.next]
	s.next++
	return g, true
}

// Total returns the number of games in the schedule.
func (s *Schedule) Total() int { return len(s.games) }

// Games returns every game of the schedule.
func (s *Schedule) Games() []GameSpec { return s.games }

// pairing is two engines that meet.
type pairing struct{ a, b string }

// pairings returns who meets whom, in config order.
func pairings(r *configs.Run) []pairing {
	var ps []pairing
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

// NewSchedule builds the schedule of a run over its variants vs. Each
// pairing plays the variants both engines accept: every one of them
// (variant_schedule all, and single-variant runs) or Tournament.Games
// games spread over them (assigned). A pairing without a common variant is
// an error, found here before any game. Games are ordered so that every
// pairing advances together (pair 1 of each pairing, then pair 2, ...),
// which keeps an interrupted or SPRT-stopped run balanced. Openings come
// pair by pair from the variant's book (cycling), or are made by random
// plies when it has none.
func NewSchedule(r *configs.Run, vs []*engines.Variant, books map[string][]Opening, accepts Accepts) (*Schedule, error) {
	ps := pairings(r)
	if len(ps) == 0 {
		return nil, fmt.Errorf("run %s: no pairings", r.Name)
	}
	common := make([][]*engines.Variant, len(ps))
	var errs []error
	for i, p := range ps {
		for _, v := range vs {
			if accepts(p.a, v.Name) && accepts(p.b, v.Name) {
				common[i] = append(common[i], v)
			}
		}
		if len(common[i]) == 0 {
			errs = append(errs, fmt.Errorf("%s and %s have no variant in common (%s plays %s; %s plays %s)",
				p.a, p.b, p.a, playsOf(p.a, vs, accepts), p.b, playsOf(p.b, vs, accepts)))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("run %s: %w", r.Name, err)
	}

	s := &Schedule{}
	pair := 0
	perVariant := map[string]int{} // pairs so far, for cycling each book
	emit := func(round int, p pairing, v *engines.Variant) error {
		pair++
		perVariant[v.Name]++
		op, err := openingFor(r, v, books[v.Name], perVariant[v.Name])
		if err != nil {
			return err
		}
		for swap := 0; swap < 2; swap++ {
			w, b := p.a, p.b
			if swap == 1 {
				w, b = b, w
			}
			s.games = append(s.games, GameSpec{ID: len(s.games) + 1, Round: round, Pair: pair,
				Variant: v.Name, White: w, Black: b, Opening: op})
		}
		return nil
	}
	pairsPer := r.Tournament.Games / 2
	rounds := max(r.Tournament.Rounds, 1)
	assigned := r.VariantSchedule == configs.ScheduleAssigned
	// For assigned variants: games per (pairing, variant) and per variant,
	// and a seeded random order to break ties the same way every time.
	used := make([]map[string]int, len(ps))
	for i := range used {
		used[i] = map[string]int{}
	}
	total := map[string]int{}
	rng := rand.New(rand.NewPCG(r.Seed, 0x61737369676e)) // "assign"
	for round := 1; round <= rounds; round++ {
		for k := 0; k < pairsPer; k++ {
			if !assigned {
				for _, v := range vs {
					for i, p := range ps {
						if slices.Contains(common[i], v) {
							if err := emit(round, p, v); err != nil {
								return nil, err
							}
						}
					}
				}
				continue
			}
			for i, p := range ps {
				v := leastUsed(common[i], used[i], total, rng)
				used[i][v.Name]++
				total[v.Name]++
				if err := emit(round, p, v); err != nil {
					return nil, err
				}
			}
		}
	}
	return s, nil
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

func playsOf(engine string, vs []*engines.Variant, accepts Accepts) string {
	var names []string
	for _, v := range vs {
		if accepts(engine, v.Name) {
			names = append(names, v.Name)
		}
	}
	if len(names) == 0 {
		return "none of them"
	}
	return strings.Join(names, ", ")
}

// openingFor returns the opening of the n-th pair (1-based) of variant v.
func openingFor(r *configs.Run, v *engines.Variant, book []Opening, n int) (Opening, error) {
	if len(book) > 0 {
		return book[(n-1)%len(book)], nil
	}
	plies := r.OpeningsFor(v.Name).Plies
	if plies == 0 && !v.Chess960 {
		start := v.StartPosition()
		return Opening{FEN: start.FEN(), Initial: true}, nil
	}
	return RandomOpening(v, plies, r.Seed, uint64(n)<<8|uint64(variantIndex(r, v.Name)))
}

// variantIndex returns the position of a variant in the run's list, so
// that random openings of different variants come from different streams.
func variantIndex(r *configs.Run, name string) int {
	return max(slices.Index(r.VariantNames(), name), 0)
}

// Shard returns the games of shard i of n (1-based): whole pairs, pair
// numbers spread round-robin over the shards, so the n shards are
// disjoint and together the whole schedule.
func (s *Schedule) Shard(i, n int) *Schedule {
	if n <= 1 {
		return s
	}
	out := &Schedule{}
	for _, g := range s.games {
		if (g.Pair-1)%n == i-1 {
			out.games = append(out.games, g)
		}
	}
	return out
}

// Without returns the schedule less the games whose ids are in done.
func (s *Schedule) Without(done map[int]bool) *Schedule {
	out := &Schedule{}
	for _, g := range s.games {
		if !done[g.ID] {
			out.games = append(out.games, g)
		}
	}
	return out
}
