package player

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"varena/engines/search"
)

// SetOptions sets parameters by name between games, as an SPSA tuner
// does: search parameters (the names `varena uci` offers as options)
// and, for any other name, evaluation weights (the keys of a weights
// file, e.g. material_knight_mg), which apply to the weights of every
// variant that has them. All or none are set; the weights set by an
// earlier call are replaced.
func (a *AlphaBeta) SetOptions(ctx context.Context, opts map[string]string) error {
	p := a.params
	names := make([]string, 0, len(opts))
	for name := range opts {
		names = append(names, name)
	}
	sort.Strings(names)
	evals := map[string]float64{}
	for _, name := range names {
		if _, ok := search.LookupParam(name); ok {
			if err := p.SetString(name, opts[name]); err != nil {
				return err
			}
			continue
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(opts[name]), 64)
		if err != nil {
			return fmt.Errorf("%s: neither a search parameter (%s) nor an evaluation weight with a number: %q",
				name, strings.Join(search.ParamNames(), ", "), opts[name])
		}
		if err := search.CheckWeight(x); err != nil {
			return fmt.Errorf("evaluation weight %s: %w", name, err)
		}
		evals[name] = x
	}
	if a.searcher != nil && len(evals) > 0 {
		w, err := withWeights(a.weights[a.searcher.Weights().Variant()], evals)
		if err != nil {
			return err
		}
		a.searcher.SetWeights(w)
	}
	a.evals = evals
	a.SetParams(p)
	return nil
}

// withWeights returns w with the named weights changed; a name that w
// lacks is an error.
func withWeights(w *search.Weights, evals map[string]float64) (*search.Weights, error) {
	if len(evals) == 0 || w == nil {
		return w, nil
	}
	values := w.Values()
	names := w.Names()
	index := make(map[string]int, len(names))
	for i, n := range names {
		index[n] = i
	}
	for name, x := range evals {
		i, ok := index[name]
		if !ok {
			return nil, fmt.Errorf("no search parameter or evaluation weight %q in %s", name, w.Variant().Name)
		}
		values[i] = x
	}
	return w.WithValues(values), nil
}
