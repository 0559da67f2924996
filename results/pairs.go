package results

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
// Games without a Round are lone. Its memory is the games waiting for
// their partner, at most MaxWaitingPairs.
type PairFinder struct {
	next    int
	waiting map[pairKey][]waitingGame
	count   int
	dropped int
}

type pairKey struct {
	a, b, fen, variant string
	round              int
}

type waitingGame struct {
	pair  int
	white string
}

// NewPairFinder numbers the pairs it finds from first on.
func NewPairFinder(first int) *PairFinder {
	return &PairFinder{next: first, waiting: map[pairKey][]waitingGame{}}
}

// Pair sets g.Pair: the number of the pair whose first game came earlier,
// a new number for a game that may start one, 0 for a game without a
// Round.
func (f *PairFinder) Pair(g *Game) {
	g.Pair = 0
	if g.Round <= 0 || g.White == g.Black {
		return
	}
	k := pairKey{a: min(g.White, g.Black), b: max(g.White, g.Black), fen: g.StartFEN, variant: g.Variant, round: g.Round}
	ws := f.waiting[k]
	for i, w := range ws {
		if w.white == g.Black {
			g.Pair = w.pair
			if len(ws) == 1 {
				delete(f.waiting, k)
			} else {
				f.waiting[k] = append(ws[:i:i], ws[i+1:]...)
			}
			f.count--
			return
		}
	}
	if f.count >= MaxWaitingPairs {
		f.dropped += f.count
		clear(f.waiting)
		f.count = 0
	}
	g.Pair = f.next
	f.next++
	f.waiting[k] = append(f.waiting[k], waitingGame{g.Pair, g.White})
	f.count++
}

// Next is the first pair number not given yet.
func (f *PairFinder) Next() int { return f.next }
