// Package fairy reads Fairy-Stockfish's variant definitions: the
// variants.ini format, Betza notation, the parent variants.
//
// A variants.ini holds sections "[name]" or "[name:parent]", each followed
// by "key = value" lines; lines starting with '#' or ';' are comments.
// Parse reads such a file and returns one Definition per section, resolved
// against its parent: a parent is an earlier section of the same file or
// one of Fairy-Stockfish's built-in variants, whose rules this package
// carries as data (builtin.ini, written from what Fairy-Stockfish 11.1
// does and checked against its start positions and perft counts).
//
// Definition is this package's own description of a variant, in
// Fairy-Stockfish's terms (pieces by key name and letter, regions as
// squares, results as win/loss/draw). It does not depend on the rules
// engine: the caller lowers it to an engines.Variant.
//
// The reader is stricter than Fairy-Stockfish, which warns about an unknown
// key or a bad value and plays on with its default. A variant played by
// other rules than its file says is worse than no variant, so here every
// unknown key, bad value, repeated key or section and every feature the
// engine cannot play (drops, gating, hoppers, lame leapers, counting rules,
// boards over 64 squares, ...) is an error of one line:
//
//	FILE:LINE: key "K": not supported: REASON
//
// Key names of both Fairy-Stockfish 11.1 (the Debian binary) and of the
// current documentation are accepted where they differ (promotionRank and
// promotionRegionWhite, whiteFlag and flagRegionWhite, ...); see keyTable.
package fairy
