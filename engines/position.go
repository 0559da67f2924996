package engines

import "varena/engines/wide"

// Position is a board position of one variant: a plain value, copied on
// make. It holds what FEN holds; the history needed for repetitions lives
// in Game.
type Position struct {
	// v is the variant; in Chess960 a copy of it holding the castling
	// setup of the game (Variant returns the variant itself).
	v *Variant
	// pieces holds the squares of each orthodox type, and at index 0
	// (NoPieceType) those of the variant's own types, all together (board
	// tells them apart): room for the fairy types' own sets would make
	// Position, copied at every move, 56 bytes longer, which measured 30%
	// slower in orthodox perft.
	pieces [King + 1]Bitboard
	colors [2]Bitboard
	// board is the type on each square (NoPieceType: empty), kept with
	// pieces: the search asks the type of a move's piece and victim for
	// nearly every move it looks at, one load here.
	board  [64]PieceType
	hash   uint64
	side   Color
	castle uint8  // castleWK | castleWQ | castleBK | castleBQ
	ep     Square // en-passant target square, or NoSquare
	// checks holds the checks each side has still to give with
	// Variant.CheckCounting, White's in the low nibble (ChecksLeft); with
	// Variant.Counting, which excludes it, the limit of the count on in
	// plies (CountingLimit). It takes the one byte of padding Position
	// had.
	checks uint8
	// halfmove is the plies since the last capture or pawn move; while a
	// count of Variant.Counting is on, the plies counted (CountingPly),
	// as Fairy-Stockfish's FEN writes it there.
	halfmove uint16
	fullmove uint16
	// w is the position of a variant played by package wide (wide.go),
	// nil for the others; side, hash, halfmove and fullmove mirror it.
	w *wide.Position
}

// Variant returns the variant the position belongs to.
func (p *Position) Variant() *Variant { return p.v.canonical }

// Geometry returns the board of the position's variant.
func (p *Position) Geometry() *Geometry { return p.v.Geometry }

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// Hash returns the Zobrist hash of placement, side to move, castling
// rights and en-passant square: equal hashes mean the same position for
// the repetition rule.
func (p *Position) Hash() uint64 { return p.hash }

// HalfmoveClock returns the plies since the last capture or pawn move;
// while a count of Variant.Counting is on (its variant has no n-move
// rule), the plies counted, which are as many or more, except after a
// count started at the first move from a FEN.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// RepetitionWindow returns how many plies back, of the plies of history
// there are, an earlier occurrence of p may lie: the halfmove clock where
// it marks the last irreversible move, all of them where it does not
// (a position across an irreversible move cannot repeat anyway). With
// Variant.Counting the clock holds the count's plies, which may start
// after that move (a count started by the first move from a FEN). With
// bunkers a pawn's vertical step resets it (a pawn move, for the 50-move
// rule) and the step back undoes the step: c5Vc5 Vc5c5 ... repeats
// positions the clock's window never sees.
func (p *Position) RepetitionWindow(plies int) int {
	if p.v.Counting != NoCounting || p.v.HasBunkers() || p.w != nil {
		return plies
	}
	return min(int(p.halfmove), plies)
}

// FullmoveNumber returns the move number of the FEN.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// EnPassant returns the en-passant target square, or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// Occupied returns the set of occupied squares.
func (p *Position) Occupied() Bitboard { return p.colors[White] | p.colors[Black] }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.colors[c] }

// ByType returns the squares of pieces of type t, both colours, for an
// orthodox type (Pawn..King; AnyType takes the variant's own ones too):
// kept one load, small enough to inline into the evaluation's loops.
func (p *Position) ByType(t PieceType) Bitboard { return p.pieces[t] }

// AnyType returns the squares of pieces of type t, both colours, for any
// type, the variant's own ones found on the board.
func (p *Position) AnyType(t PieceType) Bitboard {
	if t > King {
		return p.fairyOfType(t)
	}
	return p.pieces[t]
}

// Pieces returns the squares of c's pieces of type t, an orthodox type
// as for ByType.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.pieces[t] & p.colors[c] }

// PiecesOf returns the squares of c's pieces of type t, any type (as
// AnyType).
func (p *Position) PiecesOf(c Color, t PieceType) Bitboard { return p.AnyType(t) & p.colors[c] }

// fairyOfType returns the squares of the pieces of a variant's own type t.
func (p *Position) fairyOfType(t PieceType) Bitboard {
	var out Bitboard
	for b := p.pieces[NoPieceType]; b != 0; b &= b - 1 {
		if sq := b.First(); p.board[sq] == t {
			out |= SquareBB(sq)
		}
	}
	return out
}

// slot returns the index of p.pieces that holds type t.
func slot(t PieceType) PieceType {
	if t > King {
		return NoPieceType
	}
	return t
}

// PieceAt returns the piece on sq, or NoPiece.
func (p *Position) PieceAt(sq Square) Piece {
	if p.w != nil {
		return p.widePieceAt(sq)
	}
	b := SquareBB(sq)
	var c Color
	switch {
	case p.colors[White]&b != 0:
		c = White
	case p.colors[Black]&b != 0:
		c = Black
	default:
		return NoPiece
	}
	return MakePiece(c, p.typeAt(sq))
}

// typeAt returns the type of the piece on sq, or NoPieceType.
func (p *Position) typeAt(sq Square) PieceType { return p.board[sq] }

func (p *Position) put(c Color, t PieceType, sq Square) {
	b := SquareBB(sq)
	p.pieces[slot(t)] |= b
	p.colors[c] |= b
	p.board[sq] = t
	p.hash ^= zobristPiece[c][t][sq]
}

func (p *Position) remove(c Color, t PieceType, sq Square) {
	b := SquareBB(sq)
	p.pieces[slot(t)] &^= b
	p.colors[c] &^= b
	p.board[sq] = NoPieceType
	p.hash ^= zobristPiece[c][t][sq]
}

func (p *Position) setCastle(rights uint8) {
	p.hash ^= zobristCastle[p.castle] ^ zobristCastle[rights]
	p.castle = rights
}

func (p *Position) setEP(sq Square) {
	if p.ep != NoSquare {
		p.hash ^= zobristEP[p.ep]
	}
	if sq != NoSquare {
		p.hash ^= zobristEP[sq]
	}
	p.ep = sq
}

// evolved returns what a piece of type t becomes after it moves in
// Evolution Chess.
func evolved(t PieceType) PieceType {
	switch t {
	case Knight:
		return Bishop
	case Bishop:
		return Rook
	case Rook:
		return Queen
	}
	return t
}

// MakeMove writes into child the position after m, which must be legal in
// p. p is not changed; child may not be p.
func (p *Position) MakeMove(m Move, child *Position) {
	if p.w != nil {
		p.makeWide(m, child)
		return
	}
	*child = *p
	c := child
	g := p.v.Geometry
	from, to := m.From(), m.To()
	us, them := p.side, p.side^1
	toBB := SquareBB(to)
	moved := p.typeAt(from)

	c.halfmove++
	if moved == Pawn {
		c.halfmove = 0
	}
	if p.colors[them]&toBB != 0 {
		c.remove(them, p.typeAt(to), to)
		c.halfmove = 0
	}
	if p.ep != NoSquare {
		c.hash ^= zobristEP[p.ep]
		c.ep = NoSquare
	}

	placed := moved
	rookTo := NoSquare // a castling's rook destination
	switch k := m.kind(); {
	case k >= kindPromo:
		placed = m.Promotion()
	case k == kindDouble:
		// The right exists only when an enemy pawn can take (RULES.md),
		// so that repetitions and FENs match cutechess-cli and
		// Fairy-Stockfish. The double step captures nothing, so p's
		// enemy pawns are the child's.
		if sq := g.pawnPush[us][from].First(); p.v.EnPassant && g.pawnAttack[us][sq]&p.pieces[Pawn]&p.colors[them] != 0 && !p.v.noEP.Has(sq) {
			c.ep = sq
			c.hash ^= zobristEP[sq]
		}
	case k == kindEnPassant:
		c.remove(them, Pawn, g.pawnPush[them][to].First())
	case k == kindCastle:
		for i := range p.v.castling.rules {
			if r := &p.v.castling.rules[i]; r.moveTo == to && r.color == us && r.right != 0 {
				to = r.kingTo
				c.remove(us, Rook, r.rookFrom)
				rookTo = r.rookTo
				break
			}
		}
	}
	if p.v.Evolution {
		placed = evolved(placed)
	}
	// Both pieces of a castling leave before either lands: a square one
	// leaves may be one the other takes, and board holds one type.
	c.remove(us, moved, from)
	c.put(us, placed, to)
	if rookTo != NoSquare {
		c.put(us, Rook, rookTo)
	}

	if p.castle != 0 {
		c.setCastle(p.castle & p.v.castling.mask[from] & p.v.castling.mask[m.To()])
	}
	c.side = them
	c.hash ^= zobristSide
	if us == Black {
		c.fullmove++
	}
	if c.ep != NoSquare && p.v.Check && !c.epLegal() {
		c.setEP(NoSquare)
	}
	if r := p.v.moveRules; r != 0 {
		if r == ruleCounting {
			c.advanceCount(p)
		} else {
			c.keepRules(p, r)
		}
	}
}

// epCapturers returns the pawns of the side to move that attack the
// en-passant square sq.
func (p *Position) epCapturers(sq Square) Bitboard {
	return p.v.Geometry.pawnAttack[p.side^1][sq] & p.pieces[Pawn] & p.colors[p.side]
}

// epLegal reports whether one of the en-passant captures on p.ep leaves
// its king safe. Only variants with check can forbid one; none of the
// three has both check and pawns, but a variant described with both
// (orthodox chess) gets FIDE's rule, not a pseudo-legal approximation.
func (p *Position) epLegal() bool {
	us, them := p.side, p.side^1
	var child Position
	for b := p.epCapturers(p.ep); b != 0; {
		p.MakeMove(newMove(b.Pop(), p.ep, kindEnPassant), &child)
		if p.v.fairyRules {
			// The side to move may have no king (horde), or more to keep
			// safe than its king.
			if child.leftSafe(us) {
				return true
			}
			continue
		}
		if child.attackersTo(child.Pieces(us, King).First(), them, child.Occupied()) == 0 {
			return true
		}
	}
	return false
}

// Play returns the position after the legal move m.
func (p *Position) Play(m Move) Position {
	var c Position
	p.MakeMove(m, &c)
	return c
}

// computeHash returns the hash of the position from scratch; the
// incremental hash must always equal it.
func (p *Position) computeHash() uint64 {
	var h uint64
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= MaxPieceType; t++ {
			for b := p.AnyType(t) & p.colors[c]; b != 0; {
				h ^= zobristPiece[c][t][b.Pop()]
			}
		}
	}
	if p.side == Black {
		h ^= zobristSide
	}
	h ^= zobristCastle[p.castle]
	if p.ep != NoSquare {
		h ^= zobristEP[p.ep]
	}
	if p.v.CheckCounting {
		h ^= zobristChecks[White][p.ChecksLeft(White)] ^ zobristChecks[Black][p.ChecksLeft(Black)]
	}
	return h
}

// MakeNullMove writes into child the position with the other side to move
// and nothing moved (for null-move pruning; never in a game).
func (p *Position) MakeNullMove(child *Position) {
	*child = *p
	child.setEP(NoSquare)
	child.side ^= 1
	child.hash ^= zobristSide
	child.halfmove++
}

// IsCapture reports whether the legal move m takes a piece.
func (p *Position) IsCapture(m Move) bool {
	if p.w != nil {
		return p.wideCapture(m)
	}
	return p.colors[p.side^1].Has(m.To()) || m.IsEnPassant()
}

// MovedType returns the type of the piece the move m moves.
func (p *Position) MovedType(m Move) PieceType {
	if p.w != nil {
		return PieceType(p.w.MovedType(wide.Move(m))) // a drop's type too
	}
	return p.typeAt(m.From())
}

// CapturedType returns the type of the piece m takes, or NoPieceType.
func (p *Position) CapturedType(m Move) PieceType {
	if p.w != nil {
		if !p.wideCapture(m) {
			return NoPieceType
		}
		return p.widePieceAt(Square(wide.Move(m).To())).Type()
	}
	switch {
	case m.IsEnPassant():
		return Pawn
	case p.colors[p.side^1].Has(m.To()):
		return p.typeAt(m.To())
	}
	return NoPieceType
}
