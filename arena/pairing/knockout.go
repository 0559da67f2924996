package pairing

import "math/rand/v2"

// Bracket returns the first round of a knockout of n players as
// cutechess-cli lays it out: slots 2k and 2k+1 meet, a slot holds a
// player (0 is the top seed) or -1 for a bye. The first seeded players
// keep their order; the rest are drawn in random order from rng (nil:
// config order). The bracket has the next power of two of slots; seed r
// sits where halving the bracket r-1 times puts it (1 and 2 in opposite
// halves, 1 and 4 in opposite quarters, ...), and the byes face the top
// seeds: the k-th bye takes the place of seed k's opponent, who moves to
// the bye's slot.
func Bracket(n, seeded int, rng *rand.Rand) []int {
	size := 1
	for size < n {
		size *= 2
	}
	seeded = min(max(seeded, 0), n)
	order := make([]int, 0, size)
	for i := range seeded {
		order = append(order, i)
	}
	rest := make([]int, 0, n-seeded)
	for i := seeded; i < n; i++ {
		rest = append(rest, i)
	}
	if rng != nil {
		// Draw one at a time from what is left, as cutechess-cli does.
		for len(rest) > 0 {
			k := rng.IntN(len(rest))
			order = append(order, rest[k])
			rest = append(rest[:k], rest[k+1:]...)
		}
	} else {
		order = append(order, rest...)
	}
	for len(order) < size {
		order = append(order, -1)
	}
	slots := make([]int, size)
	for i := range slots {
		slots[i] = -1
	}
	byes := 0
	for i, p := range order {
		at := seedSlot(i+1, size)
		if p < 0 {
			byes++
			opp := seedSlot(byes, size) + 1
			slots[at] = slots[opp]
			slots[opp] = -1
			continue
		}
		slots[at] = p
	}
	return slots
}

// seedSlot is the slot of the player of rank r (1-based) in a bracket of
// size slots: an even rank goes to the lower half, an odd one to the upper,
// and the half is seeded again with the rank halved.
func seedSlot(r, size int) int {
	if r <= 1 {
		return 0
	}
	if r%2 == 0 {
		return size/2 + seedSlot(r/2, size/2)
	}
	return seedSlot(r/2+1, size/2)
}

// Advance returns the next round's slots from this round's and the
// winner of each match (winners[k] is slot 2k's or 2k+1's player); a
// player facing a bye goes through without a winner given.
func Advance(slots []int, winners map[int]int) []int {
	next := make([]int, len(slots)/2)
	for k := range next {
		a, b := slots[2*k], slots[2*k+1]
		switch {
		case a < 0:
			next[k] = b
		case b < 0:
			next[k] = a
		default:
			w, ok := winners[k]
			if !ok {
				w = -1
			}
			next[k] = w
		}
	}
	return next
}
