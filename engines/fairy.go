package engines

import (
	"fmt"
)

// FairyPiece is one of a variant's own piece types (Variant.Fairy): how it
// moves and its letter. It is never royal: only King is.
type FairyPiece struct {
	Name   string // e.g. "fers", "archbishop", "customPiece1"
	Letter byte   // upper-case FEN/SAN letter; lower case for Black; distinct from the variant's other letters
	Atoms  []Atom // how it moves
}

// Atom is one way a piece moves, from White's view (Black's is the mirror
// image across the middle rank: DY negated). A knight is the 8 atoms
// {±1,±2}, {±2,±1}; a fers the 4 diagonal steps.
type Atom struct {
	DX, DY int // one step: DX files to the right, DY ranks forward; e.g. {1,2} a knight's leap
	// Range 1: a leap of one step; 0: a rider, any number of steps along
	// the line while the squares are empty; n > 1: a rider of at most n
	// steps. A rider stops at the first occupied square.
	Range   int
	Move    bool // may go to an empty square
	Capture bool // may capture an enemy piece there
}

// maxAtomStep bounds an atom's step: a board is at most 14 files wide.
const maxAtomStep = maxFiles

// fairyMoves are the precomputed moves of one fairy type for one colour.
//
// Leaps (Range 1) are sets per square. Riders along the 8 compass
// directions use the rook's and bishop's magic attacks, masked by the
// squares of the rider's directions within its range: a rook attack set
// holds each line's squares up to its first piece, so the intersection is
// what the rider reaches. Riders along other lines (the nightrider) walk
// their path square by square.
//
// The from* sets answer the reverse question for attackersTo: the squares
// from which a piece of this colour captures on a square. Every region is
// a rectangle (fairy pieces are refused on boards with bunkers), so a
// rider's path from s to sq holds the same squares as sq's path back to s.
type fairyMoves struct {
	leapMove, leapCapture     [64]Bitboard
	rookMove, rookCapture     [64]Bitboard
	bishopMove, bishopCapture [64]Bitboard
	walkers                   []walker // riders off the compass directions

	leapFrom, rookFrom, bishopFrom [64]Bitboard
	walkFrom                       []walker // the capturing walkers, reversed
	sliding                        bool     // some rook or bishop mask is set
}

// walker is a rider off the compass directions: per square its path, in
// order, as far as its range and the board allow.
type walker struct {
	path          [64][]Square
	move, capture bool
}

// fairyTables holds one fairy type's moves for each colour.
type fairyTables [2]fairyMoves

// compassDir returns the direction of a one-square step, or -1.
func compassDir(dx, dy int) int {
	for d, st := range dirSteps {
		if st[0] == dx && st[1] == dy {
			return d
		}
	}
	return -1
}

// validAtom reports what is wrong with an atom, or nil.
func validAtom(a Atom) error {
	switch {
	case a.DX == 0 && a.DY == 0:
		return fmt.Errorf("atom %+v: no step", a)
	case a.DX < -maxAtomStep || a.DX > maxAtomStep || a.DY < -maxAtomStep || a.DY > maxAtomStep:
		return fmt.Errorf("atom %+v: a step longer than the widest board", a)
	case a.Range < 0:
		return fmt.Errorf("atom %+v: negative range", a)
	case !a.Move && !a.Capture:
		return fmt.Errorf("atom %+v: neither moves nor captures", a)
	}
	return nil
}

// newFairyTables derives the tables of a piece moving by atoms on g,
// which has no bunkers.
func newFairyTables(g *Geometry, atoms []Atom) *fairyTables {
	ft := &fairyTables{}
	for c := White; c <= Black; c++ {
		m := &ft[c]
		for _, a := range atoms {
			dy := a.DY
			if c == Black {
				dy = -dy
			}
			m.addAtom(g, a, a.DX, dy)
		}
		for s := 0; s < g.numSquares; s++ {
			for b := m.leapCapture[s]; b != 0; {
				m.leapFrom[b.Pop()] |= SquareBB(Square(s))
			}
			for b := m.rookCapture[s]; b != 0; {
				m.rookFrom[b.Pop()] |= SquareBB(Square(s))
			}
			for b := m.bishopCapture[s]; b != 0; {
				m.bishopFrom[b.Pop()] |= SquareBB(Square(s))
			}
		}
		m.sliding = false
		for s := 0; s < g.numSquares; s++ {
			if m.rookMove[s]|m.rookCapture[s]|m.bishopMove[s]|m.bishopCapture[s] != 0 {
				m.sliding = true
			}
		}
	}
	return ft
}

// addAtom adds the atom a, stepping (dx, dy) for this colour.
func (m *fairyMoves) addAtom(g *Geometry, a Atom, dx, dy int) {
	d := compassDir(dx, dy)
	switch {
	case a.Range == 1:
		for s := 0; s < g.numSquares; s++ {
			b := g.stepBB(Square(s), dx, dy)
			if a.Move {
				m.leapMove[s] |= b
			}
			if a.Capture {
				m.leapCapture[s] |= b
			}
		}
	case d >= 0:
		rook := d == dirN || d == dirE || d == dirS || d == dirW
		for s := 0; s < g.numSquares; s++ {
			var in Bitboard
			for i, t := 0, g.step(Square(s), dx, dy); t != NoSquare && (a.Range == 0 || i < a.Range); i, t = i+1, g.step(t, dx, dy) {
				in |= SquareBB(t)
			}
			mv, cp := &m.bishopMove[s], &m.bishopCapture[s]
			if rook {
				mv, cp = &m.rookMove[s], &m.rookCapture[s]
			}
			if a.Move {
				*mv |= in
			}
			if a.Capture {
				*cp |= in
			}
		}
	default:
		fw := walker{move: a.Move, capture: a.Capture}
		back := walker{move: a.Move, capture: a.Capture}
		for s := 0; s < g.numSquares; s++ {
			fw.path[s] = g.walk(Square(s), dx, dy, a.Range)
			back.path[s] = g.walk(Square(s), -dx, -dy, a.Range)
		}
		m.walkers = append(m.walkers, fw)
		if a.Capture {
			m.walkFrom = append(m.walkFrom, back)
		}
	}
}

// walk returns the squares from sq by steps (dx, dy), at most n of them
// (0: no limit), in order.
func (g *Geometry) walk(sq Square, dx, dy, n int) []Square {
	var path []Square
	for t := g.step(sq, dx, dy); t != NoSquare && (n == 0 || len(path) < n); t = g.step(t, dx, dy) {
		path = append(path, t)
	}
	return path
}

// targets returns the squares a piece moving by m reaches from sq: the
// empty ones it may move to and the enemy ones it may capture on.
func (m *fairyMoves) targets(g *Geometry, sq Square, occ, enemy Bitboard) Bitboard {
	t := m.leapMove[sq]&^occ | m.leapCapture[sq]&enemy
	if m.sliding {
		r, b := g.RookAttacks(sq, occ), g.BishopAttacks(sq, occ)
		t |= (r&m.rookMove[sq]|b&m.bishopMove[sq])&^occ | (r&m.rookCapture[sq]|b&m.bishopCapture[sq])&enemy
	}
	for i := range m.walkers {
		w := &m.walkers[i]
		for _, s := range w.path[sq] {
			if occ.Has(s) {
				if w.capture && enemy.Has(s) {
					t |= SquareBB(s)
				}
				break
			}
			if w.move {
				t |= SquareBB(s)
			}
		}
	}
	return t
}

// genFairy appends the pseudo-legal moves of the side's fairy pieces on
// movers to squares outside notTarget, type by type.
func (p *Position) genFairy(list []Move, movers, notTarget Bitboard) []Move {
	g := p.v.Geometry
	us := p.side
	occ, enemy := p.Occupied(), p.colors[us^1]
	for i, ft := range p.v.fairy {
		m := &ft[us]
		for b := p.pieces[FirstFairy+PieceType(i)] & movers; b != 0; {
			from := b.Pop()
			list = appendMoves(list, from, m.targets(g, from, occ, enemy)&^notTarget)
		}
	}
	return list
}

// countFairy counts the pseudo-legal moves of the side's fairy pieces.
func (p *Position) countFairy() int {
	g := p.v.Geometry
	us := p.side
	occ, enemy := p.Occupied(), p.colors[us^1]
	n := 0
	for i, ft := range p.v.fairy {
		m := &ft[us]
		for b := p.pieces[FirstFairy+PieceType(i)] & p.colors[us]; b != 0; {
			n += m.targets(g, b.Pop(), occ, enemy).Count()
		}
	}
	return n
}

// fairyAttackers returns the fairy pieces of colour by that capture on sq
// given the occupied squares occ (sq itself counts as occupied).
func (p *Position) fairyAttackers(sq Square, by Color, occ Bitboard) Bitboard {
	g := p.v.Geometry
	var a Bitboard
	var rook, bishop Bitboard
	lines := false
	for i, ft := range p.v.fairy {
		pcs := p.pieces[FirstFairy+PieceType(i)] & p.colors[by] & occ
		if pcs == 0 {
			continue
		}
		m := &ft[by]
		x := m.leapFrom[sq]
		if m.sliding {
			if !lines {
				rook, bishop, lines = g.RookAttacks(sq, occ), g.BishopAttacks(sq, occ), true
			}
			x |= rook&m.rookFrom[sq] | bishop&m.bishopFrom[sq]
		}
		for j := range m.walkFrom {
			for _, s := range m.walkFrom[j].path[sq] {
				if occ.Has(s) {
					x |= SquareBB(s)
					break
				}
			}
		}
		a |= x & pcs
	}
	return a
}

// fairyTargets returns the squares the piece on sq (a fairy type) reaches
// in p: for the evaluation's and tests' use.
func (p *Position) fairyTargets(sq Square) Bitboard {
	t := p.typeAt(sq)
	if t < FirstFairy {
		return 0
	}
	c := p.PieceAt(sq).Color()
	return p.v.fairy[t-FirstFairy][c].targets(p.v.Geometry, sq, p.Occupied(), p.colors[c^1])
}

// filterLegalByMaking keeps the moves after which the mover's king is not
// attacked, making each one: with fairy pieces, pins and checks come from
// lines (a nightrider's) the between tables do not hold.
func (p *Position) filterLegalByMaking(list []Move) []Move {
	us, them := p.side, p.side^1
	out := list[:0]
	var child Position
	for _, m := range list {
		p.MakeMove(m, &child)
		if k := child.Pieces(us, King); k != 0 && child.attackersTo(k.First(), them, child.Occupied()) != 0 {
			continue
		}
		out = append(out, m)
	}
	return out
}
