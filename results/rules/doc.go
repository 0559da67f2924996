// Package rules replays records by the variants' rules. A [Referee]
// knows the variants of one variants.Set (the built-ins, and the
// sections of the variants.ini the games were played with): its
// [Referee.CheckGame] vets a journal record (every move legal and read
// as recorded, nothing after the end, a game the rules ended carrying
// their result), and a [PGNChecker] vets the games of PGN files before
// they are rated, reporting each one left out with its FILE:LINE and
// why. It is the one package under results that knows the move
// generator, so it is also where the pages that draw positions
// (report.html, the live page) get what they draw as plain data:
// [Referee.BoardOf] a variant's board, [Referee.FinalFEN] the position a
// record ends in. [Termination] names the rules' ends as the records do.
package rules
