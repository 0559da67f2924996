package fairy

import (
	"bytes"
	"slices"
)

// Pawn types: which piece plays the pawn's part (promotion as a pawn,
// the double step and en passant, the n-move count), as Fairy-Stockfish
// reads pawnTypes, promotionPawnTypes, enPassantTypes, nMoveRuleTypes and
// the Betza modifiers i and e. The engines have one such type; a variant
// whose pawn-like rules fall on one piece plays, whichever piece it is.

// pawnPlan is the one piece that plays as the pawn, if any.
type pawnPlan struct {
	pawn       *Piece // promotes as a pawn; nil: no piece does
	doubleStep bool   // pawn steps twice from the double-step region
	nMove      [2][]byte
}

// defaultPawn is Fairy-Stockfish's default pawn types: the pawn type, if
// the variant has it.
func (d *Definition) defaultPawn() []byte {
	if p := d.Piece("pawn"); p != nil {
		return []byte{p.Letter}
	}
	return []byte{}
}

// pawnLetters resolves a letter set of Definition.PromotionPawns and the
// like (nil: def) to the variant's letters, without duplicates.
func (d *Definition) pawnLetters(set, def []byte) []byte {
	if set == nil {
		set = def
	}
	out := []byte{}
	for _, l := range set {
		if d.pieceByLetter(l) != nil && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// pawnKey names the key a refusal about pawn types points at: the first
// of keys the definition sets.
func (d *Definition) pawnKey(keys ...string) string {
	for _, k := range keys {
		if _, ok := d.Keys[k]; ok {
			return k
		}
	}
	return keys[0]
}

// pawnPlan finds the piece that plays as the pawn, or refuses the
// pawn-like rules the engines cannot give one type.
func (d *Definition) pawnPlan() (pawnPlan, error) {
	var plan pawnPlan
	promo := [2][]byte{d.pawnLetters(d.PromotionPawns[0], d.defaultPawn()), d.pawnLetters(d.PromotionPawns[1], d.defaultPawn())}
	promoKey := d.pawnKey("promotionPawnTypes", "promotionPawnTypesWhite", "promotionPawnTypesBlack", "pawnTypes")
	switch {
	case len(promo[0]) > 1 || len(promo[1]) > 1:
		return plan, refuseAt(d, promoKey, "more than one type promoting as a pawn")
	case !bytes.Equal(promo[0], promo[1]):
		return plan, refuseAt(d, promoKey, "types promoting as pawns that differ between the sides")
	case len(promo[0]) == 1:
		plan.pawn = d.pieceByLetter(promo[0][0])
	}
	builtin := d.Piece("pawn")
	for i := range d.Pieces {
		p := &d.Pieces[i]
		if len(p.Initial) == 0 || !d.DoubleStep {
			continue
		}
		if p != plan.pawn || len(p.Initial) != 1 || p.Initial[0] != (Atom{DY: 2, Range: 1, Move: true, Lame: true}) {
			return plan, refuseAt(d, p.Key, "betza %q: initial-only moves (i) other than a pawn type's double step (ifmnD)", p.Betza)
		}
		plan.doubleStep = true
	}
	if plan.pawn != nil && plan.pawn == builtin {
		plan.doubleStep = d.DoubleStep
	}
	if builtin != nil && plan.pawn != builtin && d.DoubleStep && bytes.ContainsRune([]byte(d.StartFEN), rune(builtin.Letter)) {
		return plan, refuseAt(d, promoKey, "a pawn that does not promote as one")
	}
	if d.BlastOnCapture && builtin != nil && plan.pawn != builtin {
		return plan, refuseAt(d, promoKey, "explosions sparing the pawn type, with another type as the pawn")
	}
	if plan.doubleStep {
		// Only the pawn steps twice, so only it may be taken en passant;
		// the engines let only it take.
		epDef := d.defaultPawn()
		for _, p := range d.Pieces {
			if p.EnPassant {
				epDef = append(epDef, p.Letter)
			}
		}
		for c := 0; c < 2; c++ {
			if ep := d.pawnLetters(d.EnPassantPawns[c], epDef); !bytes.Equal(ep, []byte{plan.pawn.Letter}) {
				return plan, refuseAt(d, d.pawnKey("enPassantTypes", "enPassantTypesWhite", "enPassantTypesBlack", "pawnTypes", plan.pawn.Key),
					"en passant by types other than the pawn type")
			}
		}
	}
	for c := 0; c < 2; c++ {
		plan.nMove[c] = d.pawnLetters(d.NMovePawns[c], d.defaultPawn())
	}
	return plan, nil
}

// pawnRulesDefault reports whether the pawn-like rules are the default
// ones the 64-square engine plays: the pawn type alone, no i or e moves.
func (d *Definition) pawnRulesDefault() (string, bool) {
	for _, p := range d.Pieces {
		if len(p.Initial) > 0 || p.EnPassant {
			return p.Key, false
		}
	}
	def := d.defaultPawn()
	for c := 0; c < 2; c++ {
		for _, s := range []struct {
			key string
			set []byte
		}{{"promotionPawnTypes", d.PromotionPawns[c]}, {"enPassantTypes", d.EnPassantPawns[c]}, {"nMoveRuleTypes", d.NMovePawns[c]}} {
			if s.set != nil && !bytes.Equal(d.pawnLetters(s.set, nil), def) {
				return d.pawnKey(s.key, s.key+"White", s.key+"Black", "pawnTypes"), false
			}
		}
	}
	return "", true
}
