package configs_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"varena/configs"
	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/variants"
)

// The default run is a smoke test users run first: it must be short.
// Play its schedule here, one game at a time, with the built-in players
// (a stand-in for the arena, which plays it in parallel), and time it.
func TestDefaultRunIsShort(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the default run")
	}
	r, err := configs.DefaultRun(check)
	if err != nil {
		t.Fatal(err)
	}
	v, err := variants.ByName(r.Variant)
	if err != nil {
		t.Fatal(err)
	}
	newPlayer := func(e configs.Engine) player.Player {
		switch e.Kind {
		case configs.KindAlphaBeta:
			return player.NewAlphaBeta(e.Name, nil, limits.Limits{Depth: r.EngineTimeControl(e.Name).Depth}, e.Hash)
		case configs.KindGreedy:
			return player.NewGreedy(e.Name, r.Seed, nil)
		case configs.KindRandom:
			return player.NewRandom(e.Name, r.Seed)
		}
		t.Fatalf("engine %q: kind %s in the default run", e.Name, e.Kind)
		return nil
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(r.Seed, 0))
	start := time.Now()
	games, plies := 0, 0
	for round := 0; round < r.Tournament.Rounds; round++ {
		for i := range r.Engines {
			for j := i + 1; j < len(r.Engines); j++ {
				for g := 0; g < r.Tournament.Games; g += 2 {
					opening := randomOpening(t, v, r.Openings.PlyCount(), rng)
					for swap := range 2 {
						white, black := newPlayer(r.Engines[i]), newPlayer(r.Engines[j])
						if swap == 1 {
							white, black = black, white
						}
						plies += playGame(t, ctx, v, opening, white, black, r.Adjudication.MaxPlies)
						games++
					}
				}
			}
		}
	}
	elapsed := time.Since(start)
	t.Logf("%d games, %d plies in %v", games, plies, elapsed)
	if games != 12 {
		t.Errorf("%d games, want 12 (6 pairings x 2)", games)
	}
	if elapsed > 20*time.Second {
		t.Errorf("the default run took %v on one core; keep it well under a minute", elapsed)
	}
}

func randomOpening(t *testing.T, v *engines.Variant, plies int, rng *rand.Rand) engines.Position {
	pos, err := engines.ParseFEN(v, v.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	var buf [engines.MaxMoves]engines.Move
	for range plies {
		moves := pos.GenerateMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		pos = pos.Play(moves[rng.IntN(len(moves))])
	}
	return pos
}

func playGame(t *testing.T, ctx context.Context, v *engines.Variant, start engines.Position, white, black player.Player, maxPlies int) int {
	game := engines.NewGame(start)
	players := [2]player.Player{white, black}
	for _, p := range players {
		if err := p.NewGame(ctx, v); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for ; n < maxPlies && game.Outcome().Result == engines.Ongoing; n++ {
		p := players[game.Position().SideToMove()]
		reply, err := p.Move(ctx, player.Request{Game: game})
		if err != nil {
			t.Fatalf("%s: %v", p.Name(), err)
		}
		game.Play(reply.Move)
	}
	return n
}
