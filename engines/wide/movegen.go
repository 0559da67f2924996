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
	buf = p.keepLegal(buf, start)
	if len(buf) == start && p.v.r.PassOnStalemate {
		buf = p.stalematePass(buf)
	}
	return buf
}

// stalematePass appends the pass of a side without a legal move
// (Rules.PassOnStalemate): none in check nor without pieces.
func (p *Position) stalematePass(buf []Move) []Move {
	us := p.side
	s := p.king[us]
	if s == NoSquare {
		own := p.byColor[us]
		if !own.any() {
			return buf
		}
		s = own.pop()
	}
	if p.flags&flagInCheck != 0 {
		return buf
	}
	return append(buf, makeMove(s, s, NoPieceType, kindPass))
}

// keepLegal keeps, in place, the legal moves of the pseudo-legal
// buf[start:]. Out of check, a move that neither leaves the lines a
// rider or hopper could attack the king along nor the legs of a lame
// leaper, nor steps onto such a line when hoppers are about, is legal
// without a test; so is a drop where no hopper could use it as a screen.
func (p *Position) keepLegal(buf []Move, start int) []Move {
	v := p.v
	us := p.side
	out := buf
	if v.r.Checking && p.king[us] != NoSquare {
		full := p.flags&(flagInCheck|flagBikjang) != 0
		ksq := p.king[us]
		dangerFrom := v.dangerLines[ksq].or(v.legs[us^1][ksq])
		dangerTo := v.dangerLines[ksq]
		out = buf[:start]
		for _, m := range buf[start:] {
			from := m.From()
			switch k := m.kind(); {
			case k == kindNormal && m < 1<<gateShift:
				if !full && from != ksq && !dangerFrom.Has(from) && !dangerTo.Has(m.To()) {
					out = append(out, m)
					continue
				}
			case k == kindDrop || k == kindDropPromoted:
				if !full && (!v.hoppers || !dangerTo.Has(m.To())) {
					out = append(out, m)
					continue
				}
			}
			if p.legalAfter(m) {
				out = append(out, m)
			}
		}
	}
	if v.r.Checking && p.king[us] == NoSquare && v.hands && v.royal != NoPieceType {
		// The royal piece is in hand (placement): it may not be dropped
		// where it would stand attacked.
		out = buf[:start]
		for _, m := range buf[start:] {
			if !m.IsDrop() || m.Dropped() != v.royal || p.legalAfter(m) {
				out = append(out, m)
			}
		}
	}
	if v.hands {
		out = p.dropRules(out, start)
	}
	switch {
	case v.r.ExtinctionPseudoRoyal && v.blastZone != nil:
		out = p.atomicSafe(out, start)
	case v.r.ExtinctionPseudoRoyal:
		out = p.pseudoRoyalSafe(out, start)
	}
	if v.r.MustCapture {
		out = p.capturesOnly(out, start)
	}
	return out
}

// royalsAfter returns the squares of the side to move's pseudo-royal
// pieces ours once m is made: a moved one on its target (a castling
// king's after castling, not the rook's), and a pawn that promotes to
// an extinction type as a new one.
func (p *Position) royalsAfter(m Move, ours Bitboard) Bitboard {
	v := p.v
	set := ours
	if !m.IsDrop() && m.kind() != kindPass && set.Has(m.From()) {
		to := m.To()
		if m.kind() == kindCastling {
			right := 2 * int(p.side)
			if m.To() < m.From() {
				right++
			}
			to, _ = p.castleSquares(right)
		}
		set = set.andNot(squareBB[m.From()]).or(squareBB[to])
	}
	if pr := m.Promotion(); pr != NoPieceType && !m.IsDrop() && m.kind() != kindPiecePromotion && v.extinct[pr] {
		set = set.or(squareBB[m.To()])
	}
	return set
}

// pseudoRoyals returns c's pieces that Rules.ExtinctionPseudoRoyal makes
// royal: those of an extinction type (of all types, counted together,
// with ExtinctionAll) of which c has ExtinctionPieceCount+1 or fewer on
// the board.
func (p *Position) pseudoRoyals(c Color) Bitboard {
	v := p.v
	n := v.r.ExtinctionPieceCount + 1
	var b Bitboard
	if v.r.ExtinctionAll && p.byColor[c].Count() <= n {
		b = p.byColor[c]
	}
	for t := PieceType(1); int(t) <= v.ntypes; t++ {
		if s := p.Pieces(c, t); v.extinct[t] && s.Count() <= n {
			b = b.or(s)
		}
	}
	return b
}

// pseudoRoyalSafe keeps, in place, the moves of buf[start:] after which
// no pseudo-royal piece of the side to move stands attacked, as
// Fairy-Stockfish tests them: the set is the one before the move, the
// moved piece followed to its square (a pawn promoting to an extinction
// type joins it, a dropped piece does not), and a move that takes a
// pseudo-royal piece of the opponent's is legal.
func (p *Position) pseudoRoyalSafe(buf []Move, start int) []Move {
	v := p.v
	us, them := p.side, p.side^1
	ours, theirs := p.pseudoRoyals(us), p.pseudoRoyals(them)
	if !ours.any() {
		return buf
	}
	out := buf[:start]
	var child Position
	for _, m := range buf[start:] {
		if m.kind() != kindPass && !m.IsDrop() && m.kind() != kindCastling {
			capsq := m.To()
			if m.kind() == kindEnPassant {
				capsq = p.epVictim()
			}
			if m.From() != m.To() && theirs.Has(capsq) {
				out = append(out, m)
				continue
			}
		}
		set := p.royalsAfter(m, ours)
		p.MakeMove(m, &child)
		safe := true
		for b := set.and(child.byColor[us]); b.any() && safe; {
			s := b.pop()
			safe = !child.attacked(s, them, child.Occupied(), child.byColor[them], child.byType[v.sameHurdle])
		}
		if safe {
			out = append(out, m)
		}
	}
	return out
}

// capturesOnly keeps, in place, only the captures of the legal
// buf[start:] when there is one (Rules.MustCapture).
func (p *Position) capturesOnly(buf []Move, start int) []Move {
	any := false
	for _, m := range buf[start:] {
		if p.Captured(m) != NoPieceType {
			any = true
			break
		}
	}
	if !any {
		return buf
	}
	out := buf[:start]
	for _, m := range buf[start:] {
		if p.Captured(m) != NoPieceType {
			out = append(out, m)
		}
	}
	return out
}

// dropRules applies the rules about drops that look past the board
// after the move: no drop gives check (NoDropChecks), and while a drop is
// legal no other move is (MustDrop).
func (p *Position) dropRules(buf []Move, start int) []Move {
	v := p.v
	if v.r.NoDropChecks && p.v.royal != NoPieceType {
		out := buf[:start]
		var child Position
		for _, m := range buf[start:] {
			if m.IsDrop() {
				p.MakeMove(m, &child)
				if child.InCheck() {
					continue
				}
			}
			out = append(out, m)
		}
		buf = out
	}
	if v.r.MustDrop {
		buf = p.mustDrop(buf, start)
	}
	return buf
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
	// A gated piece is left out, as Fairy-Stockfish 11.1 tests a gating
	// move: it cannot shield the king from the check its move uncovers.
	occ := p.Occupied().andNot(squareBB[from]).andNot(squareBB[capsq]).or(squareBB[to])
	cm := p.byColor[them].andNot(squareBB[capsq])
	if from == to && !m.IsDrop() {
		// A sittuyin promotion in place: nothing leaves or is taken.
		occ, cm = p.Occupied(), p.byColor[them]
	}
	ksq := p.king[us]
	if from == ksq && !m.IsDrop() || m.IsDrop() && m.Dropped() == v.royal {
		ksq = to
	}
	if (v.r.FlyingGeneral || p.flags&flagBikjang != 0) && p.king[them] != NoSquare && p.kingsSee(ksq, p.king[them], occ) {
		return false
	}
	same := p.byType[v.sameHurdle]
	if v.sameHurdle != NoPieceType {
		same = same.andNot(squareBB[capsq])
		if p.MovedType(m) == v.sameHurdle {
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
	start := len(list)
	v := p.v
	us, them := p.side, p.side^1
	own, enemy := p.byColor[us], p.byColor[them]
	blocked := own.or(p.walls) // squares a rider stops before
	occ := blocked.or(enemy)
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
					rt = rt.or(att.andNot(blocked))
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
			// A pawn without promotion types but with a promoted type
			// (shinobi's p:c) promotes as a piece does, as in
			// Fairy-Stockfish.
			if t == v.pawnOf[us] && (len(v.promo[us]) > 0 || v.promoted[t] == NoPieceType) {
				list = p.pawnMoves(list, from, targets)
				continue
			}
			if v.promoted[t] != NoPieceType || v.r.PieceDemotion && p.promoted.Has(from) {
				list = p.pieceMoves(list, from, t, targets)
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
	if v.pawnOf[us] != NoPieceType {
		list = p.pawnExtras(list, occ)
	}
	if p.castle != 0 && p.flags&flagInCheck == 0 {
		list = p.castlingMoves(list, occ)
	}
	if v.r.KingPass && p.king[us] != NoSquare {
		k := p.king[us]
		list = append(list, makeMove(k, k, NoPieceType, kindPass))
	}
	if v.hands {
		list = p.handMoves(list, start, occ)
	}
	if v.r.ArrowWalls {
		list = p.arrowWalls(list, start)
	}
	if v.r.EdgeWalls {
		list = p.edgeWalls(list)
	}
	if v.ax != nil && v.r.Ataxx.PastWalls {
		for i := start; i < len(list); i++ {
			list[i] = list[i].withWall(list[i].From())
		}
	}
	return list
}

// pieceMoves appends the moves of a piece that may promote (its type has
// a promoted type) or demote (PieceDemotion, a promoted piece), as
// Fairy-Stockfish 11.1 generates them: a move starting in the promotion
// region, or ending there, may promote; with MandatoryPiecePromotion such
// a move must; a plain move may not leave the piece where it could never
// move again (ImmobilityIllegal). A promotion is left out where the
// promoted type has reached its PromotionLimit.
func (p *Position) pieceMoves(list []Move, from Square, t PieceType, targets Bitboard) []Move {
	v := p.v
	us := p.side
	zone := v.r.PromotionRegion[us]
	var b2, b3 Bitboard
	if pt := v.promoted[t]; pt != NoPieceType {
		if n := v.limit[pt]; n == 0 || p.Pieces(us, pt).Count() < n {
			b2 = targets
		}
	}
	if v.r.PieceDemotion && p.promoted.Has(from) && p.unpromo[from] != NoPieceType {
		b3 = targets
	}
	b1 := targets
	if b2.or(b3).any() {
		if v.r.MandatoryPiecePromotion {
			if zone.Has(from) {
				b1 = Bitboard{}
			} else {
				b1 = b1.andNot(zone)
			}
		}
		if !zone.Has(from) {
			b2, b3 = b2.and(zone), b3.and(zone)
		}
		if v.r.PiecePromotionOnCapture {
			b1, b2, b3 = p.onCapture(targets, b1, b2, b3)
		}
	}
	if v.r.ImmobilityIllegal {
		b1 = b1.andNot(v.immobile[us][t])
	}
	for b1.any() {
		list = append(list, makeMove(from, b1.pop(), NoPieceType, kindNormal))
	}
	for b2.any() {
		list = append(list, makeMove(from, b2.pop(), v.promoted[t], kindPiecePromotion))
	}
	for b3.any() {
		list = append(list, makeMove(from, b3.pop(), NoPieceType, kindPieceDemotion))
	}
	return list
}

// handMoves appends what pieces in hand add to the pseudo-legal moves
// list[start:]: the gated versions of the moves leaving a gate, and the
// drops.
func (p *Position) handMoves(list []Move, start int, occ Bitboard) []Move {
	v := p.v
	us := p.side
	hand := &p.hand[us]
	if *hand == ([maxTypes]uint8{}) {
		return list
	}
	if gates := p.gates[us]; gates.any() {
		end := len(list)
		for _, m := range list[start:end] {
			k := m.kind()
			if k != kindNormal && k != kindCastling && k != kindEnPassant {
				continue
			}
			from := m.From()
			var kto, rto Square
			if k == kindCastling {
				right := 2 * int(us)
				if m.To() < from {
					right++
				}
				kto, rto = p.castleSquares(right)
			}
			for t := PieceType(1); int(t) <= v.ntypes; t++ {
				if hand[t] == 0 {
					continue
				}
				if gates.Has(from) && v.dropZone[us][t].Has(from) && (k != kindCastling || from != kto && from != rto) {
					list = append(list, m.withGate(t, false))
				}
				if k == kindCastling && gates.Has(m.To()) && v.dropZone[us][t].Has(m.To()) && m.To() != kto && m.To() != rto {
					list = append(list, m.withGate(t, true))
				}
			}
		}
	}
	if !v.r.Drops {
		return list
	}
	empty := v.all.andNot(occ)
	if v.r.EnclosingDrop != EnclosingNone {
		empty = empty.and(p.enclosingDrops(occ))
	}
	for t := PieceType(1); int(t) <= v.ntypes; t++ {
		if hand[t] == 0 {
			continue
		}
		z := v.dropZone[us][t].and(empty)
		if t == v.noDoubled && t != NoPieceType {
			z = p.noDoubled(z, t)
		}
		if pt := v.promoted[t]; v.r.DropPromoted && pt != NoPieceType {
			zp := z
			if v.r.ImmobilityIllegal {
				zp = zp.andNot(v.immobile[us][pt])
			}
			for zp.any() {
				list = append(list, makeDrop(t, zp.pop(), true))
			}
		}
		if v.r.ImmobilityIllegal {
			z = z.andNot(v.immobile[us][t])
		}
		for z.any() {
			to := z.pop()
			if v.r.DropOppositeColoredBishop && !p.bishopDropOK(t, to) {
				continue
			}
			list = append(list, makeDrop(t, to, false))
		}
	}
	return list
}

// bishopDropOK applies placement's rule: the side's bishops (on the board
// and in hand) must be able to end on squares of both colours.
func (p *Position) bishopDropOK(t PieceType, to Square) bool {
	v := p.v
	us := p.side
	b := v.bishop
	bishops := p.Pieces(us, b)
	n := bishops.Count() + int(p.hand[us][b])
	if t != b {
		// Enough squares of each colour left for the bishops to come.
		left := bishops.or(v.dropZone[us][b].andNot(p.Occupied()).andNot(squareBB[to]))
		return left.and(v.dark).Count() >= n/2 && left.andNot(v.dark).Count() >= n/2
	}
	same := v.dark
	if !v.dark.Has(to) {
		same = v.all.andNot(v.dark)
	}
	return bishops.and(same).Count()+1 <= (n+1)/2
}

// pawnMoves appends a pawn's moves to targets, with promotions.
func (p *Position) pawnMoves(list []Move, from Square, targets Bitboard) []Move {
	v := p.v
	us := p.side
	tt := &v.t[us][v.pawnOf[us]]
	for targets.any() {
		to := targets.pop()
		if v.pawnZone[us].Has(to) {
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
	pawn := v.pawnOf[us]
	for b := p.Pieces(us, pawn).and(v.r.DoubleStepRegion[us]); b.any(); {
		from := b.pop()
		mid, to := int(from)+step, int(from)+2*step
		if to < 0 || to >= v.nsq || occ.Has(Square(mid)) || occ.Has(Square(to)) {
			continue
		}
		if v.pawnZone[us].Has(Square(to)) {
			list = p.promotions(list, from, Square(to), kindNormal)
			if v.r.MandatoryPromotion {
				continue
			}
		}
		list = append(list, makeMove(from, Square(to), NoPieceType, kindNormal))
	}
	if p.ep != NoSquare && !v.r.NoEnPassantBy[us] {
		for b := v.t[us^1][pawn].capts[p.ep].and(p.Pieces(us, pawn)); b.any(); {
			from := b.pop()
			if v.t[us][pawn].quiet[from].Has(p.ep) {
				// A pawn that may also step there (dragon-chess's, a king
				// that steps twice) steps: Fairy-Stockfish has no en-passant
				// capture beside a quiet move to the same square.
				continue
			}
			if v.pawnZone[us].Has(p.ep) {
				list = p.promotions(list, from, p.ep, kindEnPassant)
				if v.r.MandatoryPromotion {
					continue
				}
			}
			list = append(list, makeMove(from, p.ep, NoPieceType, kindEnPassant))
		}
	}
	if v.r.SittuyinPromotion {
		list = p.sittuyinPromotions(list, occ)
	}
	return list
}

// sittuyinPromotions appends Sittuyin's promotions: with more than one
// pawn, a pawn on the long diagonals in the opponent's half (with one,
// any pawn) turns into a promotion type in place or with a step of that
// type to an empty square, if the new piece then attacks no enemy piece
// and gives no check.
func (p *Position) sittuyinPromotions(list []Move, occ Bitboard) []Move {
	v := p.v
	us := p.side
	pawns := p.Pieces(us, v.pawnOf[us])
	if pawns.Count() > 1 {
		pawns = pawns.and(v.sittuyin[us])
	}
	enemy := p.byColor[us^1]
	for pawns.any() {
		from := pawns.pop()
		for _, t := range v.promo[us] {
			if n := v.limit[t]; n > 0 && p.Pieces(us, t).Count() >= n {
				continue
			}
			occ2 := occ.andNot(squareBB[from])
			for b := p.attacksFrom(us, t, from, occ).andNot(occ).With(from); b.any(); {
				to := b.pop()
				if p.attacksFrom(us, t, to, occ2).and(enemy).any() {
					continue
				}
				m := makeMove(from, to, t, kindNormal)
				var child Position
				p.MakeMove(m, &child)
				if child.InCheck() {
					continue
				}
				list = append(list, m)
			}
		}
	}
	return list
}

// attacksFrom returns the squares a piece of colour c and type t on s
// attacks on the board occ (its capture moves, whoever stands there).
func (p *Position) attacksFrom(c Color, t PieceType, s Square, occ Bitboard) Bitboard {
	v := p.v
	tt := &v.t[c][t]
	att := tt.capts[s]
	for _, lm := range tt.lame[s] {
		if lm.capts && !lm.path.and(occ).any() {
			att = att.With(lm.sq)
		}
	}
	var rt Bitboard
	for _, rd := range tt.sliders {
		if rd.capts {
			rt = rt.or(v.ride(rd.kind, s, occ))
		}
	}
	for _, rd := range tt.hoppers {
		if rd.capts {
			if _, cs := v.hop(rd, s, occ, Bitboard{}, false); cs != NoSquare {
				rt = rt.With(cs)
			}
		}
	}
	return att.or(rt.and(tt.region))
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
	if v.castleKing != NoPieceType {
		// A castling king that is not royal stands where the rights
		// were read while they last.
		kfrom = p.castleKing[us]
	}
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
		// A castling king that is not royal is tested only where it is
		// pseudo-royal (atomic), and then on its square too: koedem's
		// and giveaway's commoner castles through attacks, as in
		// Fairy-Stockfish.
		pseudo := v.castleKing != NoPieceType && v.r.ExtinctionPseudoRoyal
		if v.r.Checking && v.castleKing == NoPieceType || pseudo {
			cm, same := p.byColor[them], p.byType[v.sameHurdle]
			if pseudo && p.attacked(kfrom, them, occ, cm, same) {
				continue
			}
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
		if v.ext {
			*child = *p
		} else {
			child.core = p.core
		}
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
	if c.countLimit != 0 {
		c.countPly++
	}
	prevBikjang := p.flags&flagBikjang != 0
	pawnDrop := false
	captured := false
	castleWin := false
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
		castleWin = v.r.CastlingWins&(1<<right) != 0
		if v.r.OppositeCastling && c.castle&(1<<(right^2)) != 0 {
			// The opponent may no longer castle on this wing.
			old := c.castle
			c.castle &^= 1 << (right ^ 2)
			c.hash ^= zobristCastle[old] ^ zobristCastle[c.castle]
		}
	case kindDrop, kindDropPromoted:
		t := m.Dropped()
		placed := t
		if v.ax == nil || !v.r.Ataxx.FreeDrops {
			c.takeHand(us, t)
		}
		if m.kind() == kindDropPromoted {
			placed = v.promoted[t]
		}
		c.put(MakePiece(us, placed), to)
		if placed != t {
			c.setPromo(to, t)
		}
		if placed == v.pawnOf[us] && placed != NoPieceType {
			c.halfmove = 0
		}
		pawnDrop = placed == v.shogiPawn && v.shogiPawn != NoPieceType
		if v.r.CastlingDroppedPiece {
			c.dropCastling(placed, to)
		}
	default:
		pc := p.board[from]
		moved := pc.Type()
		if from != to && p.board[capsq] != NoPiece {
			captured = true
			if v.ext {
				c.capture(capsq)
			}
			c.remove(capsq)
			c.halfmove = 0
		}
		wasPromo, fromType := false, NoPieceType
		if v.ext && p.promoted.Has(from) {
			wasPromo, fromType = true, p.unpromo[from]
			c.clearPromo(from)
		}
		c.remove(from)
		switch m.kind() {
		case kindPiecePromotion:
			pc = MakePiece(us, m.Promotion())
			c.put(pc, to)
			c.setPromo(to, moved)
		case kindPieceDemotion:
			c.put(MakePiece(us, fromType), to)
		default:
			if pr := m.Promotion(); pr != NoPieceType {
				pc = MakePiece(us, pr)
				c.put(pc, to)
				if v.tilde() {
					c.setPromo(to, NoPieceType)
				}
			} else {
				c.put(pc, to)
				if wasPromo {
					c.setPromo(to, fromType)
				}
			}
		}
		if v.nmove[us][moved] && !v.t[us][moved].quiet[to].Has(from) {
			// Only an irreversible move resets the count, as in
			// Fairy-Stockfish: allwayspawns' pawn stepping sideways or
			// back, which it could undo, does not.
			c.halfmove = 0
		}
		if moved == v.pawnOf[us] && moved != NoPieceType {
			// A double step that promotes (a promotion zone within its
			// reach, epicatomic's) leaves no pawn to take en passant.
			if d := int(to) - int(from); (d == 2*v.files || d == -2*v.files) && m.Promotion() == NoPieceType {
				mid := Square((int(to) + int(from)) / 2)
				if theirs := v.pawnOf[them]; !v.r.NoEnPassant && !v.r.NoEnPassantBy[them] && v.t[us][theirs].capts[mid].and(c.Pieces(them, theirs)).any() {
					c.ep = mid
					c.hash ^= zobristEP[v.FileOf(mid)]
				}
			}
		}
	}
	if captured && v.blastZone != nil {
		c.explode(to, p)
	}
	if captured && v.petrify[p.board[from].Type()] {
		c.petrify(to)
	}
	if c.castle != 0 && m.kind() != kindPass && !m.IsDrop() {
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
	if v.hands && (v.r.Gating || v.r.SeirawanGating) {
		c.gating(m)
	}
	if v.ax != nil {
		c.ataxxAfter(m, us)
	}
	if v.wallMoves || v.r.EdgeWalls && m.isWallPlacement() {
		w := m.Wall()
		c.walls = c.walls.With(w)
		c.hash ^= zobristWall[w]
	}
	if us == Black {
		c.fullmove++
	}
	c.side = them
	c.hash ^= zobristSide
	c.setState(prevBikjang, m.kind() == kindPass && !v.r.EdgeWalls)
	if pawnDrop {
		c.flags |= flagPawnDrop
	}
	if castleWin {
		c.flags |= flagCastleWin
	}
	if v.r.CheckCounting && c.flags&flagInCheck != 0 && c.checks[us] > 0 {
		c.hash ^= zobristChecks[us][c.checks[us]] ^ zobristChecks[us][c.checks[us]-1]
		c.checks[us]--
	}
	if v.r.AseanCounting && (c.countLimit == 0 || captured && c.byColor[them].Count() == 1) {
		if n := c.aseanLimit(); n != 0 {
			c.countLimit, c.countPly = uint16(2*n), 0
		}
	}
}

// aseanLimit returns the ASEAN counting limit in moves when the side to
// move has its king alone, 0 when no counting applies.
func (p *Position) aseanLimit() int {
	v := p.v
	us, them := p.side, p.side^1
	if p.byColor[us].Count() > 1 {
		return 0
	}
	has := func(name string) bool {
		t := v.byName(name)
		return t != NoPieceType && p.Pieces(them, t).any()
	}
	switch {
	case has("rook"):
		return 16
	case has("silver") && has("fers"):
		return 44
	case has("knight") && has("fers"):
		return 64
	}
	return 0
}

// capture sends the piece on s to the capturer's hand (CapturesToHand):
// a promoted piece as its unpromoted type, a promoted pawn as a pawn
// (unless DropLoop, where it stays what it is); and clears its marks.
func (p *Position) capture(s Square) {
	v := p.v
	pc := p.board[s]
	t := pc.Type()
	promo, from := p.promoted.Has(s), p.unpromo[s]
	p.clearPromo(s)
	if !v.r.CapturesToHand {
		return
	}
	switch {
	case !promo || v.r.DropLoop:
	case from != NoPieceType:
		t = from
	case v.pawnOf[pc.Color()] != NoPieceType:
		t = v.pawnOf[pc.Color()]
	}
	p.addHand(pc.Color()^1, t)
}

// gating puts a gating move's piece on its gate and updates the gates:
// a piece leaving a gate (or castling with its rook's) closes it, a
// capture on the opponent's closes theirs, and under Seirawan's rules a
// side with an empty hand has none left.
func (p *Position) gating(m Move) {
	us := p.side // before the side changes
	if g := m.Gate(); g != NoPieceType {
		gs := m.gateSquare()
		p.put(MakePiece(us, g), gs)
		p.takeHand(us, g)
	}
	from, to := m.From(), m.To()
	if !m.IsDrop() && p.gates[us].Has(from) {
		p.toggleGate(us, from)
	}
	if m.IsCastling() && p.gates[us].Has(to) {
		p.toggleGate(us, to)
	}
	if !m.IsCastling() && p.gates[us^1].Has(to) {
		p.toggleGate(us^1, to)
	}
	if p.v.r.SeirawanGating && !p.v.r.CapturesToHand && p.hand[us] == ([maxTypes]uint8{}) {
		for b := p.gates[us]; b.any(); {
			p.toggleGate(us, b.pop())
		}
	}
}

// dropCastling gives the castling rights a dropped king or rook makes
// (CastlingDroppedPiece): the king dropped on its castling square with a
// rook in a corner of the castling rank, or a rook dropped in a corner
// with the king on its square.
func (p *Position) dropCastling(t PieceType, to Square) {
	v := p.v
	us := p.side
	rank := v.r.CastlingRank - 1
	if us == Black {
		rank = v.ranks - v.r.CastlingRank
	}
	if v.RankOf(to) != rank || !v.r.Castling {
		return
	}
	ksq := v.SquareOf(v.r.CastlingKingFile, rank)
	old := p.castle
	set := func(rsq Square) {
		right := 2 * int(us)
		if rsq < ksq {
			right++
		}
		p.castle |= 1 << right
		p.castleRook[right] = rsq
		p.castleKing[us] = ksq
	}
	corners := [2]Square{v.SquareOf(0, rank), v.SquareOf(v.files-1, rank)}
	switch {
	case t == v.royal && to == ksq:
		for _, r := range corners {
			if p.board[r] == MakePiece(us, v.castleRook) {
				set(r)
			}
		}
	case t == v.castleRook && (to == corners[0] || to == corners[1]) && p.board[ksq] == MakePiece(us, v.royal):
		set(to)
	}
	p.hash ^= zobristCastle[old] ^ zobristCastle[p.castle]
}
