package wide

// onCapture restricts the moves of a piece that may promote or demote
// under PiecePromotionOnCapture: the plain moves b1, the promotions b2
// and the demotions b3 to targets. Promotions and demotions only
// capture; with MandatoryPiecePromotion the plain moves are the quiet
// ones, wherever they go, as Fairy-Stockfish 11.1 generates them.
func (p *Position) onCapture(targets, b1, b2, b3 Bitboard) (Bitboard, Bitboard, Bitboard) {
	occ := p.Occupied()
	if p.v.r.MandatoryPiecePromotion {
		b1 = b1.or(targets.andNot(occ))
	}
	return b1, b2.and(occ), b3.and(occ)
}
