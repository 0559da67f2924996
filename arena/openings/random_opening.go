package openings

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/limits"
	"varena/engines/search"
)

// The test that an opening leaves a game to play (see Decided), and how
// RandomOpening draws a line that passes it.
const (
	// DecidedNodes is the node limit of the built-in engine's search in
	// Decided: a few hundred microseconds, so that a schedule of a few
	// thousand random openings is made in about a second.
	DecidedNodes = 1000
	// DecidedScore is the score, in centipawns for either side, from
	// which that search calls a position decided: a piece or more in
	// every variant. A mate (or extinction) score is decided too.
	DecidedScore = 500
	// openingTries bounds the lines RandomOpening draws for one opening.
	openingTries = 100
)

// RandomOpeningRule names the way RandomOpening draws its lines. It is
// in a run's fingerprint: a run directory whose openings were drawn
// another way (by an older varena) is refused rather than resumed with
// other openings than its first games had. v3: a search whose node
// limit ends its first iteration scores the position by the best move it
// searched through (v2 scored it 0: in Evolution's crowded openings
// nearly every position).
const RandomOpeningRule = "v3: no line the side to move can end at once, none a 1000-node search scores 500 cp or mate"

// Decided reports whether the game at pos is decided before the engines
// play: it is over, the side to move can end it with one move
// (extinction, mate, stalemate), or a search of the built-in engine at
// DecidedNodes nodes scores it as a mate or at least DecidedScore
// centipawns for either side. why says which, for messages and tests.
func Decided(pos *engines.Position) (why string, decided bool) {
	if o := pos.Status(); o.Result != engines.Ongoing {
		return "the game is over (" + o.Reason.String() + ")", true
	}
	if m, ok := endingMove(pos); ok {
		return fmt.Sprintf("%s can end the game at once with %s", pos.SideToMove(), pos.SAN(m)), true
	}
	score, err := decidedSearch(pos)
	if err != nil {
		return err.Error(), true
	}
	switch {
	case limits.MateIn(score) != 0:
		return fmt.Sprintf("a %d-node search finds a forced win (mate in %d for the side to move)", DecidedNodes, limits.MateIn(score)), true
	case score >= DecidedScore || score <= -DecidedScore:
		return fmt.Sprintf("a %d-node search scores it %+d cp for the side to move", DecidedNodes, score), true
	}
	return "", false
}

// endingMove returns a move of the side to move after which the game is
// over, if there is one.
func endingMove(pos *engines.Position) (engines.Move, bool) {
	var buf [engines.MaxMoves]engines.Move
	var child engines.Position
	for _, m := range pos.GenerateMoves(buf[:0]) {
		pos.MakeMove(m, &child)
		if child.Status().Result != engines.Ongoing {
			return m, true
		}
	}
	return engines.NullMove, false
}

// leavesGame reports whether m, played at pos, keeps the game going and
// leaves the opponent no move that ends it: the test of every random ply.
func leavesGame(pos *engines.Position, m engines.Move) bool {
	child := pos.Play(m)
	if child.Status().Result != engines.Ongoing {
		return false
	}
	_, ends := endingMove(&child)
	return !ends
}

// decidedSearch scores pos from the side to move's view by a search of
// DecidedNodes nodes with a fresh searcher (NewGame): the score depends
// on pos alone, whichever goroutine asks.
func decidedSearch(pos *engines.Position) (int, error) {
	pool, err := searcherPool(pos.Variant())
	if err != nil {
		return 0, err
	}
	s := pool.Get().(*search.Searcher)
	defer pool.Put(s)
	s.NewGame()
	r := s.Search(context.Background(), engines.NewGame(*pos), limits.Limits{Nodes: DecidedNodes}, nil)
	return r.Score, nil
}

// searchers holds, per variant, a pool of searchers with the default
// weights and a small table: Decided runs for every random opening.
var searchers sync.Map // *engines.Variant -> *sync.Pool

func searcherPool(v *engines.Variant) (*sync.Pool, error) {
	if p, ok := searchers.Load(v); ok {
		return p.(*sync.Pool), nil
	}
	w, err := search.DefaultWeights(v)
	if err != nil {
		return nil, fmt.Errorf("random opening: %w", err)
	}
	p, _ := searchers.LoadOrStore(v, &sync.Pool{New: func() any { return search.New(w, 1) }})
	return p.(*sync.Pool), nil
}

// RandomOpening returns a random opening of plies plies, drawn with a
// generator seeded by (seed, stream) alone, so that it can be made again
// for any game in any order. Each ply is a uniformly random move among
// those after which the game goes on and the opponent cannot end it at
// once; when the line's last position is Decided anyway (or a ply has no
// such move), the line is drawn again from the start with the same
// generator, up to openingTries times. In Chess960 the line starts
// from one of the 960 initial positions, drawn first. A plies too large for random play
// to leave a game is an error naming the variant.
func RandomOpening(v *engines.Variant, plies int, seed, stream uint64) (Opening, error) {
	start := v.StartPosition()
	rng := rand.New(rand.NewPCG(seed, stream))
	if v.Chess960 {
		// The initial position is itself drawn, one of the 960 (plies
		// may then be 0).
		var err error
		if start, err = chess.StartPosition960(rng.IntN(960)); err != nil {
			return Opening{}, err
		}
	}
	if plies == 0 {
		return Opening{FEN: start.FEN(), Initial: !v.Chess960}, nil
	}
	var buf [engines.MaxMoves]engines.Move
	last := ""
	for try := 0; try < openingTries; try++ {
		pos, ok := start, true
		for i := 0; i < plies && ok; i++ {
			m, found := pickMove(&pos, buf[:0], rng)
			if !found {
				ok = false
				break
			}
			pos = pos.Play(m)
		}
		if !ok {
			last = "random play found no move that keeps the game going"
			continue
		}
		why, decided := Decided(&pos)
		if !decided {
			return Opening{FEN: pos.FEN()}, nil
		}
		last = why
	}
	return Opening{}, fmt.Errorf("%s: no random opening of %d plies leaves a game to play in %d tries (the last: %s); use fewer plies or a book",
		v.Name, plies, openingTries, last)
}

// pickMove draws moves of pos at random without replacement until one
// passes leavesGame: a uniform choice among those that pass, testing
// only as many as it draws.
func pickMove(pos *engines.Position, buf []engines.Move, rng *rand.Rand) (engines.Move, bool) {
	moves := pos.GenerateMoves(buf)
	for n := len(moves); n > 0; n-- {
		i := rng.IntN(n)
		if m := moves[i]; leavesGame(pos, m) {
			return m, true
		}
		moves[i] = moves[n-1]
	}
	return engines.NullMove, false
}
