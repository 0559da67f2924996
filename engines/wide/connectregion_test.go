package wide_test

import (
	"strings"
	"testing"

	"varena/engines/fairy"
	"varena/engines/wide"
)

// galeINI is gale of Fairy-Stockfish's variants.ini with its parents
// (snort, ataxx) folded in: immobile pieces dropped anywhere empty, White
// joining the a- and i-files, Black the first and last ranks.
const galeINI = `[gale:ataxx]
immobile = p
maxRank = 9
maxFile = 9
startFen = 1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1/P1P1P1P1P/1p1p1p1p1
enclosingDrop = none
flipEnclosedPieces = none
passOnStalemate = false
stalematePieceCount = false
connectRegion1White = a*
connectRegion2White = i*
connectRegion1Black = *1
connectRegion2Black = *9
connectDiagonal = false
`

// TestConnectRegions: a chain joining a side's two regions ends the game
// when that side has just moved, and only a chain that grows from the
// first region east and north counts, as the c19b5f6 build of
// Fairy-Stockfish has it (go perft 1 on the same FENs: 0 where the game
// is over).
func TestConnectRegions(t *testing.T) {
	defs, err := fairy.ParseSections(strings.NewReader(galeINI), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	v, err := fairy.Lookup(defs, "gale").Wide()
	if err != nil {
		t.Fatal(err)
	}
	over := wide.Outcome{Result: wide.BlackWins, Reason: wide.Connected}
	cases := []struct {
		fen    string
		perft1 int
		want   wide.Outcome
		why    string
	}{
		{v.StartFEN(), 41, wide.Outcome{}, "the start"},
		{"1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1 w - - 0 1", 0, over,
			"Black, who just moved, fills the b-file"},
		{"1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1/PpP1P1P1P/1p1p1p1p1 b - - 0 1", 37, wide.Outcome{},
			"the side to move's chain is not tested"},
		{"3p5/3p5/3p5/3p5/1ppp5/1p7/1p7/1p7/1p6P w - - 0 1", 0, over,
			"a chain north, east and north again"},
		{"1p7/1p7/1p7/1p7/1ppp5/3p5/3p5/3p5/3p4P w - - 0 1", 69, wide.Outcome{},
			"a chain that must turn west counts nothing"},
	}
	for _, c := range cases {
		p := mustFEN(t, v, c.fen)
		if got := p.CountLegal(); got != c.perft1 {
			t.Errorf("%s: %s: %d moves, want %d", c.why, c.fen, got, c.perft1)
		}
		if got := p.Status(); got != c.want {
			t.Errorf("%s: %s: %+v, want %+v", c.why, c.fen, got, c.want)
		}
	}
}
