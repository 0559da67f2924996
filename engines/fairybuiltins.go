package engines

// Rules of Fairy-Stockfish 11.1's built-in variants that only one or two
// of them have (suicide's stalemate, makpong's king), kept apart from the
// general path's shared code in fairy.go.

// stalemateOutcome returns the outcome of a stalemate of the side to move:
// with StalematePieceCount the side with fewer pieces wins and equal
// counts draw, as Fairy-Stockfish scores suicide's stalemate; otherwise
// StalemateValue (a draw by default).
func (p *Position) stalemateOutcome() Outcome {
	if !p.v.StalematePieceCount {
		return Outcome{p.v.StalemateValue.or(ValueDraw).resultFor(p.side), Stalemate}
	}
	us, them := p.colors[p.side].Count(), p.colors[p.side^1].Count()
	switch {
	case us < them:
		return Outcome{winFor(p.side), Stalemate}
	case us > them:
		return Outcome{winFor(p.side ^ 1), Stalemate}
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
