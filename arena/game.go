package arena

import (
	"context"
	"errors"
	"fmt"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/results"
	"varena/results/rules"
)

// table is everything one game needs besides its spec: the Table, the
// players, who ponders, and the watcher.
type table struct {
	Table
	spec    GameSpec
	players [2]player.Player // by colour
	ponder  [2]bool          // the engine of each colour ponders
	watch   Watcher          // nil: none
}

// errAborted marks a game stopped before its end (Ctrl-C, SPRT decided):
// it is not recorded and will be played again on resume.
var errAborted = errors.New("game aborted")

// clock is one side's time in a clock game.
type clock struct {
	left  time.Duration
	moves int // moves made by this side
}

// play plays one game to its end and returns its record. A player fault
// (crash, hang, illegal move) ends the game as a loss for that player with
// the reason recorded; an error is returned only when ctx ends first
// (errAborted) or the players cannot be prepared at all.
func (t *table) play(ctx context.Context) (results.Game, error) {
	spec := t.spec
	rec := t.record(engines.Ongoing, "", "")
	var pondering results.PonderCounts
	finish := func(res engines.Result, term, reason string) (results.Game, error) {
		t.stopPonders(ctx)
		if pondering.Tries != [2]int{} {
			rec.Ponder = &pondering
		}
		rec.Result, rec.Termination, rec.Reason = res.String(), term, reason
		rec.DurationMS = time.Since(rec.Started).Milliseconds()
		return rec, nil
	}

	start, err := engines.ParseFEN(t.Variant, spec.Opening.FEN)
	if err != nil {
		return rec, fmt.Errorf("game %d: opening: %w", spec.ID, err)
	}
	for c, p := range t.players {
		if err := p.NewGame(ctx, t.Variant); err != nil {
			if ctx.Err() != nil {
				return rec, errAborted
			}
			return finish(winFor(engines.Color(c).Other()), faultTerm(err, true), err.Error()) // a new game has its time: no stall
		}
	}

	g := engines.NewGame(start)
	var clocks [2]clock
	for c := range clocks {
		clocks[c].left = t.TimeControl[c].Base
	}
	if t.watch != nil {
		t.watch.Moved(t.liveMove(0, results.Move{}, start, clocks))
	}
	adj := adjudicator{rule: t.Adjudication}
	for {
		if o := g.Outcome(); o.Result != engines.Ongoing {
			return finish(o.Result, rules.Termination(o.Reason), "")
		}
		pos := g.Position()
		us := pos.SideToMove()
		p := t.players[us]
		lim, budget := t.limits(us, clocks)
		began := time.Now()
		reply, err := p.Move(ctx, player.Request{Game: g, Limits: lim,
			Margin: t.margin(us), Stall: t.TimeControl[us].StallDuration()})
		took := time.Since(began)
		if ctx.Err() != nil {
			return rec, errAborted
		}
		if err != nil { // (ClaimOf allocates: only on an error)
			if c, ok := player.ClaimOf(err); ok {
				return finish(judgeClaim(c, us, g))
			}
			return finish(winFor(us.Other()), faultTerm(err, budget > 0), err.Error())
		}
		if reply.Pondered {
			pondering.Tries[us]++
			if reply.PonderHit {
				pondering.Hits[us]++
			}
		}
		if !pos.IsLegal(reply.Move) {
			return finish(winFor(us.Other()), results.TermIllegalMove,
				fmt.Sprintf("%s played %s, not legal in %s", p.Name(), t.Variant.UCI(reply.Move), pos.FEN()))
		}
		if budget > 0 && took > budget+t.margin(us) {
			return finish(winFor(us.Other()), results.TermTimeForfeit, overBudget(p.Name(), took, budget, t.margin(us)).Error())
		}
		if budget > 0 && took > budget {
			// Forgiven within the margin, but counted: an engine that
			// overruns often is told so (fastchess warns likewise).
			rec.Overruns = append(rec.Overruns, results.Overrun{Ply: len(rec.Moves),
				Side: us.String(), OverMS: (took - budget).Milliseconds()})
		}
		if t.TimeControl[us].Clock != "" {
			c := &clocks[us]
			c.left = max(c.left-took, 0) + t.TimeControl[us].Increment
			c.moves++
			if m := t.TimeControl[us].Moves; m > 0 && c.moves%m == 0 {
				c.left += t.TimeControl[us].Base
			}
		}
		mv := results.Move{UCI: t.Variant.UCI(reply.Move),
			Depth: reply.Depth, Nodes: reply.Nodes, TimeMS: took.Milliseconds(), Comment: reply.Comment}
		if reply.HasScore {
			mv.Score = scoreOf(reply.Score)
		}
		moveNumber := pos.FullmoveNumber()
		mv.SAN = g.PlaySAN(reply.Move) // pos is now the new position
		if rec.Moves == nil {
			rec.Moves = make([]results.Move, 0, 64) // most games: no regrowth
		}
		rec.Moves = append(rec.Moves, mv)
		if t.watch != nil {
			t.watch.Moved(t.liveMove(len(rec.Moves), mv, *g.Position(), clocks))
		}
		if reply.Claim != nil && g.Outcome().Result == engines.Ongoing {
			return finish(judgeClaim(reply.Claim, us, g))
		}
		if v, ok := adj.observe(len(g.Moves()), moveNumber, us, reply.Score, reply.HasScore); ok {
			if o := g.Outcome(); o.Result != engines.Ongoing {
				return finish(o.Result, rules.Termination(o.Reason), "") // the rules came first
			}
			return finish(v.result, results.TermAdjudication, v.reason)
		}
		if err := t.startPonder(ctx, us, g, reply, clocks); err != nil {
			if ctx.Err() != nil {
				return rec, errAborted
			}
			return finish(winFor(us.Other()), faultTerm(err, true), err.Error())
		}
	}
}

// record returns the game's record without moves, with the given end
// (engines.Ongoing: not ended yet).
func (t *table) record(res engines.Result, term, reason string) results.Game {
	spec := t.spec
	g := results.Game{ID: spec.ID, Round: spec.Round, Pair: spec.Pair, Event: t.Event,
		Variant: spec.Variant, White: spec.White, Black: spec.Black,
		StartFEN: spec.Opening.FEN, StartIsInitial: spec.Opening.Initial,
		TimeControl: t.TimeControl[engines.White].String(), Started: time.Now().UTC(),
		Termination: term, Reason: reason}
	if w, b := t.TimeControl[engines.White].String(), t.TimeControl[engines.Black].String(); w != b {
		g.WhiteTimeControl, g.BlackTimeControl = w, b
	}
	if res != engines.Ongoing {
		g.Result = res.String()
	}
	return g
}

// limits returns the search limits of the side to move and, for timed
// games, the time it may take before forfeiting (margin aside).
func (t *table) limits(us engines.Color, clocks [2]clock) (limits.Limits, time.Duration) {
	tc := t.TimeControl[us]
	switch {
	case tc.Depth > 0:
		return limits.Limits{Depth: tc.Depth}, 0
	case tc.Nodes > 0:
		return limits.Limits{Nodes: tc.Nodes}, 0
	case tc.MoveTime > 0:
		d := tc.MoveDuration()
		return limits.Limits{MoveTime: d}, d
	}
	lim := limits.Limits{
		WTime: clocks[engines.White].left, BTime: clocks[engines.Black].left,
		WInc: t.TimeControl[engines.White].Increment, BInc: t.TimeControl[engines.Black].Increment,
	}
	if tc.Moves > 0 {
		lim.MovesToGo = tc.Moves - clocks[us].moves%tc.Moves
	}
	return lim, clocks[us].left
}

func (t *table) margin(us engines.Color) time.Duration { return t.TimeControl[us].MarginDuration() }

// scoreOf converts a search score to the record's form.
func scoreOf(score int) *results.Score {
	if n := limits.MateIn(score); n != 0 {
		return &results.Score{Mate: n}
	}
	return &results.Score{CP: score}
}

// overBudget is the fault of a move that came after its budget and
// margin, in the words the protocol clients use for the same fault
// ("NAME: timeout: move after ..."), so that a time forfeit reads one
// way whether the arena's clock or the client's caught it.
func overBudget(name string, took, budget, margin time.Duration) *player.Fault {
	return &player.Fault{Player: name, Kind: player.Timeout,
		Err: fmt.Errorf("move after %v, over the budget %v + margin %v", took.Round(time.Millisecond), budget, margin)}
}

// faultTerm names the end of a game lost by a player fault: a timeout is
// a time forfeit when the move had a time budget (timed) and a stall
// under a depth or node limit; a protocol failure ("bestmove without a
// move", a line over 16 MB) is a disconnect, as fastchess counts it, not
// an illegal move.
func faultTerm(err error, timed bool) string {
	if f, ok := player.FaultOf(err); ok {
		switch f.Kind {
		case player.Timeout:
			if timed {
				return results.TermTimeForfeit
			}
			return results.TermStall
		case player.IllegalMove:
			return results.TermIllegalMove
		}
	}
	return results.TermEngineCrash
}

// winFor is the result of a game colour c wins.
func winFor(c engines.Color) engines.Result {
	if c == engines.White {
		return engines.WhiteWins
	}
	return engines.BlackWins
}
