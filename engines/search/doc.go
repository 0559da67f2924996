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
// (configs/weights/<variant>.yaml, weights.go), where a table is written
// as a board is read, one row per rank.
//
// In the search the material and piece-square terms are not summed afresh
// at each node: the searcher keeps their sums per ply and moves them by the
// squares that changed since the last position evaluated there (psq.go).
package search
