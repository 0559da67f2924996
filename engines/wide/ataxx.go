package wide

// The rules of Fairy-Stockfish's ataxx, reversi (flipello) and
// snailtrail families: drops that never empty the hand, pieces that
// change sides when a move lands beside them or encloses them, drops
// that must enclose (reversi), touch a friend (ataxx) or keep off the
// enemy (snort), a game that ends when the board is full, a stalemate
// decided by the pieces on the board, and moves that leave a wall on
// their square of departure. A variant that uses none of them pays one
// nil test per move made (Variant.ax).

// Values of AtaxxRules.Flip: which enemy pieces change sides when a move
// or a drop lands on a square.
const (
	FlipNone = iota
	// FlipReversi: the enemy pieces enclosed in a line (eight directions)
	// between the landing square and a piece of the mover.
	FlipReversi
	// FlipAtaxx: the enemy pieces next to the landing square (a king's
	// step away).
	FlipAtaxx
	// FlipQuadwrangle: as FlipAtaxx after a move of a piece, and after a
	// drop next to a piece of the mover's.
	FlipQuadwrangle
)

// Values of Rules.EnclosingDrop beyond the connect-four ones.
const (
	// EnclosingReversi: a drop must enclose enemy pieces in a line
	// between it and a piece of the mover's, as Fairy-Stockfish tests it:
	// next to an enemy piece, with a line through enemy pieces and walls
	// that ends on a piece of the mover's two squares away or more.
	EnclosingReversi = EnclosingAnySide + 1 + iota
	// EnclosingAtaxx: a drop lands next to (a king's step from) a piece
	// of the mover's.
	EnclosingAtaxx
	// EnclosingSnort: a drop does not land beside (a wazir's step from)
	// an enemy piece.
	EnclosingSnort
)

// AtaxxRules are the rules of the ataxx, reversi and snailtrail
// families (Rules.Ataxx).
type AtaxxRules struct {
	// FreeDrops: a drop does not take the piece from the hand; every
	// type but the royal one is always in hand and the FEN writes no
	// hand (Fairy-Stockfish's freeDrops).
	FreeDrops bool
	// Flip: FlipNone, FlipReversi, FlipAtaxx or FlipQuadwrangle.
	Flip int
	// DropStart: while one of these squares is empty, drops land on them
	// only (enclosingDropStart, reversi's four centre squares); only with
	// an EnclosingDrop rule.
	DropStart Bitboard
	// FullBoard: the game ends when no square is empty, decided by
	// MaterialCounting (adjudicateFullBoard).
	FullBoard bool
	// StalematePieceCount: a stalemate is lost by the side with fewer
	// pieces on the board (StalemateValue for it), drawn on equal counts
	// (then MaterialCounting decides).
	StalematePieceCount bool
	// PastWalls: a move leaves a wall on the square it left, written as
	// the arrow walls are ("i1i2,i2i1"; wallingRule = past).
	PastWalls bool
}

// ataxxTables are the tables of a variant with AtaxxRules.
type ataxxTables struct {
	near  []Bitboard // per square: the squares a king's step away
	wazir []Bitboard // per square: the squares a wazir's step away
}

// kingDirs are the eight (file, rank) steps of a king.
var kingDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// prepareAtaxx builds the tables of a variant that uses AtaxxRules;
// v.ax stays nil when it uses none.
func (v *Variant) prepareAtaxx() {
	a := v.r.Ataxx
	if !a.FreeDrops && a.Flip == FlipNone && !a.FullBoard && !a.StalematePieceCount && !a.PastWalls && v.r.EnclosingDrop < EnclosingReversi {
		return
	}
	ax := &ataxxTables{near: make([]Bitboard, v.nsq), wazir: make([]Bitboard, v.nsq)}
	for s := 0; s < v.nsq; s++ {
		f, r := v.FileOf(Square(s)), v.RankOf(Square(s))
		for i, d := range kingDirs {
			ff, rr := f+d[0], r+d[1]
			if ff < 0 || ff >= v.files || rr < 0 || rr >= v.ranks {
				continue
			}
			t := Square(rr*v.files + ff)
			ax.near[s] = ax.near[s].With(t)
			if i < 4 {
				ax.wazir[s] = ax.wazir[s].With(t)
			}
		}
	}
	v.ax = ax
}

// freeHands fills the hands of a FreeDrops variant: one piece of every
// type but the royal one, which drops never take.
func (p *Position) freeHands() {
	v := p.v
	if v.ax == nil || !v.r.Ataxx.FreeDrops {
		return
	}
	for c := Color(0); c < 2; c++ {
		for t := PieceType(1); int(t) <= v.ntypes; t++ {
			if t != v.royal {
				p.hand[c][t] = 1
			}
		}
	}
}

// ataxxDrops returns the squares a drop may land on under the enclosing
// rules of this file, given the occupied squares (walls included).
func (p *Position) ataxxDrops(occ Bitboard) Bitboard {
	v := p.v
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	empty := v.all.andNot(occ)
	var b Bitboard
	switch v.r.EnclosingDrop {
	case EnclosingAtaxx:
		for o := own; o.any(); {
			b = b.or(v.ax.near[o.pop()])
		}
		return b.and(empty)
	case EnclosingSnort:
		for e := enemy; e.any(); {
			b = b.or(v.ax.wazir[e.pop()])
		}
		return empty.andNot(b)
	case EnclosingReversi:
		for e := enemy; e.any(); {
			b = b.or(v.ax.near[e.pop()])
		}
		b = b.and(empty)
		for c := b; c.any(); {
			s := c.pop()
			if !p.encloses(s, own, enemy) {
				b = b.andNot(squareBB[s])
			}
		}
		return b
	}
	return empty
}

// encloses reports whether a drop on s encloses, as Fairy-Stockfish's
// drop test has it: a line from s through enemy pieces and walls ends on
// a piece of own two squares away or more.
func (p *Position) encloses(s Square, own, enemy Bitboard) bool {
	v := p.v
	through := enemy.or(p.walls)
	f0, r0 := v.FileOf(s), v.RankOf(s)
	for _, d := range kingDirs {
		f, r := f0+d[0], r0+d[1]
		n := 0
		for f >= 0 && f < v.files && r >= 0 && r < v.ranks {
			t := Square(r*v.files + f)
			if !through.Has(t) {
				if own.Has(t) && n > 0 {
					return true
				}
				break
			}
			n++
			f, r = f+d[0], r+d[1]
		}
	}
	return false
}

// ataxxAfter applies to the position after the move m of us what these
// families add: the flips, and the halfmove clock a drop resets (the
// c19b5f6 build resets it on every drop; 11.1, the reference of the
// older drop games, only on pawn drops).
func (p *Position) ataxxAfter(m Move, us Color) {
	if m.IsDrop() {
		p.halfmove = 0
	}
	if p.v.r.Ataxx.Flip != FlipNone && m.kind() != kindPass {
		p.flip(m, us)
	}
}

// flip turns to the mover's side the enemy pieces the move m of us
// encloses or lands beside (AtaxxRules.Flip); p is the position after
// the move's piece was placed.
func (p *Position) flip(m Move, us Color) {
	v := p.v
	to := m.To()
	own, enemy := p.byColor[us], p.byColor[us^1]
	var b Bitboard
	switch v.r.Ataxx.Flip {
	case FlipAtaxx:
		b = v.ax.near[to].and(enemy)
	case FlipQuadwrangle:
		if !m.IsDrop() || v.ax.near[to].and(own).any() {
			b = v.ax.near[to].and(enemy)
		}
	case FlipReversi:
		// Unlike the drop test, a wall ends the line: the reference
		// flips nothing beyond one.
		f0, r0 := v.FileOf(to), v.RankOf(to)
		for _, d := range kingDirs {
			var line Bitboard
			f, r := f0+d[0], r0+d[1]
			for f >= 0 && f < v.files && r >= 0 && r < v.ranks {
				t := Square(r*v.files + f)
				if !enemy.Has(t) {
					if own.Has(t) {
						b = b.or(line)
					}
					break
				}
				line = line.With(t)
				f, r = f+d[0], r+d[1]
			}
		}
	}
	for b.any() {
		s := b.pop()
		t := p.board[s].Type()
		p.remove(s)
		p.put(MakePiece(us, t), s)
	}
}

// boardFull reports whether a FullBoard variant's board has no empty
// square left.
func (p *Position) boardFull() bool {
	return p.v.r.Ataxx.FullBoard && !p.v.all.andNot(p.Occupied()).any()
}

// stalemateByCount returns a stalemate's result under
// StalematePieceCount: the side with fewer pieces on the board takes the
// stalemate value, equal counts draw (then MaterialCounting decides).
func (p *Position) stalemateByCount(val Value) Result {
	us, them := p.side, p.side^1
	switch n := p.byColor[us].Count() - p.byColor[them].Count(); {
	case n < 0:
		return resultFor(val, us)
	case n > 0:
		return resultFor(val, them)
	}
	return p.countingResult()
}
