// Package openings is where games start: a run's book read once
// ([LoadBook]: an EPD/FEN file, the positions of a PGN book after N
// plies, or the variant's built-in book, ordered and started as the
// config says), and random openings ([RandomOpening]) that leave a game
// to play ([Decided] says why a position is not one). The arena's
// schedule, the book command and SPSA's game pairs take their openings
// from here, so that the three agree on what an opening is.
package openings
