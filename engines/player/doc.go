// Package player defines the Player interface the arena drives, with the
// built-in players (random, greedy, alphabeta). External UCI engines
// implement it in engines/uci.
package player
