// Package pairing holds the pairing rules of the event tournaments: the
// Dutch Swiss system (FIDE C.04.3), cutechess-cli's knockout bracket and
// FIDE's tie-breaks. It is pure: it knows players by their pairing number
// (1 is the top seed) and results as points, never engines or games, so
// the arena and the tests drive it the same way.
//
// # Swiss (Dutch)
//
// [Dutch] (and [Event.Pair], which also knows the number of rounds) pairs
// one round from the history of the earlier ones, by C.04.3 as of 2017
// (the rules JaVaFo and bbpPairings implement), with the bye rule of the
// 2025 revision:
//   - players are ranked by score, then pairing number; each score group
//     (with the players floating down into it) is a bracket, paired from the
//     top down;
//   - a bracket pairs its top half (S1) against its bottom half (S2), trying
//     S2's transpositions in the Dutch order (lexicographic in ranks) and
//     then exchanges between S1 and S2, fewest players swapped first, then
//     the smallest difference in rank sums; a heterogeneous bracket pairs
//     as many of its downfloaters as it can first, the highest first, and
//     its remainder as above;
//   - absolute criteria: no two players meet twice, a player has at most one
//     pairing-allocated bye (none after a forfeit win), no two players with
//     the same absolute colour preference meet unless one is a topscorer of
//     the last round (over half the points played for); a bracket's pairing
//     must leave the players below it pairable (the completion criterion);
//   - quality, compared in this order (C.5-C.21): the most pairs; then
//     (C.7) downfloaters with whom the next bracket can pair all its
//     players (all but one when they are odd) and leave the players below
//     it pairable, unless the next bracket is the last; the fewest
//     topscorers or their opponents pushed past a colour difference of 2
//     or to one colour three times running (last round only); the fewest
//     colour preferences broken, then strong ones; the fewest
//     players given the same downfloat as in the round before, the same
//     upfloat, the same downfloat as two rounds before, the same upfloat;
//     then the smallest score differences of those floats; then the first
//     candidate in the Dutch order. A player floats down when paired with
//     a lower score (or moved down unpaired), up with a higher one, and
//     every round without a game (a bye, a forfeit, an absence) counts as
//     a downfloat ([Player.Floats]);
//   - with an odd count, the bye goes to a player who has had none and
//     whose bye leaves the rest pairable: the lowest score first, then the
//     fewest rounds unplayed (C.04.3 of 2025, C.9); among those (the
//     bye's tier), the one left over by the best pairing of the last
//     bracket, the bye counting as a downfloat, so by the quality above
//     and then the lowest rank. When the tier is not the lowest score
//     group (everyone below has had a bye), the round is paired once for
//     each player of the tier and the best round wins;
//   - colours follow C.04.3's allocation: both preferences granted when they
//     differ, else the stronger one, else alternate from the most recent
//     round in which the two had different colours, else the higher-ranked
//     player's preference; two players without colours yet (round 1) give
//     the higher-ranked the initial colour (white) when his place among
//     the round's players in pairing-number order is odd.
//
// Left out of C.04.3: choosing accelerated rounds' fictitious points
// (Baku; a TRF's XXA points are paired on, see [TRF.Before]), forbidden
// pairs, and of C.7 how many pairs short of all the next bracket falls
// and its score differences (PSD): knowing them would take pairing the
// next bracket for every candidate, so C.7 only tells whether it can pair
// all. A heterogeneous bracket chooses its downfloaters' pairs before its
// remainder's, so the two are not weighed together.
//
// Candidates are searched as a branch and bound: a partial pairing no
// better than the best candidate so far is cut, as is any pair that may
// not meet; the colour preferences of the players still to pair bound
// how many more a partial pairing must break. One bracket tries at most
// [MaxCandidates] partial pairings; past that the best candidate seen is
// taken, and an exchange level of more than 65536 S1 sets is not listed.
// One round tries at most [MaxSearch]; a bracket that has found no valid
// candidate by then makes the round fail with an error rather than
// search on. A bracket stops early once its best candidate breaks only
// the colour preferences its players' counts make unavoidable. On a
// loaded 2-core machine a whole 9-round Swiss of 63 or 64 players pairs
// in about 0.1 s, of 84 in 0.2 s (BenchmarkDutch).
//
// [ReadTRF] reads FIDE's Tournament Report File (TRF-16, with JaVaFo's
// XXR and XXA records) and [TRF.Before] gives the pairer a round's
// history from it. TestDutchEvent and TestDutchEventAccelerated replay
// two real opens from their TRFs (testdata/event/README.md gives the
// sources) and, where a round differs, judge both pairings by the
// criteria above to show which criterion one of them breaks;
// TestDutchPublished pairs bbpPairings' test rounds.
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
