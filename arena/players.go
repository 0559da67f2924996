package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"varena/configs"
	"varena/configs/plan"
	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/search"
)

// EngineError is a failure of one engine entry of a run (a weights
// file that does not parse, an unknown search parameter, a program that
// does not start): "engine NAME: what failed". The run puts the config
// line of the entry before it.
type EngineError struct {
	Engine string
	Err    error
}

func (e *EngineError) Error() string {
	// A player's fault names the player itself: say the name once.
	if f, ok := e.Err.(*player.Fault); ok && f.Player == e.Engine {
		return "engine " + e.Engine + ": " + f.Kind.String() + ": " + f.Err.Error()
	}
	return "engine " + e.Engine + ": " + e.Err.Error()
}

func (e *EngineError) Unwrap() error { return e.Err }

// engineError names the engine in err, unless err already does.
func engineError(name string, err error) error {
	var ee *EngineError
	if errors.As(err, &ee) && ee.Engine == name {
		return err
	}
	return &EngineError{Engine: name, Err: err}
}

// DefaultPlayer makes the player of an engine entry: a built-in engine,
// or an external UCI, xboard, USI or UCCI engine process (its stderr logged to
// <out>/<name>.log).
func DefaultPlayer(ctx context.Context, r *plan.Plan, e plan.Engine, out string) (player.Player, error) {
	seed := e.PlayerSeed
	switch e.Kind {
	case configs.KindRandom:
		return player.NewRandom(e.Name, seed), nil
	case configs.KindGreedy, configs.KindAlphaBeta:
		// The entry's own weights files; the others are the shipped
		// weights or derived from the rules, which the searcher has.
		weights := map[*engines.Variant]*search.Weights{}
		for name := range e.Weights {
			v, err := r.VariantSet.ByName(name)
			if err != nil {
				return nil, engineError(e.Name, err)
			}
			w, err := search.ParseWeights(v, e.WeightsData[name].Name, e.WeightsData[name].Data)
			if err != nil {
				return nil, engineError(e.Name, err)
			}
			weights[v] = w
		}
		if e.Kind == configs.KindAlphaBeta {
			ab := player.NewAlphaBeta(e.Name, weights, limits.Limits{}, e.Hash)
			p, err := SearchParams(e.Engine)
			if err != nil {
				return nil, err
			}
			ab.SetParams(p)
			ab.SetThreads(e.Threads)
			return ab, nil
		}
		return player.NewGreedy(e.Name, seed, weights), nil
	case configs.KindUCI:
		return startUCI(ctx, r, e, out)
	case configs.KindXboard:
		return startXboard(ctx, r, e, out)
	case configs.KindUSI, configs.KindUCCI:
		return startDialect(ctx, r, e, out)
	}
	return nil, engineError(e.Name, fmt.Errorf("unknown kind %q", e.Kind))
}

// SearchParams returns the search parameters of a built-in engine entry:
// the defaults, changed by the entry's options (parameter names as
// `varena uci` lists them, whole numbers within their bounds). Its error
// is an *EngineError.
func SearchParams(e configs.Engine) (search.Params, error) {
	p := search.DefaultParams()
	names := make([]string, 0, len(e.Options))
	for name := range e.Options {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if err := p.SetString(name, e.Options[name]); err != nil {
			return p, engineError(e.Name, fmt.Errorf("options: %w", err))
		}
	}
	return p, nil
}
