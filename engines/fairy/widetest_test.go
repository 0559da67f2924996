package fairy

import (
	"strings"
	"testing"

	"varena/engines/wide"
)

// widePosition lowers the section variant of defs to the general engine
// and returns fen ("" for the section's start position) after the UCI
// moves (space-separated), failing t on any error: the setup the tables
// of the newer build's rules share.
func widePosition(t *testing.T, defs []*Definition, variant, fen, moves string) wide.Position {
	t.Helper()
	v, err := Lookup(defs, variant).Wide()
	if err != nil {
		t.Fatalf("%s: %v", variant, err)
	}
	if fen == "" {
		fen = v.StartFEN()
	}
	p, err := wide.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("%s %s: %v", variant, fen, err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUCIMove(s)
		if err != nil {
			t.Fatalf("%s %s: %v", variant, s, err)
		}
		var child wide.Position
		p.MakeMove(m, &child)
		p = child
	}
	return p
}
