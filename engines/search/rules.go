package search

import (
	"varena/engines"
	"varena/engines/limits"
)

// rules is what the searcher must know of a variant on the general path
// (engines.Variant.FairyRules): its game ends are judged by the rules
// engine (FairyEnd, NoMovesOutcome, the n-move and n-fold rules) rather
// than by the built-in variants' Extinct and Check, and some shortcuts of
// the search are unsound under its rules. The built-in variants have the
// zero value: their search is the one it always was.
type rules struct {
	on bool // the variant takes the general path
	// mustCapture: captures are compulsory, so a position with a capture
	// has no quiet alternative: quiescence may not stand pat there
	// (quiesceForced), and passing (the null move) proves nothing.
	mustCapture bool
	// noNull: the null move is unsound everywhere (compulsory captures,
	// or losing every piece wins: zugzwang is the rule, not the exception).
	noNull bool
	// antiMaterial: losing pieces wins (ExtinctionAll with a win value,
	// antichess): static exchange, which counts material won, says
	// nothing of a capture's worth, so no move is pruned by it.
	antiMaterial bool
	// royal: the variant has check, so a check is a threat to a royal
	// king and is extended; a pseudo-royal piece's attack is not.
	royal bool
	// counting: a counting rule's count is part of what a position is
	// worth: the transposition table keys by Position.TableKey.
	counting bool
}

func rulesOf(v *engines.Variant) rules {
	if !v.FairyRules() {
		return rules{}
	}
	anti := v.ExtinctionValue == engines.ValueWin && v.ExtinctionAll
	return rules{
		on:           true,
		mustCapture:  v.MustCapture,
		noNull:       v.MustCapture || anti,
		antiMaterial: anti,
		royal:        v.Check,
		counting:     v.Counting != engines.NoCounting,
	}
}

// ttKey returns the transposition table's key of pos.
func (r *rules) ttKey(pos *engines.Position) uint64 {
	if r.counting {
		return countingKey(pos)
	}
	return pos.Hash()
}

// countingKey is Position.TableKey, kept out of the search's hot
// functions, which measured 2-3% slower in BenchmarkSearch with it
// inlined five times over.
//
//go:noinline
func countingKey(pos *engines.Position) uint64 { return pos.TableKey() }

// resultScore turns a result into a score for the side to move of pos,
// at ply: a win limits.Mate-ply, a loss -(limits.Mate-ply), a draw 0.
func resultScore(pos *engines.Position, r engines.Result, ply int) int {
	switch {
	case !r.Decisive():
		return 0
	case r.Winner() == pos.SideToMove():
		return limits.Mate - ply
	}
	return -(limits.Mate - ply)
}

// fairyTerminal is terminalScore on the general path: a game end by rule,
// or else checkmate or stalemate with the variant's values.
func fairyTerminal(pos *engines.Position, ply int) int {
	if o, over := pos.FairyEnd(); over {
		return resultScore(pos, o.Result, ply)
	}
	return resultScore(pos, pos.NoMovesOutcome().Result, ply)
}

// fairyDrawn is isDraw on the general path: the variant's n-move rule,
// the count of a counting rule past its limit (unless the side to move
// is mated), a repetition (once is enough in the search) scored by the
// variant's n-fold value, the bare-kings draw and insufficient material.
// ok: the game ends here, with score for the side to move.
func (s *Searcher) fairyDrawn(pos *engines.Position, ply int) (score int, ok bool) {
	v := pos.Variant()
	hm := pos.HalfmoveClock()
	if n := v.MoveRule(); n > 0 && hm >= 2*n {
		return 0, true
	}
	if pos.CountingOver() && (!pos.InCheck() || pos.CountMoves() > 0) {
		return 0, true
	}
	n := len(s.path) - 1
	h := s.path[n]
	for i := n - 2; i >= 0 && i >= n-hm; i -= 2 {
		if s.path[i] == h {
			return resultScore(pos, v.RepetitionResult(pos), ply), true
		}
	}
	if v.BareKingsDraw && pos.Occupied() == pos.ByType(engines.King) {
		return 0, true
	}
	if v.InsufficientMaterial && pos.InsufficientMaterial() {
		return 0, true
	}
	return 0, false
}

// nullAllowed reports whether the null move may be tried in pos on the
// general path: not under noNull, nor for a side without a king (horde's
// White), whose every move may weaken it.
func (r *rules) nullAllowed(pos *engines.Position) bool {
	return !r.on || !r.noNull && pos.Pieces(pos.SideToMove(), engines.King) != 0
}

// quiesceForced is quiesce under compulsory captures. Where the side to
// move has a capture, every legal move is one, and it must make one: the
// static score (which assumes a quiet move is available) is no bound, so
// every capture is searched with no stand pat and no pruning by material
// (losing material may be the point). Where it has none, the position is
// quiet: the static score stands.
func (s *Searcher) quiesceForced(pos *engines.Position, ply, qply, alpha, beta int) int {
	stand := s.evaluate(pos, ply)
	if ply >= limits.MaxPly || qply >= qMaxPly {
		return stand
	}
	moves := pos.GenerateMoves(s.moves[ply][:0])
	if len(moves) == 0 {
		return fairyTerminal(pos, ply)
	}
	if !pos.IsCapture(moves[0]) {
		return stand
	}
	s.scoreMoves(pos, moves, s.scores[ply][:len(moves)], engines.NullMove, ply, engines.NullMove, nil, nil)
	scores := s.scores[ply][:len(moves)]
	best := -infinity
	child := &s.plyState[ply].child
	for i := range moves {
		pickBest(moves, scores, i)
		pos.MakeMove(moves[i], child)
		s.nodes++
		score := -s.quiesce(child, ply+1, qply+1, -beta, -alpha)
		if s.aborted {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}
