package wide

// Move is a move packed in 32 bits:
//
//	bits  0-6   from square
//	bits  7-13  to square (castling: the rook's square, the king "takes"
//	            its rook as Fairy-Stockfish encodes it; a pass: from)
//	bits 14-17  promotion type (NoPieceType: none)
//	bits 18-19  kind: normal, castling, en passant, pass
//
// The zero value is NullMove (a1 to a1, normal), which no legal move is.
type Move uint32

// NullMove is the zero move.
const NullMove Move = 0

// Move kinds.
const (
	kindNormal = iota
	kindCastling
	kindEnPassant
	kindPass
)

func makeMove(from, to Square, promo PieceType, kind int) Move {
	return Move(from) | Move(to)<<7 | Move(promo)<<14 | Move(kind)<<18
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 0x7F) }

// To returns the target square (the rook's square for castling).
func (m Move) To() Square { return Square(m >> 7 & 0x7F) }

// Promotion returns the promotion type, NoPieceType if none.
func (m Move) Promotion() PieceType { return PieceType(m >> 14 & 0xF) }

func (m Move) kind() int { return int(m >> 18 & 3) }

// IsCastling reports whether m castles.
func (m Move) IsCastling() bool { return m.kind() == kindCastling }

// IsEnPassant reports whether m captures en passant.
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }

// IsPass reports whether m is a pass (janggi): the royal piece stays.
func (m Move) IsPass() bool { return m.kind() == kindPass }
