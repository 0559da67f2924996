package engines

// Test-only access to internals, for the external test package.

// ComputeHash recomputes the hash of p from scratch.
func ComputeHash(p *Position) uint64 { return p.computeHash() }

// BoardAgrees reports whether p's square-by-square board holds the type
// its bitboards give every square (none where both are empty).
func BoardAgrees(p *Position) bool {
	for sq := Square(0); sq < 64; sq++ {
		want := NoPieceType
		for t := Pawn; t <= King; t++ {
			if p.pieces[t].Has(sq) {
				want = t
			}
		}
		if p.board[sq] != want {
			return false
		}
	}
	return true
}
