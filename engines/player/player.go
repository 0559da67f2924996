package player

import (
	"context"
	"errors"
	"fmt"
	"time"

	"varena/engines"
	"varena/engines/limits"
)

// Request asks a player for a move.
type Request struct {
	// Game holds the start position and the moves so far; the player
	// moves in Game.Position(). It must not be changed.
	Game *engines.Game
	// Limits for this move; for clock games the clock fields hold the
	// time left on both clocks.
	Limits limits.Limits
	// Margin is how long past a timed move's budget the player may take
	// before it is stopped, and Stall how long a move without a time
	// budget (depth, nodes) may take. They are the game's, not the
	// engine process's: each variant of a run may have its own. Zero
	// leaves the player's own default.
	Margin, Stall time.Duration
}

// MoveLimits returns the margin of a move and how long it may take in
// all, from the request's margin and stall timeout, else the player's
// own defaults: the budget and the margin for a timed move (budget > 0),
// else the stall timeout.
func (r Request) MoveLimits(margin, stall, budget time.Duration) (moveMargin, limit time.Duration) {
	if r.Margin > 0 {
		margin = r.Margin
	}
	if r.Stall > 0 {
		stall = r.Stall
	}
	if budget > 0 {
		return margin, budget + margin
	}
	return margin, stall
}

// Reply is a player's move and what its search said about it.
type Reply struct {
	Move     engines.Move
	HasScore bool // false for players that do not search
	Score    int  // centipawns from the mover's view; mate scores as limits.Mate
	Depth    int
	Nodes    int64
	Time     time.Duration
	// Ponder is the reply the player expects ("bestmove X ponder Y"),
	// NullMove for none. Pondered is set when the player had pondered
	// before this move, PonderHit when it had pondered on the move played.
	Ponder              engines.Move
	Pondered, PonderHit bool
	// Claim is a result the player claimed right after its move (an
	// xboard engine's "move X" then "1/2-1/2 {...}"), nil for none. The
	// referee decides: a claim the rules do not support loses.
	Claim *Claim
	// Comment is text the player asked to keep with its move (a UCI
	// engine's "info string pgncomment TEXT"); the PGN writes it in the
	// move's comment. "" for none.
	Comment string
}

// Player is anything that chooses moves: a built-in engine or an external
// one. A Player plays one game at a time; the arena owns one per worker.
type Player interface {
	// Name returns the name the tournament knows the player by.
	Name() string
	// NewGame prepares for a new game of variant v.
	NewGame(ctx context.Context, v *engines.Variant) error
	// Move returns a legal move for req.Game's position. An error means
	// the player failed (see *Fault), not that it lost.
	Move(ctx context.Context, req Request) (Reply, error)
	// Close releases the player (stops an engine process).
	Close() error
}

// FaultKind classifies a player failure for the arena's records.
type FaultKind int

const (
	// Crash: the engine process died or could not be started.
	Crash FaultKind = iota + 1
	// Timeout: no answer within the time allowed plus the margin.
	Timeout
	// Protocol: an answer the protocol does not allow.
	Protocol
	// IllegalMove: a move that is not legal, or not parsable as a move.
	IllegalMove
)

func (k FaultKind) String() string {
	switch k {
	case Crash:
		return "crash"
	case Timeout:
		return "timeout"
	case Protocol:
		return "protocol error"
	case IllegalMove:
		return "illegal move"
	}
	return fmt.Sprintf("fault(%d)", int(k))
}

// Fault is a player failure: which player, what kind, and the cause.
type Fault struct {
	Player string
	Kind   FaultKind
	Err    error
}

func (f *Fault) Error() string { return fmt.Sprintf("%s: %s: %v", f.Player, f.Kind, f.Err) }

func (f *Fault) Unwrap() error { return f.Err }

// Claim is a player's statement that the game is over instead of (or
// right after) a move: a result claim ("1-0 {White mates}") or a
// resignation. As an error of Move it ends the game at once: the
// claimant loses when it resigns, and when the rules do not end the
// game (the referee's judgement stands, as in cutechess-cli).
type Claim struct {
	Player string
	Resign bool
	Result engines.Result // the result claimed (not for a resignation)
	Reason string         // the player's comment ("White mates")
	Text   string         // the line as the player wrote it
}

func (c *Claim) Error() string {
	if c.Resign {
		return c.Player + " resigns"
	}
	return fmt.Sprintf("%s claims %q", c.Player, c.Text)
}

// ClaimOf returns the *Claim in err's chain, if any.
func ClaimOf(err error) (*Claim, bool) {
	var c *Claim
	ok := errors.As(err, &c)
	return c, ok
}

// FaultOf returns the *Fault in err's chain, if any.
func FaultOf(err error) (*Fault, bool) {
	var f *Fault
	ok := errors.As(err, &f)
	return f, ok
}
