package wide

// immediateEnd returns the outcome of a game end that needs no move
// generation, in Fairy-Stockfish's order: extinction, flag, bikjang and
// passing twice.
func (p *Position) immediateEnd() (Outcome, bool) {
	v := p.v
	us, them := p.side, p.side^1
	// Under ExtinctionPseudoRoyal only an explosion can take a side's last
	// piece of a type, and Fairy-Stockfish (c19b5f6) tests extinction only
	// then: a side that starts without the type (maharajah's black, every
	// gethenian's promoted king) plays on.
	if v.r.ExtinctionValue != NoValue && (!v.r.ExtinctionPseudoRoyal || v.r.BlastOnCapture) {
		for _, c := range [2]Color{them, us} {
			need := v.r.ExtinctionOpponentPieceCount
			if v.r.ExtinctionClaim && c == us {
				need++
			}
			if p.extinct(c, need) {
				return Outcome{resultFor(v.r.ExtinctionValue, c), Extinction}, true
			}
		}
	}
	if v.r.CastlingWins != 0 {
		if o, over := p.castlingEnd(); over {
			return o, true
		}
	}
	if v.r.FlagAll && v.r.FlagMove {
		if o, ok := p.flagMoveAllEnd(); ok {
			return o, true
		}
	} else if v.r.FlagSafe {
		if o, ok := p.safeFlagEnd(); ok {
			return o, true
		}
	} else if t := v.flagPiece; t != NoPieceType {
		if !v.r.FlagMove {
			if p.flagReached(them, p.Pieces(them, t)) {
				return Outcome{resultFor(ValueWin, them), FlagReached}, true
			}
		} else if p.Pieces(us, t).and(v.r.FlagRegion[us]).any() {
			// The side to move got there before its opponent's last move:
			// it wins, unless that move brought Black there too.
			if us == White && p.Pieces(them, t).and(v.r.FlagRegion[them]).any() {
				return Outcome{Draw, FlagReached}, true
			}
			return Outcome{resultFor(ValueWin, us), FlagReached}, true
		} else if t == v.royal && p.Pieces(them, t).and(v.r.FlagRegion[them]).any() {
			// A royal flag piece ends the game at once unless Black can
			// still answer by reaching its own flag.
			if !(us == Black && p.canReachFlag()) {
				return Outcome{resultFor(ValueWin, them), FlagReached}, true
			}
		}
	}
	if v.r.FlagAll && !v.r.FlagSafe && p.flagReached(them, p.byColor[them]) {
		return Outcome{resultFor(ValueWin, them), FlagReached}, true
	}
	if v.r.CheckCounting && p.checks[them] == 0 {
		return Outcome{resultFor(ValueWin, them), CheckLimit}, true
	}
	// Only the side that just moved can have made its line.
	if (v.r.ConnectN > 0 || v.r.ConnectNxN > 0 || v.r.CollinearN > 0 || v.connectRegions) && p.connected(them) {
		val := v.r.ConnectValue
		if val == NoValue {
			val = ValueWin
		}
		return Outcome{resultFor(val, them), Connected}, true
	}
	if p.flags&(flagBikjang|flagPrevBikjang) == flagBikjang|flagPrevBikjang {
		return Outcome{p.countingResult(), Bikjang}, true
	}
	if v.ax != nil && p.boardFull() {
		return Outcome{p.countingResult(), BoardFull}, true
	}
	if p.flags&(flagPass|flagPrevPass) == flagPass|flagPrevPass {
		return Outcome{p.countingResult(), DoublePass}, true
	}
	return Outcome{}, false
}

// connected reports whether c has Rules.ConnectN of its counted pieces
// in a line, a filled Rules.ConnectNxN square of them, or
// Rules.CollinearN anywhere on one line (collinear). The boards of these
// games are small: each piece is tried as a line's first square.
func (p *Position) connected(c Color) bool {
	v := p.v
	var own Bitboard
	for t := PieceType(1); int(t) <= v.ntypes; t++ {
		if v.connect[t] {
			own = own.or(p.Pieces(c, t))
		}
	}
	if v.r.CollinearN > 0 && p.collinear(own) {
		return true
	}
	if v.connectRegions && p.regionsJoined(c, own) {
		return true
	}
	n, k := v.r.ConnectN, v.r.ConnectNxN
	has := func(f, r int) bool {
		return f >= 0 && f < v.files && r >= 0 && r < v.ranks && own.Has(Square(r*v.files+f))
	}
	for b := own; b.any(); {
		s := b.pop()
		f, r := v.FileOf(s), v.RankOf(s)
		if n > 0 {
			for _, d := range v.connectDirs {
				i := 1
				for i < n && has(f+i*d[0], r+i*d[1]) {
					i++
				}
				if i == n {
					return true
				}
			}
		}
		if k > 0 {
			full := true
			for i := 0; i < k*k && full; i++ {
				full = has(f+i%k, r+i/k)
			}
			if full {
				return true
			}
		}
	}
	return false
}

// flagReached reports whether c's flag pieces pcs hold its region: one
// of them at least, and Rules.FlagPieceCount of them or, with
// Rules.FlagBlockedWin, a region full of pieces of any kind.
func (p *Position) flagReached(c Color, pcs Bitboard) bool {
	v := p.v
	region := v.r.FlagRegion[c]
	on := pcs.and(region)
	if !on.any() {
		return false
	}
	if on.Count() >= v.r.FlagPieceCount {
		return true
	}
	return v.r.FlagBlockedWin && !region.andNot(p.Occupied()).any()
}

// safeFlagEnd is immediateEnd's flag rule under Rules.FlagSafe: a side
// that holds its flag wins, and both holding theirs draw.
func (p *Position) safeFlagEnd() (Outcome, bool) {
	us, them := p.side, p.side^1
	switch held := [2]bool{p.safeFlagHeld(White), p.safeFlagHeld(Black)}; {
	case held[us] && held[them]:
		return Outcome{Draw, FlagReached}, true
	case held[them]:
		return Outcome{resultFor(ValueWin, them), FlagReached}, true
	case held[us]:
		return Outcome{resultFor(ValueWin, us), FlagReached}, true
	}
	return Outcome{}, false
}

// flagMoveAllEnd is immediateEnd's flag rule with Rules.FlagAll and
// FlagMove (alapo, which has no royal piece), as Fairy-Stockfish c19b5f6
// plays it: the side to move with a piece on its region wins (it got
// there a move ago), unless it is White and Black has one on its own too
// (a draw); else the opponent holding its region (under Rules.FlagSafe:
// not attacked, as safeFlagHeld tests) wins at once. Black's one more
// move is the one it has while White's piece there is attacked.
func (p *Position) flagMoveAllEnd() (Outcome, bool) {
	v := p.v
	us, them := p.side, p.side^1
	on := func(c Color) bool { return p.byColor[c].and(v.r.FlagRegion[c]).any() }
	if on(us) {
		if us == White && on(them) {
			return Outcome{Draw, FlagReached}, true
		}
		return Outcome{resultFor(ValueWin, us), FlagReached}, true
	}
	held := on(them)
	if v.r.FlagSafe {
		held = p.safeFlagHeld(them)
	}
	if held {
		return Outcome{resultFor(ValueWin, them), FlagReached}, true
	}
	return Outcome{}, false
}

// safeFlagHeld reports whether c holds its flag under Rules.FlagSafe:
// more flag pieces on the region than needed, or as many and none of
// them attacked.
func (p *Position) safeFlagHeld(c Color) bool {
	v := p.v
	pcs := p.byColor[c]
	if !v.r.FlagAll {
		pcs = p.Pieces(c, v.flagPiece)
	}
	on := pcs.and(v.r.FlagRegion[c])
	need := max(v.r.FlagPieceCount, 1)
	n := on.Count()
	if n > need {
		return true
	}
	if n < need {
		return false
	}
	for b := on; b.any(); {
		if p.Attacked(b.pop(), c^1) {
			return false
		}
	}
	return true
}

// canReachFlag reports whether the side to move's royal piece has a legal
// move into its flag region.
func (p *Position) canReachFlag() bool {
	if p.flags&flagInCheck != 0 {
		return false
	}
	var buf [MaxMoves]Move
	for _, m := range p.genPseudo(buf[:0]) {
		if m.From() == p.king[p.side] && m.kind() == kindNormal && p.v.r.FlagRegion[p.side].Has(m.To()) && p.legalAfter(m) {
			return true
		}
	}
	return false
}

// extinct reports whether c is extinct while the other side keeps at
// least need pieces of the type.
func (p *Position) extinct(c Color, need int) bool {
	v := p.v
	n := v.r.ExtinctionPieceCount
	if v.r.ExtinctionAll && p.byColor[c].Count()+p.HandCount(c) <= n && p.byColor[c^1].Count()+p.HandCount(c^1) >= need {
		return true
	}
	for t := PieceType(1); int(t) <= v.ntypes; t++ {
		// Pieces in hand count, as Fairy-Stockfish's count_with_hand.
		if v.extinct[t] && p.Pieces(c, t).Count()+p.InHand(c, t) <= n && p.Pieces(c^1, t).Count()+p.InHand(c^1, t) >= need {
			return true
		}
	}
	return false
}

// countingResult returns a drawn game's result by the material count.
func (p *Position) countingResult() Result {
	v := p.v
	switch v.r.MaterialCounting {
	case NoCounting:
		return Draw
	case WhiteDrawOdds:
		return WhiteWins
	case BlackDrawOdds:
		return BlackWins
	case UnweightedCounting:
		switch w, b := p.byColor[White].Count(), p.byColor[Black].Count(); {
		case w > b:
			return WhiteWins
		case w < b:
			return BlackWins
		}
		return Draw
	}
	points := map[string]int{"rook": 13, "janggiCannon": 7, "horse": 5, "janggiElephant": 3, "wazir": 3, "soldier": 2}
	n := -1
	for name, w := range points {
		t := v.byName(name)
		n += w * (p.Pieces(White, t).Count() - p.Pieces(Black, t).Count())
	}
	if n > 0 {
		return WhiteWins
	}
	return BlackWins
}

// Status returns what the position alone decides: the immediate ends,
// checkmate and stalemate, the n-move rule. Repetitions need the game
// (Game.Outcome).
func (p *Position) Status() Outcome {
	if o, over := p.immediateEnd(); over {
		return o
	}
	v := p.v
	n := p.CountLegal()
	if n == 0 {
		if p.InCheck() && v.r.ShogiPawnDropMateIllegal && p.flags&flagPawnDrop != 0 {
			// Mate by a pawn drop: the dropper loses (Fairy-Stockfish
			// 11.1 plays the drop and scores the mate so).
			return Outcome{resultFor(ValueWin, p.side), PawnDropMate}
		}
		if p.InCheck() {
			val := v.r.CheckmateValue
			if val == NoValue {
				val = ValueLoss
			}
			return Outcome{resultFor(val, p.side), Checkmate}
		}
		val := v.r.StalemateValue
		if val == NoValue {
			val = ValueDraw
		}
		if v.ax != nil && v.r.Ataxx.StalematePieceCount {
			return Outcome{p.stalemateByCount(val), Stalemate}
		}
		return Outcome{resultFor(val, p.side), Stalemate}
	}
	if v.r.NMoveRule > 0 && int(p.halfmove) >= 2*v.r.NMoveRule {
		return Outcome{p.countingResult(), FiftyMoves}
	}
	if p.countLimit != 0 && p.countPly > p.countLimit {
		return Outcome{Draw, CountingLimit}
	}
	return Outcome{}
}
