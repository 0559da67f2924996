package engines_test

import (
	"math/rand/v2"
	"testing"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/evolution"
)

// TestCountMovesPlayouts: on random games of the variants with check, and
// from the suites' positions, CountMoves (the legal counter of perft's
// last ply) equals the number of moves GenerateMoves gives (pseudo-legal
// moves filtered by their own test) at every ply: checks, pins, en
// passant and castling come up often in a few thousand positions.
func TestCountMovesPlayouts(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 50
	}
	starts := map[*engines.Variant][]string{
		chess.Standard:    {chess.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
		chess.Chess960:    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9"},
		evolution.Variant: {evolution.StartFEN},
	}
	for v, fens := range starts {
		t.Run(v.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, uint64(len(v.Name))))
			var buf [engines.MaxMoves]engines.Move
			positions := 0
			for g := 0; g < games; g++ {
				pos, err := engines.ParseFEN(v, fens[g%len(fens)])
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ply < 200; ply++ {
					moves := pos.GenerateMoves(buf[:0])
					if n := pos.CountMoves(); n != len(moves) {
						t.Fatalf("%s: CountMoves %d, GenerateMoves %d", pos.FEN(), n, len(moves))
					}
					positions++
					if len(moves) == 0 {
						break
					}
					pos = pos.Play(moves[rng.IntN(len(moves))])
				}
			}
			t.Logf("%d positions agree", positions)
		})
	}
}

// TestMakePerft: on random games of the chess variants, makePerft (the
// make-move of perft's inner plies) gives MakeMove's position but for the
// hash, the move counters and an en-passant square no capture can use.
func TestMakePerft(t *testing.T) {
	for _, tc := range []struct {
		v   *engines.Variant
		fen string
	}{
		{chess.Standard, chess.StartFEN},
		{chess.Standard, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{chess.Chess960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
		{chess.Chess960, "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w EBeb - 0 1"},
		{chess.Chess960, "r4kr1/pppppppp/8/8/8/8/PPPPPPPP/R4KR1 w GAga - 0 1"},
		{evolution.Variant, evolution.StartFEN},
	} {
		rng := rand.New(rand.NewPCG(5, uint64(len(tc.fen))))
		var buf [engines.MaxMoves]engines.Move
		for g := 0; g < 60; g++ {
			pos, err := engines.ParseFEN(tc.v, tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 150; ply++ {
				moves := pos.GenerateMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				for _, m := range moves {
					if ok, got := engines.MakePerftAgrees(&pos, m); !ok {
						want := pos.Play(m)
						t.Fatalf("%s %s: makePerft gives %s, MakeMove %s", pos.FEN(), tc.v.Geometry.UCI(m), got.FEN(), want.FEN())
					}
				}
				pos = pos.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
}
