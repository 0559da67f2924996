package engines

import (
	"errors"
	"fmt"
)

// Variant describes the rules of one chess variant. The move generator,
// make-move, game-state detection and notation read it; a variant is this
// description, not code of its own. Build one with NewVariant.
type Variant struct {
	Name     string    // UCI_Variant name, e.g. "extinction"
	Geometry *Geometry // the board
	StartFEN string    // the initial position

	Pieces     []PieceType // the piece types that exist in the variant
	Promotions []PieceType // what a pawn may promote to, in generation order
	// Species lists the piece types whose extinction loses the game (no
	// check in that case); empty when the variant has no extinction rule.
	Species []PieceType
	// Check makes the king royal: no move may leave it attacked, a side
	// without moves is checkmated when in check, stalemated otherwise.
	Check bool
	// Evolution: a piece other than the king that moves becomes the next
	// type of Knight, Bishop, Rook, Queen at its destination.
	Evolution bool
	// BareKingsDraw: a position with only the two kings is drawn.
	BareKingsDraw bool
	Castling      bool // orthodox castling on an 8-file board, king on the e-file
	DoubleStep    bool // pawns on their second rank may advance two squares
	EnPassant     bool // a double step may be captured en passant

	// Derived by NewVariant.
	pieceSet   [King + 1]bool
	castles    [4]castleRule
	castleMask [64]uint8 // rights kept when a move starts or ends on a square
	start      Position  // StartFEN, parsed
	startFEN   string    // start.FEN(): StartFEN as FEN prints it
}

// Castling rights, as bits of Position.castle.
const (
	castleWK uint8 = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

// castleRule is one of the four castlings: the squares involved and the
// squares that must be empty.
type castleRule struct {
	right            uint8
	color            Color
	kingFrom, kingTo Square
	rookFrom, rookTo Square
	empty            Bitboard
}

// NewVariant validates a description and derives its tables.
func NewVariant(v Variant) (*Variant, error) {
	if v.Name == "" {
		return nil, errors.New("variant: no name")
	}
	g := v.Geometry
	if g == nil {
		return nil, fmt.Errorf("variant %s: no geometry", v.Name)
	}
	for _, t := range v.Pieces {
		if t < Pawn || t > King {
			return nil, fmt.Errorf("variant %s: bad piece type %d", v.Name, t)
		}
		v.pieceSet[t] = true
	}
	if !v.pieceSet[King] {
		return nil, fmt.Errorf("variant %s: no king", v.Name)
	}
	for _, t := range v.Promotions {
		if t == Pawn || !v.pieceSet[t] {
			return nil, fmt.Errorf("variant %s: promotion to %c, not a piece of the variant", v.Name, t.Letter())
		}
	}
	if v.pieceSet[Pawn] && len(v.Promotions) == 0 {
		return nil, fmt.Errorf("variant %s: pawns but no promotion", v.Name)
	}
	for _, t := range v.Species {
		if !v.pieceSet[t] {
			return nil, fmt.Errorf("variant %s: species %c is not a piece of the variant", v.Name, t.Letter())
		}
	}
	if v.Check && v.Castling {
		return nil, fmt.Errorf("variant %s: castling with check is not supported", v.Name)
	}
	if v.Check && len(v.Species) > 0 {
		return nil, fmt.Errorf("variant %s: check and extinction together are not supported", v.Name)
	}
	if v.EnPassant && !v.DoubleStep {
		return nil, fmt.Errorf("variant %s: en passant without double step", v.Name)
	}
	for i := range v.castleMask {
		v.castleMask[i] = 0xF
	}
	if v.Castling {
		if g.Files() != 8 || g.Bunkers() != 0 {
			return nil, fmt.Errorf("variant %s: castling needs a plain 8-file board", v.Name)
		}
		last := g.Ranks() - 1
		type spec struct {
			right         uint8
			color         Color
			rank          int
			kt, rf, rt    int
			emptyFrom, to int
		}
		specs := []spec{
			{castleWK, White, 0, 6, 7, 5, 5, 6},
			{castleWQ, White, 0, 2, 0, 3, 1, 3},
			{castleBK, Black, last, 6, 7, 5, 5, 6},
			{castleBQ, Black, last, 2, 0, 3, 1, 3},
		}
		for i, s := range specs {
			r := castleRule{right: s.right, color: s.color,
				kingFrom: g.squareAt(4, s.rank), kingTo: g.squareAt(s.kt, s.rank),
				rookFrom: g.squareAt(s.rf, s.rank), rookTo: g.squareAt(s.rt, s.rank)}
			for f := s.emptyFrom; f <= s.to; f++ {
				r.empty |= SquareBB(g.squareAt(f, s.rank))
			}
			v.castles[i] = r
			v.castleMask[r.kingFrom] &^= r.right
			v.castleMask[r.rookFrom] &^= r.right
		}
	}
	nv := &Variant{}
	*nv = v
	start, err := ParseFEN(nv, v.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("variant %s: start position: %w", v.Name, err)
	}
	nv.start, nv.startFEN = start, start.FEN()
	return nv, nil
}

// StartPosition returns the variant's initial position.
func (v *Variant) StartPosition() Position { return v.start }

// IsStart reports whether p is the variant's initial position, move
// counters included (what UCI's "position startpos" means).
func (v *Variant) IsStart(p *Position) bool { return p.FEN() == v.startFEN }

// HasPiece reports whether pieces of type t exist in the variant.
func (v *Variant) HasPiece(t PieceType) bool { return t <= King && v.pieceSet[t] }

// HasBunkers reports whether the board has bunker squares.
func (v *Variant) HasBunkers() bool { return v.Geometry.Bunkers() != 0 }

// String returns the variant's name.
func (v *Variant) String() string { return v.Name }
