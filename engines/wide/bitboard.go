package wide

import "math/bits"

// Bitboard is a set of squares of a board of up to 128 squares: bit n of
// the pair (lo, hi) is square n, lo holding squares 0-63 and hi 64-127.
// Methods take and return values: the pair fits in two registers.
type Bitboard struct{ lo, hi uint64 }

var squareBB = func() (t [128]Bitboard) {
	for i := 0; i < 64; i++ {
		t[i].lo = 1 << i
		t[64+i].hi = 1 << i
	}
	return
}()

// SquareSet returns the set of the given squares (each below 128).
func SquareSet(sqs ...Square) Bitboard {
	var b Bitboard
	for _, s := range sqs {
		if s < 128 {
			b = b.or(squareBB[s])
		}
	}
	return b
}

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool {
	if sq < 64 {
		return b.lo>>sq&1 != 0
	}
	if sq < 128 {
		return b.hi>>(sq-64)&1 != 0
	}
	return false
}

// With returns b with sq added (sq below 128).
func (b Bitboard) With(sq Square) Bitboard {
	if sq >= 128 {
		return b
	}
	return b.or(squareBB[sq])
}

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b.lo|b.hi == 0 }

// Squares returns b's squares in increasing order.
func (b Bitboard) Squares() []Square {
	var out []Square
	for !b.IsEmpty() {
		out = append(out, b.pop())
	}
	return out
}

func (b Bitboard) and(o Bitboard) Bitboard    { return Bitboard{b.lo & o.lo, b.hi & o.hi} }
func (b Bitboard) or(o Bitboard) Bitboard     { return Bitboard{b.lo | o.lo, b.hi | o.hi} }
func (b Bitboard) xor(o Bitboard) Bitboard    { return Bitboard{b.lo ^ o.lo, b.hi ^ o.hi} }
func (b Bitboard) andNot(o Bitboard) Bitboard { return Bitboard{b.lo &^ o.lo, b.hi &^ o.hi} }
func (b Bitboard) any() bool                  { return b.lo|b.hi != 0 }
func (b Bitboard) more1() bool {
	if b.lo != 0 {
		return b.lo&(b.lo-1) != 0 || b.hi != 0
	}
	return b.hi&(b.hi-1) != 0
}

// lsb returns the lowest square of a non-empty b.
func (b Bitboard) lsb() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	return Square(64 + bits.TrailingZeros64(b.hi))
}

// msb returns the highest square of a non-empty b.
func (b Bitboard) msb() Square {
	if b.hi != 0 {
		return Square(127 - bits.LeadingZeros64(b.hi))
	}
	return Square(63 - bits.LeadingZeros64(b.lo))
}

// pop removes and returns the lowest square of a non-empty b.
func (b *Bitboard) pop() Square {
	if b.lo != 0 {
		s := Square(bits.TrailingZeros64(b.lo))
		b.lo &= b.lo - 1
		return s
	}
	s := Square(64 + bits.TrailingZeros64(b.hi))
	b.hi &= b.hi - 1
	return s
}
