package engines

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSliderAttacks: RookAttacks and BishopAttacks (magic lookups) agree
// with walking the board square by square, on boards of every shape the
// variants use, a full 64-square one and the widest, for random
// occupancies; a board too wide for the lookups' tables is refused.
func TestSliderAttacks(t *testing.T) {
	boards := []struct {
		files, ranks int
		bunkers      []Rect
	}{
		{8, 8, nil},
		{7, 6, nil},
		{6, 6, nil},
		{6, 6, []Rect{{2, 0, 2, 2}, {2, 4, 2, 2}}}, // Los Alamos' bunkers
		{6, 6, []Rect{{0, 0, 6, 4}, {0, 4, 2, 2}}}, // 64 squares
		{maxFiles, 4, nil},
	}
	if _, err := NewGeometry(maxFiles+1, 2); err == nil {
		t.Errorf("a board of %d files was built", maxFiles+1)
	}
	rng := rand.New(rand.NewPCG(51, 52))
	for _, bd := range boards {
		g, err := NewGeometry(bd.files, bd.ranks, bd.bunkers...)
		if err != nil {
			t.Fatal(err)
		}
		walk := func(sq Square, occ Bitboard, dirs []int) Bitboard {
			var b Bitboard
			for _, d := range dirs {
				st := dirSteps[d]
				for s := g.step(sq, st[0], st[1]); s != NoSquare; s = g.step(s, st[0], st[1]) {
					b |= SquareBB(s)
					if occ.Has(s) {
						break
					}
				}
			}
			return b
		}
		for k := 0; k < 200; k++ {
			occ := Bitboard(rng.Uint64()&rng.Uint64()) & g.All()
			switch k {
			case 0:
				occ = 0
			case 1:
				occ = g.All()
			}
			for s := 0; s < g.NumSquares(); s++ {
				sq := Square(s)
				if got, want := g.RookAttacks(sq, occ), walk(sq, occ, []int{dirN, dirE, dirS, dirW}); got != want {
					t.Fatalf("%dx%d %v: rook on %s, occupied %x: %x, want %x", bd.files, bd.ranks, bd.bunkers, g.SquareName(sq), uint64(occ), uint64(got), uint64(want))
				}
				if got, want := g.BishopAttacks(sq, occ), walk(sq, occ, []int{dirNE, dirSE, dirSW, dirNW}); got != want {
					t.Fatalf("%dx%d %v: bishop on %s, occupied %x: %x, want %x", bd.files, bd.ranks, bd.bunkers, g.SquareName(sq), uint64(occ), uint64(got), uint64(want))
				}
			}
		}
	}
}

// TestParseSquare: every square's name reads back as that square, on
// boards with bunkers and on wide boards of ten ranks and more, whose
// names the short path for two-character names must leave to the map;
// names off the board are refused.
func TestParseSquare(t *testing.T) {
	var boards []*Geometry
	for _, b := range []struct {
		files, ranks int
		bunkers      []Rect
	}{{8, 8, nil}, {6, 6, []Rect{{2, 0, 2, 2}, {2, 4, 2, 2}}}, {7, 9, nil}, {2, 2, nil}} {
		g, err := NewGeometry(b.files, b.ranks, b.bunkers...)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, g)
	}
	for _, fr := range [][2]int{{9, 10}, {10, 10}, {12, 10}, {8, 16}} {
		g, err := newNamingGeometry(fr[0], fr[1])
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, g)
	}
	for _, g := range boards {
		for sq := range g.numSquares {
			name := g.names[sq]
			if got, err := g.ParseSquare(name); err != nil || got != Square(sq) {
				t.Errorf("%dx%d: %q reads as %d, %v; want %d", g.files, g.ranks, name, got, err, sq)
			}
		}
		off := []string{"", "a", "a0", "a01", "a:", "`1", string(rune('a'+g.files)) + "1", "a" + fmt.Sprint(g.ranks+1), "A1", "Vz9"}
		for _, name := range off {
			if sq, err := g.ParseSquare(name); err == nil {
				t.Errorf("%dx%d: %q reads as %d; want an error", g.files, g.ranks, name, sq)
			}
		}
	}
}
