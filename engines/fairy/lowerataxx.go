package fairy

import "varena/engines/wide"

// ataxx lowers the keys of the ataxx, reversi and snailtrail families
// (wide.AtaxxRules): drops that never empty the hand, flips, the drops
// reversi starts with, a full board ending the game, stalemates decided
// by piece count and the walls moves leave behind.
func (l *wideLowering) ataxx(r *wide.Rules) {
	d := l.d
	a := &r.Ataxx
	a.FreeDrops = d.FreeDrops && d.PieceDrops
	a.Flip = map[string]int{
		"reversi": wide.FlipReversi, "ataxx": wide.FlipAtaxx, "quadwrangle": wide.FlipQuadwrangle,
	}[d.FlipEnclosedPieces]
	if d.EnclosingDrop != "" {
		a.DropStart = l.region(d.EnclosingDropStart)
	}
	a.FullBoard = d.AdjudicateFullBoard
	a.StalematePieceCount = d.StalematePieceCount
	a.PastWalls = d.WallingRule == "past"
}
