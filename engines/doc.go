// Package engines holds the rules shared by every variant varena plays:
// board geometry, the Variant description, Position, Move, legal move
// generation, make-move, game-state detection, perft and notation (FEN,
// UCI move text, SAN).
//
// One generator serves all variants. A Geometry value holds the squares of
// a board (up to 64, including bunker squares) and, per square, the step and
// ray tables in every direction; a Variant is a small description read by
// the generator (check or not, extinction species, promotion set,
// evolution, castling, double step, en passant). Per-variant packages
// (engines/extinction, engines/losalamos, engines/evolution) hold only
// their description; engines/variants lists them.
//
// Variants loaded from Fairy-Stockfish's variants.ini state their game-end
// and move rules through the Variant fields named after its keys
// (CheckmateValue, StalemateValue, ExtinctionValue, ExtinctionAll,
// ExtinctionPieceCount, BareKingValue, FlagPiece and FlagRegion,
// CheckCounting, MustCapture, NoChecking, NMoveRule, NFoldRule, Counting
// in counting.go...). Each one's zero value is the rule of the built-in
// variants, so these never see them; a variant that sets one takes a
// general path (fairy.go).
// Pawn rules of regions (PromotionRegion, DoubleStepRegion,
// EnPassantRegion) give the variant its own copy of the Geometry with
// those pawn tables, so the pawn code stays the same for all.
// testdata/fairy holds Fairy-Stockfish 11.1's
// perft counts and game ends for its parents described so.
//
// A variant may add piece types of its own (Variant.Fairy, FirstFairy
// upward): each a list of Atoms, leaps and riders with move-only,
// capture-only and colour-dependent parts, from which NewVariant builds
// per-square tables (fairypiece.go). A variant without them pays one branch
// on a per-variant flag and keeps its code path; one with them has its
// legality tested by making each move.
//
// Positions are plain values and are copied on make (copy-make): a child is
// written into a caller's Position, no allocation per move. Repetition
// history lives outside the position, in Game.
//
// A variant this package's generator cannot play (a board over 64
// squares, hoppers, lame leapers, mobility regions, janggi's rules) is
// played by package engines/wide, the general rules engine, and still
// described by a Variant (NewWideVariant, wide.go): its Position points
// to a wide.Position of its own, and the methods the referee, notation
// and records use hand the work to it (one nil test at their entry).
// Variant.Wide, Position.Wide and Game.Wide reach the general engine's
// values; the methods that expose bitboards describe this package's
// boards only.
package engines
