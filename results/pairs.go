package results

import "slices"

// MaxWaitingPairs bounds the games a PairFinder holds while they wait for
// the other game of their pair: past it, those waiting are let go as
// lone games. A runner writes the two games of a pair close together (as
// many games apart as it plays at once), so a file never comes near it.
const MaxWaitingPairs = 1 << 16

// PairFinder finds the colour-reversed pairs among games read from PGN,
// where cutechess-cli and fastchess write no pair number: two games of
// the same two players, colours reversed, with the same Round tag (both
// number a pair's games by the pair's round), the same start position
// (FEN tag) and variant, are one pair, taken in the order they come.
// Games without a Round are lone.
//
// It holds a game that may start a pair until its partner comes, and
// then gives both, numbered; a game whose partner never comes is given
// as a lone game (Pair 0) at Flush, or when more than MaxWaitingPairs
// wait. A reader of its games thus sees every pair whole, and holds
// nothing for a game that will stay alone.
type PairFinder struct {
	next    int
	waiting map[pairKey][]waiting
	count   int
	seq     int // games added, to give back waiting ones in their order
}

type waiting struct {
	seq int
	g   Game
}

type pairKey struct {
	a, b, fen, variant string
	round              int
}

// NewPairFinder numbers the pairs it finds from first on.
func NewPairFinder(first int) *PairFinder {
	return &PairFinder{next: first, waiting: map[pairKey][]waiting{}}
}

// Add takes the next game and returns the games it lets go, in order:
// none while g waits for its pair; the pair's first game and g, both
// with the pair's number, when g completes it; g alone (Pair 0) without
// a Round; and before g, when too many wait, all of them as lone games.
func (f *PairFinder) Add(g Game) []Game {
	g.Pair = 0
	if g.Round <= 0 || g.White == g.Black {
		return []Game{g}
	}
	k := pairKey{a: min(g.White, g.Black), b: max(g.White, g.Black), fen: g.StartFEN, variant: g.Variant, round: g.Round}
	ws := f.waiting[k]
	for i, w := range ws {
		if w.g.White == g.Black {
			if len(ws) == 1 {
				delete(f.waiting, k)
			} else {
				f.waiting[k] = append(ws[:i:i], ws[i+1:]...)
			}
			f.count--
			w.g.Pair, g.Pair = f.next, f.next
			f.next++
			return []Game{w.g, g}
		}
	}
	var out []Game
	if f.count >= MaxWaitingPairs {
		out = f.Flush()
	}
	f.seq++
	f.waiting[k] = append(f.waiting[k], waiting{f.seq, g})
	f.count++
	return out
}

// Flush lets go of the games still waiting, as lone games, and empties
// the finder.
func (f *PairFinder) Flush() []Game {
	var all []waiting
	for _, ws := range f.waiting {
		all = append(all, ws...)
	}
	clear(f.waiting)
	f.count = 0
	// In the order they came (their order in the file), not the map's.
	slices.SortFunc(all, func(a, b waiting) int { return a.seq - b.seq })
	out := make([]Game, len(all))
	for i, w := range all {
		out[i] = w.g
	}
	return out
}

// Next is the first pair number not given yet.
func (f *PairFinder) Next() int { return f.next }
