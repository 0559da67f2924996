package dialect

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/uci"
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
func selfPlay(t *testing.T, e *Engine, v *engines.Variant, lim limits.Limits, plies int) *engines.Game {
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
					g := selfPlay(t, e, v, limits.Limits{Nodes: 3000}, 16)
					t.Logf("%s: %d plies", name, len(g.Moves()))
				}
			})
		}
	}
}

// Fairy-Stockfish reads a position sent in the dialect as it reads it
// over UCI: from positions of self-played games (pieces in hand in the
// shogi family, sent as SFEN; xiangqi's as a FEN with UCCI's ranks),
// with the moves since, its move at a fixed depth is the same over both
// (its search is deterministic on one thread, in a fresh process).
func TestFairyStockfishSamePosition(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: two Fairy-Stockfish processes a position")
	}
	for _, path := range fsfBuilds {
		for _, c := range []struct {
			proto Protocol
			name  string
		}{
			{UCCI, "xiangqi"},
			{UCCI, "janggi"},
			{USI, "minishogi"},
			{USI, "shogi"},
		} {
			t.Run(c.proto.String()+"/"+c.name+"/"+filepath.Base(path), func(t *testing.T) {
				needFSF(t, path)
				v, err := variants.ByName(c.name)
				if err != nil {
					t.Skipf("varena does not play %s yet: %v", c.name, err)
				}
				ctx := context.Background()
				self, err := Start(ctx, EngineConfig{Protocol: c.proto, Command: path})
				if err != nil {
					t.Fatal(err)
				}
				game := selfPlay(t, self, v, limits.Limits{Nodes: 2000}, 60)
				self.Close()
				inHand := false
				for i := 10; i < len(game.Moves()); i += 10 {
					// A game from the position after i moves, with two
					// moves more.
					g := engines.NewGame(replay(game, i))
					for _, m := range game.Moves()[i:min(i+2, len(game.Moves()))] {
						g.Play(m)
					}
					if g.Outcome().Result != engines.Ongoing {
						break
					}
					start := g.Start()
					fen := start.FEN()
					inHand = inHand || strings.Contains(fen, "[") && !strings.Contains(fen, "[]")
					lim := limits.Limits{Depth: 5}
					// Fresh processes: the newer build's search differs
					// after an earlier game, a new game or not.
					d, err := Start(ctx, EngineConfig{Protocol: c.proto, Command: path})
					if err != nil {
						t.Fatal(err)
					}
					defer d.Close()
					u, err := uci.Start(ctx, uci.EngineConfig{Command: path})
					if err != nil {
						t.Fatal(err)
					}
					defer u.Close()
					for _, p := range []player.Player{d, u} {
						if err := p.NewGame(ctx, v); err != nil {
							t.Fatal(err)
						}
					}
					rd, err := d.Move(ctx, player.Request{Game: g, Limits: lim})
					if err != nil {
						t.Fatal(err)
					}
					ru, err := u.Move(ctx, player.Request{Game: g, Limits: lim})
					if err != nil {
						t.Fatal(err)
					}
					// The move, not the score: SFEN has no halfmove
					// clock, and Fairy-Stockfish's evaluation
					// shrinks with it.
					if rd.Move != ru.Move {
						t.Errorf("%s: over %v %s (score %d), over UCI %s (score %d)", fen,
							c.proto, v.UCI(rd.Move), rd.Score, v.UCI(ru.Move), ru.Score)
					}
				}
				if c.proto == USI && !inHand {
					t.Logf("no position with pieces in hand was tried")
				}
			})
		}
	}
}

// replay returns the game's position after its first n moves.
func replay(g *engines.Game, n int) engines.Position {
	pos := g.Start()
	for _, m := range g.Moves()[:n] {
		pos = pos.Play(m)
	}
	return pos
}

// Fairy-Stockfish's mate scores read right in both dialects: USI counts
// plies ("mate 3"), UCCI moves ("mate 2"), both a mate with our second
// move.
func TestFairyStockfishMateScore(t *testing.T) {
	v, err := variants.ByName("standard")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := engines.ParseFEN(v, "k7/8/2K5/8/8/8/8/7R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range fsfBuilds {
		for _, proto := range []Protocol{USI, UCCI} {
			t.Run(proto.String()+"/"+filepath.Base(path), func(t *testing.T) {
				needFSF(t, path)
				ctx := context.Background()
				e, err := Start(ctx, EngineConfig{Protocol: proto, Command: path})
				if err != nil {
					t.Fatal(err)
				}
				defer e.Close()
				if err := e.NewGame(ctx, v); err != nil {
					t.Fatal(err)
				}
				r, err := e.Move(ctx, player.Request{Game: engines.NewGame(pos), Limits: limits.Limits{Depth: 8}})
				if err != nil {
					t.Fatal(err)
				}
				if want := limits.Mate - 3; !r.HasScore || r.Score != want {
					t.Errorf("score %d; want %d (mate with the second move)", r.Score, want)
				}
			})
		}
	}
}

// TestFairyStockfishUSIClock: Fairy-Stockfish over USI, as the first
// player with a second left against its opponent's ten minutes, moves
// within its own clock. 11.1 reads USI's wtime as the first player's
// (its issue 269): told the USI way, it thinks on the opponent's ten
// minutes, for seconds, and is killed at its second's end. The client
// swaps the clocks for the releases that do so.
func TestFairyStockfishUSIClock(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: Fairy-Stockfish thinks")
	}
	shogi, err := variants.ByName("shogi")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range fsfBuilds {
		t.Run(filepath.Base(path), func(t *testing.T) {
			needFSF(t, path)
			ctx := context.Background()
			e, err := Start(ctx, EngineConfig{Protocol: USI, Command: path})
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			if err := e.NewGame(ctx, shogi); err != nil {
				t.Fatal(err)
			}
			g := engines.NewGame(shogi.StartPosition())
			lim := limits.Limits{WTime: time.Second, BTime: 10 * time.Minute}
			r, err := e.Move(ctx, player.Request{Game: g, Limits: lim})
			if err != nil {
				t.Fatalf("%s (clocks swapped: %v): %v", e.ID(), e.swapped, err)
			}
			if r.Time > time.Second {
				t.Errorf("%s (clocks swapped: %v) took %v with a second on its clock", e.ID(), e.swapped, r.Time)
			}
		})
	}
}
