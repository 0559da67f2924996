package engines

// Rules of Fairy-Stockfish 11.1's built-in variants that only one or two
// of them have (suicide's stalemate, makpong's king), kept apart from the
// general path's shared code in fairy.go.

// stalemateOutcome returns the outcome of a stalemate of the side to move:
// StalemateValue (a draw by default); with StalematePieceCount that value
// goes to the side with fewer pieces and equal counts draw, as
// Fairy-Stockfish 11.1 scores it (suicide's stalemate value is a win).
func (p *Position) stalemateOutcome() Outcome {
	val := p.v.StalemateValue.or(ValueDraw)
	if !p.v.StalematePieceCount {
		return Outcome{val.resultFor(p.side), Stalemate}
	}
	us, them := p.colors[p.side].Count(), p.colors[p.side^1].Count()
	switch {
	case us < them:
		return Outcome{val.resultFor(p.side), Stalemate}
	case us > them:
		return Outcome{val.resultFor(p.side ^ 1), Stalemate}
	}
	return Outcome{Draw, Stalemate}
}

// makpongFilter drops from the legal moves list those the makpong rule
// forbids: while in check, the king moves only to take the one piece
// giving check (with two checkers, not at all). The list is filtered in
// place.
func (p *Position) makpongFilter(list []Move) []Move {
	k := p.pieces[King] & p.colors[p.side]
	if k == 0 {
		return list
	}
	ksq := k.First()
	checkers := p.attackersTo(ksq, p.side^1, p.Occupied())
	if checkers == 0 {
		return list
	}
	out := list[:0]
	for _, m := range list {
		if m.From() == ksq && checkers != SquareBB(m.To()) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// checkmateOutcome returns the outcome of a checkmate of the side to
// move: CheckmateValue (a loss by default), or under ShatarMate
// shatar's judgement, as Fairy-Stockfish 11.1 scores it.
func (p *Position) checkmateOutcome() Outcome {
	v := p.v
	if !v.ShatarMate {
		return Outcome{v.CheckmateValue.or(ValueLoss).resultFor(p.side), Checkmate}
	}
	mover := p.side ^ 1
	checkers := p.attackersTo((p.pieces[King] & p.colors[p.side]).First(), mover, p.Occupied())
	switch {
	case checkers&^p.pieces[Knight] == 0:
		// A mate by knights is not allowed: it loses for the mover.
		return Outcome{winFor(p.side), Checkmate}
	case p.checks&(1<<mover) != 0:
		return Outcome{v.CheckmateValue.or(ValueLoss).resultFor(p.side), Checkmate}
	}
	return Outcome{Draw, Checkmate} // niol: no shak in the series
}

// shatarChecks keeps, in the position the mover's move made, whether the
// mover's unbroken series of checking moves holds a shak (ShatarMate):
// bit 1<<mover of p.checks. A move that gives no check ends the series.
// It is not part of the hash, as in Fairy-Stockfish, whose key has no
// such state either.
func (p *Position) shatarChecks() {
	mover := p.side ^ 1
	bit := uint8(1) << mover
	k := p.pieces[King] & p.colors[p.side]
	if k == 0 {
		p.checks &^= bit
		return
	}
	checkers := p.attackersTo(k.First(), mover, p.Occupied())
	if checkers == 0 {
		p.checks &^= bit
		return
	}
	for _, t := range p.v.ShakTypes {
		if checkers&p.PiecesOf(mover, t) != 0 {
			p.checks |= bit
			return
		}
	}
}

// A variant with both CheckCounting and Counting (karouk) counts one check
// a side, the first check winning: its count lives beside makruk's, which
// takes Position.checks, as the castleChecked bit of Position.castle, set
// in the position after the check (the mover's count is then 0).

// firstCheckLeft is ChecksLeft in such a variant.
func (p *Position) firstCheckLeft(c Color) int {
	if p.castle&castleChecked != 0 && c == p.side^1 {
		return 0
	}
	return 1
}

// setFirstCheck is setChecks in such a variant, the hash kept by the
// caller: only the mover's count can fall to 0.
func (p *Position) setFirstCheck(c Color, n int) {
	if n == 0 && c == p.side^1 {
		p.castle |= castleChecked
	}
}

// fenFirstCheck reads the checks field of such a variant: 1+1, or the
// count of the side that just moved at 0 (the game over).
func (p *Position) fenFirstCheck(w, b int) *fenFault {
	switch {
	case w == 1 && b == 1:
	case w == 0 && b == 1 && p.side == Black, w == 1 && b == 0 && p.side == White:
		p.castle |= castleChecked
	default:
		return fault(fenChecksField, "%s counts one check a side: want 1+1, or 0 for the side that just moved", p.v.Name)
	}
	return nil
}
