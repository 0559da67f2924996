package engines

import (
	"errors"
	"strings"
)

// Cambodian's first leaps (Variant.CambodianMoves): the rights live in
// the position's castling bits, in KQkq order, White's king, White's met,
// Black's king, Black's met; Variant.gates holds their squares.

// cambodianGates finds the squares of the rights in the start position
// (its castling field names their files) and makes a move from or to
// one end its right.
func (v *Variant) cambodianGates() error {
	if v.Castling {
		return errors.New("cambodian moves with castling")
	}
	if v.CambodianMet == NoPieceType || !v.pieceSet[v.CambodianMet] {
		return errors.New("cambodian moves without a met")
	}
	f := strings.Fields(v.StartFEN)
	if len(f) < 3 {
		return errors.New("cambodian moves: the start position has no castling field")
	}
	rows := strings.Split(f[0], "/")
	g := v.Geometry
	if len(rows) != g.Ranks() {
		return errors.New("cambodian moves: the start position's ranks")
	}
	v.gates = [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}
	for i := 0; i < len(f[2]) && f[2] != "-"; i++ {
		c := f[2][i]
		col, lc := White, c|0x20
		if c >= 'a' && c <= 'z' {
			col = Black
		}
		file := int(lc - 'a')
		rank := 0
		if col == Black {
			rank = g.Ranks() - 1
		}
		letter := pieceAtFile(rows[g.Ranks()-1-rank], file)
		if letter == 0 || (letter >= 'a') != (col == Black) {
			return errors.New("cambodian moves: a gate without its own piece")
		}
		bit := 2 * int(col)
		t, _ := v.TypeOfLetter(letter | 0x20)
		switch {
		case t == King:
		case t == v.CambodianMet:
			bit++
		default:
			return errors.New("cambodian moves: a gate on a piece that is neither king nor met")
		}
		sq := g.squareAt(file, rank)
		v.gates[bit] = sq
		v.castling.mask[sq] &^= 1 << bit
	}
	return nil
}

// pieceAtFile returns the FEN letter on file (0-based) of a FEN rank, 0
// for an empty square.
func pieceAtFile(row string, file int) byte {
	f := 0
	for i := 0; i < len(row); i++ {
		c := row[i]
		if c >= '0' && c <= '9' {
			n := int(c - '0')
			if i+1 < len(row) && row[i+1] >= '0' && row[i+1] <= '9' {
				n = n*10 + int(row[i+1]-'0')
				i++
			}
			f += n
			continue
		}
		if f == file {
			return c
		}
		f++
	}
	return 0
}

// fenGates reads the castling field of a cambodian position: the files
// of the unmoved king and met of each side. A right whose piece is not on
// its square is dropped, as castling rights are.
func (p *Position) fenGates(field string) *fenFault {
	if field == "-" {
		return nil
	}
	v, g := p.v, p.v.Geometry
	for i := 0; i < len(field); i++ {
		c := field[i]
		col, lc := White, c|0x20
		if c >= 'a' && c <= 'z' {
			col = Black
		}
		if lc < 'a' || int(lc-'a') >= g.Files() {
			return fault(3, "want - or the files of the unmoved king and met (as DEde), have %q", field)
		}
		found := false
		for bit := 2 * int(col); bit < 2*int(col)+2; bit++ {
			if sq := v.gates[bit]; sq != NoSquare && g.File(sq) == int(lc-'a') {
				found = true
				t := King
				if bit%2 == 1 {
					t = v.CambodianMet
				}
				if p.PiecesOf(col, t).Has(sq) {
					p.castle |= 1 << bit
				}
			}
		}
		if !found {
			return fault(3, "%q is no file of an unmoved king or met of %s", c, v.Name)
		}
	}
	return nil
}

// gatesField writes the rights as Fairy-Stockfish does: each side's
// files, White's upper case first, in file order.
func (p *Position) gatesField(b *strings.Builder) {
	g := p.v.Geometry
	for c := 0; c < 2; c++ {
		a, z := p.v.gates[2*c], p.v.gates[2*c+1]
		if p.castle&(1<<(2*c)) == 0 {
			a = NoSquare
		}
		if p.castle&(1<<(2*c+1)) == 0 {
			z = NoSquare
		}
		if a != NoSquare && z != NoSquare && g.File(z) < g.File(a) {
			a, z = z, a
		}
		for _, sq := range []Square{a, z} {
			if sq == NoSquare {
				continue
			}
			l := byte('a' + g.File(sq))
			if c == 0 {
				l -= 'a' - 'A'
			}
			b.WriteByte(l)
		}
	}
}

// cambodianMoves appends the pseudo-legal first leaps of the side to move
// from squares of from to squares of dest: the king's (not in check) to an
// empty square a knight's leap away on the rank ahead, the met's two
// squares straight ahead, to an empty square or taking an enemy piece
// there (Fairy-Stockfish 11.1 generates it so).
func (p *Position) cambodianMoves(list []Move, from, dest Bitboard) []Move {
	us := p.side
	g := p.v.Geometry
	occ := p.Occupied()
	fwd := 1
	if us == Black {
		fwd = -1
	}
	if bit := uint8(1) << (2 * us); p.castle&bit != 0 {
		if sq := p.v.gates[2*us]; from.Has(sq) && p.Pieces(us, King).Has(sq) && !p.InCheck() {
			for _, df := range []int{-2, 2} {
				f, r := g.File(sq)+df, g.Rank(sq)+fwd
				if f < 0 || f >= g.Files() || r < 0 || r >= g.Ranks() {
					continue
				}
				if to := g.squareAt(f, r); to != NoSquare && !occ.Has(to) && dest.Has(to) {
					list = append(list, newMove(sq, to, kindNormal))
				}
			}
		}
	}
	if bit := uint8(1) << (2*us + 1); p.castle&bit != 0 {
		if sq := p.v.gates[2*us+1]; from.Has(sq) && p.PiecesOf(us, p.v.CambodianMet).Has(sq) {
			r := g.Rank(sq) + 2*fwd
			if r >= 0 && r < g.Ranks() {
				if to := g.squareAt(g.File(sq), r); to != NoSquare && !p.colors[us].Has(to) && dest.Has(to) {
					list = append(list, newMove(sq, to, kindNormal))
				}
			}
		}
	}
	return list
}
