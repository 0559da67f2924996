// Package wide is a rules engine for boards of up to 12 files and 10
// ranks (120 squares), on 128-bit bitboards, with Fairy-Stockfish 11.1's
// semantics: the built-in variants of Fairy-Stockfish 11.1 on boards over
// 64 squares (capablanca, caparandom, gothic, janus, embassy, grand,
// courier, shako, xiangqi, manchu, janggi and its three rule sets,
// chancellor, centaur, modern, jesonmor, clobber10), minixiangqi, those
// with rules the 64-square engine lacks (newzealand, asean, clobber,
// breakthrough), and those with pieces in hand: crazyhouse, loop,
// chessgi, pocketknight, placement, sittuyin, seirawan, shouse,
// capahouse, and the shogis (shogi, minishogi and its other name mini,
// kyotoshogi, dobutsu, euroshogi, gorogoro, judkins), and newer
// Fairy-Stockfish's ataxx, reversi (flipersi, flipello) and snailtrail
// families (ataxx.go). It
// imports nothing of varena; engines/fairy lowers a variants.ini
// definition to a Rules (fairy.Definition.Wide).
//
// A Rules is data: the board, the piece types as Betza atoms (leaps,
// rides of any range, hoppers, grasshoppers, lame leaps, palace-only
// moves), mobility regions, promotion, castling and the game-end rules.
// NewVariant checks it and compiles per-square tables: leaps per square,
// rays per step cut at the first blocker by a lowest- or highest-bit scan
// on the two words, the paths of lame leaps, and their reverses for
// attack tests.
//
// Position is a plain value, copied on make (copy-make), pointing only to
// its Variant. Moves are generated pseudo-legally; out of check, a move
// off the lines a rider or hopper could attack the king along (and off
// the legs of lame leapers, and not onto such a line where hoppers could
// use it as a screen) is legal without a test, every other is tested on
// the board after it. The flying general and bikjang are tested so too.
//
// Pieces in hand are a count per colour and type after the board in
// Position, with the promoted pieces (a bitboard and the type each came
// from) and the gates; the hash covers them. MakeMove copies that part
// only in a variant that has it, so the other variants pay nothing for
// it. A drop is a Move of its own kind (its layout is documented on
// Move): generated for each type in hand onto the empty squares of its
// drop region (computed once per colour and type: the region, the
// pawn's ranks, the sittuyin rook's rank, immobility), then the
// position's rules (nifu); out of check a drop is legal without a test
// unless a hopper could use it as a screen.
//
// # Rules as Fairy-Stockfish 11.1 plays them
//
// What the binary shows (go perft, d) and its source of the time reads:
//
//   - Perft counts legal moves only; a position the rules have ended by
//     themselves (extinction, a flag reached with its extra move, bikjang
//     twice in a row, two passes in a row) has no moves.
//   - Castling is written in UCI as the king's move to its target square
//     ("f1i1" in capablanca); with Chess960 (caparandom) as the king
//     taking its rook ("f1j1"), with file-letter rights in the FEN
//     ("JAja"). A king step and a castling can share a text (shako's
//     "g2h2"): the step is read, as Fairy-Stockfish reads it. Outside
//     Chess960 the king may castle onto a square its own rook shielded
//     (Stockfish's test of that is Chess960's only).
//   - Janggi's pass is the royal piece's move to its own square ("e2e2"),
//     legal when not in check, or at any time while the kings face each
//     other (bikjang). Facing kings oblige the side to move to break the
//     line or pass: 4k4/9/9/9/9/9/9/9/4K4/9 w has 7 moves in janggi, 9 in
//     janggicasual; after e2e2 the game is over (0 moves). Bikjang twice
//     in a row or two passes in a row end the game: a draw, or by janggi's
//     material count (janggi, janggimodern: rook 13, cannon 7, horse 5,
//     elephant 3, advisor 3, soldier 2, one point to Black). The same
//     count decides janggi's n-move rule.
//   - Xiangqi and janggi: the third occurrence of a position (within the
//     plies since the last capture or pawn move) ends the game; a side
//     that checked at every move since the first occurrence loses
//     (perpetualCheckIllegal; both: as without). The other
//     repetitions are draws: in xiangqi, janggitraditional and
//     janggicasual a draw, in janggi and janggimodern decided by the
//     material count, as bikjang is. Chasing rules are not in 11.1. See
//     TestRepetition for lines that show each.
//   - The flying general (xiangqi, minixiangqi, manchu) forbids a move
//     that leaves the kings on one file or rank with nothing between; it
//     is no check. Soldiers gain their sideways steps on
//     soldierPromotionRank (xiangqi's 6th rank, janggi's from the start).
//     Janggi's cannon neither hops over nor captures a cannon; wazirs (the
//     advisors and the king), soldiers, rooks and cannons also move along
//     the palace diagonals.
//   - Grand: promotion is optional on ranks 8 and 9 and forced on 10, to
//     a type the side has fewer of than promotionLimit; a pawn may not
//     stay on the last rank (immobilityIllegal).
//   - Courier's bare king is 11.1's extinction rule, as shatranj's.
//
// Pieces in hand, as 11.1 plays them (TestHandRules and TestPawnDropMate
// hold a line for each):
//
//   - The FEN holds the hands between brackets after the board, White's
//     then Black's, each from the last piece type to the first
//     ("[QPpp]"); a shogi FEN is the same ("...[Pp] w - - 0 1"). A pawn
//     promoted where captures go to the hand is written "Q~" and returns
//     to the hand as a pawn; a shogi piece's promoted form is "+P", and
//     returns as its unpromoted type; in loop (and chessgi) a promoted
//     piece returns as what it is, and "~" is not written.
//   - Drops are written "P@e4" in UCI, the upper-case letter for both
//     sides; a promoted drop (Kyoto shogi) "+L@c3". A drop of a pawn
//     resets the halfmove clock, another drop does not.
//   - A pawn-drop mate (shogiPawnDropMateIllegal) is a legal move: go
//     perft counts it (k8/2G6/1G7/9/9/9/9/9/4K4[P] w: 85 moves with
//     P@a8), and the mate then loses for the dropper
//     (Termination PawnDropMate).
//   - Shogi promotion: a move starting or ending in the zone may promote
//     ("h2b8+"); a plain move that leaves a piece where it could never
//     move again is illegal (immobilityIllegal); with
//     mandatoryPiecePromotion (euroshogi, Kyoto) such a move must
//     promote. Kyoto shogi's promoted pieces turn back with every move
//     ("a1a2-").
//   - Seirawan: a piece leaving a gate of the first rank may bring a hand
//     piece onto it ("b1c3e"); castling gates on the king's square
//     ("e1g1h") or the rook's, written from the rook's square to the
//     king's ("h1e1h"). The castling field lists the rights, then each
//     gate's file, but not the gates of an empty hand (which 11.1 clears
//     after a move). The gated piece does not count in the test of the
//     king's safety: a pinned piece may not leave even if its gate
//     would shield the king.
//   - Placement and sittuyin (mustDrop): while a drop is legal no other
//     move is. Placement's bishops go to squares of both colours; a king
//     and rook dropped on their squares may castle.
//   - Sittuyin: with more than one pawn only a pawn on the long
//     diagonals in the opponent's half promotes, to the fers, in place
//     ("e6e6f") or by a fers step to an empty square, never to a square
//     where the fers attacks an enemy piece or gives check. Its ASEAN
//     counting starts when the side to move is bared and is written in
//     the FEN's en-passant and halfmove fields ("- 32 1 41").
//   - Repetitions in a variant with captures to the hand are looked for
//     over the whole game, not since the last capture.
//
// SAN: Fairy-Stockfish 11.1 has no SAN over UCI; SAN follows its SAN
// writer for PGN (apiutil.h: piece letter, file/rank/square
// disambiguation among legal moves of the type, pawn captures by file,
// "=X", O-O, +/#) and is tested by hand-written cases and round trips. A
// pass is written as the king's move to its own square ("Ke2").
//
// # Speed
//
// Perft against Fairy-Stockfish 11.1's go perft on the start positions,
// each a whole fresh process, one after the other (xiangqi 5, janggi 5,
// capablanca 5, grand 4, shako 4, courier 5, minixiangqi 5 plies):
//
//	WIDE_SPEED=1 go test ./engines/wide -run TestSpeedAgainstFSF -v
//
// measured 2.1x (grand) to 3.1x (shako) Fairy-Stockfish's speed, 2.71x
// over all (7.8 s against 21.2 s, 19 to 36 million nodes a second); with
// crazyhouse and shogi (5 plies each) added, on a machine loaded about
// eightfold: crazyhouse 1.86x, shogi 2.28x, 2.61x over all.
//
// # Tests
//
// The tests are an external package (wide_test) that takes its variants
// from engines/fairy's builtin.ini; testdata/perft holds each variant's
// suite from Fairy-Stockfish 11.1 (TestMakePerftSuites remakes it), and
// TestFSFLive compares perft divides and FENs with the binary live on
// random-game positions when it is installed.
package wide
