package engines_test

import (
	"math/rand/v2"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// TestQuietThreats: QuietThreats.Attacks answers as Attacked on the child
// does, for every quiet move of random-game positions of every variant
// (double steps, castling, bunker links and Evolution's evolving moves
// included), against each enemy piece alone, the lone pieces of the
// enemy's species together, and all of the enemy's pieces when they are
// few.
func TestQuietThreats(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, v := range variants.All {
		checked, attacked := 0, 0
		for game := 0; game < 25; game++ {
			pos, err := engines.ParseFEN(v, v.StartFEN)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 160; ply++ {
				moves := pos.GenerateMoves(nil)
				if len(moves) == 0 || pos.Status().Result.Decisive() {
					break
				}
				us, them := pos.SideToMove(), pos.SideToMove().Other()
				var lone engines.Bitboard
				for _, ty := range v.Species {
					if b := pos.Pieces(them, ty); b.Count() == 1 {
						lone |= b
					}
				}
				sets := []engines.Bitboard{lone, pos.ByColor(them)}
				for b := pos.ByColor(them); b != 0; b &= b - 1 {
					sets = append(sets, engines.SquareBB(b.First()))
				}
				for _, targets := range sets {
					var q engines.QuietThreats
					pos.QuietThreats(targets, &q)
					var child engines.Position
					for _, m := range moves {
						if pos.IsCapture(m) || m.Promotion() != engines.NoPieceType {
							continue
						}
						pos.MakeMove(m, &child)
						want := false
						for b := targets; b != 0; b &= b - 1 {
							want = want || child.Attacked(b.First(), us)
						}
						if got := q.Attacks(&pos, m, &child); got != want {
							t.Fatalf("%s %s, move %d->%d, targets %x: Attacks %v, on the child %v", v.Name, pos.FEN(), m.From(), m.To(), uint64(targets), got, want)
						}
						checked++
						if want {
							attacked++
						}
					}
				}
				pos = pos.Play(moves[rng.IntN(len(moves))])
			}
		}
		if attacked < 1000 || checked-attacked < 1000 {
			t.Errorf("%s: %d quiet moves checked, %d attacking a target: too few of one kind", v.Name, checked, attacked)
		}
		t.Logf("%s: %d quiet moves checked, %d attacking a target", v.Name, checked, attacked)
	}
}
