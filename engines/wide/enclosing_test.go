package wide_test

import (
	"strings"
	"testing"

	"varena/engines/fairy"
)

// TestEnclosingDrops: the drops of the connect-four family, counted by
// the c19b5f6 build of Fairy-Stockfish (go perft 1 after the moves).
func TestEnclosingDrops(t *testing.T) {
	const ini = `[cfour]
maxRank = 6
maxFile = 7
immobile = p
startFen = 7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1
pieceDrops = true
enclosingDrop = top
doubleStep = false
castling = false
stalemateValue = draw
immobilityIllegal = false
connectN = 4
nMoveRule = 0

[cfour-anyside:cfour]
maxRank = 7
startFen = 7/7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 1
enclosingDrop = anyside
`
	defs, err := fairy.ParseSections(strings.NewReader(ini), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		section string
		moves   []string
		perft1  int
	}{
		{"cfour", nil, 7},
		{"cfour", []string{"P@d1", "P@d2", "P@d3", "P@d4", "P@d5", "P@d6"}, 6},
		{"cfour-anyside", nil, 24},
		{"cfour-anyside", []string{"P@d1"}, 23},
		// From the top and from the right the reference takes the lowest
		// candidate of the line: b1, not b5, stays open.
		{"cfour-anyside", []string{"P@a4", "P@b4"}, 23},
	}
	for _, c := range cases {
		d := fairy.Lookup(defs, c.section)
		v, err := d.Wide()
		if err != nil {
			t.Fatalf("%s: %v", c.section, err)
		}
		p := mustFEN(t, v, v.StartFEN())
		for _, s := range c.moves {
			m, err := p.ParseUCIMove(s)
			if err != nil {
				t.Fatalf("%s %v: %s: %v", c.section, c.moves, s, err)
			}
			p.MakeMove(m, &p)
		}
		if got := p.CountLegal(); got != c.perft1 {
			t.Errorf("%s %v: %d moves, want %d", c.section, c.moves, got, c.perft1)
		}
	}
}
