// Package search holds the built-in engine: an alpha-beta searcher
// (search.go, tt.go) and its evaluation.
//
// The evaluation is linear in its weights: eval(pos) = sum_i w_i * f_i(pos)
// from the side to move's view, one code path for play and for the tuner
// (Evaluate with a Trace records f(pos)). Its features are registered per
// variant as named blocks (features.go): a single term, or a whole
// piece-square table of one feature per square. Every term comes as a
// middlegame and an endgame feature, the game phase p (from the material
// on the board) folded into them as p*x and (1-p)*x, so tapering keeps the
// model linear. Block names are the keys of the weights files
// (engines/search/weights/<variant>.yaml, weights.go), where a table is written
// as a board is read, one row per rank.
//
// One pass over the pieces (facts.scan, eval.go) counts what the terms
// need; one list of terms (terms, eval.go) adds up count times weights.
// The searcher's score and the tuner's trace are that list instantiated
// for two sink types: the searcher's (noTrace) compiles to the sums alone,
// the tuner's (withTrace) also logs each term for the trace. A term is
// added with a field of featureSet, one registration in newFeatureSet
// (its name, the key of its weights, and with optional the weights a file
// without them gets, so the weights files need no edit) and one line in
// terms; a bishop pair, say:
//
//	bishopPair term // in featureSet
//
//	// in newFeatureSet:
//	fs.bishopPair = fs.optional("bishop_pair", "both bishops, own minus enemy", 0, 0)
//
//	// in terms, in the loop over the sides:
//	if fs.bishopPair.ok() && f.n[side][engines.Bishop] >= 2 {
//		a = a.add(vals, fs.bishopPair, sign)
//	}
//
// A term that needs something the scan does not count adds it to facts.
//
// In the search the material and piece-square terms are not summed afresh
// at each node: the searcher keeps their sums per ply and moves them by the
// squares that changed since the last position evaluated there (psq.go).
//
// The search (Searcher.negamax) is written as a sequence of named steps:
// the hash probe, the capture of a last piece (lastPieceCapture), the
// static score (staticEval), reverse futility (reverseFutile), the null
// move (nullMove), the move list (orderedMoves), the singular extension
// (singular), then per move the pruning rules (skipMove) and the
// principal variation search with its late-move reduction (searchMove,
// reduction).
//
// A variant of the general path (engines.Variant.FairyRules: the game ends
// and move rules of Fairy-Stockfish's variants) is searched by the same
// steps, its game ends judged by the rules engine (rules.go: FairyEnd at
// every node, NoMovesOutcome without moves, the variant's n-move and
// n-fold rules, a counting rule's count past its limit, with the
// transposition table keyed by the plies left to it); the shortcuts its rules make unsound are off there: the
// null move under compulsory captures, where losing every piece wins and
// for a kingless side, the check extension without a royal king, the
// stand pat where a capture is compulsory (quiesceForced), pruning by
// static exchange where material is a burden. A variant without a weights
// file gets DerivedWeights (derive.go): material from each piece's reach
// on the empty board, tables toward the centre or the flag. The built-in
// variants have the zero rules and their weights files: their search is
// unchanged, as the search signature checks.
//
// The search counts what each of its rules does (stats.go: Stats,
// StatTable) in a build with -tags searchstats only; elsewhere the
// counting is a false constant's dead code, compiled away.
//
// With Searcher.SetThreads the search runs in several goroutines (Lazy
// SMP, smp.go): helpers with histories of their own search the same root
// and share the transposition table, which is safe for concurrent use
// (tt.go: slots of atomic words, XOR-checked); the main thread decides
// the move. With one thread the search is the one it always was.
//
// A variant of the general rules engine (engines.Variant.Wide: boards
// over 64 squares, hoppers, pieces in hand, ...) is searched by package
// engines/widesearch (wide.go): Search hands it the game, Weights hold
// its evaluation (a file of name: value lines, wideweights.go), and
// Evaluate with a Trace gives its features to the Texel fit. It searches
// with one thread.
package search
