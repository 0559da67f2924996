package engines

import "fmt"

// derivePawnRegions applies PromotionRegion, DoubleStepRegion,
// EnPassantRegion and KingLeaps: a variant that sets one gets its own
// copy of the geometry with the pawn tables (lastRank, pawnDouble,
// doubleVia) made from the regions and the king table from KingLeaps. The move generator, the legal counter, make-move,
// FEN, SAN and SEE read those tables already, so the regions cost the
// variants without them nothing; only the en-passant region is one more
// test, made after a double step lands beside an enemy pawn.
func (v *Variant) derivePawnRegions() error {
	if v.PromotionRegion == [2]Bitboard{} && v.DoubleStepRegion == [2]Bitboard{} && v.EnPassantRegion == 0 && len(v.KingLeaps) == 0 {
		return nil
	}
	g := v.Geometry
	if g.Bunkers() != 0 {
		return fmt.Errorf("variant %s: pawn regions on a board with bunkers are not supported", v.Name)
	}
	for c := White; c <= Black; c++ {
		if (v.PromotionRegion[c]|v.DoubleStepRegion[c])&^g.all != 0 {
			return fmt.Errorf("variant %s: %s pawn region off the board", v.Name, c)
		}
	}
	if v.EnPassantRegion&^g.all != 0 {
		return fmt.Errorf("variant %s: en-passant region off the board", v.Name)
	}
	if v.DoubleStepRegion != [2]Bitboard{} && !v.DoubleStep {
		return fmt.Errorf("variant %s: a double-step region without DoubleStep", v.Name)
	}
	ng := *g
	for c := White; c <= Black; c++ {
		if r := v.PromotionRegion[c]; r != 0 {
			ng.lastRank[c] = r
		}
		if r := v.DoubleStepRegion[c]; r != 0 {
			dy := 2
			if c == Black {
				dy = -2
			}
			ng.doubleVia[c] = 0
			for s := 0; s < g.numSquares; s++ {
				sq := Square(s)
				ng.pawnDouble[c][sq] = 0
				// A pawn on its promotion region never stands still.
				if r.Has(sq) && !ng.lastRank[c].Has(sq) {
					ng.pawnDouble[c][sq] = g.stepBB(sq, 0, dy)
				}
				if ng.pawnDouble[c][sq] != 0 {
					ng.doubleVia[c] |= g.pawnPush[c][sq]
				}
			}
		}
	}
	if v.EnPassantRegion != 0 {
		v.noEP = g.all &^ v.EnPassantRegion
	}
	if len(v.KingLeaps) > 0 {
		steps := map[[2]int]bool{}
		for _, a := range v.KingLeaps {
			if err := validAtom(a); err != nil {
				return fmt.Errorf("variant %s: king leap: %w", v.Name, err)
			}
			if a.Range != 1 || !a.Move || !a.Capture {
				return fmt.Errorf("variant %s: king leap %+v: not a leap that moves and captures", v.Name, a)
			}
			steps[[2]int{a.DX, a.DY}] = true
		}
		for st := range steps {
			if !steps[[2]int{-st[0], st[1]}] || !steps[[2]int{st[0], -st[1]}] {
				return fmt.Errorf("variant %s: king leaps not the same mirrored left-right and up-down", v.Name)
			}
		}
		for s := 0; s < g.numSquares; s++ {
			ng.king[s] = 0
			for st := range steps {
				ng.king[s] |= g.stepBB(Square(s), st[0], st[1])
			}
		}
	}
	v.Geometry = &ng
	return nil
}
