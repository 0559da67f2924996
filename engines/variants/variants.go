package variants

import (
	"fmt"
	"strings"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/losalamos"
)

// All lists the playable variants, in the order menus show them.
// losalamos-extinction (Los Alamos without bunkers) comes last: it is
// there to measure the 6x6 engine against Fairy-Stockfish.
var All = []*engines.Variant{extinction.Variant, losalamos.Variant, evolution.Variant, chess.Standard, chess.Chess960, losalamos.NoBunkers}

// NoBunkers maps a variant with bunkers to the same game without them,
// for comparison with programs that do not know bunkers.
var NoBunkers = map[*engines.Variant]*engines.Variant{losalamos.Variant: losalamos.NoBunkers}

// Names returns the names of All.
func Names() []string {
	names := make([]string, len(All))
	for i, v := range All {
		names[i] = v.Name
	}
	return names
}

// ByName returns the variant called name or one of its aliases (chess
// for standard, chess960 for fischerandom).
func ByName(name string) (*engines.Variant, error) {
	for _, v := range All {
		for _, n := range v.Names() {
			if n == name {
				return v, nil
			}
		}
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(Names(), ", "))
}
