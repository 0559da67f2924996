package player

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/search"
)

// errNoMove is returned when asked to move in a position without moves;
// the arena ends games before that, so it means a caller bug.
var errNoMove = errors.New("no legal move in the position")

// Random plays a uniformly random legal move. Each choice is drawn from
// a generator seeded by the player's seed, the position and the ply, so a
// game depends on the seed and the moves alone: reproducible whatever the
// worker played before, yet different in every position.
type Random struct {
	name string
	seed uint64
}

// NewRandom returns a random player.
func NewRandom(name string, seed uint64) *Random {
	return &Random{name: name, seed: seed}
}

func (r *Random) Name() string { return r.name }

func (r *Random) NewGame(ctx context.Context, v *engines.Variant) error { return nil }

func (r *Random) Move(ctx context.Context, req Request) (Reply, error) {
	var buf [engines.MaxMoves]engines.Move
	pos := req.Game.Position()
	moves := pos.GenerateMoves(buf[:0])
	if len(moves) == 0 {
		return Reply{}, errNoMove
	}
	rng := rand.New(rand.NewPCG(r.seed, pos.Hash()+uint64(len(req.Game.Moves()))))
	return Reply{Move: moves[rng.IntN(len(moves))]}, nil
}

func (r *Random) Close() error { return nil }

// Greedy takes the capture that wins the most material (by the material
// weights of the game's variant), preferring a capture that wins the game
// outright; without captures it plays a random move.
type Greedy struct {
	Random
	weights map[*engines.Variant]*search.Weights
	values  [engines.NumPieceTypes]int
}

// NewGreedy returns a greedy player; weights maps variants to the weights
// whose material values it uses (others: the embedded defaults).
func NewGreedy(name string, seed uint64, weights map[*engines.Variant]*search.Weights) *Greedy {
	return &Greedy{Random: *NewRandom(name, seed), weights: weights}
}

func (g *Greedy) NewGame(ctx context.Context, v *engines.Variant) error {
	w, ok := g.weights[v]
	if !ok {
		var err error
		if w, err = search.DefaultWeights(v); err != nil {
			return &Fault{Player: g.name, Kind: Crash, Err: err}
		}
	}
	for t := engines.Pawn; t <= engines.King; t++ {
		g.values[t] = w.PieceValue(t)
	}
	return nil
}

func (g *Greedy) Move(ctx context.Context, req Request) (Reply, error) {
	pos := req.Game.Position()
	var buf [engines.MaxMoves]engines.Move
	moves := pos.GenerateMoves(buf[:0])
	if len(moves) == 0 {
		return Reply{}, errNoMove
	}
	best, bestGain := engines.NullMove, 0
	mover := pos.SideToMove()
	for _, m := range moves {
		gain := g.values[pos.CapturedType(m)]
		if t := m.Promotion(); t != engines.NoPieceType {
			gain += g.values[t] - g.values[engines.Pawn]
		}
		if gain <= 0 {
			continue
		}
		after := pos.Play(m)
		if o := after.Status(); o.Result.Decisive() {
			if o.Result.Winner() == mover {
				return Reply{Move: m}, nil
			}
			continue // never a capture that loses at once
		}
		if gain > bestGain {
			best, bestGain = m, gain
		}
	}
	if best != engines.NullMove {
		return Reply{Move: best}, nil
	}
	return g.Random.Move(ctx, req)
}

// AlphaBeta is the built-in engine: the searcher with its weights. Its
// own limits (Depth, Nodes, MoveTime) apply when set; the request's clock
// applies otherwise.
type AlphaBeta struct {
	name     string
	searcher *search.Searcher
	weights  map[*engines.Variant]*search.Weights
	limits   limits.Limits
	hashMB   int
	threads  int // search threads (0: 1)
	params   search.Params
	evals    map[string]float64 // weights set by name (SetOptions), over weights'
}

// NewAlphaBeta returns an alpha-beta player. weights maps each variant to
// its weights (variants not in the map use the embedded defaults); limits,
// if not zero, replace the arena's limits for every move.
func NewAlphaBeta(name string, weights map[*engines.Variant]*search.Weights, limits limits.Limits, hashMB int) *AlphaBeta {
	return &AlphaBeta{name: name, weights: weights, limits: limits, hashMB: hashMB, params: search.DefaultParams()}
}

// SetParams sets the search parameters of every later search.
func (a *AlphaBeta) SetParams(p search.Params) {
	a.params = p
	if a.searcher != nil {
		a.searcher.SetParams(p)
	}
}

// SetThreads sets the number of search threads (1 to search.MaxThreads;
// search.Searcher.SetThreads) of every later search.
func (a *AlphaBeta) SetThreads(n int) {
	a.threads = n
	if a.searcher != nil {
		a.searcher.SetThreads(n)
	}
}

func (a *AlphaBeta) Name() string { return a.name }

func (a *AlphaBeta) NewGame(ctx context.Context, v *engines.Variant) error {
	w, ok := a.weights[v]
	if !ok {
		var err error
		if w, err = search.DefaultWeights(v); err != nil {
			return &Fault{Player: a.name, Kind: Crash, Err: err}
		}
		if a.weights == nil {
			a.weights = map[*engines.Variant]*search.Weights{}
		}
		a.weights[v] = w
	}
	if a.searcher == nil {
		a.searcher = search.New(w, max(a.hashMB, 1))
		a.searcher.SetParams(a.params)
		a.searcher.SetThreads(a.threads)
	}
	tuned, err := withWeights(w, a.evals)
	if err != nil {
		return &Fault{Player: a.name, Kind: Crash, Err: err}
	}
	a.searcher.SetWeights(tuned)
	a.searcher.NewGame()
	return nil
}

func (a *AlphaBeta) Move(ctx context.Context, req Request) (Reply, error) {
	if a.searcher == nil || a.searcher.Weights().Variant() != req.Game.Position().Variant() {
		if err := a.NewGame(ctx, req.Game.Position().Variant()); err != nil {
			return Reply{}, err
		}
	}
	lim := req.Limits
	if !a.limits.IsZero() {
		lim = a.limits
	}
	start := time.Now()
	res := a.searcher.Search(ctx, req.Game, lim, nil)
	if res.Move == engines.NullMove {
		return Reply{}, errNoMove
	}
	return Reply{Move: res.Move, HasScore: true, Score: res.Score, Depth: res.Depth,
		Nodes: res.Nodes, Time: time.Since(start)}, nil
}

func (a *AlphaBeta) Close() error { return nil }
