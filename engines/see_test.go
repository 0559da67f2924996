package engines_test

import (
	"math/rand/v2"
	"testing"

	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/losalamos"
	"varena/engines/variants"
)

var seeValues = [engines.NumPieceTypes]int{0, 100, 300, 330, 500, 900, 250}

func TestSEE(t *testing.T) {
	tests := []struct {
		v    *engines.Variant
		fen  string
		move string
		want int
	}{
		// Pawn takes an undefended knight.
		{extinction.Variant, "rnbqkb1r/pppppppp/8/8/4n3/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 1", "d3e4", 300},
		// Queen takes an undefended pawn; then one defended by a pawn.
		{extinction.Variant, "rnbqkbnr/ppp2ppp/3p4/3p4/8/8/PPPQPPPP/RNB1KBNR w KQkq - 0 1", "d2d5", 100},
		{extinction.Variant, "rnbqkbnr/pp2pppp/2p5/3p4/8/8/PPPQPPPP/RNB1KBNR w KQkq - 0 1", "d2d5", -800},
		// Rook takes a pawn defended by a rook with another behind it.
		{extinction.Variant, "3rk3/pbn4q/3r4/3p4/8/8/PBN4Q/3RK3 w - - 0 1", "d1d5", -400},
		// Two rooks against one defender: the x-ray rook makes it pay.
		{extinction.Variant, "2b1k3/p2r3q/n7/3p4/8/8/PBNR3Q/3RK3 w - - 0 1", "d2d5", 100},
		// A bishop joins the defence: white stops after losing the rook.
		{extinction.Variant, "4k3/pbnr3q/8/3p4/8/8/PBNR3Q/3RK3 w - - 0 1", "d2d5", -400},
		// Evolution: a knight that takes a defended knight becomes a
		// bishop, which the defender takes: a loss of 30.
		{evolution.Variant, "6k/7/4n2/2n4/N6/K6 w - - 0 1", "a2c3", -30},
		{evolution.Variant, "6k/7/7/2n4/N6/K6 w - - 0 1", "a2c3", 300},
		// Bunker: a pawn takes down through a link; a rook in the bunker
		// takes back.
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/qr/2 w - - 0 1", "c2Vc2", 800},
	}
	for _, tt := range tests {
		p, err := engines.ParseFEN(tt.v, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCIMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SEE(m, &seeValues); got != tt.want {
			t.Errorf("%s %s: SEE %d, want %d", tt.fen, tt.move, got, tt.want)
		}
	}
}

// TestSEEAtLeast: SEEAtLeast agrees with SEE for every move of random-game
// positions of every variant, at thresholds around the exchange's result,
// with the usual piece values and with random ones (its shortcuts must
// hold whatever the weights).
func TestSEEAtLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, v := range variants.All {
		checked := 0
		for game := 0; game < 10; game++ {
			values := seeValues
			if game%2 == 1 {
				for i := range values {
					values[i] = rng.IntN(1200) - 100
				}
			}
			pos, err := engines.ParseFEN(v, v.StartFEN)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 160; ply++ {
				moves := pos.GenerateMoves(nil)
				if len(moves) == 0 {
					break
				}
				for _, m := range moves {
					see := pos.SEE(m, &values)
					for _, thr := range []int{see - 1, see, see + 1, 0, -rng.IntN(1000), rng.IntN(1000)} {
						if got := pos.SEEAtLeast(m, &values, thr); got != (see >= thr) {
							t.Fatalf("%s %s %s: SEEAtLeast(%d) %v, SEE %d", v.Name, pos.FEN(), v.Geometry.UCI(m), thr, got, see)
						}
						checked++
					}
				}
				pos = pos.Play(moves[rng.IntN(len(moves))])
			}
		}
		if checked < 10000 {
			t.Errorf("%s: only %d checks", v.Name, checked)
		}
	}
}
