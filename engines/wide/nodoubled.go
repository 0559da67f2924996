package wide

// noDoubled removes from z the files where Rules.DropNoDoubled forbids
// dropping t: those holding more than DropNoDoubledMore of the side's.
func (p *Position) noDoubled(z Bitboard, t PieceType) Bitboard {
	v := p.v
	own := p.Pieces(p.side, t)
	switch more := v.r.DropNoDoubledMore; {
	case more < 0:
		return Bitboard{}
	case more == 0:
		for b := own; b.any(); {
			z = z.andNot(v.fileBB[v.FileOf(b.pop())])
		}
	default:
		for f := 0; f < v.files; f++ {
			if own.and(v.fileBB[f]).Count() > more {
				z = z.andNot(v.fileBB[f])
			}
		}
	}
	return z
}
