package variants

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/fairy"
	"varena/engines/losalamos"
)

// All lists the playable variants, in the order menus show them.
// losalamos-extinction (Los Alamos without bunkers) comes last: it is
// there to measure the 6x6 engine against Fairy-Stockfish.
var All = []*engines.Variant{extinction.Variant, losalamos.Variant, evolution.Variant, chess.Standard, chess.Chess960, losalamos.NoBunkers}

// NoBunkers maps a variant with bunkers to the same game without them,
// for comparison with programs that do not know bunkers.
var NoBunkers = map[*engines.Variant]*engines.Variant{losalamos.Variant: losalamos.NoBunkers}

// Names returns the names of All, the built-ins of ByName besides
// Fairy-Stockfish's. Playable adds those.
func Names() []string { return Builtins().Names() }

// Playable returns every name ByName finds: Names, then Fairy-Stockfish's
// built-in variants that the engines play (FairyNames).
func Playable() []string { return Builtins().Playable() }

// FairyNames returns the names of Fairy-Stockfish's built-in variants
// that engines/fairy describes and the engines play, other than varena's
// own (All), in builtin.ini's order. They are a table (fairynames.go),
// not found by lowering every built-in at start: that took most of a
// short run's start-up and of its allocations, and every command and
// engine start paid it. TestFairyNames lowers them all and keeps the
// table true.
func FairyNames() []string {
	return slices.Clone(fairyNames)
}

// ByName returns the built-in variant called name or one of its aliases
// (chess for standard, chess960 for fischerandom): one of All, else one
// of Fairy-Stockfish's built-in variants that engines/fairy describes
// (xiangqi, capablanca, kingofthehill, ...), lowered the first time it
// is asked for: a name among them that the engines cannot play is
// refused with the reason. The variants of a variants.ini are a Set's
// (LoadSet): the built-ins are fixed data, the same in every Set.
func ByName(name string) (*engines.Variant, error) { return Builtins().ByName(name) }

// fairyBuiltins holds the Fairy-Stockfish built-ins lowered so far, by
// name, with the error of those that cannot be played.
var fairyBuiltins struct {
	sync.Mutex
	byName map[string]fairyLowered
}

type fairyLowered struct {
	v   *engines.Variant
	err error
}

// fairyBuiltin returns the Fairy-Stockfish built-in variant called name,
// lowered once; ok is false when engines/fairy has no such built-in.
func fairyBuiltin(name string) (v *engines.Variant, ok bool, err error) {
	fairyBuiltins.Lock()
	defer fairyBuiltins.Unlock()
	if got, ok := fairyBuiltins.byName[name]; ok {
		return got.v, true, got.err
	}
	d := fairy.Lookup(nil, name)
	if d == nil {
		return nil, false, nil
	}
	v, err = d.Variant()
	if err != nil {
		err = fmt.Errorf("variant %s: %w", name, err)
	}
	if fairyBuiltins.byName == nil {
		fairyBuiltins.byName = map[string]fairyLowered{}
	}
	fairyBuiltins.byName[name] = fairyLowered{v, err}
	return v, true, err
}

// fsfAliases are Fairy-Stockfish 11.1's other names of varena's own
// variants: its "normal" is chess.
var fsfAliases = map[string]string{"normal": "standard"}

func builtin(name string) *engines.Variant {
	if a, ok := fsfAliases[name]; ok {
		name = a
	}
	for _, v := range All {
		if slices.Contains(v.Names(), name) {
			return v
		}
	}
	return nil
}

// Load reads a Fairy-Stockfish variants.ini from r (name is the file
// name in errors) and lowers every section to a playable variant, in file
// order (engines/fairy: Parse, Definition.Variant), the strict form of
// ParseSet. Every problem of the file is the error, one line each:
// FILE:LINE: ...
func Load(r io.Reader, name string) ([]*engines.Variant, error) {
	defs, err := fairy.Parse(r, name)
	if err != nil {
		return nil, err // FILE:LINE: ... says it all
	}
	out := make([]*engines.Variant, 0, len(defs))
	var errs []error
	for _, d := range defs {
		v, err := d.Variant()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, v)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...) // one line each: FILE:LINE: ...
	}
	return out, nil
}

// Builtin reports whether name is one of varena's own variants (All),
// by its name or an alias, rather than one loaded from a file.
func Builtin(name string) bool { return builtin(name) != nil }

// FromFile returns the variant called name as the variants.ini at path
// defines it: one of its sections, else a Fairy-Stockfish built-in that
// engines/fairy describes (chess, kingofthehill, 3check, shatranj...),
// lowered. ok is false when neither has the name (the caller then looks
// among the built-ins, ByName). The file must read as a whole (a syntax
// error, an unknown key or a bad value anywhere is the error); only the
// variant asked for is lowered, so another section's rules that varena
// cannot play do not stand in its way.
func FromFile(path, name string) (v *engines.Variant, ok bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, fmt.Errorf("variant file: %w", err)
	}
	defer f.Close()
	// Sections kept whatever they hold: only the one asked for must be
	// playable (its lowering says why not).
	defs, err := fairy.ParseSections(f, path)
	if err != nil {
		return nil, false, err // FILE:LINE: ...
	}
	d := fairy.Lookup(defs, name)
	if d == nil {
		return nil, false, nil
	}
	v, err = d.Variant()
	if err != nil {
		return nil, true, err
	}
	return v, true, nil
}
