// Package evolution describes Evolution Chess (Jason D. Wittman, 2001):
// knights on a 7x6 board that evolve N -> B -> R -> Q each time they move;
// orthodox check, checkmate and stalemate.
package evolution
