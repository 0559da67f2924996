// Package fairy reads Fairy-Stockfish's variant definitions: the
// variants.ini format, Betza notation, the parent variants.
//
// A variants.ini holds sections "[name]" or "[name:parent]", each followed
// by "key = value" lines; blank lines and lines starting with '#' or ';'
// are skipped. Parse reads such a file and returns one Definition per
// section, resolved against its parent: a parent is an earlier section of
// the same file or a built-in variant, whose rules this package carries as
// data (builtin.ini: chess, fairy, losalamos, extinction, kinglet,
// threekings, kingofthehill, racingkings, 3check, antichess, giveaway,
// gardner, shatranj, makruk, almost, knightmate, horde, and varena's
// evolution and losalamos-extinction), written from what Fairy-Stockfish
// 11.1 plays and checked against its start positions and perft counts
// (testdata). A section without parent starts from chess without pieces,
// as in Fairy-Stockfish.
//
// Definition is this package's own description of a variant, in
// Fairy-Stockfish's terms: pieces by key name and letter with their moves
// as Atoms, regions as squares, results as win/loss/draw. It does not
// depend on the rules engine; the caller lowers it to an engines.Variant.
// Format writes a Definition back as one self-contained section.
//
// The reader is stricter than Fairy-Stockfish, which warns about an unknown
// key or a bad value and plays on with its default. A variant played by
// other rules than its file says is worse than no variant, so here every
// unknown key, bad value, repeated key or section, ambiguous piece letter,
// and every rule the engine cannot play (drops, gating, hoppers, lame
// leapers, counting rules, mobility regions, boards over 64 squares, ...)
// is an error of one line, and the first one ends the reading:
//
//	FILE:LINE: key "K": not supported: REASON
//
// Errors are *Error values; errors.Is(err, ErrUnsupported) tells a rule the
// engine cannot play from a mistake in the file. A parent defined further
// down the file is refused too: Fairy-Stockfish resolves parents as it
// reads and skips such a child.
//
// Key names of both Fairy-Stockfish 11.1 (the Debian binary) and of the
// current documentation are accepted where they differ (promotionRank and
// promotionRegionWhite, whiteFlag and flagRegionWhite, kingType and
// king = k:BETZA, ...): see only111 and newOnly in keys.go. Input is
// bounded: MaxFileSize, MaxLineLength and MaxSections.
package fairy
