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
