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
type fairyMoves struct {
	leapMove, leapCapture     [64]Bitboard
	rookMove, rookCapture     [64]Bitboard
	bishopMove, bishopCapture [64]Bitboard
	walkers                   []walker // riders off the compass directions
	sliding                   bool     // some rook or bishop mask is set
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
		w := walker{move: a.Move, capture: a.Capture}
		for s := 0; s < g.numSquares; s++ {
			w.path[s] = g.walk(Square(s), dx, dy, a.Range)
		}
		m.walkers = append(m.walkers, w)
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
// movers to squares outside notTarget, square by square.
func (p *Position) genFairy(list []Move, movers, notTarget Bitboard) []Move {
	g := p.v.Geometry
	us := p.side
	occ, enemy := p.Occupied(), p.colors[us^1]
	for b := p.pieces[NoPieceType] & movers; b != 0; {
		from := b.Pop()
		m := &p.v.fairy[p.board[from]-FirstFairy][us]
		list = appendMoves(list, from, m.targets(g, from, occ, enemy)&^notTarget)
	}
	return list
}

// countFairy counts the pseudo-legal moves of the side's fairy pieces.
func (p *Position) countFairy() int {
	g := p.v.Geometry
	us := p.side
	occ, enemy := p.Occupied(), p.colors[us^1]
	n := 0
	for b := p.pieces[NoPieceType] & p.colors[us]; b != 0; {
		from := b.Pop()
		n += p.v.fairy[p.board[from]-FirstFairy][us].targets(g, from, occ, enemy).Count()
	}
	return n
}

// fairyAttackers returns the fairy pieces of colour by that capture on sq
// given the occupied squares occ, whatever stands on sq. Each piece is
// asked whether its own captures reach sq: no reverse table, hence no
// assumption that a piece's moves are symmetric.
func (p *Position) fairyAttackers(sq Square, by Color, occ Bitboard) Bitboard {
	g := p.v.Geometry
	var a Bitboard
	for b := p.pieces[NoPieceType] & p.colors[by] & occ; b != 0; {
		s := b.Pop()
		if p.v.fairy[p.board[s]-FirstFairy][by].captures(g, s, sq, occ) {
			a |= SquareBB(s)
		}
	}
	return a
}

// captures reports whether a piece moving by m from s captures on sq
// given the occupied squares occ (sq itself may be empty).
func (m *fairyMoves) captures(g *Geometry, s, sq Square, occ Bitboard) bool {
	target := SquareBB(sq)
	if m.leapCapture[s]&target != 0 ||
		m.rookCapture[s]&target != 0 && g.RookAttacks(s, occ)&target != 0 ||
		m.bishopCapture[s]&target != 0 && g.BishopAttacks(s, occ)&target != 0 {
		return true
	}
	for i := range m.walkers {
		w := &m.walkers[i]
		if !w.capture {
			continue
		}
		for _, t := range w.path[s] {
			if t == sq {
				return true
			}
			if occ.Has(t) {
				break
			}
		}
	}
	return false
}

// fairyTargets returns the squares the piece on sq (a fairy type) reaches
// in p: for the evaluation's and tests' use.
func (p *Position) fairyTargets(sq Square) Bitboard {
	t := p.typeAt(sq)
	if t < FirstFairy || t > MaxPieceType {
		return 0
	}
	c := p.PieceAt(sq).Color()
	return p.v.fairy[t-FirstFairy][c].targets(p.v.Geometry, sq, p.Occupied(), p.colors[c^1])
}

// filterLegalByMaking keeps the moves after which the mover's king is not
// attacked, making each one that could expose it: with fairy pieces,
// pins and checks come from lines (a nightrider's) the between tables do
// not hold. Out of check, a move other than the king's, castling and en
// passant exposes the king only when a pinned piece makes it
// (pinnedFairy): the others are kept untested.
func (p *Position) filterLegalByMaking(list []Move) []Move {
	us, them := p.side, p.side^1
	out := list[:0]
	var child Position
	k := p.Pieces(us, King)
	var safe Bitboard // squares whose pieces' moves cannot expose the king
	if k != 0 {
		ksq := k.First()
		if occ := p.Occupied(); p.attackersTo(ksq, them, occ) == 0 {
			safe = ^(p.pinnedFairy(ksq, occ) | k)
		}
	}
	for _, m := range list {
		if k := m.kind(); safe.Has(m.From()) && k != kindCastle && k != kindEnPassant {
			out = append(out, m)
			continue
		}
		p.MakeMove(m, &child)
		if k := child.Pieces(us, King); k != 0 && child.attackersTo(k.First(), them, child.Occupied()) != 0 {
			continue
		}
		out = append(out, m)
	}
	return out
}

// pinnedFairy returns the squares of the side to move's pieces whose
// moves may expose its king on ksq, which is not in check: those pinned
// along a compass line, by an orthodox slider or a fairy rider (found
// exactly, as chess does: the one piece between the king and an enemy
// rider whose empty-board captures reach the king), and any piece on a
// walker's path to the king (v.pinLines, whether a walker stands on it
// or not). Fairy pieces play on boards without bunkers only, where the
// between table holds every compass line.
func (p *Position) pinnedFairy(ksq Square, occ Bitboard) Bitboard {
	us, them := p.side, p.side^1
	g, own := p.v.Geometry, p.colors[us]
	_, pinned := p.checkersPlain(ksq, own, p.colors[them], occ)
	for b := p.pieces[NoPieceType] & p.colors[them]; b != 0; {
		s := b.Pop()
		m := &p.v.fairy[p.board[s]-FirstFairy][them]
		if (m.rookCapture[s] | m.bishopCapture[s]).Has(ksq) {
			if bt := g.between[ksq][s] & occ; bt&(bt-1) == 0 {
				pinned |= bt & own
			}
		}
	}
	return pinned | p.v.pinLines[them][ksq]
}

// countLegalByMaking is CountMoves with check and fairy pieces: every
// pseudo-legal move made and tested.
func (p *Position) countLegalByMaking() int {
	var buf [MaxMoves]Move
	return len(p.filterLegalByMaking(p.genPseudo(buf[:0], ^Bitboard(0), ^Bitboard(0))))
}

// pinLines returns, per colour and square, the squares on which a piece
// could stand between a king on the square and a walker of that colour
// (a rider off the compass lines, the nightrider): the squares of every
// path to the square it could capture along. (Pins along the compass
// lines, by orthodox sliders or fairy riders, are found exactly:
// filterLegalByMaking.)
func pinLines(g *Geometry, tables []*fairyTables) (lines [2][64]Bitboard) {
	for c := White; c <= Black; c++ {
		for s := 0; s < g.numSquares; s++ {
			sq := Square(s)
			var l Bitboard
			for _, ft := range tables {
				for i := range ft[c].walkers {
					w := &ft[c].walkers[i]
					if !w.capture {
						continue
					}
					// A walker on t reaches sq through the squares of
					// its path from t before sq.
					for t := 0; t < g.numSquares; t++ {
						for _, x := range w.path[t] {
							if x == sq {
								for _, y := range w.path[t] {
									if y == sq {
										break
									}
									l |= SquareBB(y)
								}
								break
							}
						}
					}
				}
			}
			lines[c][s] = l
		}
	}
	return lines
}
