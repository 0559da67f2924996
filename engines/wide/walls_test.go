package wide_test

import (
	"strings"
	"testing"

	"varena/engines/fairy"
)

// TestWalls: a wall ('*') is a square no piece enters, captures or rides
// through, and stays in the FEN after moves. Counts from the c19b5f6
// build of Fairy-Stockfish (go perft 1 and d on the same FEN and moves).
func TestWalls(t *testing.T) {
	cases := []struct {
		variant, fen string
		move         string
		perft1       int
		after        string
	}{
		// The rooks stop before f1, the king does not enter it.
		{"capablanca", "4k5/10/10/10/10/10/10/R3K*1R2 w - - 0 1", "h1h8", 24, "4k2R2/10/10/10/10/10/10/R3K*4 b - - 1 1"},
		// A knight does not land on a wall.
		{"capablanca", "4k5/10/10/10/10/10/2*7/1N2K1*3 w - - 0 1", "b1a3", 8, "4k5/10/10/10/10/N9/2*7/4K1*3 b - - 1 1"},
	}
	for _, c := range cases {
		v := variant(t, c.variant)
		p := mustFEN(t, v, c.fen)
		if got := p.FEN(); got != c.fen {
			t.Errorf("%s: FEN round trip gives %s", c.fen, got)
		}
		if got := p.CountLegal(); got != c.perft1 {
			t.Errorf("%s: %d moves, want %d", c.fen, got, c.perft1)
		}
		m, err := p.ParseUCIMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		var q = p
		p.MakeMove(m, &q)
		if got := q.FEN(); got != c.after {
			t.Errorf("%s %s: %s, want %s", c.fen, c.move, got, c.after)
		}
	}
}

// TestArrowWalls: cowboys (amazons' walls with knights that only move)
// counted and written by the c19b5f6 build (go perft 1 and d); amazons
// itself, whose positions have more moves than the generator holds, is
// refused with its reason.
func TestArrowWalls(t *testing.T) {
	const ini = `[cowboys:amazons]
maxRank = 7
maxFile = g
customPiece1 = n:mN
pieceToCharTable = .N.....................n....................
startFen = 2n1n2/7/n5n/7/N5N/7/2N1N2 w - - 0 1
`
	defs, err := fairy.ParseSections(strings.NewReader(ini), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	v, err := fairy.Lookup(defs, "cowboys").Wide()
	if err != nil {
		t.Fatal(err)
	}
	p := mustFEN(t, v, v.StartFEN())
	if got := p.CountLegal(); got != 80 {
		t.Errorf("cowboys: %d moves, want 80", got)
	}
	m, err := p.ParseUCIMove("c1d3,d3b4")
	if err != nil {
		t.Fatal(err)
	}
	q := p
	p.MakeMove(m, &q)
	if got, want := q.FEN(), "2n1n2/7/n5n/1*5/N2N2N/7/4N2 b - - 1 1"; got != want {
		t.Errorf("after c1d3,d3b4: %s, want %s", got, want)
	}
	if san := p.SAN(m); san != "Ncd3/b4" {
		t.Errorf("c1d3,d3b4: SAN %s, want Ncd3/b4 (the knight on e1 reaches d3 too)", san)
	} else if back, err := p.ParseSAN(san); err != nil || back != m {
		t.Errorf("SAN %s reads back as %v, %v", san, back, err)
	}
	if got := q.CountLegal(); got != 76 {
		t.Errorf("after c1d3,d3b4: %d moves, want 76", got)
	}
	_, err = fairy.Lookup(nil, "amazons").Wide()
	if want := "arrow walls: up to"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("amazons: error %v, want one saying %q", err, want)
	}
}
