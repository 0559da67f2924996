package arena

import (
	"context"
	"os"
	"sync/atomic"

	"varena/configs"
	"varena/configs/plan"
	"varena/engines/dialect"
	"varena/engines/player"
)

// startDialect starts an external USI or UCCI engine for a worker, as
// startUCI a UCI one: its stderr appended to <out>/<name>.log, its lines
// to the run's protocol log, the margin and stall timeout of its time
// control.
func startDialect(ctx context.Context, r *plan.Plan, e plan.Engine, out string) (player.Player, error) {
	log, command, dir, err := externalSetup(e, out)
	if err != nil {
		return nil, err
	}
	proto := dialect.USI
	if e.Kind == configs.KindUCCI {
		proto = dialect.UCCI
	}
	cfg := dialect.EngineConfig{Protocol: proto, Name: e.Name, Command: command, Args: e.Args, Dir: dir,
		Options: e.Options, VariantName: e.VariantNames, StderrLog: log}
	tc := e.Limit
	if d := tc.MarginDuration(); d > 0 {
		cfg.MoveMargin = d
	}
	if tc.StallTimeout > 0 {
		cfg.SearchTimeout = tc.StallDuration()
	}
	le := &loggedDialect{log: log}
	if pl := protocolLogOf(ctx); pl != nil {
		cfg.ProtocolLog = func(sent bool, line string) { pl.Line(int(le.game.Load()), e.Name, sent, line) }
	}
	eng, err := dialect.Start(ctx, cfg)
	if err != nil {
		log.Close()
		return nil, err
	}
	le.Engine = eng
	return le, nil
}

// loggedDialect is loggedEngine's twin for a USI or UCCI engine; it keeps
// Supports visible to the arena.
type loggedDialect struct {
	*dialect.Engine
	log  *os.File
	game atomic.Int64
}

// SetGame implements gameSetter.
func (l *loggedDialect) SetGame(id int) { l.game.Store(int64(id)) }

func (l *loggedDialect) Close() error {
	err := l.Engine.Close()
	if cerr := l.log.Close(); err == nil {
		err = cerr
	}
	return err
}
