// Package rules replays records by the variants' rules: [CheckGame] vets
// a journal record (every move legal and read as recorded, nothing after
// the end, a game the rules ended carrying their result), and a
// [PGNChecker] vets the games of PGN files before they are rated,
// reporting each one left out with its FILE:LINE and why. It is the one
// package under results that knows the move generator; [Termination]
// names the rules' ends as the records do.
package rules
