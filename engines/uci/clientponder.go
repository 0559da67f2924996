package uci

import (
	"context"
	"errors"
	"strings"
	"time"

	"varena/engines"
	"varena/engines/internal/proc"
	"varena/engines/player"
)

// Pondering, the client's side, as cutechess-cli does it. After its move
// X with "bestmove X ponder Y", an engine that ponders is sent the game
// with X and Y and "go ponder" with the clocks as they will be (Ponder).
// When the opponent plays Y, the next Move sends "ponderhit": the search
// under way becomes the move's, and its time is counted from then, as the
// engine's clock runs only from the opponent's move on. When the opponent
// plays another move, Move sends "stop", waits for the ponder search's
// bestmove (thrown away) and asks for the move as usual.

// ponderKey identifies the position a ponder search runs on.
type ponderKey struct {
	hash  uint64
	plies int
}

func keyOf(g *engines.Game) ponderKey {
	return ponderKey{g.Position().Hash(), len(g.Moves())}
}

// Ponder starts a ponder search on req.Game, the game after the engine's
// move and the reply it expects, within req.Limits (the clocks as they
// will be when that reply is played). It returns once the search is
// started; the next Move hits or stops it, and StopPonder ends it.
func (e *Engine) Ponder(ctx context.Context, req player.Request) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.endPonder(ctx, e.cfg.StopGrace); err != nil {
		return err
	}
	pos := req.Game.Position()
	if err := e.ensure(ctx, pos.Variant()); err != nil {
		return err
	}
	goLine, _ := goCommand(req.Limits, pos.SideToMove())
	// A cache of its own: the game's cache goes on with the real game.
	pc := positionCache{reversible: e.pos.reversible, bare: e.pos.bare}
	e.proc.Drain()
	e.line = append(append(append(e.line[:0], pc.command(req.Game)...), "\ngo ponder"...), strings.TrimPrefix(goLine, "go")...)
	if err := e.sendBytes(e.line); err != nil {
		return err
	}
	k := keyOf(req.Game)
	e.pondering = &k
	return nil
}

// StopPonder ends a ponder search, if one runs (at the end of a game).
func (e *Engine) StopPonder(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.endPonder(ctx, e.cfg.StopGrace)
}

// takePonder settles a ponder search at the start of a move in game: hit
// when it runs on game's position, else stopped, its bestmove awaited
// for as long as the move itself may take (limit): the wait is part of
// the move, and a loaded machine can hold an engine off the processor
// for longer than StopGrace (measured: once in 100 games at 1+0.01). pondered
// tells whether there was one.
func (e *Engine) takePonder(ctx context.Context, game *engines.Game, limit time.Duration) (hit, pondered bool, err error) {
	if e.pondering == nil {
		return false, false, nil
	}
	if *e.pondering == keyOf(game) {
		e.pondering = nil
		return true, true, nil
	}
	return false, true, e.endPonder(ctx, max(limit, e.cfg.StopGrace))
}

// endPonder stops a ponder search and waits up to grace for its bestmove,
// else kills the engine.
func (e *Engine) endPonder(ctx context.Context, grace time.Duration) error {
	if e.pondering == nil || e.proc == nil {
		e.pondering = nil
		return nil
	}
	e.pondering = nil
	if err := e.send("stop"); err != nil {
		return err
	}
	deadline := time.Now().Add(grace)
	for {
		line, err := e.proc.Next(ctx, deadline)
		switch {
		case err == nil:
		case ctx.Err() != nil:
			e.abandon(true)
			return ctx.Err()
		case errors.Is(err, proc.ErrDeadline):
			e.kill()
			return e.fault(player.Timeout, "no bestmove %v after stopping a ponder search; killed", grace)
		default:
			status := e.proc.ExitStatus()
			e.kill()
			return e.fault(player.Crash, "exited while pondering (%s)", status)
		}
		if strings.HasPrefix(line, "bestmove") {
			return nil
		}
	}
}
