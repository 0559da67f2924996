package wide

// What a searcher (engines/widesearch) asks of a position beyond its
// legal moves: the tactical moves alone for quiescence, what a move
// takes, a null move, the rules' game ends without move generation, and
// the repetition rule judged on a search path. Kept in one file, apart
// from the generator, so that the search's needs stay visible.

// Pop removes and returns the lowest square of b, NoSquare if b is empty.
func (b *Bitboard) Pop() Square {
	if b.IsEmpty() {
		return NoSquare
	}
	return b.pop()
}

// GenerateCaptures appends the legal captures and promotions (en passant
// included) to buf and returns it: quiescence's moves. Like
// GenerateLegal it does not allocate when buf has room, and returns none
// in a position the rules have ended. It generates the pseudo-legal
// moves and tests only the tactical ones for legality.
func (p *Position) GenerateCaptures(buf []Move) []Move {
	if _, over := p.immediateEnd(); over {
		return buf
	}
	if p.v.r.MustDrop && p.HandCount(p.side) > 0 {
		// While a drop is legal nothing else is: captures only without one.
		var all [MaxMoves]Move
		for _, m := range p.GenerateLegal(all[:0]) {
			if m.IsDrop() {
				return buf
			}
		}
	}
	start := len(buf)
	buf = p.genPseudo(buf)
	out := buf[:start]
	for _, m := range buf[start:] {
		if m.Promotion() != NoPieceType || p.Captured(m) != NoPieceType {
			out = append(out, m)
		}
	}
	return p.keepLegal(out, start)
}

// Captured returns the type of the piece the move m of the side to move
// takes, NoPieceType if it takes none (castling, a pass, a drop, whose
// From is its To, a quiet move).
func (p *Position) Captured(m Move) PieceType {
	switch m.kind() {
	case kindEnPassant:
		return p.v.pawnOf[p.side^1]
	case kindCastling, kindPass:
		return NoPieceType
	}
	if m.From() == m.To() {
		return NoPieceType
	}
	if pc := p.board[m.To()]; pc != NoPiece && pc.Color() != p.side {
		return pc.Type()
	}
	return NoPieceType
}

// MakeNullMove writes into child the position with the other side to
// move and nothing moved (the search's null move): no en-passant square,
// the halfmove clock one on. It refuses (false, child unchanged) in check
// and while the royal pieces face each other under bikjang, where a
// position without a move of the side to move is no position of the
// rules. child may be p.
func (p *Position) MakeNullMove(child *Position) bool {
	if p.flags&(flagInCheck|flagBikjang) != 0 {
		return false
	}
	if child != p {
		*child = *p
	}
	if child.ep != NoSquare {
		child.hash ^= zobristEP[p.v.FileOf(child.ep)]
		child.ep = NoSquare
	}
	child.halfmove++
	if child.side == Black {
		child.fullmove++
	}
	child.side ^= 1
	child.hash ^= zobristSide
	child.setState(false, false)
	return true
}

// ImmediateEnd returns the game end the position decides by itself
// before any move is generated (extinction, a flag reached, bikjang or
// passing twice), as Status and GenerateLegal judge it.
func (p *Position) ImmediateEnd() (Outcome, bool) { return p.immediateEnd() }

// CountingResult returns the result the rules give a game they end
// without a winner (repetition, the n-move rule, bikjang): a draw, or
// the winner of janggi's material count.
func (p *Position) CountingResult() Result { return p.countingResult() }

// RepetitionOutcome judges the repetition rule on a line of play: hashes
// and checks hold, for each position of the line with p (its last) at
// the end, its hash and whether its side to move was in check. It
// applies Game.Outcome's rule with nfold occurrences (a search passes 2:
// a position seen once before is repeated), the perpetual-check rule
// included. Slices shorter than p's halfmove clock are read as far as
// they go.
func RepetitionOutcome(p *Position, hashes []uint64, checks []bool, nfold int) (Outcome, bool) {
	n := len(hashes) - 1
	end := repetitionWindow(p, n)
	if nfold < 2 || end < 4 || len(checks) != len(hashes) {
		return Outcome{}, false
	}
	chk := func(i int) bool { return i >= 0 && checks[i] }
	them := chk(n) && chk(n-2)
	us := chk(n-1) && chk(n-3)
	h := hashes[n]
	cnt := 0
	for i := 4; i <= end; i += 2 {
		them = them && chk(n-i)
		if hashes[n-i] == h {
			cnt++
			if cnt+1 == nfold {
				return p.repetitionOutcome(them, us), true
			}
		}
		if i+1 <= end {
			us = us && chk(n-i-1)
		}
	}
	return Outcome{}, false
}

// repetitionOutcome is the outcome of a repetition in p: them and us say
// whether the side that just moved, and the side to move, checked at
// every one of their moves of the cycle.
func (p *Position) repetitionOutcome(them, us bool) Outcome {
	r := &p.v.r
	side := p.side
	if r.PerpetualCheckIllegal && (them || us) {
		switch {
		case !us:
			return Outcome{resultFor(ValueWin, side), PerpetualCheck}
		case !them:
			return Outcome{resultFor(ValueLoss, side), PerpetualCheck}
		}
		return Outcome{p.countingResult(), PerpetualCheck}
	}
	val := r.NFoldValue
	if val == NoValue {
		val = ValueDraw
	}
	if r.NFoldValueAbsolute {
		side = White
	}
	if val == ValueDraw {
		return Outcome{p.countingResult(), Repetition}
	}
	return Outcome{resultFor(val, side), Repetition}
}

// KingZone returns c's royal piece's square and the squares it steps to
// on the empty board (within its region: xiangqi's palace), the squares
// an evaluation counts attacks on; empty without a royal piece.
func (p *Position) KingZone(c Color) Bitboard {
	v := p.v
	k := p.king[c]
	if k == NoSquare || v.royal == NoPieceType {
		return Bitboard{}
	}
	tt := &v.t[c][v.royal]
	z := tt.quiet[k].or(tt.capts[k]).With(k)
	for _, lm := range tt.lame[k] {
		z = z.With(lm.sq)
	}
	return z
}

// Activity counts, for the pieces of side c (whoever is to move), the
// pseudo-legal moves of each type into mob (added to it; pawns without
// their double steps and en passant) and returns the number of attacks
// on the squares of zone: each piece's attacked squares there, a rider's
// up to the first piece in its way, a hopper's those it would capture on
// beyond its hurdle. The evaluation's mobility and king safety.
func (p *Position) Activity(c Color, zone Bitboard, mob *[MaxPieceTypes + 1]int) (zoneAttacks int) {
	v := p.v
	own, enemy := p.byColor[c], p.byColor[c^1]
	blocked := own.or(p.walls) // squares a rider stops before
	occ := blocked.or(enemy)
	same := p.byType[v.sameHurdle]
	watch := zone.any()
	for t := PieceType(1); int(t) <= v.ntypes; t++ {
		pcs := p.byType[t].and(own)
		if !pcs.any() {
			continue
		}
		tt := &v.t[c][t]
		sameRule := t == v.sameHurdle
		n := 0
		for pcs.any() {
			from := pcs.pop()
			targets := tt.quiet[from].andNot(occ).or(tt.capts[from].and(enemy))
			att := tt.capts[from]
			for _, lm := range tt.lame[from] {
				if lm.path.and(occ).any() {
					continue
				}
				if lm.capts {
					att = att.With(lm.sq)
				}
				if occ.Has(lm.sq) {
					if lm.capts && enemy.Has(lm.sq) {
						targets = targets.With(lm.sq)
					}
				} else if lm.quiet {
					targets = targets.With(lm.sq)
				}
			}
			var rt, ra Bitboard
			for _, rd := range tt.sliders {
				r := v.ride(rd.kind, from, occ)
				switch {
				case rd.quiet && rd.capts:
					rt = rt.or(r.andNot(blocked))
				case rd.quiet:
					rt = rt.or(r.andNot(occ))
				default:
					rt = rt.or(r.and(enemy))
				}
				if rd.capts {
					ra = ra.or(r)
				}
			}
			for _, rd := range tt.hoppers {
				q, cs := v.hop(rd, from, occ, same, sameRule)
				if rd.quiet {
					rt = rt.or(q)
				}
				if rd.capts {
					ra = ra.or(q)
					if cs != NoSquare {
						ra = ra.With(cs)
						if enemy.Has(cs) {
							rt = rt.With(cs)
						}
					}
				}
			}
			targets = targets.or(rt.and(tt.region))
			n += targets.Count()
			if watch {
				zoneAttacks += att.or(ra.and(tt.region)).and(zone).Count()
			}
		}
		mob[t] += n
	}
	return zoneAttacks
}
