package search

import "varena/engines"

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
	pieces [2][engines.King + 1]engines.Bitboard
	sum    [2]int64 // [mg], [eg], fixed point (psqOne per centipawn)
}

// set computes the sums of pos from scratch.
func (st *psqState) set(pos *engines.Position, w *Weights) {
	st.w = w
	st.sum = w.psqSum(pos)
	for c := engines.White; c <= engines.Black; c++ {
		for t := engines.Pawn; t <= engines.King; t++ {
			st.pieces[c][t] = pos.Pieces(c, t)
		}
	}
}

// update moves the sums from the placement st holds to pos's.
func (st *psqState) update(pos *engines.Position) {
	w := st.w
	for c := engines.White; c <= engines.Black; c++ {
		for t := engines.Pawn; t <= engines.King; t++ {
			now := pos.Pieces(c, t)
			was := st.pieces[c][t]
			if now == was {
				continue
			}
			st.pieces[c][t] = now
			for b := was &^ now; b != 0; {
				sq := b.Pop()
				st.sum[mg] -= w.psq[mg][c][t][sq]
				st.sum[eg] -= w.psq[eg][c][t][sq]
			}
			for b := now &^ was; b != 0; {
				sq := b.Pop()
				st.sum[mg] += w.psq[mg][c][t][sq]
				st.sum[eg] += w.psq[eg][c][t][sq]
			}
		}
	}
}

// evaluate returns the static evaluation of pos, searched at ply, with the
// material and piece-square terms updated incrementally from the last
// position evaluated at this ply (or the ply before); it equals
// int(Evaluate(pos, s.w, nil)).
func (s *Searcher) evaluate(pos *engines.Position, ply int) int {
	st := &s.psq[ply]
	if st.w != s.w && ply > 0 && s.psq[ply-1].w == s.w {
		*st = s.psq[ply-1]
	}
	if st.w == s.w {
		st.update(pos)
	} else {
		st.set(pos, s.w)
	}
	return int(evaluate(pos, s.w, &st.sum, nil))
}
