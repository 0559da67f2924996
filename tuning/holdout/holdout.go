package holdout

import (
	"fmt"
	"hash/fnv"
)

// Group is the group of the positions of game (its number in the data
// file's game operation, 0 for none: then line, the line's number, is
// its own group) in the data file of index file (its place in the tune
// config's data list, from 0).
func Group(file, game, line int) uint64 {
	g := uint64(line)
	if game > 0 {
		g = uint64(game)<<20 ^ 1<<63
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d:%d", file, g)
	return h.Sum64()
}

// Held reports whether the positions of group go to the validation set
// of a split that holds out share of the groups under seed.
func Held(group uint64, share float64, seed uint64) bool {
	h := splitmix(group ^ splitmix(seed))
	return float64(h>>11)/(1<<53) < share
}

// splitmix is SplitMix64's finaliser: a cheap, well-mixed hash of x.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
