package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"

	"varena/configs"
	"varena/configs/plan"
	"varena/engines/player"
	"varena/engines/uci"
)

// startUCI starts an external engine for a worker. Its stderr is appended
// to <out>/<name>.log; the log is closed with the player.
func startUCI(ctx context.Context, r *plan.Plan, e plan.Engine, out string) (player.Player, error) {
	log, command, dir, err := externalSetup(e, out)
	if err != nil {
		return nil, err
	}
	cfg := uci.EngineConfig{Name: e.Name, Command: command, Args: e.Args, Dir: dir,
		Options: e.Options, VariantName: e.VariantNames, StderrLog: log,
		ReversibleHistory: e.History == configs.HistoryReversible,
		NoHistory:         e.History == configs.HistoryNone, Ponder: e.Ponder}
	// A timed game allows the engine the configured margin; depth and
	// node limits their stall_timeout.
	tc := e.Limit
	if d := tc.MarginDuration(); d > 0 {
		cfg.MoveMargin = d
	}
	le := &loggedEngine{log: log}
	if pl := protocolLogOf(ctx); pl != nil {
		cfg.Protocol = func(sent bool, line string) { pl.Line(int(le.game.Load()), e.Name, sent, line) }
	}
	if tc.StallTimeout > 0 {
		cfg.SearchTimeout = tc.StallDuration() // a depth or node search this long is a stall
	}
	eng, err := uci.Start(ctx, cfg)
	if err != nil {
		log.Close()
		return nil, err
	}
	le.Engine = eng
	return le, nil
}

// externalSetup opens the stderr log of an external engine
// (<out>/<name>.log, appended) and finds its command and folder.
func externalSetup(e plan.Engine, out string) (log *os.File, command, dir string, err error) {
	if !configs.ValidName(e.Name) {
		// Validation refuses such names; a run built in code is checked
		// here, so that no name becomes a path outside out.
		return nil, "", "", fmt.Errorf("engine %q: %s", e.Name, configs.NameRule)
	}
	log, err = os.OpenFile(filepath.Join(out, e.Name+".log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, "", "", engineError(e.Name, fmt.Errorf("log: %w", err))
	}
	if e.ProgramErr != nil {
		log.Close()
		return nil, "", "", engineError(e.Name, e.ProgramErr)
	}
	return log, e.Program, e.WorkDir, nil
}

// loggedEngine closes the engine's log after the engine. It keeps the
// engine's methods (Supports, Variants) visible to the arena. game is
// the id of the game it plays, for the protocol log.
type loggedEngine struct {
	*uci.Engine
	log  *os.File
	game atomic.Int64
}

// SetGame implements gameSetter.
func (l *loggedEngine) SetGame(id int) { l.game.Store(int64(id)) }

func (l *loggedEngine) Close() error {
	err := l.Engine.Close()
	if cerr := l.log.Close(); err == nil {
		err = cerr
	}
	return err
}
