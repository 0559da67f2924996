package arena

import (
	"context"
	"errors"
	"fmt"

	"varena/configs"
	"varena/engines"
	"varena/engines/player"
	"varena/results"
)

// Table is what one game needs besides the players: the variant, each
// side's time control, the adjudication rules and the event name of the
// record.
type Table struct {
	Variant      *engines.Variant
	TimeControl  [2]configs.TimeControl // by colour
	Adjudication configs.Adjudication
	Event        string
}

// PlayGame plays the game spec between white and black through the
// arena's own game loop (the one Run's workers use), for callers that
// schedule games themselves, such as SPSA tuning. A player fault ends the
// game as a loss for that player, as in a run; a game stopped because
// ctx ended has no result and comes back as an error.
func PlayGame(ctx context.Context, spec GameSpec, t Table, white, black player.Player) (results.Game, error) {
	if t.Variant == nil || t.Variant.Name != spec.Variant {
		return results.Game{}, fmt.Errorf("game %d: table for another variant than %s", spec.ID, spec.Variant)
	}
	tab := table{Table: t, spec: spec, players: [2]player.Player{white, black}}
	g, err := tab.play(ctx)
	if err != nil && ctx.Err() != nil && !errors.Is(err, errAborted) {
		err = fmt.Errorf("%w: %v", errAborted, err)
	}
	return g, err
}
