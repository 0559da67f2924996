// Package wide is a rules engine for boards of up to 12 files and 10
// ranks (120 squares), on 128-bit bitboards, with Fairy-Stockfish 11.1's
// semantics: the built-in variants of Fairy-Stockfish 11.1 on boards over
// 64 squares (capablanca, caparandom, gothic, janus, embassy, grand,
// courier, shako, xiangqi, manchu, janggi and its three rule sets,
// chancellor, centaur, modern, jesonmor, clobber10) and minixiangqi. It
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
// Positions hold no pieces in hand: variants with drops (shogi, supply)
// are left for later, when a per-colour count per type joins Position.
package wide
