package arena

import (
	"context"
	"os"
	"sync/atomic"

	"varena/configs/plan"
	"varena/engines/player"
	"varena/engines/xboard"
)

// startXboard starts an external xboard engine for a worker, as startUCI
// a UCI one: its stderr appended to <out>/<name>.log, its lines to the
// run's protocol log, the margin and stall timeout of its time control.
func startXboard(ctx context.Context, r *plan.Plan, e plan.Engine, out string) (player.Player, error) {
	log, command, dir, err := externalSetup(e, out)
	if err != nil {
		return nil, err
	}
	cfg := xboard.EngineConfig{Name: e.Name, Command: command, Args: e.Args, Dir: dir,
		Options: e.Options, VariantName: e.VariantNames, StderrLog: log, Ponder: e.Ponder}
	tc := e.Limit
	if d := tc.MarginDuration(); d > 0 {
		cfg.MoveMargin = d
	}
	if tc.StallTimeout > 0 {
		cfg.SearchTimeout = tc.StallDuration()
	}
	le := &loggedXboard{log: log}
	if pl := protocolLogOf(ctx); pl != nil {
		cfg.Protocol = func(sent bool, line string) { pl.Line(int(le.game.Load()), e.Name, sent, line) }
	}
	eng, err := xboard.Start(ctx, cfg)
	if err != nil {
		log.Close()
		return nil, err
	}
	le.Engine = eng
	return le, nil
}

// loggedXboard is loggedEngine's twin for an xboard engine.
type loggedXboard struct {
	*xboard.Engine
	log  *os.File
	game atomic.Int64
}

// SetGame implements gameSetter.
func (l *loggedXboard) SetGame(id int) { l.game.Store(int64(id)) }

func (l *loggedXboard) Close() error {
	err := l.Engine.Close()
	if cerr := l.log.Close(); err == nil {
		err = cerr
	}
	return err
}
