package arena

import (
	"context"
	"fmt"

	"varena/configs"
	"varena/engines"
	"varena/engines/player"
	"varena/engines/search"
	"varena/engines/variants"
)

// DefaultPlayer makes the player of an engine entry: a built-in engine,
// or an external UCI engine process (its stderr logged to
// <out>/<name>.log).
func DefaultPlayer(ctx context.Context, r *configs.Run, e configs.Engine, out string) (player.Player, error) {
	seed := e.Seed
	if seed == 0 {
		seed = r.Seed
	}
	switch e.Kind {
	case configs.KindRandom:
		return player.NewRandom(e.Name, seed), nil
	case configs.KindGreedy, configs.KindAlphaBeta:
		weights := map[*engines.Variant]*search.Weights{}
		for name, path := range e.Weights {
			v, err := variants.ByName(name)
			if err != nil {
				return nil, fmt.Errorf("engine %s: %w", e.Name, err)
			}
			// Through the run, so that an embedded run reads embedded files.
			data, err := r.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("engine %s: weights: %w", e.Name, err)
			}
			w, err := search.ParseWeights(v, r.Path(path), data)
			if err != nil {
				return nil, fmt.Errorf("engine %s: %w", e.Name, err)
			}
			weights[v] = w
		}
		if e.Kind == configs.KindAlphaBeta {
			return player.NewAlphaBeta(e.Name, weights, search.Limits{}, e.Hash), nil
		}
		return player.NewGreedy(e.Name, seed, weights), nil
	case configs.KindUCI:
		return startUCI(ctx, r, e, out)
	}
	return nil, fmt.Errorf("engine %s: unknown kind %q", e.Name, e.Kind)
}
