package dialect

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"varena/engines"
	"varena/engines/player"
	"varena/engines/search"
	"varena/engines/variants"
)

// The Fairy-Stockfish builds the tests talk to: 11.1 (Debian's), and the
// newer build of the shared folder where it is there.
var fsfBuilds = []string{"/usr/games/fairy-stockfish", "/work/shared/fairy-stockfish/fairy-stockfish-c19b5f6"}

func needFSF(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("needs Fairy-Stockfish at %s (Debian package fairy-stockfish): %v", path, err)
	}
}

// selfPlay lets one engine play both sides of a game of v for up to
// plies plies, each move checked legal by varena's rules.
func selfPlay(t *testing.T, e *Engine, v *engines.Variant, lim search.Limits, plies int) *engines.Game {
	t.Helper()
	ctx := context.Background()
	if err := e.NewGame(ctx, v); err != nil {
		t.Fatalf("NewGame(%s): %v", v.Name, err)
	}
	g := engines.NewGame(v.StartPosition())
	for range plies {
		if g.Outcome().Result != engines.Ongoing {
			break
		}
		r, err := e.Move(ctx, player.Request{Game: g, Limits: lim})
		if err != nil {
			t.Fatalf("%s: move %d: %v", v.Name, len(g.Moves())+1, err)
		}
		if !g.Position().IsLegal(r.Move) {
			t.Fatalf("%s: %s is not legal in %s", v.Name, v.UCI(r.Move), g.Position().FEN())
		}
		g.Play(r.Move)
	}
	return g
}

// Fairy-Stockfish in its USI and UCCI modes plays a few moves of each
// variant the dialect is meant for, and of others it lists, every move
// legal by varena's rules.
func TestFairyStockfishModes(t *testing.T) {
	for _, path := range fsfBuilds {
		for _, c := range []struct {
			proto    Protocol
			variants []string
		}{
			{UCCI, []string{"xiangqi", "minixiangqi", "janggi", "capablanca"}},
			{USI, []string{"minixiangqi", "standard", "gardner", "shogi", "minishogi"}},
		} {
			t.Run(c.proto.String()+"/"+filepath.Base(path), func(t *testing.T) {
				needFSF(t, path)
				e, err := Start(context.Background(), EngineConfig{Protocol: c.proto, Command: path})
				if err != nil {
					t.Fatal(err)
				}
				defer e.Close()
				for _, name := range c.variants {
					v, err := variants.ByName(name)
					if err != nil {
						t.Logf("%s: %v (not played)", name, err)
						continue
					}
					if !e.Supports(v) {
						t.Errorf("%s: not supported", name)
						continue
					}
					g := selfPlay(t, e, v, search.Limits{Nodes: 3000}, 16)
					t.Logf("%s: %d plies", name, len(g.Moves()))
				}
			})
		}
	}
}
