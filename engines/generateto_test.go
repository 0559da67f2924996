package engines_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// TestGenerateTo: GenerateTo gives exactly the moves of GenerateMoves that
// end on a square of its set, in the same order (the search's move
// ordering breaks ties by that order), for the sets the search asks for
// (enemy pieces, one piece, promotion and en-passant squares) and random
// ones, on random-game positions of every variant.
func TestGenerateTo(t *testing.T) {
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
					var want []engines.Move
					for _, m := range moves {
						if dest.Has(m.To()) {
							want = append(want, m)
						}
					}
					got := pos.GenerateTo(nil, dest)
					if !slices.Equal(got, want) {
						t.Fatalf("%s %s, dest %x: GenerateTo %v, want %v", v.Name, pos.FEN(), uint64(dest), got, want)
					}
					checked++
				}
				pos = pos.Play(moves[rng.IntN(len(moves))])
			}
		}
		if checked < 1000 {
			t.Errorf("%s: only %d sets checked", v.Name, checked)
		}
	}
}
