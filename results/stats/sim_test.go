package stats

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// simList is how the simulations below make a rating list: players with
// known ratings play colour-reversed pairs, each pair from an opening of
// its own.
type simList struct {
	Players int     // engines
	Spread  float64 // standard deviation of their true ratings
	Pairs   int     // colour-reversed pairs of each pairing
	// Gauntlet: player 0 plays everyone, the others only player 0;
	// else a round robin.
	Gauntlet bool
	// Draw is the draw rate of two equal players; it falls linearly to
	// 0 as the expected score of a game goes to 0 or 1.
	Draw float64
	// White is the first move's advantage and Opening the standard
	// deviation of each opening's own bias to White, both in Elo.
	White, Opening float64
}

// simulate plays a list. The model keeps the logistic model exact for
// a pair: a player rated d above the other expects σ(d) over the two
// games of a pair whatever the opening, as the ratings' fit assumes, and
// White's edge h (the first move's plus the opening's) moves the
// expected score of each game by ±tanh(h·ln10/800)·min(e, 1-e). Draws
// take D = Draw·2·min(E, 1-E) of a game's expected score E, the rest is
// W = E - D/2 and L = 1 - E - D/2. Within a pair the two games share the
// opening's bias with colours reversed, so a pair's two scores are
// negatively correlated, as in real matches from a book.
func (c simList) simulate(rng *rand.Rand) (names []string, truth []float64, ms []Matchup) {
	for range c.Players {
		truth = append(truth, c.Spread*rng.NormFloat64())
	}
	return c.simulateAt(rng, truth)
}

// simulateAt plays a list of players with the given true ratings.
func (c simList) simulateAt(rng *rand.Rand, truth []float64) (names []string, _ []float64, ms []Matchup) {
	c.Players = len(truth)
	for i := range c.Players {
		names = append(names, fmt.Sprintf("e%02d", i))
	}
	for i := range c.Players {
		for j := i + 1; j < c.Players; j++ {
			if c.Gauntlet && i != 0 {
				continue
			}
			m := Matchup{A: i, B: j}
			e := ExpectedScore(truth[i] - truth[j])
			for range c.Pairs {
				h := c.White + c.Opening*rng.NormFloat64()
				shift := math.Tanh(h*natural/2) * math.Min(e, 1-e)
				first := simGame(rng, e+shift, c.Draw)          // i has White
				second := 1 - simGame(rng, 1-(e-shift), c.Draw) // j has White
				m.WDL.Add(first)
				m.WDL.Add(second)
				m.Pairs.AddPair(first, second)
			}
			ms = append(ms, m)
		}
	}
	return names, truth, ms
}

// simGame plays one game in which White expects e: White's score.
func simGame(rng *rand.Rand, e, draw float64) float64 {
	d := draw * 2 * math.Min(e, 1-e)
	switch u := rng.Float64(); {
	case u < e-d/2:
		return 1
	case u < e+d/2:
		return 0.5
	}
	return 0
}
