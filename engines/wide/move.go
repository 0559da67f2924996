package wide

// Move is a move packed in 32 bits:
//
//	bits  0-6   from square (a drop: the target square, as Fairy-Stockfish
//	            encodes drops)
//	bits  7-13  to square (castling: the rook's square, the king "takes"
//	            its rook as Fairy-Stockfish encodes it; a pass: from)
//	bits 14-18  promotion type: the pawn's new type, or the promoted type
//	            of a piece promotion (shogi's "+"); NoPieceType: none
//	bits 19-21  kind: normal, castling, en passant, pass, drop, drop of
//	            the promoted side (dropPromoted), piece promotion, piece
//	            demotion
//	bits 22-26  a drop's type taken from the hand; a gating move's type
//	            put on the board from the hand (NoPieceType: no gating)
//	bit  27     a castling's gate is on the rook's square (else on the
//	            king's)
//	bits 25-31  a wall's square, in variants with walls and without hands
//	            or gating (walls.go)
//
// The zero value is NullMove (a1 to a1, normal), which no legal move is.
// A drop leaves From equal to To; the type it puts on the board is
// Dropped, or its promoted type for a promoted drop (Position.MovedType
// tells either).
type Move uint32

// NullMove is the zero move.
const NullMove Move = 0

// Move kinds.
const (
	kindNormal = iota
	kindCastling
	kindEnPassant
	kindPass
	kindDrop
	kindDropPromoted
	kindPiecePromotion
	kindPieceDemotion
)

const (
	gateShift  = 22
	gateOnRook = 1 << 27
	kindShift  = 19
	promoShift = 14
	squareMask = 0x7F
	typeMask   = 0x1F
	kindMask   = 7
)

func makeMove(from, to Square, promo PieceType, kind int) Move {
	return Move(from) | Move(to)<<7 | Move(promo)<<promoShift | Move(kind)<<kindShift
}

// makeDrop returns the drop of hand type t on sq (promoted: its promoted
// type goes on the board).
func makeDrop(t PieceType, sq Square, promoted bool) Move {
	k := kindDrop
	if promoted {
		k = kindDropPromoted
	}
	return Move(sq) | Move(sq)<<7 | Move(k)<<kindShift | Move(t)<<gateShift
}

// withGate returns m gating type t, on the rook's square for a castling
// when onRook.
func (m Move) withGate(t PieceType, onRook bool) Move {
	m |= Move(t) << gateShift
	if onRook {
		m |= gateOnRook
	}
	return m
}

// From returns the origin square (a drop: its target).
func (m Move) From() Square { return Square(m & squareMask) }

// To returns the target square (the rook's square for castling).
func (m Move) To() Square { return Square(m >> 7 & squareMask) }

// Promotion returns the promotion type, NoPieceType if none: a pawn's
// new type or a piece promotion's promoted type.
func (m Move) Promotion() PieceType { return PieceType(m >> promoShift & typeMask) }

func (m Move) kind() int { return int(m >> kindShift & kindMask) }

// IsCastling reports whether m castles.
func (m Move) IsCastling() bool { return m.kind() == kindCastling }

// IsEnPassant reports whether m captures en passant.
func (m Move) IsEnPassant() bool { return m.kind() == kindEnPassant }

// IsPass reports whether m is a pass (janggi): the royal piece stays.
func (m Move) IsPass() bool { return m.kind() == kindPass }

// IsDrop reports whether m puts a piece from the hand on the board.
func (m Move) IsDrop() bool { k := m.kind(); return k == kindDrop || k == kindDropPromoted }

// Dropped returns the type a drop takes from the hand, NoPieceType for
// other moves.
func (m Move) Dropped() PieceType {
	if !m.IsDrop() {
		return NoPieceType
	}
	return PieceType(m >> gateShift & typeMask)
}

// IsPiecePromotion reports whether m promotes a piece other than the
// pawn (shogi's "+"); Promotion is then its new type.
func (m Move) IsPiecePromotion() bool { return m.kind() == kindPiecePromotion }

// IsPieceDemotion reports whether m turns a promoted piece back into its
// unpromoted type (Kyoto shogi's "-").
func (m Move) IsPieceDemotion() bool { return m.kind() == kindPieceDemotion }

// Gate returns the type a gating move puts on the board from the hand
// (Seirawan), NoPieceType if none. Its bits hold a wall's square in the
// variants with walls (which have no hands): Position.gateOf reads it
// for any variant.
func (m Move) Gate() PieceType {
	if m.IsDrop() {
		return NoPieceType
	}
	return PieceType(m >> gateShift & typeMask)
}

// gateSquare returns the square a gating move's piece goes to.
func (m Move) gateSquare() Square {
	if m&gateOnRook != 0 {
		return m.To()
	}
	return m.From()
}
