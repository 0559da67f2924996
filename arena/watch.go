package arena

import (
	"time"

	"varena/configs"
	"varena/engines"
	"varena/results"
	"varena/results/rundir"
)

// Watcher follows a run as it plays, for a live view. The arena calls it
// from the workers (Moved) and from the results consumer (Started,
// Finished), so its methods must return at once: copy what they need and
// hand it off, never wait for a reader. A slow watcher would slow the
// games, and a blocked one would stop the run.
type Watcher interface {
	// Started is called once, before any game: the run's meta, the games
	// this process is to play in all (its shard), and the games the
	// journal already held (a resumed run), in journal order.
	Started(meta rundir.Meta, scheduled int, done []results.Game)
	// Moved is called when a game starts (Ply 0, no move) and after each
	// of its moves.
	Moved(m LiveMove)
	// Finished is called for each game once it is safe in the journal.
	Finished(g results.Game)
}

// RoundWatcher is a Watcher that follows a Swiss or a knockout round by
// round: each round is a run of its own, in its own directory, whose
// games are numbered from 1. NextRound is called before each round's
// Started.
type RoundWatcher interface {
	Watcher
	NextRound(dir string)
}

// SummaryWatcher is a Watcher that shows the run's statistics (the live
// page): before Started it is handed the recorder's Summary, the run's
// one derivation of them, safe to call from any goroutine, instead of
// counting the games itself.
type SummaryWatcher interface {
	Watcher
	UseSummary(summary func() (*rundir.Summary, error))
}

// LiveMove is a move of a game in progress, as a Watcher sees it.
type LiveMove struct {
	Game GameSpec
	Ply  int          // plies played so far; 0 at the start
	Move results.Move // the move of ply Ply (zero at Ply 0)
	// Pos is the position after it, a copy: a watcher that draws it
	// formats it (Pos.FEN()) when it needs to, not at every move.
	Pos engines.Position
	// Limits are each side's limit (by colour), copied and not formatted
	// here, in the game's loop; Clocks the time left on each side's clock
	// after the move, for sides on a clock (Limits[c].Clock set).
	Limits [2]configs.TimeControl
	Clocks [2]time.Duration
}

// liveMove is what a watcher is told of ply ply of the table's game.
func (t *table) liveMove(ply int, mv results.Move, pos engines.Position, clocks [2]clock) LiveMove {
	m := LiveMove{Game: t.spec, Ply: ply, Move: mv, Pos: pos}
	for c := range clocks {
		m.Limits[c], m.Clocks[c] = t.TimeControl[c], clocks[c].left
	}
	return m
}

// Watchers returns a Watcher calling each of ws in turn (nil ones left
// out): a live page and a console output can follow the same run.
func Watchers(ws ...Watcher) Watcher {
	var list multiWatcher
	for _, w := range ws {
		if w != nil {
			list = append(list, w)
		}
	}
	if len(list) == 1 {
		return list[0]
	}
	return list
}

type multiWatcher []Watcher

func (m multiWatcher) Started(meta rundir.Meta, scheduled int, done []results.Game) {
	for _, w := range m {
		w.Started(meta, scheduled, done)
	}
}

func (m multiWatcher) UseSummary(summary func() (*rundir.Summary, error)) {
	for _, w := range m {
		if sw, ok := w.(SummaryWatcher); ok {
			sw.UseSummary(summary)
		}
	}
}

func (m multiWatcher) NextRound(dir string) {
	for _, w := range m {
		if rw, ok := w.(RoundWatcher); ok {
			rw.NextRound(dir)
		}
	}
}

func (m multiWatcher) Moved(mv LiveMove) {
	for _, w := range m {
		w.Moved(mv)
	}
}

func (m multiWatcher) Finished(g results.Game) {
	for _, w := range m {
		w.Finished(g)
	}
}
