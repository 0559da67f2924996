package arena

import (
	"fmt"
	"math/rand/v2"

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

// NewSchedule builds the schedule of a single-variant run. Games are
// ordered so that every pairing advances together (pair 1 of each pairing,
// then pair 2, ...), which keeps an interrupted or SPRT-stopped run
// balanced. Openings are taken pair by pair from book (cycling), or made
// by random plies when book is nil.
func NewSchedule(r *configs.Run, v *engines.Variant, book []Opening) (*Schedule, error) {
	ps := pairings(r)
	if len(ps) == 0 {
		return nil, fmt.Errorf("run %s: no pairings", r.Name)
	}
	pairsPer := r.Tournament.Games / 2
	rounds := max(r.Tournament.Rounds, 1)
	s := &Schedule{}
	pair := 0
	for round := 1; round <= rounds; round++ {
		for k := 0; k < pairsPer; k++ {
			for _, p := range ps {
				pair++
				op, err := openingFor(r, v, book, pair)
				if err != nil {
					return nil, err
				}
				for swap := 0; swap < 2; swap++ {
					w, b := p.a, p.b
					if swap == 1 {
						w, b = b, w
					}
					s.games = append(s.games, GameSpec{ID: len(s.games) + 1, Round: round, Pair: pair,
						Variant: v.Name, White: w, Black: b, Opening: op})
				}
			}
		}
	}
	return s, nil
}

// openingFor returns the opening of the given pair (1-based).
func openingFor(r *configs.Run, v *engines.Variant, book []Opening, pair int) (Opening, error) {
	if len(book) > 0 {
		return book[(pair-1)%len(book)], nil
	}
	if r.Openings.Plies == 0 {
		return Opening{FEN: v.StartFEN, Initial: true}, nil
	}
	return RandomOpening(v, r.Openings.Plies, r.Seed, uint64(pair))
}

// RandomOpening plays plies random legal moves from the initial position
// with a generator seeded by (seed, stream). It avoids lines that end the
// game: a move after which the game is over is not chosen when another
// exists.
func RandomOpening(v *engines.Variant, plies int, seed, stream uint64) (Opening, error) {
	pos, err := engines.ParseFEN(v, v.StartFEN)
	if err != nil {
		return Opening{}, err
	}
	rng := rand.New(rand.NewPCG(seed, stream))
	var buf [engines.MaxMoves]engines.Move
	for i := 0; i < plies; i++ {
		moves := pos.GenerateMoves(buf[:0])
		var ok []engines.Move
		for _, m := range moves {
			next := pos.Play(m)
			if next.Status().Result == engines.Ongoing {
				ok = append(ok, m)
			}
		}
		if len(ok) == 0 {
			break
		}
		pos = pos.Play(ok[rng.IntN(len(ok))])
	}
	return Opening{FEN: pos.FEN(), Initial: plies == 0}, nil
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
