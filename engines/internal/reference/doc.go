// Package reference is an independent, deliberately slow and simple move
// generator and perft counter for the three variants of the project
// (Extinction Chess, Los Alamos Extinction Chess with and without bunkers,
// and Evolution Chess), written straight from /work/shared/RULES.md.
//
// It is used only by tests, as an oracle to cross-check the fast bitboard
// engine in package engines. It shares no code with that engine on purpose:
// the board is a plain mailbox indexed by (layer, file, rank), moves are
// generated piece by piece, legality in Evolution Chess is tested by playing
// the move and looking for an attack on the king, and every position is
// copied by value. Readability wins over speed everywhere.
//
// The API is two functions:
//
//	Perft(variant, fen, depth)  // number of leaves of the legal move tree
//	Divide(variant, fen, depth) // per legal move, perft(depth-1) below it
//
// Variant names: "extinction", "losalamos-bunkers", "losalamos-extinction" (Los Alamos
// with extinction rules but no bunkers), "evolution", and orthodox chess,
// "standard" and "fischerandom" (Chess960: castling rights in X-FEN or
// Shredder-FEN, a castling written as the king taking its own rook, e1h1).
//
// Move text is UCI-like: from square, to square, optional lower-case
// promotion letter ("e2e4", "e7e8k"); castling is written as the king's
// two-square move ("e1g1"); bunker squares carry an upper-case V prefix
// ("c1Vc1", "Vc1Vd1", "Vc5Vc6q").
package reference
