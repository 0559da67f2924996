package wide

// GenerateLegal appends the legal moves to buf and returns it. It does
// not allocate when buf has room (MaxMoves is always enough). A position
// the rules have ended by themselves (extinction, a flag reached, bikjang
// or passing twice in a row) has no moves, as in Fairy-Stockfish.
func (p *Position) GenerateLegal(buf []Move) []Move {
	if _, over := p.immediateEnd(); over {
		return buf
	}
	start := len(buf)
	buf = p.genPseudo(buf)
	v := p.v
	us := p.side
	if !v.r.Checking || p.king[us] == NoSquare {
		return buf
	}
	// Out of check, a move that neither leaves the lines a rider or
	// hopper could attack the king along nor the legs of a lame leaper,
	// nor steps onto such a line when hoppers are about, is legal without
	// a test.
	full := p.flags&(flagInCheck|flagBikjang) != 0
	ksq := p.king[us]
	dangerFrom := v.dangerLines[ksq].or(v.legs[us^1][ksq])
	dangerTo := v.dangerLines[ksq]
	out := buf[:start]
	for _, m := range buf[start:] {
		from := m.From()
		if !full && m.kind() == kindNormal && from != ksq && !dangerFrom.Has(from) && !dangerTo.Has(m.To()) {
			out = append(out, m)
			continue
		}
		if p.legalAfter(m) {
			out = append(out, m)
		}
	}
	return out
}

// CountLegal returns the number of legal moves.
func (p *Position) CountLegal() int {
	var buf [MaxMoves]Move
	return len(p.GenerateLegal(buf[:0]))
}

// legalAfter tests a pseudo-legal move by the board after it: the royal
// piece not attacked, not facing the other under the flying general (or
// bikjang, which it must break), castling tested at generation.
func (p *Position) legalAfter(m Move) bool {
	v := p.v
	us, them := p.side, p.side^1
	switch m.kind() {
	case kindCastling:
		return true
	case kindPass:
		return p.flags&flagBikjang != 0 || p.flags&flagInCheck == 0
	}
	from, to := m.From(), m.To()
	capsq := to
	if m.kind() == kindEnPassant {
		capsq = p.epVictim()
	}
	occ := p.Occupied().andNot(squareBB[from]).andNot(squareBB[capsq]).or(squareBB[to])
	cm := p.byColor[them].andNot(squareBB[capsq])
	ksq := p.king[us]
	if from == ksq {
		ksq = to
	}
	if (v.r.FlyingGeneral || p.flags&flagBikjang != 0) && p.king[them] != NoSquare && p.kingsSee(ksq, p.king[them], occ) {
		return false
	}
	same := p.byType[v.sameHurdle]
	if v.sameHurdle != NoPieceType {
		same = same.andNot(squareBB[capsq])
		if p.board[from].Type() == v.sameHurdle {
			same = same.andNot(squareBB[from]).or(squareBB[to])
		}
	}
	return !p.attacked(ksq, them, occ, cm, same)
}

// epVictim returns the square of the pawn an en-passant capture takes.
func (p *Position) epVictim() Square {
	v := p.v
	if p.side == White {
		return p.ep - Square(v.files)
	}
	return p.ep + Square(v.files)
}

// genPseudo appends the pseudo-legal moves.
func (p *Position) genPseudo(list []Move) []Move {
	v := p.v
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	occ := own.or(enemy)
	same := p.byType[v.sameHurdle]
	for t := PieceType(1); int(t) <= v.ntypes; t++ {
		pcs := p.byType[t].and(own)
		if !pcs.any() {
			continue
		}
		tt := &v.t[us][t]
		sameRule := t == v.sameHurdle
		for pcs.any() {
			from := pcs.pop()
			targets := tt.quiet[from].andNot(occ).or(tt.capts[from].and(enemy))
			for _, lm := range tt.lame[from] {
				if lm.path.and(occ).any() {
					continue
				}
				if occ.Has(lm.sq) {
					if lm.capts && enemy.Has(lm.sq) {
						targets = targets.With(lm.sq)
					}
				} else if lm.quiet {
					targets = targets.With(lm.sq)
				}
			}
			var rt Bitboard
			for _, rd := range tt.sliders {
				att := v.ride(rd.kind, from, occ)
				switch {
				case rd.quiet && rd.capts:
					rt = rt.or(att.andNot(own))
				case rd.quiet:
					rt = rt.or(att.andNot(occ))
				default:
					rt = rt.or(att.and(enemy))
				}
			}
			for _, rd := range tt.hoppers {
				q, c := v.hop(rd, from, occ, same, sameRule)
				if rd.quiet {
					rt = rt.or(q)
				}
				if rd.capts && c != NoSquare && enemy.Has(c) {
					rt = rt.With(c)
				}
			}
			targets = targets.or(rt.and(tt.region))
			if t == v.pawn {
				list = p.pawnMoves(list, from, targets)
				continue
			}
			if tt.anyImmobile && v.r.ImmobilityIllegal {
				for b := targets; b.any(); {
					if to := b.pop(); tt.immobile[to] {
						targets = targets.andNot(squareBB[to])
					}
				}
			}
			for targets.any() {
				list = append(list, makeMove(from, targets.pop(), NoPieceType, kindNormal))
			}
		}
	}
	if v.pawn != NoPieceType {
		list = p.pawnExtras(list, occ)
	}
	if p.castle != 0 && p.flags&flagInCheck == 0 {
		list = p.castlingMoves(list, occ)
	}
	if v.r.KingPass && p.king[us] != NoSquare {
		k := p.king[us]
		list = append(list, makeMove(k, k, NoPieceType, kindPass))
	}
	return list
}

// pawnMoves appends a pawn's moves to targets, with promotions.
func (p *Position) pawnMoves(list []Move, from Square, targets Bitboard) []Move {
	v := p.v
	us := p.side
	tt := &v.t[us][v.pawn]
	for targets.any() {
		to := targets.pop()
		if v.r.PromotionRegion[us].Has(to) {
			list = p.promotions(list, from, to, kindNormal)
			if v.r.MandatoryPromotion {
				continue
			}
		}
		if v.r.ImmobilityIllegal && tt.immobile[to] {
			continue
		}
		list = append(list, makeMove(from, to, NoPieceType, kindNormal))
	}
	return list
}

func (p *Position) promotions(list []Move, from, to Square, kind int) []Move {
	v := p.v
	us := p.side
	for _, t := range v.promo[us] {
		if n := v.limit[t]; n > 0 && p.Pieces(us, t).Count() >= n {
			continue
		}
		list = append(list, makeMove(from, to, t, kind))
	}
	return list
}

// pawnExtras appends double steps and en-passant captures.
func (p *Position) pawnExtras(list []Move, occ Bitboard) []Move {
	v := p.v
	us := p.side
	step := v.files
	if us == Black {
		step = -step
	}
	for b := p.Pieces(us, v.pawn).and(v.r.DoubleStepRegion[us]); b.any(); {
		from := b.pop()
		mid, to := int(from)+step, int(from)+2*step
		if to < 0 || to >= v.nsq || occ.Has(Square(mid)) || occ.Has(Square(to)) {
			continue
		}
		if v.r.PromotionRegion[us].Has(Square(to)) {
			list = p.promotions(list, from, Square(to), kindNormal)
			if v.r.MandatoryPromotion {
				continue
			}
		}
		list = append(list, makeMove(from, Square(to), NoPieceType, kindNormal))
	}
	if p.ep != NoSquare {
		for b := v.t[us^1][v.pawn].capts[p.ep].and(p.Pieces(us, v.pawn)); b.any(); {
			from := b.pop()
			if v.r.PromotionRegion[us].Has(p.ep) {
				list = p.promotions(list, from, p.ep, kindEnPassant)
				if v.r.MandatoryPromotion {
					continue
				}
			}
			list = append(list, makeMove(from, p.ep, NoPieceType, kindEnPassant))
		}
	}
	return list
}

// castleSquares returns the king's and rook's targets of a right.
func (p *Position) castleSquares(right int) (kto, rto Square) {
	v := p.v
	c := Color(right / 2)
	rank := v.r.CastlingRank - 1
	if c == Black {
		rank = v.ranks - v.r.CastlingRank
	}
	if right%2 == 0 {
		kto = v.SquareOf(v.r.CastlingKingsideFile, rank)
		return kto, kto - 1
	}
	kto = v.SquareOf(v.r.CastlingQueensideFile, rank)
	return kto, kto + 1
}

// castlingMoves appends the legal castlings (tested here: the king's
// path not attacked and clear of the flying general's line).
func (p *Position) castlingMoves(list []Move, occ Bitboard) []Move {
	v := p.v
	us, them := p.side, p.side^1
	kfrom := p.king[us]
	if kfrom == NoSquare {
		return list
	}
	for side := 0; side < 2; side++ {
		right := 2*int(us) + side
		if p.castle&(1<<right) == 0 {
			continue
		}
		rfrom := p.castleRook[right]
		kto, rto := p.castleSquares(right)
		path := between(v, rfrom, rto).or(between(v, kfrom, kto)).With(rto).With(kto).
			andNot(squareBB[kfrom]).andNot(squareBB[rfrom])
		if path.and(occ).any() {
			continue
		}
		ok := true
		if v.r.Checking {
			cm, same := p.byColor[them], p.byType[v.sameHurdle]
			step := Square(1)
			if kto > kfrom {
				step = ^Square(0) // -1
			}
			for s := kto; s != kfrom; s += step {
				if p.attacked(s, them, occ, cm, same) ||
					v.r.FlyingGeneral && p.king[them] != NoSquare && p.kingsSee(s, p.king[them], occ.andNot(squareBB[kfrom])) {
					ok = false
					break
				}
			}
			// As Fairy-Stockfish 11.1 (and Stockfish), only Chess960 asks
			// whether the rook's leaving its square uncovers the king's
			// target (elsewhere the king may castle into such a check).
			if ok && v.r.Chess960 && p.attacked(kto, them, occ.andNot(squareBB[rfrom]), cm, same) {
				ok = false
			}
		}
		if ok {
			list = append(list, makeMove(kfrom, rfrom, NoPieceType, kindCastling))
		}
	}
	return list
}

// between returns the squares strictly between a and b on one rank.
func between(v *Variant, a, b Square) Bitboard {
	var out Bitboard
	lo, hi := min(a, b), max(a, b)
	for s := lo + 1; s < hi; s++ {
		out = out.With(s)
	}
	return out
}

// IsLegal reports whether m is a legal move.
func (p *Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	for _, l := range p.GenerateLegal(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}

// MakeMove writes into child the position after the legal move m. It
// does not allocate; child may be p.
func (p *Position) MakeMove(m Move, child *Position) {
	v := p.v
	if child != p {
		*child = *p
	}
	c := child
	us, them := p.side, p.side^1
	from, to := m.From(), m.To()
	capsq := to
	if m.kind() == kindEnPassant {
		capsq = p.epVictim()
	}
	if c.ep != NoSquare {
		c.hash ^= zobristEP[v.FileOf(c.ep)]
		c.ep = NoSquare
	}
	c.halfmove++
	prevBikjang := p.flags&flagBikjang != 0
	switch m.kind() {
	case kindPass:
	case kindCastling:
		right := 2 * int(us)
		if to < from {
			right++
		}
		kto, rto := p.castleSquares(right)
		king, rook := p.board[from], p.board[to]
		c.remove(from)
		c.remove(to)
		c.put(king, kto)
		c.put(rook, rto)
	default:
		pc := p.board[from]
		moved := pc.Type()
		if p.board[capsq] != NoPiece {
			c.remove(capsq)
			c.halfmove = 0
		}
		c.remove(from)
		if pr := m.Promotion(); pr != NoPieceType {
			pc = MakePiece(us, pr)
		}
		c.put(pc, to)
		if moved == v.pawn && v.pawn != NoPieceType {
			c.halfmove = 0
			if d := int(to) - int(from); d == 2*v.files || d == -2*v.files {
				mid := Square((int(to) + int(from)) / 2)
				if v.t[us][v.pawn].capts[mid].and(c.Pieces(them, v.pawn)).any() {
					c.ep = mid
					c.hash ^= zobristEP[v.FileOf(mid)]
				}
			}
		}
	}
	if c.castle != 0 && m.kind() != kindPass {
		old := c.castle
		for right := 0; right < 4; right++ {
			if c.castle&(1<<right) == 0 {
				continue
			}
			r, k := p.castleRook[right], p.castleKing[right/2]
			if from == r || to == r || from == k || to == k {
				c.castle &^= 1 << right
			}
		}
		c.hash ^= zobristCastle[old] ^ zobristCastle[c.castle]
	}
	if us == Black {
		c.fullmove++
	}
	c.side = them
	c.hash ^= zobristSide
	c.setState(prevBikjang, m.kind() == kindPass)
}
