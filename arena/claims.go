package arena

import (
	"fmt"

	"varena/engines"
	"varena/engines/player"
	"varena/results"
)

// judgeClaim ends a game on a player's claim, made by the side us
// instead of a move or right after its move, in a game the rules have
// not ended: the referee's judgement stands, as in cutechess-cli. A
// resignation, or a claim that the opponent wins, concedes the game; a
// claim of a win or a draw the rules do not support is an illegal claim
// and loses for the claimant (recorded as a rules infraction, with the
// claim in the reason).
func judgeClaim(c *player.Claim, us engines.Color, g *engines.Game) (engines.Result, string, string) {
	if c.Resign || c.Result == winFor(us.Other()) {
		return winFor(us.Other()), results.TermResignation, c.Error()
	}
	return winFor(us.Other()), results.TermIllegalMove,
		fmt.Sprintf("illegal claim: %s, but the game goes on by the rules in %s", c.Error(), g.Position().FEN())
}
