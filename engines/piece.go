package engines

// Color is the side of a piece or of the player to move.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece, colourless. Knight..King are ordered so
// that the evolution chain of Evolution Chess (N, B, R, Q) is ascending.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// FirstFairy is the first of a variant's own piece types (Variant.Fairy[i]
// is type FirstFairy+i).
const FirstFairy PieceType = King + 1

// MaxPieceType is the last type a variant may define: a promotion's kind
// in Move (4 + t - Knight) must fit its 4 bits.
const MaxPieceType PieceType = FirstFairy + 6

// NumPieceTypes sizes per-type arrays (index 0, NoPieceType, unused).
const NumPieceTypes = int(MaxPieceType) + 1

// pieceLetters holds the upper-case letter of each PieceType at its index.
const pieceLetters = " PNBRQK"

// Letter returns the upper-case letter of the type (P, N, B, R, Q, K), or
// '?' for a variant's own type, whose letter only the variant knows
// (Variant.Letter).
func (t PieceType) Letter() byte {
	if t > King {
		return '?'
	}
	return pieceLetters[t]
}

// pieceTypeOf returns the PieceType for an upper- or lower-case letter.
func pieceTypeOf(c byte) (PieceType, bool) {
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if pieceLetters[t] == c {
			return t, true
		}
	}
	return NoPieceType, false
}

// Piece is a coloured piece: colour in bit 5, type in bits 0-4 (up to
// MaxPieceType here, up to wide.MaxPieceTypes in a wide variant). The
// zero value is NoPiece.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<5 | Piece(t) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p >> 5) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 31) }

// Letter returns the FEN letter: upper case for White, lower for Black
// ('?' for a variant's own type: Variant.PieceLetter knows it).
func (p Piece) Letter() byte {
	l := p.Type().Letter()
	if p.Color() == Black && l != '?' {
		l += 'a' - 'A'
	}
	return l
}
