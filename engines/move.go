package engines

// Move is a move packed in the low 16 bits of a 32-bit word on a board
// of at most 64 squares:
//
//	bits  0-5   from square
//	bits  6-11  to square
//	bits 12-15  kind: 0 normal, 1 double pawn step, 2 castling,
//	            3 en passant, 4+t-Knight promotion to type t (Knight..King)
//
// The zero value is the null move (from == to never occurs otherwise).
// Castling is written as the king's move (e1g1). Ordering scores live
// beside moves, never inside them. The search's hash table keeps the low
// 16 bits.
//
// In a variant on a wider board (Variant.Wide) a Move holds a
// wide.Move, whose layout that package documents; From, To and the
// other accessors below read the narrow layout only, so code that serves
// both asks the position (Position.UCI, Position.MovedType, ...).
type Move uint32

// NullMove is the zero Move.
const NullMove Move = 0

// Move kinds.
const (
	kindNormal    = 0
	kindDouble    = 1
	kindCastle    = 2
	kindEnPassant = 3
	kindPromo     = 4
)

// MaxMoves is a capacity for move buffers that holds every position of
// practical play; generators append past it if ever needed.
const MaxMoves = 256

func newMove(from, to Square, kind int) Move {
	return Move(from) | Move(to)<<6 | Move(kind)<<12
}

func promoMove(from, to Square, t PieceType) Move {
	return newMove(from, to, kindPromo+int(t-Knight))
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

func (m Move) kind() int { return int(m >> 12) }

// Promotion returns the promoted-to type, or NoPieceType.
func (m Move) Promotion() PieceType {
	if k := m.kind(); k >= kindPromo {
		return Knight + PieceType(k-kindPromo)
	}
	return NoPieceType
}

// IsCastling reports whether m is a castling move.
func (m Move) IsCastling() bool { return m.kind() == kindCastle }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }
