// Package player defines the Player interface the arena drives, with the
// built-in players (random, greedy, alphabeta). External engines
// implement it in engines/uci (UCI), engines/xboard (xboard) and
// engines/dialect (USI and UCCI).
package player
