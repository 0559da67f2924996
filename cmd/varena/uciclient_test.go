//go:build unix

package main

import (
	"context"
	"fmt"
	"testing"
	"time"

	"varena/arena"
	"varena/configs"
	"varena/configs/configtest"
	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/uci"
	"varena/engines/variants"
)

// TestClientAgainstVarenaUCI drives the real `varena uci` binary through
// the UCI client in every variant: handshake, UCI_Variant, positions with
// bunker moves, and moves that the rules engine accepts.
func TestClientAgainstVarenaUCI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the varena binary")
	}
	bin := buildVarena(t)
	ctx := context.Background()
	eng, err := uci.Start(ctx, uci.EngineConfig{Name: "varena", Command: bin, Args: []string{"uci"}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	// A fresh varena uci offers the built-in variants, then
	// Fairy-Stockfish's.
	var builtins []string
	for _, v := range variants.All {
		builtins = append(builtins, v.Name)
	}
	builtins = append(builtins, variants.FairyNames()...)
	if got := fmt.Sprint(eng.Variants()); got != fmt.Sprint(builtins) {
		t.Errorf("UCI_Variant offers %s, want %v", got, builtins)
	}
	for _, v := range variants.All {
		if err := eng.NewGame(ctx, v); err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		pos, _ := engines.ParseFEN(v, v.StartFEN)
		g := engines.NewGame(pos)
		for ply := 0; ply < 8 && g.Outcome().Result == engines.Ongoing; ply++ {
			r, err := eng.Move(ctx, player.Request{Game: g, Limits: limits.Limits{Depth: 3}})
			if err != nil {
				t.Fatalf("%s ply %d: %v", v.Name, ply, err)
			}
			if !r.HasScore || r.Depth != 3 {
				t.Errorf("%s ply %d: reply %+v lacks the search's score or depth", v.Name, ply, r)
			}
			g.Play(r.Move) // the client parsed it as a legal move
		}
	}
	if n := eng.Restarts(); n != 0 {
		t.Errorf("%d restarts", n)
	}
}

// TestArenaAgainstVarenaUCI plays a short bunker round-robin in which one
// player is `varena uci` run as an external engine.
func TestArenaAgainstVarenaUCI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the varena binary")
	}
	bin := buildVarena(t)
	r, err := configs.Parse("t.yaml", []byte(fmt.Sprintf(`
name: external
variant: losalamos-bunkers
tournament: {type: round-robin, games: 4}
openings: {plies: 2}
time_control: {movetime: 0.02, margin: 0.5}
engines:
  - {name: external, kind: uci, command: %q, args: [uci]}
  - {name: greedy, kind: greedy}
`, bin)), checker(nil))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sum, err := arena.Run(ctx, configtest.Resolve(t, r), arena.Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != 4 || len(sum.Faults) != 0 {
		t.Errorf("played %d, faults %v", sum.Played, sum.Faults)
	}
	if p := sum.Pairings[0]; p.WDL.Points() < 3 {
		t.Errorf("varena uci scored %v of 4 against greedy", p.WDL.Points())
	}
}
