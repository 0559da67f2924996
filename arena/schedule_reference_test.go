package arena

// The schedule as it was built before it became an iterator: every game
// in a slice. The iterator must give exactly these games, in this order,
// so that journals of older runs resume identically.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"varena/arena/openings"
	"varena/configs"
	"varena/configs/plan"
	"varena/engines"
	"varena/engines/extinction"
)

func referenceSchedule(r *plan.Plan, vs []*engines.Variant, books map[string][]openings.Opening, accepts Accepts) ([]GameSpec, error) {
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

	var games []GameSpec
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
			games = append(games, GameSpec{ID: len(games) + 1, Round: round, Pair: pair,
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
	return games, nil
}

// TestScheduleAsBefore: the iterator gives the games the list gave, in
// its order, with its openings (random and from a book), for every kind
// of tournament and variant schedule; so do its shards and what is left
// of it after some games; Spec finds each game by its id; and Total
// agrees with the games handed out.
func TestScheduleAsBefore(t *testing.T) {
	start := extinction.Variant.StartPosition()
	book := []openings.Opening{{FEN: start.FEN(), Initial: true}}
	if op, err := openings.RandomOpening(extinction.Variant, 6, 1, 1); err == nil {
		book = append(book, op)
	}
	type run struct {
		name    string
		r       *configs.Run
		vs      []*engines.Variant
		books   map[string][]openings.Opening
		accepts Accepts
	}
	var runs []run
	for _, kind := range []struct {
		kind           string
		engines, games int
		rounds         int
	}{{configs.RoundRobin, 4, 6, 2}, {configs.Gauntlet, 5, 4, 3}, {configs.SPRTTest, 2, 40, 1}, {configs.RoundRobin, 3, 0, 1}} {
		r := testRun(kind.kind, kind.engines, kind.games, kind.rounds)
		runs = append(runs, run{fmt.Sprintf("%s %d engines", kind.kind, kind.engines), r, one(extinction.Variant), nil, all})
	}
	booked := testRun(configs.RoundRobin, 3, 8, 1)
	runs = append(runs, run{"book", booked, one(extinction.Variant), map[string][]openings.Opening{"extinction": book}, all})
	for _, mode := range []string{configs.ScheduleAll, configs.ScheduleAssigned} {
		r, accepts := multiRun(mode, 10)
		r.Tournament.Rounds = 2
		runs = append(runs, run{"multivariant " + mode, r, multiVariants(), nil, accepts})
	}
	for _, tt := range runs {
		t.Run(tt.name, func(t *testing.T) {
			want, err := referenceSchedule(resolved(t, tt.r), tt.vs, tt.books, tt.accepts)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewSchedule(resolved(t, tt.r), tt.vs, tt.books, tt.accepts)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Games(); fmt.Sprint(got) != fmt.Sprint(want) || s.Total() != len(want) {
				t.Fatalf("iterator: %d games (total %d), the list %d; first difference at %d", len(got), s.Total(), len(want), firstDiff(got, want))
			}
			for _, g := range want {
				spec, ok := s.Spec(g.ID)
				g.Opening = openings.Opening{}
				if !ok || spec != g {
					t.Errorf("Spec(%d) = %+v, %v; want %+v", g.ID, spec, ok, g)
				}
			}
			if _, ok := s.Spec(len(want) + 1); ok {
				t.Errorf("Spec(%d) found a game past the end", len(want)+1)
			}
			for _, n := range []int{2, 3, 7} {
				for i := 1; i <= n; i++ {
					var part []GameSpec
					for _, g := range want {
						if (g.Pair-1)%n == i-1 {
							part = append(part, g)
						}
					}
					sh := s.Shard(i, n)
					if got := sh.Games(); fmt.Sprint(got) != fmt.Sprint(part) || sh.Total() != len(part) {
						t.Errorf("shard %d/%d: %d games (total %d), want %d", i, n, len(got), sh.Total(), len(part))
					}
					// Every third game played: the rest in order.
					done := map[int]bool{}
					var rest []GameSpec
					for k, g := range part {
						if k%3 == 0 {
							done[g.ID] = true
						} else {
							rest = append(rest, g)
						}
					}
					done[len(want)+5] = true // not in the schedule: not counted
					left := sh.Without(done)
					if got := left.Games(); fmt.Sprint(got) != fmt.Sprint(rest) || left.Total() != len(rest) {
						t.Errorf("shard %d/%d without %d games: %d (total %d), want %d", i, n, len(done), len(got), left.Total(), len(rest))
					}
				}
			}
		})
	}
}

func firstDiff(a, b []GameSpec) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestHugeSchedule: a schedule of two billion games costs no memory
// and no time before its first game, and one beyond the bound is refused.
func TestHugeSchedule(t *testing.T) {
	r := testRun(configs.RoundRobin, 4, 2000000000, 1)
	start := time.Now()
	s, err := NewSchedule(resolved(t, r), one(extinction.Variant), nil, all)
	if err != nil {
		t.Fatal(err)
	}
	if s.Total() != 6*2000000000 {
		t.Errorf("total %d", s.Total())
	}
	g, ok := s.Shard(3, 4).Without(map[int]bool{5: true}).Next()
	if !ok || g.ID != 6 || time.Since(start) > time.Second {
		t.Errorf("first game %+v, %v after %v", g, ok, time.Since(start))
	}
	r.Tournament.Rounds = 1000000000
	if _, err := NewSchedule(resolved(t, r), one(extinction.Variant), nil, all); err == nil || !strings.Contains(err.Error(), "more than 1099511627776 games") {
		t.Errorf("a schedule beyond the bound: error %v", err)
	}
}
