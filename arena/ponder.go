package arena

import (
	"context"

	"varena/engines"
	"varena/engines/player"
)

// ponderer is a player that thinks on its opponent's time: an external
// UCI engine with ponder on (uci.Engine's Ponder and StopPonder).
type ponderer interface {
	Ponder(ctx context.Context, req player.Request) error
	StopPonder(ctx context.Context) error
}

// startPonder lets the side that has just moved (us) ponder, when it
// ponders, named a reply it expects, and the game goes on after it: on
// the game with that reply, with the clocks as they will be then (its
// own already charged for the move just made, the opponent's not yet).
func (t *table) startPonder(ctx context.Context, us engines.Color, g *engines.Game, reply player.Reply, clocks [2]clock) error {
	p, ok := t.players[us].(ponderer)
	if !ok || !t.ponder[us] || reply.Ponder == engines.NullMove || t.players[0] == t.players[1] {
		return nil
	}
	if g.Outcome().Result != engines.Ongoing || !g.Position().IsLegal(reply.Ponder) {
		return nil
	}
	pg := engines.NewGame(g.Start())
	for _, m := range g.Moves() {
		pg.Play(m)
	}
	pg.Play(reply.Ponder)
	if pg.Outcome().Result != engines.Ongoing {
		return nil
	}
	lim, _ := t.limits(us, clocks)
	return p.Ponder(ctx, player.Request{Game: pg, Limits: lim})
}

// stopPonders ends the ponder searches still running when a game ends.
func (t *table) stopPonders(ctx context.Context) {
	for c, p := range t.players {
		if pp, ok := p.(ponderer); ok && t.ponder[c] {
			pp.StopPonder(ctx) // a failure shows at the engine's next use
		}
	}
}
