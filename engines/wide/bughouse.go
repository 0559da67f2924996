package wide

// mustDrop applies MustDrop to the legal moves buf[start:]: while a drop
// is legal no other move is. With MustDropType the rule holds only while
// the side has that type in hand, and then a drop of any type is one, as
// Fairy-Stockfish 11.1 has it (koedem: a king in hand obliges to drop,
// the king or another piece).
func (p *Position) mustDrop(buf []Move, start int) []Move {
	if t := p.v.mustDropType; t != NoPieceType && p.InHand(p.side, t) == 0 {
		return buf
	}
	drops := false
	for _, m := range buf[start:] {
		drops = drops || m.IsDrop()
	}
	if !drops {
		return buf
	}
	out := buf[:start]
	for _, m := range buf[start:] {
		if m.IsDrop() {
			out = append(out, m)
		}
	}
	return out
}

// castlingKingSquare returns the square of the piece of colour c that
// castles as the king, for the FEN's rights: the royal piece, or with
// Rules.CastlingKing the one that castlingKingOn finds on the castling
// rank (NoSquare when there is none).
func (p *Position) castlingKingSquare(c Color, rank int) Square {
	if p.v.castleKing == NoPieceType {
		return p.king[c]
	}
	return p.castlingKingOn(c, rank)
}
