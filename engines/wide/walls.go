package wide

// Walls placed by a move (Fairy-Stockfish's wallingRule = arrow): the
// move of a piece is followed by a wall on a square the piece could move
// to, quietly, from where it landed. The wall square is kept in the
// move's bits 25-31 (wallShift); those bits hold part of a drop's or a
// gating's type and a castling gate's side in variants with hands, which
// the variants with walls do not have.

const wallShift = 25

// withWall returns m followed by a wall on s.
func (m Move) withWall(s Square) Move { return m&^(squareMask<<wallShift) | Move(s)<<wallShift }

// gateOf returns m's gating type (Move.Gate) in a variant with hands,
// NoPieceType in any other, where those bits may hold a wall.
func (p *Position) gateOf(m Move) PieceType {
	if !p.v.hands {
		return NoPieceType
	}
	return m.Gate()
}

// Wall returns the square of the wall m places, in a variant whose moves
// place one (Rules.ArrowWalls).
func (m Move) Wall() Square { return Square(m >> wallShift & squareMask) }

// arrowWalls replaces each move of list[start:] by the moves that follow
// it with a wall on each square the moved piece could then move to.
func (p *Position) arrowWalls(list []Move, start int) []Move {
	end := len(list)
	occ0 := p.Occupied()
	for _, m := range list[start:end] {
		from, to := m.From(), m.To()
		t := p.board[from].Type()
		if m.Promotion() != NoPieceType {
			t = m.Promotion()
		}
		occ := occ0.andNot(squareBB[from]).With(to)
		for b := p.quietTargets(t, to, occ); b.any(); {
			list = append(list, m.withWall(b.pop()))
		}
	}
	n := copy(list[start:], list[end:])
	return list[:start+n]
}

// arrowMoveBound bounds the moves of any position of the game from p: a
// side's pieces (no variant with arrow walls adds any) times the square
// of the most squares one of them reaches on an empty board.
func (p *Position) arrowMoveBound() int {
	v := p.v
	most := 0
	for c := Color(0); c < 2; c++ {
		reach := 0
		q := *p
		q.side = c
		for t := PieceType(1); int(t) <= v.ntypes; t++ {
			for s := 0; s < v.nsq; s++ {
				if n := q.quietTargets(t, Square(s), Bitboard{}).Count(); n > reach {
					reach = n
				}
			}
		}
		if n := p.byColor[c].Count() * reach * reach; n > most {
			most = n
		}
	}
	return most
}

// quietTargets returns the empty squares a piece of type t of the side
// to move on s could move to quietly, given the occupied squares: its
// leaps and rides (the arrow variants have neither hoppers nor lame
// leapers; NewVariant refuses them there).
func (p *Position) quietTargets(t PieceType, s Square, occ Bitboard) Bitboard {
	v := p.v
	tt := &v.t[p.side][t]
	b := tt.quiet[s].andNot(occ)
	for _, rd := range tt.sliders {
		if rd.quiet {
			b = b.or(v.ride(rd.kind, s, occ).andNot(occ))
		}
	}
	return b.and(tt.region)
}
