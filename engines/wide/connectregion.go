package wide

// Connection wins (Fairy-Stockfish's connectRegion1White and the like,
// gale): a side wins when a chain of its counted pieces joins its first
// region to its second. As the c19b5f6 build tests it, the chain grows
// from the first region forward only, each piece a step east, north,
// north-east or south-east (those of them ConnectLines allows) from the
// one before: in gale Black's chain from rank 1 that turns west to reach
// rank 9 wins nothing. Only the side that just moved is tested.

// regionsJoined reports whether c's pieces own join c's two regions.
func (p *Position) regionsJoined(c Color, own Bitboard) bool {
	v := p.v
	from, to := v.r.ConnectRegion[c][0], v.r.ConnectRegion[c][1]
	reached := own.and(from)
	if !reached.any() || !own.and(to).any() {
		return false
	}
	for frontier := reached; frontier.any(); {
		s := frontier.pop()
		if to.Has(s) {
			return true
		}
		f0, r0 := v.FileOf(s), v.RankOf(s)
		for _, d := range v.connectDirs {
			f, r := f0+d[0], r0+d[1]
			if f < 0 || f >= v.files || r < 0 || r >= v.ranks {
				continue
			}
			t := Square(r*v.files + f)
			if own.Has(t) && !reached.Has(t) {
				reached = reached.With(t)
				frontier = frontier.With(t)
			}
		}
	}
	return false
}
