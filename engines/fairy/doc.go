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
// Definition.Variant lowers a definition to a playable engines.Variant
// (lower.go), and engines/variants loads whole files so (Load, LoadSet). Lowered are: the board (NewGeometry, up to 9 ranks); pawn,
// knight, bishop, rook and queen with their own letters as the engine's
// orthodox types (with another letter, the four pieces become types of
// the variant's own, the pawn is refused); the royal king as King with
// Check, when it has letter k and moves as K or by leaps the same
// mirrored left-right and up-down (engines.Variant.KingLeaps:
// knightmate's royal knight); a commoner k as a non-royal King in a variant without a
// royal king; every other piece as an engines.FairyPiece of its atoms, at
// most seven, each with moves the same on the left and on the right (the
// engine mirrors a piece for Black across the middle rank, Fairy-Stockfish
// turns it half round: equal for such pieces only). Start position;
// promotion in any region (PromotionRegion), mandatory, to one set of
// types for both sides (in the engine's order Q R B N K, then the
// variant's own types); double steps from any region (DoubleStepRegion),
// en passant in a region (EnPassantRegion); castling when it is the
// orthodox one on 8 files (king e to g or c, rooks of type rook in the
// corners, first rank) or Chess960's, else refused where the start
// position has a right and dropped where it has none; check,
// checking = false (NoChecking), checkCounting, mustCapture, the
// checkmate, stalemate, extinction (all its keys), bare-king and flag
// values (the king as the one flag piece of both sides, flagMove), the
// n-move and n-fold rules and values, countingRule makruk and asean
// (engines.Variant.Counting; refused beside an n-move rule), and
// evolution's piece promotion (n:b b:r r:q everywhere, mandatory). Values equal to Fairy-Stockfish's
// defaults (checkmate loss, stalemate draw, 50 moves, 3-fold draw) are
// lowered to the engine's zero values, so that such a variant keeps the
// built-in variants' fast paths. Anything else is refused in one line,
// FILE:LINE: key "K": not supported: REASON, at the place the key took
// effect (a built-in parent's line in builtin.ini when inherited).
//
// A file loads whole, as Fairy-Stockfish loads it: a key repeated in a
// section takes its last value and a repeated section is skipped (the
// first counts), each with a warning (ParseSectionsWarnings). The reader
// is otherwise stricter than Fairy-Stockfish, which warns about an unknown
// key or a bad value and plays on with its default. A variant played by
// other rules than its file says is worse than no variant, so here every
// unknown key, bad value, ambiguous start position, and every rule
// neither engine can play (two boards, drops on top of a column, duck walls,
// counting rules other than 11.1's, boards over 12x10, ...) is a problem
// of one line, and all of a file's problems are reported at once, one
// line each (errors.Join):
//
//	FILE:LINE: key "K": not supported: REASON
//
// Parse makes them the file's error; ParseSections keeps a section that
// has one, refused with its reason (Definition.Refused or Unsupported),
// and a child of it, so that the file's other sections play. A custom
// piece given a letter another piece has takes it: the other piece leaves
// the variant, as in Fairy-Stockfish. promotedPieceType sets the types
// it lists and keeps the parent's others ("b:-" removes one).
//
// Errors are *Error values; errors.Is(err, ErrUnsupported) tells a rule the
// engine cannot play from a mistake in the file. A parent defined further
// down the file is refused too: Fairy-Stockfish resolves parents as it
// reads and skips such a child.
//
// Definition.Wide lowers to the wide engine (engines/wide, lowerwide.go),
// boards up to 12x10 with hoppers (p), grasshoppers (g), lame leapers (n),
// mobility regions, the flying general, soldiers, janggi's palace
// diagonals, passing, bikjang and material counting, promotion limits and
// perpetual checks: builtin.ini carries Fairy-Stockfish 11.1's large
// built-ins (capablanca, caparandom, gothic, janus, modern, chancellor,
// embassy, centaur, jesonmor, courier, grand, shako, clobber10,
// minixiangqi, xiangqi, manchu, janggi, janggitraditional, janggimodern,
// janggicasual). Definition.Variant refuses these rules, which the
// narrow engine cannot play, in the same one-line form.
//
// Pieces in hand are the wide engine's too: pieceDrops, capturesToHand,
// dropLoop, drop regions, firstRankPawnDrops, promotionZonePawnDrops,
// dropChecks, mustDrop, dropPromoted, shogiDoubledPawn (dropNoDoubled),
// shogiPawnDropMateIllegal, sittuyinRookDrop, dropOppositeColoredBishop,
// castlingDroppedPiece, promotedPieceType with mandatoryPiecePromotion and
// pieceDemotion, gating and seirawanGating, sittuyinPromotion.
// builtin.ini carries 11.1's built-ins with them (crazyhouse, loop,
// chessgi, pocketknight, placement, sittuyin (with asean counting, which
// the wide engine plays), seirawan, shouse, capahouse,
// minishogi, shogi, kyotoshogi, dobutsu, gorogoro, judkins, euroshogi);
// bughouse, koedem and supply (twoBoards) are played on their one board,
// as 11.1 plays them: captures leave the game, the hands come from the
// FEN.
//
// The rest of 11.1's built-ins are there too, each with its suite
// (testdata/perft, engines/wide's testdata/perft): nocastle, 5check,
// amazon, chigorin, hoppelpoppel, newzealand, losers, codrus, asean,
// ai-wok, mini, clobber, breakthrough, suicide (stalematePieceCount) and
// makpong (makpongRule), shatar (shatarMateRule), cambodian
// (cambodianMoves), karouk (cambodian's moves, checkCounting 1+1 beside
// makruk's counting), micro (piecePromotionOnCapture, the wide engine's). 11.1's normal is varena's
// standard (engines/variants).
//
// Key names of both Fairy-Stockfish 11.1 (the Debian binary) and of the
// current documentation are accepted where they differ (promotionRank and
// promotionRegionWhite, whiteFlag and flagRegionWhite, kingType and
// king = k:BETZA, ...): see only111 and newOnly in keys.go. Input is
// bounded: MaxFileSize, MaxLineLength and MaxSections.
package fairy
