package engines

import "varena/engines/wide"

// Extinct reports whether c has lost every piece of one of the variant's
// species. Such a side has lost, and the position has no legal moves.
//
// A species of the variant's own types is looked up in the set of all
// its own pieces (pieces[NoPieceType]), exact because NewVariant allows
// such a species only in a variant with one own type (the commoner that
// replaces the king, say): an exact test of several would be a call that
// makes Extinct too costly to inline, and it is asked at every node.
func (p *Position) Extinct(c Color) bool {
	for _, t := range p.v.speciesSlots {
		if p.pieces[t]&p.colors[c] == 0 {
			return true
		}
	}
	return false
}

// decided reports whether a win condition already holds, so that the
// position has no legal moves.
func (p *Position) decided() bool {
	return len(p.v.speciesSlots) > 0 && (p.Extinct(White) || p.Extinct(Black))
}

// GenerateMoves appends the legal moves of p to buf[:0] and returns the
// list. A buffer of MaxMoves capacity avoids any allocation.
func (p *Position) GenerateMoves(buf []Move) []Move {
	if p.w != nil {
		return p.wideMoves(buf)
	}
	return p.generate(buf, ^Bitboard(0), ^Bitboard(0))
}

// GenerateFromTo appends the legal moves of p from a square of from to a
// square of dest, in the order GenerateMoves gives them, and returns the
// list. An en-passant capture ends on the en-passant square, castling on
// the king's destination. The search asks for the captures of a few
// pieces, or the captures and promotions, at a fraction of the whole
// list's cost.
func (p *Position) GenerateFromTo(buf []Move, from, dest Bitboard) []Move {
	return p.generate(buf, from, dest)
}

// generate appends the legal moves from a square of from to a square of
// dest. Checking one move, or the rivals of a SAN move, asks for the moves
// of a few pieces only, at a fraction of the whole list's cost.
func (p *Position) generate(buf []Move, from, dest Bitboard) []Move {
	list := buf[:0]
	if p.v.fairyRules {
		return p.generateFairy(list, from, dest)
	}
	if p.decided() {
		return list
	}
	list = p.genPseudo(list, from, dest)
	if p.v.Check {
		list = p.filterLegal(list)
	}
	return list
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	if m == NullMove {
		return false
	}
	if p.w != nil {
		return p.w.IsLegal(wide.Move(m))
	}
	var buf [MaxMoves]Move
	for _, l := range p.generate(buf[:0], SquareBB(m.From()), ^Bitboard(0)) {
		if l == m {
			return true
		}
	}
	return false
}

// CountMoves returns the number of legal moves, as perft(1), without
// generating them where the rules allow (no check: every pseudo-legal move
// is legal).
func (p *Position) CountMoves() int {
	if p.w != nil {
		return p.w.CountLegal()
	}
	if p.v.fairyRules {
		return p.countFairyRules()
	}
	if p.decided() {
		return 0
	}
	if p.v.Check {
		switch {
		case p.v.plainLegal:
			return p.countLegalPlain()
		case p.v.hasFairy:
			return p.countLegalByMaking()
		}
		return p.countLegalFiltered()
	}
	return p.countPseudo()
}

// countLegalFiltered is CountMoves with check on a board with bunkers,
// where links cross regions (legal.go counts on the others). Out of check
// only the king's moves (castling included), those of pinned pieces and
// en-passant captures can be illegal: the others are counted by set
// sizes, those are generated and tested.
func (p *Position) countLegalFiltered() int {
	var buf [MaxMoves]Move
	us := p.side
	ksq := p.Pieces(us, King).First()
	if p.attackersTo(ksq, us^1, p.Occupied()) != 0 {
		return len(p.filterLegal(p.genPseudo(buf[:0], ^Bitboard(0), ^Bitboard(0))))
	}
	risky := SquareBB(ksq) | p.pinned(ksq, us)
	if p.ep != NoSquare {
		risky |= p.epCapturers(p.ep)
	}
	sub := p.genPseudo(buf[:0], risky, ^Bitboard(0))
	n := p.countPseudo() - len(sub)
	return n + len(p.filterLegal(sub))
}

// genPseudo appends the pseudo-legal moves of the pieces on the squares of
// from to the squares of dest: every move by the piece rules, without
// regard to the own king. The order is that of the whole list with the
// other moves left out, whatever the masks.
func (p *Position) genPseudo(list []Move, from, dest Bitboard) []Move {
	v, g := p.v, p.v.Geometry
	us, them := p.side, p.side^1
	own, enemy := p.colors[us], p.colors[them]
	occ := own | enemy
	movers := own & from
	// Own pieces and squares outside dest are never targets.
	notTarget := own | ^dest

	if v.pieceSet[Pawn] {
		promo := g.lastRank[us]
		for b := p.pieces[Pawn] & movers; b != 0; {
			from := b.Pop()
			push := g.pawnPush[us][from] &^ occ
			if push != 0 && v.DoubleStep {
				if d := g.pawnDouble[us][from] &^ occ &^ notTarget; d != 0 {
					list = append(list, newMove(from, d.First(), kindDouble))
				}
			}
			for t := (push | g.pawnAttack[us][from]&enemy) &^ notTarget; t != 0; {
				to := t.Pop()
				if promo.Has(to) {
					for _, pt := range v.Promotions {
						list = append(list, promoMove(from, to, pt))
					}
				} else {
					list = append(list, newMove(from, to, kindNormal))
				}
			}
			// A link step never changes rank, so it never promotes.
			for t := g.link[from] &^ notTarget; t != 0; {
				list = append(list, newMove(from, t.Pop(), kindNormal))
			}
		}
		if p.ep != NoSquare && dest.Has(p.ep) {
			for b := g.pawnAttack[them][p.ep] & p.pieces[Pawn] & movers; b != 0; {
				list = append(list, newMove(b.Pop(), p.ep, kindEnPassant))
			}
		}
	}
	for b := p.pieces[Knight] & movers; b != 0; {
		from := b.Pop()
		list = appendMoves(list, from, (g.knight[from]|g.link[from])&^notTarget)
	}
	for b := p.pieces[Bishop] & movers; b != 0; {
		from := b.Pop()
		list = appendMoves(list, from, (g.BishopAttacks(from, occ)|g.link[from])&^notTarget)
	}
	for b := p.pieces[Rook] & movers; b != 0; {
		from := b.Pop()
		list = appendMoves(list, from, (g.RookAttacks(from, occ)|g.link[from])&^notTarget)
	}
	for b := p.pieces[Queen] & movers; b != 0; {
		from := b.Pop()
		list = appendMoves(list, from, (g.RookAttacks(from, occ)|g.BishopAttacks(from, occ)|g.link[from])&^notTarget)
	}
	for b := p.pieces[King] & movers; b != 0; {
		from := b.Pop()
		list = appendMoves(list, from, (g.king[from]|g.link[from])&^notTarget)
	}
	if v.hasFairy {
		list = p.genFairy(list, movers, notTarget)
	}
	if p.castle != 0 {
		for i := range v.castling.rules {
			if r := &v.castling.rules[i]; from.Has(r.kingFrom) && dest.Has(r.moveTo) && p.canCastle(r, occ) &&
				(!v.Check || p.castlePathSafe(r, occ)) {
				list = append(list, newMove(r.kingFrom, r.moveTo, kindCastle))
			}
		}
	}
	return list
}

// canCastle reports whether the side to move may castle by r as far as
// the pieces go: the right, the king on its square, the own rook on its
// own, the squares between and onto empty but for those two. With check,
// castlePathSafe must hold too: the king not in check, nor passing
// through or landing on an attacked square (the landing is tested again
// with the rook moved by filterLegal, which makes every castling: in
// Chess960 the rook may have stood between the king's destination and an
// enemy slider). Apart, so that canCastle, asked at every node where a
// right remains, stays small enough to inline.
func (p *Position) canCastle(r *castleRule, occ Bitboard) bool {
	own := p.colors[p.side]
	return r.color == p.side && p.castle&r.right != 0 && occ&r.empty == 0 &&
		(p.pieces[King] & own).Has(r.kingFrom) && (p.pieces[Rook] & own).Has(r.rookFrom)
}

// castlePathSafe reports whether no enemy piece attacks a square of the
// castling king's path.
func (p *Position) castlePathSafe(r *castleRule, occ Bitboard) bool {
	for b := r.path; b != 0; {
		if p.attackersTo(b.Pop(), p.side^1, occ) != 0 {
			return false
		}
	}
	return true
}

func appendMoves(list []Move, from Square, targets Bitboard) []Move {
	for targets != 0 {
		list = append(list, newMove(from, targets.Pop(), kindNormal))
	}
	return list
}

// countPseudo counts what genPseudo would generate, by set sizes.
func (p *Position) countPseudo() int {
	v, g := p.v, p.v.Geometry
	us, them := p.side, p.side^1
	own, enemy := p.colors[us], p.colors[them]
	occ := own | enemy
	n := 0

	if v.pieceSet[Pawn] {
		promo := g.lastRank[us]
		extra := len(v.Promotions) - 1 // a promoting target counts once per piece
		for b := p.pieces[Pawn] & own; b != 0; {
			from := b.Pop()
			push := g.pawnPush[us][from] &^ occ
			if push != 0 && v.DoubleStep {
				n += (g.pawnDouble[us][from] &^ occ).Count()
			}
			t := push | g.pawnAttack[us][from]&enemy
			n += t.Count() + (t&promo).Count()*extra + (g.link[from] &^ own).Count()
		}
		if p.ep != NoSquare {
			n += (g.pawnAttack[them][p.ep] & p.pieces[Pawn] & own).Count()
		}
	}
	for b := p.pieces[Knight] & own; b != 0; {
		from := b.Pop()
		n += ((g.knight[from] | g.link[from]) &^ own).Count()
	}
	for b := p.pieces[Bishop] & own; b != 0; {
		from := b.Pop()
		n += ((g.BishopAttacks(from, occ) | g.link[from]) &^ own).Count()
	}
	for b := p.pieces[Rook] & own; b != 0; {
		from := b.Pop()
		n += ((g.RookAttacks(from, occ) | g.link[from]) &^ own).Count()
	}
	for b := p.pieces[Queen] & own; b != 0; {
		from := b.Pop()
		n += ((g.RookAttacks(from, occ) | g.BishopAttacks(from, occ) | g.link[from]) &^ own).Count()
	}
	for b := p.pieces[King] & own; b != 0; {
		from := b.Pop()
		n += ((g.king[from] | g.link[from]) &^ own).Count()
	}
	if v.hasFairy {
		n += p.countFairy()
	}
	if p.castle != 0 {
		for i := range v.castling.rules {
			if r := &v.castling.rules[i]; p.canCastle(r, occ) && (!v.Check || p.castlePathSafe(r, occ)) {
				n++
			}
		}
	}
	return n
}

// filterLegal keeps the moves that do not leave the mover's king attacked
// (variants with check have exactly one king per side). Out of check only
// king moves, moves of pinned pieces and en-passant captures can expose
// the king: a king's step is legal when no enemy attacks its destination
// with the king gone from its square, a pinned piece's when it stays on
// the line of its pin; castling (two pieces move) and en passant (two
// pieces leave a rank) are made and tested, as is every move in check.
func (p *Position) filterLegal(list []Move) []Move {
	if p.v.hasFairy {
		return p.filterLegalByMaking(list)
	}
	g := p.v.Geometry
	us, them := p.side, p.side^1
	ksq := p.Pieces(us, King).First()
	occ := p.Occupied()
	inCheck := p.attackersTo(ksq, them, occ) != 0
	pinned := p.pinned(ksq, us)
	out := list[:0]
	var child Position
	for _, m := range list {
		from := m.From()
		switch {
		case inCheck || m.IsEnPassant() || m.IsCastling():
			p.MakeMove(m, &child)
			if child.attackersTo(child.Pieces(us, King).First(), them, child.Occupied()) != 0 {
				continue
			}
		case from == ksq:
			if p.attackersTo(m.To(), them, occ&^SquareBB(ksq)) != 0 {
				continue
			}
		case pinned.Has(from):
			if to := m.To(); !g.between[ksq][to].Has(from) && !g.between[ksq][from].Has(to) {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// pinned returns c's pieces that alone stand between the square ksq and
// an enemy slider that would otherwise attack it. Fairy riders are not
// counted: variants with fairy pieces never ask (filterLegalByMaking).
func (p *Position) pinned(ksq Square, c Color) Bitboard {
	g := p.v.Geometry
	enemy := p.colors[c^1]
	q := p.pieces[Queen]
	snipers := (g.RookAttacks(ksq, 0)&(p.pieces[Rook]|q) | g.BishopAttacks(ksq, 0)&(p.pieces[Bishop]|q)) & enemy
	occ := p.Occupied()
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.Pop()
		if b := g.between[ksq][s] & occ; b != 0 && b&(b-1) == 0 && b&p.colors[c] != 0 {
			pinned |= b
		}
	}
	return pinned
}

// attackersTo returns the pieces of colour by that attack sq, given the
// occupied squares occ. A link makes any piece attack the square at the
// other end of it.
func (p *Position) attackersTo(sq Square, by Color, occ Bitboard) Bitboard {
	g := p.v.Geometry
	q := p.pieces[Queen]
	a := g.knight[sq]&p.pieces[Knight] |
		g.king[sq]&p.pieces[King] |
		g.pawnAttack[by^1][sq]&p.pieces[Pawn] |
		g.RookAttacks(sq, occ)&(p.pieces[Rook]|q) |
		g.BishopAttacks(sq, occ)&(p.pieces[Bishop]|q) |
		g.link[sq]
	if p.v.hasFairy {
		a |= p.fairyAttackers(sq, by, occ)
	}
	return a & p.colors[by]
}

// AttackersTo returns the squares of the pieces of colour by that attack
// sq: those with a pseudo-legal move onto it if it held an enemy piece.
func (p *Position) AttackersTo(sq Square, by Color) Bitboard {
	return p.attackersTo(sq, by, p.Occupied())
}

// Attacked reports whether a piece of colour by attacks sq.
func (p *Position) Attacked(sq Square, by Color) bool {
	return p.attackersTo(sq, by, p.Occupied()) != 0
}

// InCheck reports whether the side to move is in check. Only variants with
// check have one; elsewhere it is always false. With
// ExtinctionPseudoRoyal an attacked pseudo-royal piece is a check too (so
// that a side without moves then is mated, not stalemated), as in
// Fairy-Stockfish.
func (p *Position) InCheck() bool {
	if p.w != nil {
		return p.w.InCheck()
	}
	if !p.v.Check {
		return p.v.ExtinctionPseudoRoyal && p.pseudoRoyalAttacked()
	}
	k := p.Pieces(p.side, King)
	return k != 0 && p.Attacked(k.First(), p.side^1)
}
