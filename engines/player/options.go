package player

import (
	"context"
	"sort"
)

// SetOptions sets search parameters by name (the names `varena uci`
// offers as options), as an SPSA tuner does between games: all or none.
func (a *AlphaBeta) SetOptions(ctx context.Context, opts map[string]string) error {
	p := a.params
	names := make([]string, 0, len(opts))
	for name := range opts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := p.SetString(name, opts[name]); err != nil {
			return err
		}
	}
	a.SetParams(p)
	return nil
}
