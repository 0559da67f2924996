package engines

import "math/bits"

// Square indexes a square of a Geometry: 0 .. Geometry.NumSquares()-1.
// Main-board squares come first, numbered rank by rank from a1 (index =
// rank*files + file); bunker squares follow, each bunker rank by rank.
type Square uint8

// NoSquare stands for "no square" (no en-passant square, for example).
const NoSquare Square = 255

// Bitboard is a set of squares of one Geometry, bit i for Square i.
type Bitboard uint64

// SquareBB returns the set holding only sq.
func SquareBB(sq Square) Bitboard { return Bitboard(1) << sq }

// Has reports whether sq is in the set.
func (b Bitboard) Has(sq Square) bool { return b&(Bitboard(1)<<sq) != 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Last returns the highest square of a non-empty set.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// Pop removes and returns the lowest square of a non-empty set.
func (b *Bitboard) Pop() Square {
	sq := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return sq
}
