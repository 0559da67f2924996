package engines

// SEEAtLeast reports whether SEE(m, value) >= threshold. Most moves are
// settled without the exchange: the mover gains at most what it takes
// (the opponent may not recapture) and at least that less what it puts on
// the square (it may stop after one recapture).
func (p *Position) SEEAtLeast(m Move, value *[NumPieceTypes]int, threshold int) bool {
	gain, standing := p.firstGain(m, value)
	switch {
	case gain < threshold:
		return false
	case gain-value[standing] >= threshold:
		return true
	}
	return p.SEE(m, value) >= threshold
}

// firstGain returns what the move m itself gains (its victim, and a
// promotion's difference) and the type of the piece it leaves on its
// destination (promoted, or evolved in Evolution Chess): the exchange's
// first step, for SEE and its bounds.
func (p *Position) firstGain(m Move, value *[NumPieceTypes]int) (gain int, standing PieceType) {
	if m.IsEnPassant() {
		gain = value[Pawn]
	} else if p.colors[p.side^1].Has(m.To()) {
		gain = value[p.typeAt(m.To())]
	}
	standing = p.typeAt(m.From())
	if t := m.Promotion(); t != NoPieceType {
		gain += value[t] - value[Pawn]
		standing = t
	}
	if p.v.Evolution {
		standing = evolved(standing)
	}
	return gain, standing
}

// SEE returns the static exchange evaluation of the legal move m: the
// material balance for the mover after the best sequence of captures and
// recaptures on m's destination, each side free to stop, using the given
// value per piece type. It counts x-ray attackers behind sliders, link
// steps, promotions, and the evolution of every piece that captures in
// Evolution Chess (the piece left on the square is the evolved one).
func (p *Position) SEE(m Move, value *[NumPieceTypes]int) int {
	g := p.v.Geometry
	from, to := m.From(), m.To()
	occ := p.Occupied() &^ SquareBB(from)
	if m.IsEnPassant() {
		occ &^= g.pawnPush[p.side^1][to] // the pawn taken
	}
	var gain [40]int
	var standing PieceType
	gain[0], standing = p.firstGain(m, value)
	side := p.side
	d := 0
	for d+1 < len(gain) {
		side ^= 1
		attackers := p.attackersTo(to, side, occ) & occ
		if attackers == 0 {
			break
		}
		// The least valuable attacker captures next.
		var sq Square
		var t PieceType
		if p.v.hasFairy {
			sq, t = p.leastValuable(attackers, value)
		} else {
			for t = Pawn; t <= King; t++ {
				if b := attackers & p.pieces[t]; b != 0 {
					sq = b.First()
					break
				}
			}
		}
		// gain[d] is the balance, for the side capturing at step d, of
		// the captures so far; each side may stop instead (below).
		d++
		gain[d] = value[standing] - gain[d-1]
		occ &^= SquareBB(sq)
		standing = t
		if t == Pawn && g.lastRank[side].Has(to) {
			standing = p.v.Promotions[0]
		}
		if p.v.Evolution {
			standing = evolved(standing)
		}
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// leastValuable returns the square and type of the attacker of least
// value, the king last (its capture ends the exchange), for variants with
// their own types, which have no place in the type order Pawn..King that
// SEE otherwise takes for the order of value.
func (p *Position) leastValuable(attackers Bitboard, value *[NumPieceTypes]int) (Square, PieceType) {
	best, bestSq := NoPieceType, NoSquare
	for t := Pawn; t <= MaxPieceType; t++ {
		if t == King {
			continue
		}
		if b := attackers & p.AnyType(t); b != 0 && (best == NoPieceType || value[t] < value[best]) {
			best, bestSq = t, b.First()
		}
	}
	if best == NoPieceType {
		if b := attackers & p.pieces[King]; b != 0 {
			return b.First(), King
		}
	}
	return bestSq, best
}
