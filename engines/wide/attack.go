package wide

// nearest returns the square of blockers closest to the origin of a ray
// of kind k.
func nearest(blk Bitboard, up bool) Square {
	if up {
		return blk.lsb()
	}
	return blk.msb()
}

// ride returns the squares a rider of kind k on s reaches on board occ,
// the first piece in its way included.
func (v *Variant) ride(k int, s Square, occ Bitboard) Bitboard {
	rk := &v.kinds[k]
	ray := rk.ray[s]
	blk := ray.and(occ)
	if !blk.any() {
		return ray
	}
	return ray.andNot(v.full[rk.dir][nearest(blk, rk.up)])
}

// hop returns what a hopper of kind k on s does on board occ: the empty
// squares it may move to and the square it may capture on (NoSquare if
// none); with same (the NoSameHurdle type's squares) a hurdle or victim
// of that type stops it.
func (v *Variant) hop(rd ride, s Square, occ, same Bitboard, sameRule bool) (quiet Bitboard, capt Square) {
	rk := &v.kinds[rd.kind]
	ray := rk.ray[s]
	blk := ray.and(occ)
	if !blk.any() {
		return Bitboard{}, NoSquare
	}
	h := nearest(blk, rk.up)
	if sameRule && same.Has(h) {
		return Bitboard{}, NoSquare
	}
	after := ray.and(v.full[rk.dir][h])
	if rd.grass {
		if !after.any() {
			return Bitboard{}, NoSquare
		}
		land := nearest(after, rk.up)
		if occ.Has(land) {
			return Bitboard{}, land
		}
		return squareBB[land], NoSquare
	}
	blk2 := after.and(occ)
	if !blk2.any() {
		return after, NoSquare
	}
	b2 := nearest(blk2, rk.up)
	quiet = after.andNot(v.full[rk.dir][b2]).andNot(squareBB[b2])
	if sameRule && same.Has(b2) {
		return quiet, NoSquare
	}
	return quiet, b2
}

// attacked reports whether a piece of colour c attacks s on the board
// occ, c's pieces being cm (the position's, less a piece just captured)
// and same the squares of the NoSameHurdle type (after the move).
func (p *Position) attacked(s Square, c Color, occ, cm, same Bitboard) bool {
	v := p.v
	for t := PieceType(1); int(t) <= v.ntypes; t++ {
		pcs := p.byType[t].and(cm)
		if !pcs.any() {
			continue
		}
		tt := &v.t[c][t]
		if !tt.pseudo[s].and(pcs).any() {
			continue
		}
		if tt.revCapts[s].and(pcs).any() {
			return true
		}
		for _, lm := range tt.revLame[s] {
			if pcs.Has(lm.sq) && !lm.path.and(occ).any() {
				return true
			}
		}
		for _, rd := range tt.sliders {
			if !rd.capts {
				continue
			}
			rk := &v.kinds[rd.rev]
			blk := rk.ray[s].and(occ)
			if blk.any() && pcs.Has(nearest(blk, rk.up)) {
				return true
			}
		}
		sameRule := t == v.sameHurdle
		for _, rd := range tt.hoppers {
			if !rd.capts {
				continue
			}
			rk := &v.kinds[rd.rev]
			ray := rk.ray[s]
			blk := ray.and(occ)
			if !blk.any() {
				continue
			}
			h := nearest(blk, rk.up)
			if rd.grass && h != nearest(ray, rk.up) {
				continue // a grasshopper lands right behind its hurdle
			}
			blk2 := ray.and(v.full[rk.dir][h]).and(occ)
			if !blk2.any() {
				continue
			}
			b2 := nearest(blk2, rk.up)
			if !pcs.Has(b2) {
				continue
			}
			if sameRule && (same.Has(h) || same.Has(s)) {
				continue
			}
			return true
		}
	}
	return false
}

// Attacked reports whether a piece of colour c attacks sq.
func (p *Position) Attacked(sq Square, c Color) bool {
	if int(sq) >= p.v.nsq {
		return false
	}
	return p.attacked(sq, c, p.Occupied(), p.byColor[c], p.byType[p.v.sameHurdle])
}
