package wide

// castlingEnd applies Rules.CastlingWins: the side that has just castled
// by one of its rights wins; otherwise a side without one of them (it
// moved its king or that rook, the rook was taken, or the position never
// had the right) loses.
func (p *Position) castlingEnd() (Outcome, bool) {
	v := p.v
	if p.flags&flagCastleWin != 0 {
		return Outcome{resultFor(ValueWin, p.side^1), CastlingWon}, true
	}
	lost := v.r.CastlingWins &^ p.castle
	for _, c := range [2]Color{p.side ^ 1, p.side} {
		if lost&(3<<(2*uint(c))) != 0 {
			return Outcome{resultFor(ValueLoss, c), CastlingWon}, true
		}
	}
	return Outcome{}, false
}
