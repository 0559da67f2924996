// Package widesearch is the built-in engine for the variants of the wide
// rules engine (engines/wide: boards up to 12x10, xiangqi, janggi,
// capablanca, grand, shako, ...): an alpha-beta searcher over wide's
// copy-make positions and an evaluation derived from the rules.
//
// The search (search.go) is iterative deepening with aspiration windows
// and principal variation search, a transposition table of its own
// (tt.go: all 32 bits of a move, one thread, plain stores) probed in
// quiescence too, quiescence over captures and promotions (delta
// pruning; a capture of a less valuable piece onto an attacked square is
// left out, a cheap stand-in for static exchange; a lazy evaluation
// without the mobility and king terms far above beta), a check
// extension where the variant has check, reverse futility, the null move
// (never in check, nor for a side with only its royal piece, its pawns
// or soldiers and its palace guards, where zugzwang is common), internal
// iterative reduction, futility and late-move pruning, late-move
// reductions, and move ordering by hash move, MVV-LVA (losing captures
// after the killers), killers, a counter-move and a history. Game ends
// are the rules' (wide.Position.ImmediateEnd, Status, the n-move rule):
// a repetition inside the search (one earlier occurrence is enough, not
// across a null move) is scored as the variant's repetition rule scores
// it, a loss for the side that gave perpetual check in xiangqi, the
// material count in janggi, else a draw (wide.RepetitionOutcome).
//
// Scores are centipawns from the side to move's view; a game won n
// plies from the root scores Mate-n, lost -(Mate-n), the constants and
// MateIn of engines/limits that engines/search uses too, so that results
// map one to one. Limits (over wide.Move), Info and Result mirror
// engines/search's, and the time management (time.go)
// makes engines/search's decisions. With one thread and no clock the
// search is deterministic: the same searches since NewGame give the same
// results.
//
// The evaluation (eval.go) is linear in a few named weights (Weights):
// material, centrality per piece type, mobility per piece type (each
// piece's pseudo-legal moves), attacks on the enemy royal piece's zone
// and their square (king danger), the advance of pawns and soldiers and
// their crossing into the enemy half (xiangqi's river), a tempo. One
// pass counts the features (wide.Position.Activity for the moves and
// attacks); Eval.Trace returns them, so that a Texel fit can tune the
// weights, and a test checks the weights times the trace equal the
// evaluation. Without tuned weights for these variants the defaults come
// from the rules (derive.go): a piece is worth its reach on the empty
// board, as engines/search's DerivedWeights values fairy pieces, with
// hoppers and lame leapers counted by the chance their hurdle or leg is
// there.
//
// The tests that measure rather than check run with VARENA_LONG=1: a
// match against Fairy-Stockfish 11.1 at 20,000 nodes a move
// (TestFSFBaseline, fsf_test.go) and self-play matches with a term of
// the evaluation or a rule of the search off (ab_test.go).
package widesearch
