package engines

// Test-only access to internals, for the external test package.

// ComputeHash recomputes the hash of p from scratch.
func ComputeHash(p *Position) uint64 { return p.computeHash() }

// BoardAgrees reports whether p's square-by-square board holds the type
// its bitboards give every square (none where both are empty).
func BoardAgrees(p *Position) bool {
	for sq := Square(0); sq < 64; sq++ {
		want := NoPieceType
		for t := Pawn; t <= MaxPieceType; t++ {
			if p.AnyType(t).Has(sq) {
				want = t
			}
		}
		if p.board[sq] != want {
			return false
		}
	}
	return true
}

// SamePosition reports whether a and b are the same position. A Chess960
// castling setup is compared by the rights it gives (a game's keeps the
// rules of rights lost, a FEN's parse builds those it names).
func SamePosition(a, b *Position) bool {
	x, y := *a, *b
	if x.ShredderFEN() == y.ShredderFEN() {
		y.v = x.v
	}
	return x == y
}

// MakePerftAgrees reports whether makePerft gives MakeMove's position but
// for the hash, the move counters, and an en-passant square MakeMove
// drops because no capture on it is legal; got is makePerft's.
func MakePerftAgrees(p *Position, m Move) (ok bool, got Position) {
	var want Position
	p.MakeMove(m, &want)
	p.makePerft(m, &got)
	c := got
	if want.ep == NoSquare && c.ep != NoSquare && !c.epLegal() {
		c.ep = NoSquare
	}
	c.hash, c.halfmove, c.fullmove = want.hash, want.halfmove, want.fullmove
	return c == want, got
}

// FairyTargets returns the squares the fairy piece on sq reaches.
func FairyTargets(p *Position, sq Square) Bitboard { return p.fairyTargets(sq) }

// LegalByMakingAll returns the pseudo-legal moves of p that leave the
// mover's king unattacked, every one made and tested: the reference for
// the shortcuts of filterLegalByMaking.
func LegalByMakingAll(p *Position) []Move {
	var out []Move
	var child Position
	for _, m := range p.genPseudo(nil, ^Bitboard(0), ^Bitboard(0)) {
		p.MakeMove(m, &child)
		if k := child.Pieces(p.side, King); k != 0 && child.attackersTo(k.First(), p.side^1, child.Occupied()) != 0 {
			continue
		}
		out = append(out, m)
	}
	return out
}
