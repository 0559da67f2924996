package search

import (
	"varena/engines"
	"varena/engines/limits"
)

// psqState is the material and piece-square sum of one position, from
// White's view, kept by the searcher per ply. It remembers the placement
// it was computed for, so the sum of the next position evaluated at the
// ply follows from the squares whose piece changed: a move changes two to
// four squares, so the update costs a few table lookups instead of a pass
// over every piece. Diffing placements rather than replaying the move
// keeps castling, en passant, promotion, evolution and bunker moves out of
// the evaluation; and since any earlier position serves as the base, it
// needs no hook in make-move or unmake.
type psqState struct {
	w      *Weights // the weights of sum; nil: not computed
	byType [engines.NumPieceTypes]engines.Bitboard
	white  engines.Bitboard
	sum    [2]int64 // [mg], [eg], fixed point (psqOne per centipawn)
}

// set computes the sums of pos from scratch.
func (st *psqState) set(pos *engines.Position, w *Weights) {
	st.w = w
	st.sum = w.psqSum(pos)
	for _, t := range w.fs.allTypes {
		st.byType[t] = pos.AnyType(t)
	}
	st.white = pos.ByColor(engines.White)
}

// update moves the sums from the placement st holds to pos's. A type's
// pieces are unchanged when its squares are and none of them changed
// colour; for the others the squares each colour left and took are
// re-scored.
func (st *psqState) update(pos *engines.Position) {
	w := st.w
	white := pos.ByColor(engines.White)
	flipped := white ^ st.white
	for _, t := range w.fs.types {
		now, was := pos.ByType(t), st.byType[t]
		if now == was && now&flipped == 0 {
			continue
		}
		// rescore's body, inline: this loop is the search's hot path.
		st.byType[t] = now
		tab := &w.psq[engines.White][t]
		for c := engines.White; c <= engines.Black; c++ {
			n, o := now&white, was&st.white
			if c == engines.Black {
				n, o = now&^white, was&^st.white
				tab = &w.psq[engines.Black][t]
			}
			for b := o &^ n; b != 0; {
				p := &tab[b.Pop()]
				st.sum[mg] -= p[mg]
				st.sum[eg] -= p[eg]
			}
			for b := n &^ o; b != 0; {
				p := &tab[b.Pop()]
				st.sum[mg] += p[mg]
				st.sum[eg] += p[eg]
			}
		}
	}
	// The variant's own types (none in the built-in variants), found on
	// the board by type.
	for _, t := range w.fs.fairyTypes {
		now, was := pos.AnyType(t), st.byType[t]
		if now == was && now&flipped == 0 {
			continue
		}
		st.rescore(w, t, now, was, white)
	}
	st.white = white
}

// rescore moves the sums of type t from its squares was, in the placement
// st holds, to now, those of the new placement, whose White pieces are
// white.
func (st *psqState) rescore(w *Weights, t engines.PieceType, now, was, white engines.Bitboard) {
	st.byType[t] = now
	tab := &w.psq[engines.White][t]
	for c := engines.White; c <= engines.Black; c++ {
		n, o := now&white, was&st.white
		if c == engines.Black {
			n, o = now&^white, was&^st.white
			tab = &w.psq[engines.Black][t]
		}
		for b := o &^ n; b != 0; {
			p := &tab[b.Pop()]
			st.sum[mg] -= p[mg]
			st.sum[eg] -= p[eg]
		}
		for b := n &^ o; b != 0; {
			p := &tab[b.Pop()]
			st.sum[mg] += p[mg]
			st.sum[eg] += p[eg]
		}
	}
}

// psqSums returns the material and piece-square sums of pos, searched at
// ply, updated incrementally from the last position evaluated at this ply
// (or the ply before).
func (s *Searcher) psqSums(pos *engines.Position, ply int) *[2]int64 {
	st := &s.psq[ply]
	if st.w != s.w && ply > 0 && s.psq[ply-1].w == s.w {
		*st = s.psq[ply-1]
	}
	if st.w == s.w {
		st.update(pos)
	} else {
		st.set(pos, s.w)
	}
	return &st.sum
}

// evaluate returns the static evaluation of pos, searched at ply, with
// incremental material and piece-square sums; it equals
// int(Evaluate(pos, s.w, nil)) within the bounds of clampEval.
func (s *Searcher) evaluate(pos *engines.Position, ply int) int {
	return clampEval(evaluate(pos, s.w, s.psqSums(pos, ply)))
}

// clampEval turns an evaluation into the search's score: below the mate
// scores, whatever the weights (tuned weights give a few thousand at
// most; a wild weights file must not pass for a mate, nor overflow the
// hash table's 16 bits).
func clampEval(e float64) int {
	return int(max(-(limits.MateBand - 1), min(limits.MateBand-1, e)))
}

// evaluateDanger is evaluate, and lastPieceAttacked's answer for pos from
// the same pass over the pieces (their attacks are the evaluation's),
// which spares the search a second look at the attackers.
func (s *Searcher) evaluateDanger(pos *engines.Position, ply int) (int, bool) {
	psq := s.psqSums(pos, ply)
	var f facts
	f.scan(pos, s.w, false)
	return clampEval(f.score(pos, s.w, psq)), f.lastAttacked(pos.SideToMove())
}
