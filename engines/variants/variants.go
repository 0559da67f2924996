package variants

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
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

// registry holds the variants loaded from variants.ini files and
// registered (Register), after All in Names and ByName.
var registry struct {
	sync.RWMutex
	loaded []*engines.Variant
	// files holds what RegisterFile loaded, by the file's content.
	files map[string]loadedFile
}

// Names returns the names of All, then those of the registered variants
// in the order they were registered: varena's own and the ones a file
// brought. Playable adds Fairy-Stockfish's built-ins.
func Names() []string {
	registry.RLock()
	defer registry.RUnlock()
	return namesLocked()
}

// Playable returns every name ByName finds: Names, then Fairy-Stockfish's
// built-in variants that the engines play (FairyNames).
func Playable() []string {
	return append(Names(), FairyNames()...)
}

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

// ByName returns the variant called name or one of its aliases (chess
// for standard, chess960 for fischerandom): a built-in one, else a
// registered one. It is safe for concurrent use with Register.
//
// Then come Fairy-Stockfish's built-in variants that engines/fairy
// describes (xiangqi, capablanca, kingofthehill, ...), lowered the first
// time they are asked for: a name among them that the engines cannot
// play is refused with the reason.
func ByName(name string) (*engines.Variant, error) {
	if v := builtin(name); v != nil {
		return v, nil
	}
	registry.RLock()
	for _, v := range registry.loaded {
		if slices.Contains(v.Names(), name) {
			registry.RUnlock()
			return v, nil
		}
	}
	registry.RUnlock()
	if v, ok, err := fairyBuiltin(name); ok {
		return v, err
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(Playable(), ", "))
}

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

// namesLocked is Names with the registry's lock held.
func namesLocked() []string {
	names := make([]string, 0, len(All)+len(registry.loaded))
	for _, v := range All {
		names = append(names, v.Name)
	}
	for _, v := range registry.loaded {
		names = append(names, v.Name)
	}
	return names
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

// Register makes loaded variants known to ByName and Names. A name (or
// alias) that is a built-in variant's, or another registered variant's,
// is an error and nothing is registered: the same name must mean the
// same rules everywhere in a run (journals, configs and reports name
// variants). Registering the very same *Variant again is allowed and
// does nothing, so that two parts of a program may load one file.
func Register(vs ...*engines.Variant) error {
	registry.Lock()
	defer registry.Unlock()
	return registerLocked(vs)
}

// registerLocked is Register with the registry locked.
func registerLocked(vs []*engines.Variant) error {
	var add []*engines.Variant
	taken := map[string]*engines.Variant{}
	for _, v := range registry.loaded {
		for _, n := range v.Names() {
			taken[n] = v
		}
	}
	for _, v := range vs {
		if v == nil {
			return fmt.Errorf("register: nil variant")
		}
		if slices.Contains(registry.loaded, v) || slices.Contains(add, v) {
			continue
		}
		for _, n := range v.Names() {
			if b := builtin(n); b != nil {
				return fmt.Errorf("register variant %s: %q is the name of the built-in variant %s", v.Name, n, b.Name)
			}
			if o, ok := taken[n]; ok {
				return fmt.Errorf("register variant %s: %q is already the name of the registered variant %s", v.Name, n, o.Name)
			}
			taken[n] = v
		}
		add = append(add, v)
	}
	registry.loaded = append(registry.loaded, add...)
	return nil
}

// Load reads a Fairy-Stockfish variants.ini from r (name is the file
// name in errors) and lowers every section to a playable variant, in file
// order (engines/fairy: Parse, Definition.Variant). It does not register
// them. Every problem of the file is the error, one line each:
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

// LoadSections is Load that lowers each section on its own: the
// variants the engine can play, in file order, and for every other
// section the one-line error that says why not (a Fairy-Stockfish
// variants.ini holds many that varena does not play). A file that does
// not parse is err.
func LoadSections(r io.Reader, name string) (vs []*engines.Variant, refused map[string]error, err error) {
	vs, refused, _, err = LoadSectionsWarnings(r, name)
	return vs, refused, err
}

// LoadSectionsWarnings is LoadSections with the file's warnings (a key
// repeated in a section, whose last value counts, as in Fairy-Stockfish;
// a section repeated, whose first counts), one line each: FILE:LINE.
func LoadSectionsWarnings(r io.Reader, name string) (vs []*engines.Variant, refused map[string]error, warnings []error, err error) {
	defs, warns, err := fairy.ParseSectionsWarnings(r, name)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, w := range warns {
		warnings = append(warnings, w)
	}
	refused = map[string]error{}
	for _, d := range defs {
		v, err := d.Variant()
		if err != nil {
			refused[d.Name] = err
			continue
		}
		vs = append(vs, v)
	}
	return vs, refused, warnings, nil
}

// LoadSectionsFileWarnings is LoadSectionsWarnings of the file at path.
func LoadSectionsFileWarnings(path string) ([]*engines.Variant, map[string]error, []error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("load variants: %w", err)
	}
	defer f.Close()
	return LoadSectionsWarnings(f, path)
}

// LoadSectionsFile is LoadSections of the file at path.
func LoadSectionsFile(path string) ([]*engines.Variant, map[string]error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("load variants: %w", err)
	}
	defer f.Close()
	return LoadSections(f, path)
}

// Builtin reports whether name is one of varena's own variants (All),
// by its name or an alias, rather than one loaded from a file.
func Builtin(name string) bool { return builtin(name) != nil }

// RegisterFile loads the variants.ini at path section by section
// (LoadSections) and registers the variants it can play (Register),
// returning them and the refused sections' errors. A file of the same
// content registered before gives what it gave then, so that a run's
// config may be read more than once in a process (a resume, the tests).
func RegisterFile(path string) ([]*engines.Variant, map[string]error, error) {
	vs, refused, _, err := RegisterFileWarnings(path)
	return vs, refused, err
}

// RegisterFileWarnings is RegisterFile with the file's warnings (a key
// repeated in a section: its last value counts, as in Fairy-Stockfish),
// one line each, FILE:LINE, for the caller to print.
func RegisterFileWarnings(path string) ([]*engines.Variant, map[string]error, []error, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("load variants: %w", err)
	}
	registry.RLock()
	got, ok := registry.files[string(data)]
	registry.RUnlock()
	if ok {
		return got.vs, got.refused, got.warnings, nil
	}
	vs, refused, warnings, err := LoadSectionsWarnings(strings.NewReader(string(data)), path)
	if err != nil {
		return nil, nil, nil, err
	}
	registry.Lock()
	defer registry.Unlock()
	if got, ok := registry.files[string(data)]; ok {
		return got.vs, got.refused, got.warnings, nil // loaded meanwhile by another goroutine
	}
	if err := registerLocked(vs); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if registry.files == nil {
		registry.files = map[string]loadedFile{}
	}
	registry.files[string(data)] = loadedFile{vs, refused, warnings}
	return vs, refused, warnings, nil
}

// RegisterFileNames is RegisterFile with the variants' names, the form a
// config's checker takes (configs.Checker.LoadVariants).
func RegisterFileNames(path string) ([]string, map[string]error, error) {
	vs, refused, err := RegisterFile(path)
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	return names, refused, nil
}

// loadedFile is what RegisterFile made of a file.
type loadedFile struct {
	vs       []*engines.Variant
	refused  map[string]error
	warnings []error
}

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
