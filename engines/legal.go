package engines

// The legal counter of variants with check, on boards without bunkers
// (orthodox chess, Chess960, Evolution): perft's last ply, most of its
// time. It finds the checkers and the pinned pieces once, then counts
// every piece's legal targets as set sizes: the targets of a piece out of
// check are those off its own pieces, in check those that take the
// checker or block its line, for a pinned piece only those on the line of
// its pin. Only king steps (its destination's attackers, the king gone
// from its square), en passant (two pieces leave their squares) and
// castling are tested one by one. A bunker's link step crosses regions,
// where lines and pins do not reach, so a variant with bunkers and check
// (none exists) takes the general way, countLegalFiltered.

// attackedPlain reports whether a piece of colour by attacks sq given the
// occupied squares occ, on a board without links.
func (p *Position) attackedPlain(sq Square, by Color, occ Bitboard) bool {
	g := p.v.Geometry
	them := p.colors[by]
	if (g.knight[sq]&p.pieces[Knight]|g.king[sq]&p.pieces[King]|g.pawnAttack[by^1][sq]&p.pieces[Pawn])&them != 0 {
		return true
	}
	q := p.pieces[Queen]
	return (g.RookAttacks(sq, occ)&(p.pieces[Rook]|q)|g.BishopAttacks(sq, occ)&(p.pieces[Bishop]|q))&them != 0
}

// checkersPlain returns the enemy pieces that attack the king of the side
// to move on ksq, and the pieces of that side that alone stand between it
// and an enemy slider.
func (p *Position) checkersPlain(ksq Square, own, enemy, occ Bitboard) (checkers, pinned Bitboard) {
	g := p.v.Geometry
	q := p.pieces[Queen]
	checkers = (g.knight[ksq]&p.pieces[Knight] | g.pawnAttack[p.side][ksq]&p.pieces[Pawn]) & enemy
	snipers := (g.rookRays[ksq]&(p.pieces[Rook]|q) | g.bishopRays[ksq]&(p.pieces[Bishop]|q)) & enemy
	for snipers != 0 {
		s := snipers.Pop()
		switch b := g.between[ksq][s] & occ; {
		case b == 0:
			checkers |= SquareBB(s)
		case b&(b-1) == 0:
			pinned |= b & own
		}
	}
	return checkers, pinned
}

// countLegalPlain is CountMoves for a variant with check on a board
// without bunkers.
func (p *Position) countLegalPlain() int {
	v, g := p.v, p.v.Geometry
	us, them := p.side, p.side^1
	own, enemy := p.colors[us], p.colors[them]
	occ := own | enemy
	kings := p.pieces[King] & own
	ksq := kings.First()

	n := 0
	// The king's steps, with the king gone from its square: a slider
	// checking it along a line attacks the square behind it too.
	occNoKing := occ ^ kings
	for t := g.king[ksq] &^ own; t != 0; {
		if !p.attackedPlain(t.Pop(), them, occNoKing) {
			n++
		}
	}
	checkers, pinned := p.checkersPlain(ksq, own, enemy, occ)
	target := ^own
	if checkers != 0 {
		if checkers&(checkers-1) != 0 {
			return n // double check: only the king moves
		}
		target &= checkers | g.between[ksq][checkers.First()]
	}
	free := own &^ pinned
	q := p.pieces[Queen]

	for b := p.pieces[Knight] & free; b != 0; {
		n += (g.knight[b.Pop()] & target).Count()
	}
	// A pinned knight never moves; a pinned slider moves along its pin.
	for b := (p.pieces[Bishop] | q) & own; b != 0; {
		from := b.Pop()
		t := g.BishopAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= g.line[ksq][from]
		}
		n += t.Count()
	}
	for b := (p.pieces[Rook] | q) & own; b != 0; {
		from := b.Pop()
		t := g.RookAttacks(from, occ) & target
		if pinned.Has(from) {
			t &= g.line[ksq][from]
		}
		n += t.Count()
	}

	if v.pieceSet[Pawn] {
		n += p.countPawnsPlain(ksq, own, enemy, occ, target, pinned)
	}
	if p.castle != 0 && checkers == 0 {
		for i := range v.castling.rules {
			if r := &v.castling.rules[i]; p.canCastle(r, occ) && p.castleSafePlain(r, occ) {
				n++
			}
		}
	}
	return n
}

// countPawnsPlain counts the legal pawn moves of the side to move: the
// free pawns all at once by shifts, the pinned ones each on its line,
// en-passant captures one by one.
func (p *Position) countPawnsPlain(ksq Square, own, enemy, occ, target, pinned Bitboard) int {
	v, g := p.v, p.v.Geometry
	us, them := p.side, p.side^1
	pawns := p.pieces[Pawn] & own
	free := pawns &^ pinned
	promo := g.lastRank[us]
	extra := len(v.Promotions) - 1 // a promoting target counts once per piece
	f := uint(g.files)
	var push, double, west, east Bitboard
	if us == White {
		push = free << f &^ occ & g.all
		west = (free & g.notFirstFile) << (f - 1) & enemy
		east = (free & g.notLastFile) << (f + 1) & enemy
		if v.DoubleStep {
			double = (push & g.doubleVia[us]) << f &^ occ & g.all
		}
	} else {
		push = free >> f &^ occ
		west = (free & g.notFirstFile) >> (f + 1) & enemy
		east = (free & g.notLastFile) >> (f - 1) & enemy
		if v.DoubleStep {
			double = (push & g.doubleVia[us]) >> f &^ occ
		}
	}
	push &= target
	west &= target
	east &= target
	n := push.Count() + west.Count() + east.Count() + (double & target).Count() +
		((push|west)&promo).Count()*extra + (east&promo).Count()*extra

	for b := pawns & pinned; b != 0; {
		from := b.Pop()
		step := g.pawnPush[us][from] &^ occ
		t := step | g.pawnAttack[us][from]&enemy
		if step != 0 && v.DoubleStep {
			t |= g.pawnDouble[us][from] &^ occ
		}
		t &= target & g.line[ksq][from]
		n += t.Count() + (t&promo).Count()*extra
	}

	if p.ep != NoSquare {
		victim := g.pawnPush[them][p.ep].First()
		for b := g.pawnAttack[them][p.ep] & pawns; b != 0; {
			from := b.Pop()
			// The position after the capture, as far as checks go.
			after := occ ^ SquareBB(from) ^ SquareBB(victim) | SquareBB(p.ep)
			q := p.pieces[Queen]
			att := g.knight[ksq]&p.pieces[Knight] | g.pawnAttack[us][ksq]&p.pieces[Pawn]&^SquareBB(victim) |
				g.RookAttacks(ksq, after)&(p.pieces[Rook]|q) | g.BishopAttacks(ksq, after)&(p.pieces[Bishop]|q)
			if att&enemy == 0 {
				n++
			}
		}
	}
	return n
}

// castleSafePlain reports whether the castling r, which canCastle allows
// out of check, is legal: no square of the king's path attacked, nor its
// destination once king and rook stand on theirs (in Chess960 the rook
// may have stood between that square and an enemy slider).
func (p *Position) castleSafePlain(r *castleRule, occ Bitboard) bool {
	them := p.side ^ 1
	for b := r.path &^ SquareBB(r.kingFrom); b != 0; {
		if p.attackedPlain(b.Pop(), them, occ) {
			return false
		}
	}
	after := occ&^SquareBB(r.kingFrom)&^SquareBB(r.rookFrom) | SquareBB(r.kingTo) | SquareBB(r.rookTo)
	return !p.attackedPlain(r.kingTo, them, after)
}
