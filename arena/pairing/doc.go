// Package pairing holds the pairing rules of the event tournaments: the
// Dutch Swiss system (FIDE C.04.3), cutechess-cli's knockout bracket and
// FIDE's tie-breaks. It is pure: it knows players by their pairing number
// (1 is the top seed) and results as points, never engines or games, so
// the arena and the tests drive it the same way.
//
// # Swiss (Dutch)
//
// [Dutch] pairs one round from the history of the earlier ones:
//   - players are ranked by score, then pairing number; each score group
//     (with the players floating down into it) is a bracket, paired from the
//     top down;
//   - a bracket pairs its top half (S1) against its bottom half (S2), trying
//     S2's transpositions in the Dutch order (lexicographic in pairing
//     numbers) and then exchanges between S1 and S2, smallest first; a
//     heterogeneous bracket pairs its downfloaters first and its remainder
//     as above;
//   - absolute criteria: no two players meet twice, a player has at most one
//     pairing-allocated bye, no two players with the same absolute colour
//     preference meet; a bracket's pairing must leave the players below it
//     pairable (the completion criterion);
//   - quality: the most pairs in the bracket, then the fewest pairs where
//     both players want the same colour, then the fewest strong preferences
//     broken, then the first candidate in the Dutch order;
//   - with an odd count, the bye goes to a player who has had none and
//     whose bye leaves the rest pairable: the lowest score first, then the
//     fewest rounds unplayed (C.04.3 of 2025, C.9), then the lowest rank;
//   - colours follow C.04.3's allocation: both preferences granted when they
//     differ, else the stronger one, else alternate from the most recent
//     round in which the two had different colours, else the higher-ranked
//     player's preference; in round 1 the odd boards give the top player the
//     initial colour (white).
//
// Not implemented from C.04.3: the float-history criteria (C.14-C.21: no
// repeated up- or downfloat in consecutive rounds) and the topscorers'
// last-round relaxation of the colour rules. Transpositions are tried up to
// [MaxCandidates] per bracket size; past that the best candidate seen wins.
//
// An engine event plays every pairing as a colour-reversed pair, so each
// player's colour difference stays 0 and the colour rules only decide who
// has white in the pair's first game.
//
// # Knockout
//
// [Bracket] places players as cutechess-cli does: the bracket has the next
// power of two of slots, seed r takes the slot the recursive halving gives
// it (1 and 2 in opposite halves, 1 against the last, ...), and the byes
// go to the top seeds. Seeds beyond the seeded count are shuffled by the
// caller's random source.
//
// # Tie-breaks
//
// [Standings] ranks by points, then FIDE's (C.07, 2023) tie-breaks in this
// order: Buchholz Cut-1, Buchholz, Sonneborn-Berger, number of wins, direct
// encounter. An unplayed round (a bye) counts the player's own score in
// their Buchholz, and is the first contribution Cut-1 drops.
package pairing
