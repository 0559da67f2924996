package engines_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// TestGenerateFromTo: GenerateFromTo gives exactly the moves of
// GenerateMoves from a square of its first set to one of its second, in
// the same order (the search's move ordering breaks ties by that order),
// for the sets the search asks for (enemy pieces, one piece, promotion and
// en-passant squares, the attackers of a piece) and random ones, on
// random-game positions of every variant (where the square-by-square
// board must agree with the bitboards, after every kind of move).
func TestGenerateFromTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, v := range variants.All {
		g := v.Geometry
		checked := 0
		for game := 0; game < 20; game++ {
			pos, err := engines.ParseFEN(v, v.StartFEN)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 160; ply++ {
				if !engines.BoardAgrees(&pos) {
					t.Fatalf("%s %s: the square-by-square board disagrees with the bitboards", v.Name, pos.FEN())
				}
				moves := pos.GenerateMoves(nil)
				if len(moves) == 0 {
					break
				}
				them := pos.SideToMove().Other()
				sets := []engines.Bitboard{0, g.All(), pos.ByColor(them), pos.ByColor(them) | g.LastRank(pos.SideToMove()), engines.Bitboard(rng.Uint64()) & g.All()}
				if ep := pos.EnPassant(); ep != engines.NoSquare {
					sets = append(sets, pos.ByColor(them)|engines.SquareBB(ep))
				}
				for b := pos.ByColor(them); b != 0; b &= b - 1 {
					sets = append(sets, engines.SquareBB(b.First()))
				}
				for _, dest := range sets {
					froms := []engines.Bitboard{g.All(), engines.Bitboard(rng.Uint64()) & g.All()}
					if dest.Count() == 1 {
						froms = append(froms, pos.AttackersTo(dest.First(), pos.SideToMove()))
					}
					for _, from := range froms {
						var want []engines.Move
						for _, m := range moves {
							if from.Has(m.From()) && dest.Has(m.To()) {
								want = append(want, m)
							}
						}
						got := pos.GenerateFromTo(nil, from, dest)
						if !slices.Equal(got, want) {
							t.Fatalf("%s %s, from %x dest %x: GenerateFromTo %v, want %v", v.Name, pos.FEN(), uint64(from), uint64(dest), got, want)
						}
						checked++
					}
					if dest.Count() == 1 && pos.ByColor(them).Has(dest.First()) {
						// The attackers are the pieces that can take it.
						var movers engines.Bitboard
						for _, m := range moves {
							if m.To() == dest.First() {
								movers |= engines.SquareBB(m.From())
							}
						}
						if a := pos.AttackersTo(dest.First(), pos.SideToMove()); a != movers && !v.Check {
							t.Fatalf("%s %s: attackers of %s %x, movers onto it %x", v.Name, pos.FEN(), g.SquareName(dest.First()), uint64(a), uint64(movers))
						}
					}
				}
				pos = pos.Play(moves[rng.IntN(len(moves))])
			}
		}
		if checked < 1000 {
			t.Errorf("%s: only %d sets checked", v.Name, checked)
		}
	}
}
