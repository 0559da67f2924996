package wide

// Drops restricted by where the pieces already stand (Fairy-Stockfish's
// enclosingDrop): only the rules of the connect-four family are played.

// Values of Rules.EnclosingDrop.
const (
	EnclosingNone    = iota
	EnclosingTop     // a drop lands on the first rank or on a piece (connect four)
	EnclosingAnySide // a piece is pushed in from a side and stops before a piece or the far edge
)

// enclosingDrops returns the squares a drop may land on under the
// variant's enclosing rule, given the occupied squares.
func (p *Position) enclosingDrops(occ Bitboard) Bitboard {
	v := p.v
	files, ranks := v.files, v.ranks
	at := func(f, r int) Square { return Square(r*files + f) }
	if start := v.r.Ataxx.DropStart.andNot(p.byColor[0].or(p.byColor[1])); start.any() {
		// Reversi's start: the centre squares fill first.
		return start
	}
	if v.r.EnclosingDrop >= EnclosingReversi {
		return p.ataxxDrops(occ)
	}
	var b Bitboard
	switch v.r.EnclosingDrop {
	case EnclosingTop:
		b = v.rankBB[0]
		for f := 0; f < files; f++ {
			for r := 0; r+1 < ranks; r++ {
				if occ.Has(at(f, r)) {
					b = b.With(at(f, r+1))
				}
			}
		}
		return b.andNot(occ)
	case EnclosingAnySide:
		// Fairy-Stockfish's four scans, each taking the lowest candidate
		// of its line: from the a-file a piece stops before a piece or on
		// the last file; from the first rank before a piece or on the
		// last rank; from the last rank and from the last file the lowest
		// square that has a piece below (left of) it or is on the first
		// rank (file), as the reference computes it.
		free := func(s Square) bool { return !occ.Has(s) }
		for r := 0; r < ranks; r++ {
			if !free(at(0, r)) {
				continue
			}
			for f := 0; f < files; f++ {
				if free(at(f, r)) && (f == files-1 || !free(at(f+1, r))) {
					b = b.With(at(f, r))
					break
				}
			}
		}
		for f := 0; f < files; f++ {
			if !free(at(f, 0)) {
				continue
			}
			for r := 0; r < ranks; r++ {
				if free(at(f, r)) && (r == ranks-1 || !free(at(f, r+1))) {
					b = b.With(at(f, r))
					break
				}
			}
		}
		for f := 0; f < files; f++ {
			if !free(at(f, ranks-1)) {
				continue
			}
			for r := 0; r < ranks; r++ {
				if free(at(f, r)) && (r == 0 || !free(at(f, r-1))) {
					b = b.With(at(f, r))
					break
				}
			}
		}
		for r := 0; r < ranks; r++ {
			if !free(at(files-1, r)) {
				continue
			}
			for f := 0; f < files; f++ {
				if free(at(f, r)) && (f == 0 || !free(at(f-1, r))) {
					b = b.With(at(f, r))
					break
				}
			}
		}
		return b
	}
	return v.all
}
