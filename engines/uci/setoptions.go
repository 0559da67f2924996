package uci

import (
	"context"
	"fmt"
	"maps"
	"sort"
)

// SetOptions sets UCI options of a started engine between games (an SPSA
// tuner changes them before every game pair): each must be one the
// engine offers. They are also kept in the engine's configuration, so
// that a restart after a crash sets them again. The engine confirms with
// readyok before SetOptions returns.
func (e *Engine) SetOptions(ctx context.Context, opts map[string]string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return fmt.Errorf("uci: %s is closed", e.name())
	}
	names := make([]string, 0, len(opts))
	for name := range opts {
		if _, ok := e.option(name); !ok {
			return fmt.Errorf("uci: %s offers no option %q", e.name(), name)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	// A copy: the map came from the caller's config and is shared.
	merged := maps.Clone(e.cfg.Options)
	if merged == nil {
		merged = map[string]string{}
	}
	maps.Copy(merged, opts)
	e.cfg.Options = merged
	if e.proc == nil || e.proc.HasExited() {
		return nil // the next NewGame starts it with the new options
	}
	for _, name := range names {
		o, _ := e.option(name)
		if err := e.send(setOptionLine(o, opts[name])); err != nil {
			return err
		}
	}
	return e.sync(ctx)
}
