package engines

// QuietThreats tells, for the quiet moves of one position, whether the
// position after a move has one of a few enemy squares attacked by the
// mover, mostly without looking at that position's attackers: a quiet
// move (no capture, no promotion) changes only the moving piece (its
// square, and its type where pieces evolve), so an attack on a target
// changes only through the squares it leaves and enters. The search asks
// this of every quiet move (does it attack the last piece of a species?),
// and the answer is the same as Attacked's on the child.
type QuietThreats struct {
	n       int // targets; -1 when there are too many to keep (then every move asks the child)
	targets Bitboard
	sq      [8]Square
	att     [8]Bitboard // the mover's attackers of sq before the move
	rook    [8]Bitboard // the rook-line squares seen from sq (up to the first piece)
	bishop  [8]Bitboard // the bishop-line squares seen from sq
}

// QuietThreats prepares q for the quiet moves of p against the squares
// targets (pieces of the side not to move).
func (p *Position) QuietThreats(targets Bitboard, q *QuietThreats) {
	q.targets = targets
	// A fairy piece's reach is not among the cases below: every move
	// asks the child.
	if targets.Count() > len(q.sq) || p.v.hasFairy {
		q.n = -1
		return
	}
	g, occ := p.v.Geometry, p.Occupied()
	q.n = 0
	for b := targets; b != 0; b &= b - 1 {
		sq := b.First()
		q.sq[q.n] = sq
		q.att[q.n] = p.attackersTo(sq, p.side, occ)
		q.rook[q.n] = g.RookAttacks(sq, occ)
		q.bishop[q.n] = g.BishopAttacks(sq, occ)
		q.n++
	}
}

// Attacks reports whether child, which is p after the quiet move m of p,
// has a target attacked by p's side to move: child.Attacked on each
// target, answered from the squares m leaves and enters when it can.
// Castling, which moves two pieces, always asks the child.
func (q *QuietThreats) Attacks(p *Position, m Move, child *Position) bool {
	us := p.side
	if k := m.kind(); q.n < 0 || k != kindNormal && k != kindDouble {
		for b := q.targets; b != 0; b &= b - 1 {
			if child.Attacked(b.First(), us) {
				return true
			}
		}
		return false
	}
	g := p.v.Geometry
	from, to := m.From(), m.To()
	fromBB := SquareBB(from)
	placed := p.typeAt(from)
	if p.v.Evolution {
		placed = evolved(placed)
	}
	for i := range q.n {
		sq := q.sq[i]
		seen := q.rook[i] | q.bishop[i]
		others := q.att[i] &^ fromBB
		switch {
		case seen.Has(from):
			// Leaving a square seen from the target may uncover a line.
			if child.Attacked(sq, us) {
				return true
			}
		case others != 0:
			// The other attackers stay; only a piece put on a line
			// between one of them and the target could block it.
			if !seen.Has(to) || child.Attacked(sq, us) {
				return true
			}
		default:
			// No other attacker and no line uncovered: the moved piece
			// attacks the target from its new square or nothing does. A
			// line from the target to it is open in the child as it is
			// here, since the square it left is not on one.
			var reach Bitboard
			switch placed {
			case Pawn:
				reach = g.pawnAttack[us^1][sq]
			case Knight:
				reach = g.knight[sq]
			case Bishop:
				reach = q.bishop[i]
			case Rook:
				reach = q.rook[i]
			case Queen:
				reach = seen
			case King:
				reach = g.king[sq]
			}
			if (reach | g.link[sq]).Has(to) {
				return true
			}
		}
	}
	return false
}
