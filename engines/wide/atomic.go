package wide

// Atomic explosions (Rules.BlastOnCapture), kept apart from the generator
// so that a variant without them pays one nil test per capture.

// buildBlast fills Variant.blastZone: each square with the squares a
// king's step away.
func (v *Variant) buildBlast() {
	if !v.r.BlastOnCapture {
		return
	}
	v.blastZone = make([]Bitboard, v.nsq)
	for s := 0; s < v.nsq; s++ {
		f, r := s%v.files, s/v.files
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if x, y := f+dx, r+dy; x >= 0 && x < v.files && y >= 0 && y < v.ranks {
					v.blastZone[s] = v.blastZone[s].With(v.SquareOf(x, y))
				}
			}
		}
	}
}

// blasted returns the squares a capture on to explodes in p (the
// position after the capture): to itself, where the capturing piece now
// stands, and the pieces around it that are not pawns. As in
// Fairy-Stockfish, only the pawn type is spared: a custom piece that
// moves like one, or plays as the pawn (PieceRule.CustomPawn), is not.
func (p *Position) blasted(to Square) Bitboard {
	v := p.v
	zone := v.blastZone[to].and(p.byColor[White].or(p.byColor[Black])) // walls stand
	if v.pawnType != NoPieceType {
		zone = zone.andNot(p.byType[v.pawnType])
	}
	return zone.or(squareBB[to].and(p.Occupied()))
}

// explode removes what a capture on to blows up, with the castling rights
// of the pieces removed; under CapturesToHand each goes to the hand of
// its owner's opponent. before is the position the move was made from:
// a right is tied to the squares the rook and the king stood on there.
func (p *Position) explode(to Square, before *Position) {
	v := p.v
	old := p.castle
	for b := p.blasted(to); b.any(); {
		s := b.pop()
		if v.ext {
			// Every exploded piece goes to its owner's opponent's hand
			// (CapturesToHand), as the captured one does.
			p.capture(s)
		}
		p.remove(s)
		for right := 0; right < 4; right++ {
			if p.castle&(1<<right) != 0 && (before.castleRook[right] == s || before.castleKing[right/2] == s) {
				p.castle &^= 1 << right
			}
		}
	}
	if old != p.castle {
		p.hash ^= zobristCastle[old] ^ zobristCastle[p.castle]
	}
}

// atomicSafe keeps, in place, the moves of buf[start:] that atomic's
// pseudo-royal rule allows, as Fairy-Stockfish tests them: a move may not
// explode one of the mover's pseudo-royal pieces; one that explodes or
// takes an opponent's is legal; otherwise no pseudo-royal piece of the
// mover may stand attacked after it, unless it touches one of the
// opponent's (a capture of it would explode both).
func (p *Position) atomicSafe(buf []Move, start int) []Move {
	v := p.v
	us, them := p.side, p.side^1
	ours, theirs := p.pseudoRoyals(us), p.pseudoRoyals(them)
	if !ours.any() {
		return buf
	}
	out := buf[:start]
	var child Position
	for _, m := range buf[start:] {
		set := p.royalsAfter(m, ours)
		p.MakeMove(m, &child)
		if set.andNot(child.byColor[us]).any() {
			continue // the move explodes its own pseudo-royal piece
		}
		if theirs.andNot(child.byColor[them]).any() {
			out = append(out, m)
			continue
		}
		touching := Bitboard{}
		for b := theirs; b.any(); {
			touching = touching.or(v.blastZone[b.pop()])
		}
		// A wall the capture left (Rules.PetrifyTypes) does not shield:
		// Fairy-Stockfish tests the board the explosion leaves.
		occ := child.Occupied().andNot(child.walls.andNot(p.walls))
		safe := true
		for b := set; b.any() && safe; {
			s := b.pop()
			safe = touching.Has(s) || !child.attacked(s, them, occ, child.byColor[them], child.byType[v.sameHurdle])
		}
		if safe {
			out = append(out, m)
		}
	}
	return out
}
