// Package limits holds what a move request and a search share: the
// limits of one search (Limits: depth, nodes, clocks, UCI's searchmoves)
// and the mate-score convention (Mate, MaxPly, MateIn). The protocol
// clients and servers, the players and the arena use it without importing
// the built-in searcher, which reads the same values.
package limits
