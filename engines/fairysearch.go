package engines

// What a searcher needs of the general path (Variant.FairyRules) at every
// node, cheaper than Status, which counts the moves.

// FairyEnd returns the outcome of a game end by a rule of the general
// path that needs no move generation (bare king, extinction, flag, check
// limit, in Fairy-Stockfish's order), as Status would give it. ok is
// false when none applies, and always for a variant without FairyRules:
// its game ends are Status's and Extinct's.
func (p *Position) FairyEnd() (o Outcome, ok bool) {
	if !p.v.fairyRules {
		return Outcome{}, false
	}
	return p.fairyEnd()
}

// NoMovesOutcome returns the outcome of the position when the side to
// move has no legal move and no FairyEnd applies: checkmate or stalemate,
// with the variant's CheckmateValue and StalemateValue (a loss and a draw
// by default).
func (p *Position) NoMovesOutcome() Outcome {
	if p.InCheck() {
		return p.checkmateOutcome()
	}
	return p.stalemateOutcome()
}

// MoveRule returns the n-move rule's number of moves (50 by default) and
// 0 when the variant has none.
func (v *Variant) MoveRule() int { return v.nMoves() }

// RepetitionResult returns the result of a game ended by n-fold
// repetition (Variant.NFoldRule, NFoldValue) in pos.
func (v *Variant) RepetitionResult(pos *Position) Result {
	return v.repetitionOutcome(pos).Result
}

// FairyTargets returns the squares the piece of a variant's own type on sq
// moves or captures to (0 for an orthodox type or an empty square): what
// an evaluation counts as its mobility and attacks.
func (p *Position) FairyTargets(sq Square) Bitboard { return p.fairyTargets(sq) }
