package variants

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"slices"
	"strings"

	"varena/engines"
	"varena/engines/fairy"
)

// Set holds the variants a run, a command or an engine can name: the
// built-ins (All, then Fairy-Stockfish's built-ins that engines/fairy
// describes) and the sections of at most one variants.ini. It is a
// value, not process state: two Sets loaded from two files that define
// the same section name each keep their own rules, so two runs with two
// such files can be played, rated and reported in one process.
//
// A Set does not change once made, so it is safe for concurrent use. The
// nil *Set (and Builtins) holds the built-ins only.
type Set struct {
	path     string // the file's name in errors, "" for the built-ins only
	hash     string // of the file's content (ContentHash)
	loaded   []*engines.Variant
	refused  map[string]error
	warnings []error
}

// Builtins returns the Set of the built-in variants only, the one a
// command without a variants.ini plays.
func Builtins() *Set { return nil }

// LoadSet reads the Fairy-Stockfish variants.ini at path and lowers each
// section on its own (ParseSet).
func LoadSet(path string) (*Set, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load variants: %w", err)
	}
	return ParseSet(data, path)
}

// ParseSet reads a Fairy-Stockfish variants.ini's content; file is
// where it came from, named in errors (FILE:LINE). Every section is
// lowered on its own: the ones the engines can play join the Set, in
// file order, and the others are refused with the reason (Refused; a
// Fairy-Stockfish variants.ini holds many varena does not play), as is
// a section that takes the name or alias of a built-in or of a section
// before it: the same name must mean the same rules everywhere in a run
// (journals, configs and reports name variants). A file that does not
// parse is the error.
func ParseSet(data []byte, file string) (*Set, error) {
	defs, warns, err := fairy.ParseSectionsWarnings(bytes.NewReader(data), file)
	if err != nil {
		return nil, err // FILE:LINE: ... says it all
	}
	s := &Set{path: file, hash: ContentHash(data), refused: map[string]error{}}
	for _, w := range warns {
		s.warnings = append(s.warnings, w)
	}
	taken := map[string]*engines.Variant{}
	for _, d := range defs {
		v, err := d.Variant()
		if err != nil {
			s.refused[d.Name] = err
			continue
		}
		if err := nameFree(v, taken); err != nil {
			s.refused[d.Name] = fmt.Errorf("%s: %w", file, err)
			continue
		}
		for _, n := range v.Names() {
			taken[n] = v
		}
		s.loaded = append(s.loaded, v)
	}
	return s, nil
}

// nameFree checks that no name of v is a built-in's or one of taken's.
func nameFree(v *engines.Variant, taken map[string]*engines.Variant) error {
	for _, n := range v.Names() {
		if b := builtin(n); b != nil {
			return fmt.Errorf("variant %s: %q is the name of the built-in variant %s", v.Name, n, b.Name)
		}
		if o, ok := taken[n]; ok {
			return fmt.Errorf("variant %s: %q is already the name of the variant %s", v.Name, n, o.Name)
		}
	}
	return nil
}

// ContentHash is the hash of a file's content as a run's meta.json
// records it: "sha256:" and the first 16 hex digits.
func ContentHash(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])[:16]
}

// ByName returns the variant called name or one of its aliases: a
// built-in one (All), else a section of the Set's file, else one of
// Fairy-Stockfish's built-ins, lowered the first time it is asked for. A
// section of the file, or a Fairy-Stockfish built-in, that the engines
// cannot play is refused with the reason.
func (s *Set) ByName(name string) (*engines.Variant, error) {
	if v := builtin(name); v != nil {
		return v, nil
	}
	if s != nil {
		for _, v := range s.loaded {
			if slices.Contains(v.Names(), name) {
				return v, nil
			}
		}
		if err, ok := s.refused[name]; ok {
			return nil, fmt.Errorf("variant %s: %w", name, err)
		}
	}
	if v, ok, err := fairyBuiltin(name); ok {
		return v, err
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(s.Playable(), ", "))
}

// Names returns the names of All, then those of the file's playable
// sections in file order. Playable adds Fairy-Stockfish's built-ins.
func (s *Set) Names() []string {
	names := make([]string, 0, len(All)+len(s.Loaded()))
	for _, v := range All {
		names = append(names, v.Name)
	}
	for _, v := range s.Loaded() {
		names = append(names, v.Name)
	}
	return names
}

// Playable returns every name ByName finds: Names, then
// Fairy-Stockfish's built-in variants that the engines play
// (FairyNames).
func (s *Set) Playable() []string {
	return append(s.Names(), fairyNames...)
}

// Loaded returns the variants of the file's playable sections, in file
// order (none for the built-ins only).
func (s *Set) Loaded() []*engines.Variant {
	if s == nil {
		return nil
	}
	return slices.Clip(s.loaded)
}

// Refused returns, for each section of the file the engines cannot
// play, the reason (one line: FILE:LINE: ...).
func (s *Set) Refused() map[string]error {
	if s == nil {
		return nil
	}
	return s.refused
}

// Warnings returns the file's warnings, one line each (FILE:LINE): a key
// repeated in a section, whose last value counts, as in
// Fairy-Stockfish; a section repeated, whose first counts.
func (s *Set) Warnings() []error {
	if s == nil {
		return nil
	}
	return slices.Clip(s.warnings)
}

// Path returns the name of the Set's file, as it was loaded: "" for the
// built-ins only.
func (s *Set) Path() string {
	if s == nil {
		return ""
	}
	return s.path
}

// Hash returns the hash of the Set's file's content (ContentHash), the
// "variant file" setting of a run's meta.json: "" for the built-ins
// only.
func (s *Set) Hash() string {
	if s == nil {
		return ""
	}
	return s.hash
}
