package wide

// collinear reports whether Rules.CollinearN of the pieces own stand on
// one line along the connect directions, with any squares between them.
// Each piece is tried as a line's first: the rest of the line is ahead.
func (p *Position) collinear(own Bitboard) bool {
	v := p.v
	n := v.r.CollinearN
	if own.Count() < n {
		return false
	}
	for b := own; b.any(); {
		s := b.pop()
		for _, d := range v.connectDirs {
			count := 1
			for f, r := v.FileOf(s)+d[0], v.RankOf(s)+d[1]; f >= 0 && f < v.files && r >= 0 && r < v.ranks; f, r = f+d[0], r+d[1] {
				if own.Has(Square(r*v.files + f)) {
					count++
				}
			}
			if count >= n {
				return true
			}
		}
	}
	return false
}
