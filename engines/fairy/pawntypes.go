package fairy

import (
	"bytes"
	"slices"
	"strings"
)

// Pawn types: which piece plays the pawn's part (promotion as a pawn,
// the double step and en passant, the n-move count), as Fairy-Stockfish
// reads pawnTypes, promotionPawnTypes, enPassantTypes, nMoveRuleTypes and
// the Betza modifiers i and e. The engines have one such type; a variant
// whose pawn-like rules fall on one piece plays, whichever piece it is.

// pawnPlan is the piece that plays as each side's pawn, if any.
type pawnPlan struct {
	pawn       *Piece    // White's pawn, else Black's; nil: none
	pawnOf     [2]*Piece // each side's: promotes as a pawn
	doubleStep [2]bool   // that side's pawn steps twice from its double-step region
	noEP       [2]bool   // that side takes no en passant
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

// pawnPlan finds the piece that plays as each side's pawn, or refuses
// the pawn-like rules the engines cannot give one type a side.
func (d *Definition) pawnPlan() (pawnPlan, error) {
	var plan pawnPlan
	promo := [2][]byte{d.pawnLetters(d.PromotionPawns[0], d.defaultPawn()), d.pawnLetters(d.PromotionPawns[1], d.defaultPawn())}
	promoKey := d.pawnKey("promotionPawnTypes", "promotionPawnTypesWhite", "promotionPawnTypesBlack", "pawnTypes")
	switch {
	case len(promo[0]) > 1 || len(promo[1]) > 1:
		return plan, refuseAt(d, promoKey, "more than one type promoting as a pawn")
	case len(promo[0]) != len(promo[1]):
		return plan, refuseAt(d, promoKey, "a type promoting as a pawn for one side only")
	case len(promo[0]) == 1:
		plan.pawnOf = [2]*Piece{d.pieceByLetter(promo[0][0]), d.pieceByLetter(promo[1][0])}
		plan.pawn = plan.pawnOf[0]
	}
	builtin := d.Piece("pawn")
	for i := range d.Pieces {
		p := &d.Pieces[i]
		if len(p.Initial) == 0 || !d.DoubleStep {
			continue
		}
		if p != plan.pawnOf[0] && p != plan.pawnOf[1] || len(p.Initial) != 1 || p.Initial[0] != (Atom{DY: 2, Range: 1, Move: true, Lame: true}) {
			return plan, refuseAt(d, p.Key, "betza %q: initial-only moves (i) other than a pawn type's double step (ifmnD)", p.Betza)
		}
	}
	for c, pawn := range plan.pawnOf {
		plan.doubleStep[c] = pawn != nil && d.DoubleStep && (pawn == builtin || len(pawn.Initial) > 0)
	}
	if builtin != nil && plan.pawnOf[0] != builtin && plan.pawnOf[1] != builtin && d.DoubleStep && bytes.ContainsRune([]byte(d.StartFEN), rune(builtin.Letter)) {
		return plan, refuseAt(d, promoKey, "a pawn that does not promote as one")
	}
	if d.BlastOnCapture && builtin != nil && (plan.pawnOf[0] != builtin || plan.pawnOf[1] != builtin) {
		return plan, refuseAt(d, promoKey, "explosions sparing the pawn type, with another type as the pawn")
	}
	// Only a pawn steps twice, so only it may be taken en passant; the
	// engines let only a side's pawn take, or no piece of that side where
	// none of its en-passant types is a piece it can have.
	epDef := d.defaultPawn()
	for _, p := range d.Pieces {
		if p.EnPassant {
			epDef = append(epDef, p.Letter)
		}
	}
	for c := 0; c < 2; c++ {
		if !plan.doubleStep[1-c] {
			continue
		}
		ep := d.pawnLetters(d.EnPassantPawns[c], epDef)
		switch {
		case bytes.Equal(ep, []byte{plan.pawnOf[c].Letter}):
		case !d.hasAny(c, ep):
			plan.noEP[c] = true
		default:
			return plan, refuseAt(d, d.pawnKey("enPassantTypes", "enPassantTypesWhite", "enPassantTypesBlack", "pawnTypes", plan.pawnOf[c].Key),
				"en passant by types other than the pawn type")
		}
	}
	for c := 0; c < 2; c++ {
		plan.nMove[c] = d.pawnLetters(d.NMovePawns[c], d.defaultPawn())
	}
	return plan, nil
}

// hasAny reports whether side c may ever have a piece of one of the
// types of letters: in the start position, by promotion or in hand.
func (d *Definition) hasAny(c int, letters []byte) bool {
	if len(letters) == 0 {
		return false
	}
	if d.PieceDrops || d.CapturesToHand || d.Gating || d.SeirawanGating || d.PromotionPieces[c].All {
		return true
	}
	board := strings.Fields(d.StartFEN + " w")[0]
	for _, l := range letters {
		fen := l
		if c == 0 {
			fen = l - 'a' + 'A'
		}
		if strings.IndexByte(board, fen) >= 0 {
			return true
		}
		for _, k := range d.PromotionPieces[c].Keys {
			if p := d.Piece(k); p != nil && p.Letter == l {
				return true
			}
		}
		for from, to := range d.PromotedPiece {
			if q := d.Piece(to); q != nil && q.Letter == l && d.Piece(from) != nil {
				return true
			}
		}
	}
	return false
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
