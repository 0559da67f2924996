package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"varena/arena/openings"
	"varena/arena/pool"
	"varena/configs/plan"
	"varena/engines"
	"varena/engines/player"
	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// PlayerFactory makes a player for an engine of the run; logDir is where
// an external engine's stderr log goes.
type PlayerFactory func(ctx context.Context, r *plan.Plan, e plan.Engine, logDir string) (player.Player, error)

// Options are the command line's overrides of a run.
type Options struct {
	Out         string // output directory; default the run's, else out/<name>
	Concurrency int    // workers; 0: the run's, else the number of CPUs
	Shard       int    // play only shard Shard of Shards (1-based)
	Shards      int
	// Peers, for a shard of an SPRT run, is a glob of the shards'
	// directories on shared storage (this one may match too): their
	// journals are read as they grow, and every shard stops when the
	// SPRT of all their games decides, as one machine would (see peers).
	Peers    string
	Progress io.Writer // progress target; nil: none
	// ProgressBar draws a bar on Progress (a terminal); otherwise a line
	// is printed every ProgressEvery (default 10 s) and every
	// ProgressGames games (default a tenth of the run), for logs of
	// batch jobs.
	ProgressBar   bool
	ProgressEvery time.Duration
	ProgressGames int
	Log           io.Writer // one-line notes (resume, faults); nil: none
	// Notes, when Log is nil, still gets the few notes a batch job's log
	// must show (a resumed directory, a dropped half-written line, a test
	// already decided), so that -quiet cannot hide that a task resumed.
	Notes     io.Writer
	NewPlayer PlayerFactory
	Watch     Watcher // follows the games as they are played; nil: none
	// ProtocolLog, when set, is the file that logs every line sent to
	// and read from the external engines (ProtocolLog); else the run's
	// protocol_log, relative to its config file.
	ProtocolLog string
}

// ErrInterrupted is returned when the run stopped before its end because
// its context ended (Ctrl-C): every finished game is kept.
var ErrInterrupted = errors.New("interrupted")

// outcome is what a worker hands the consumer.
type outcome struct {
	game results.Game
	err  error
}

// Run plays (or resumes) a run and returns its summary. Finished games
// are in the journal of the output directory; a second call with the same
// config and directory plays only what is missing.
//
// The run holds an exclusive lock on its output directory (see LockDir)
// from start to end: a second run on the same directory, in this process
// or another, fails at once naming the holder's pid. A failure before
// the first game (an engine that does not start, a bad openings file)
// leaves no trace in a directory that was missing or empty before.
func Run(ctx context.Context, r *plan.Plan, opts Options) (*rundir.Summary, error) {
	if IsEvent(r) {
		return runEvent(ctx, r, opts) // swiss and knockout: a run per round
	}
	outDir := OutDir(r, opts)
	var logs []string
	for _, e := range r.Engines {
		logs = append(logs, e.Name)
	}
	dir, err := rundir.Own(outDir, rundir.IsRunDir(outDir), rundir.RunWrites(logs))
	if err != nil {
		return nil, err
	}
	var playing bool
	sum, err := run(ctx, r, opts, outDir, &playing)
	if err != nil && !playing {
		// Nothing was played: what this run made goes.
		dir.Discard()
		return sum, err
	}
	if cerr := dir.Close(); cerr != nil && err == nil {
		err = cerr
	}
	return sum, err
}

// run is Run in its locked output directory; *playing is set once the
// first game may have started. It opens the run (engines, schedule,
// records), plans what is left to play, starts the workers and consumes
// their games.
func run(ctx context.Context, r *plan.Plan, opts Options, outDir string, playing *bool) (*rundir.Summary, error) {
	s := &session{r: r, opts: opts, outDir: outDir}
	defer s.close()
	if err := s.open(ctx); err != nil {
		return nil, err
	}
	if err := s.plan(); err != nil {
		return nil, err
	}
	*playing = true
	playCtx, stopPlay := context.WithCancel(s.ctx)
	defer stopPlay()
	games, observe := s.startWorkers(playCtx, stopPlay)
	played := s.sched.Total() - s.todo.Total()
	c := &consumer{rec: s.rec, logf: s.logf, watch: opts.Watch, observe: observe}
	c.progress = newProgress(opts, s.sched.Total(), played, s.rec.Tally())
	counted, fatal := c.consume(games, s.combined)
	if fatal != nil {
		stopPlay() // the peers' follower too: the run is failing
	}
	c.progress.finish()
	return s.finish(ctx, played+counted, fatal)
}

// session is one run in its locked directory, from open to finish.
type session struct {
	r       *plan.Plan
	opts    Options
	outDir  string
	ctx     context.Context // the run's, with its protocol log
	closers []func()        // in reverse order at close

	vs          []*engines.Variant
	factory     PlayerFactory
	started     *playerPool // the engines no worker took yet
	logf, notef func(format string, args ...any)

	full, sched, todo *Schedule // every game; this shard's; those left
	meta              rundir.Meta
	rec               *rundir.Recorder
	done              []results.Game
	shard             rundir.ShardRecord
	combined          *peers      // the other shards' SPRT; nil: none
	matrix            *matrixGate // a per-variant SPRT's gate; nil: none
	workers           int
}

func (s *session) close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
}

// open resolves the variants, starts the engines (their answers decide
// the pairings), builds the schedule and the meta, writes the setup and
// opens the recorder on the journal.
func (s *session) open(ctx context.Context) error {
	r, opts := s.r, s.opts
	for _, v := range r.Variants {
		s.vs = append(s.vs, v.Variant)
	}
	s.logf, s.notef = runLogs(opts)
	if r.Tournament.Adaptive != nil && opts.Shards > 1 {
		return errors.New("tournament.adaptive: a round is chosen from the results of the rounds before it, so shards cannot play apart; run it whole")
	}
	s.factory = opts.NewPlayer
	if s.factory == nil {
		s.factory = DefaultPlayer
	}
	s.ctx = ctx
	if path := protocolLogPath(r, opts); path != "" {
		pl, err := OpenProtocolLog(path, 0)
		if err != nil {
			return err
		}
		s.closers = append(s.closers, func() { pl.Close() })
		s.ctx = withProtocolLog(ctx, pl)
	}
	accepts, started, err := discover(s.ctx, r, s.vs, s.factory, s.outDir)
	if err != nil {
		return err
	}
	s.started = started
	s.closers = append(s.closers, started.close)
	if s.full, err = buildSchedule(r, s.vs, accepts, s.notef); err != nil {
		return err
	}
	for _, u := range s.full.Unpaired() {
		s.notef("not paired: %s", u)
	}
	if s.meta, err = metaOf(r, s.full.Total()); err != nil {
		return err
	}
	matrixMeta(&s.meta, r, s.vs, s.full, accepts)
	if opts.Shards > 1 {
		s.meta.Shard, s.meta.Shards = opts.Shard, opts.Shards
	}
	if err := rundir.CheckMeta(s.outDir, s.meta, s.logf); err != nil {
		return err
	}
	// The setup is written once the directory is ours and its meta
	// agrees, never by a run refused on the directory.
	if err := rundir.WriteSetup(s.outDir, SetupOf(r)); err != nil {
		return err
	}
	// The context is a check too: reading a long journal (seconds for
	// 100,000 games) stops at a signal.
	rec, err := rundir.OpenRecorder(s.outDir, s.meta, r.VariantSet, ctx.Err)
	if err != nil {
		if errors.Is(err, rundir.ErrStopped) {
			return fmt.Errorf("%w while reading the journal of %s; nothing changed", ErrInterrupted, s.outDir)
		}
		return err
	}
	s.rec = rec
	s.closers = append(s.closers, rec.Abandon) // on early returns; finish checks CloseJournal
	return nil
}

// plan finds the games left to play (the journal's are done; a shard
// plays its part; a decided SPRT plays none) and the workers' number.
func (s *session) plan() error {
	opts := s.opts
	s.done = s.rec.Done()
	if n := s.rec.Dropped(); n > 0 {
		s.notef("journal: dropped %d half-written line(s) of an interrupted write", n)
	}
	if err := checkJournal(s.full, s.done); err != nil {
		return fmt.Errorf("%s: %w", s.rec.JournalPath(), err)
	}
	doneIDs := map[int]bool{}
	for _, g := range s.done {
		doneIDs[g.ID] = true
	}
	if len(s.done) > 0 {
		s.notef("resuming %s: %d game(s) already played", s.outDir, len(s.done))
	}
	s.sched = s.full
	if opts.Shards > 1 {
		s.sched = s.full.Shard(opts.Shard, opts.Shards)
	}
	s.todo = s.sched.Without(doneIDs)
	s.shard = rundir.ShardRecord{Shard: opts.Shard, Shards: opts.Shards, Games: s.sched.Total(), Played: s.sched.Total() - s.todo.Total()}
	if opts.Shards > 0 {
		if err := rundir.WriteShard(s.outDir, s.shard); err != nil {
			return err
		}
	}
	if opts.Peers != "" && s.meta.SPRT != nil && opts.Shards > 1 {
		var err error
		if s.combined, err = newPeers(opts.Peers, s.outDir, s.meta, s.done, s.logf); err != nil {
			return err
		}
		if err := s.combined.poll(); err != nil {
			return err
		}
	}
	if d, which := sprtStop(s.rec.Tally(), s.combined); d != stats.Continue {
		s.notef("%s already decided: %s", which, d)
		s.todo = &Schedule{}
	}
	if perVariant(s.r) {
		var err error
		if s.matrix, err = newMatrixGate(s.meta, s.done, s.combined, s.logf); err != nil {
			return err
		}
	}
	s.workers = opts.Concurrency
	if s.workers <= 0 {
		s.workers = s.r.Concurrency
	}
	if s.workers <= 0 {
		s.workers = runtime.NumCPU()
	}
	s.workers = max(min(s.workers, s.todo.Total()), 1)
	return nil
}

// sprtStop is the run's SPRT decision, the one place that decides a
// stop: the test of all shards when a shard follows its peers
// (combined), else the run's own; which names it in messages.
func sprtStop(tally *rundir.Tally, combined *peers) (d stats.Decision, which string) {
	if combined != nil {
		return combined.Decision(), "SPRT of all shards"
	}
	return tally.SPRTDecision(), "SPRT"
}

// startWorkers tells the watcher the run started and starts the pool
// of workers on the games left; the shards' gate holds a game back
// while the shards' SPRT may stop them. observe, when not nil, is what
// the gates learn of each outcome before the consumer records it.
func (s *session) startWorkers(playCtx context.Context, stopPlay func()) (games *pool.Pool[GameSpec, outcome], observe func(outcome)) {
	if w := s.opts.Watch; w != nil {
		if sw, ok := w.(SummaryWatcher); ok {
			sw.UseSummary(s.rec.Summary)
		}
		w.Started(s.meta, s.sched.Total(), s.done)
	}
	var gate func(context.Context, GameSpec) gateVerdict
	if c := s.combined; c != nil {
		if s.todo.Total() > 0 {
			go c.follow(playCtx, stopPlay)
		}
		c.window, c.shard, c.shards = s.opts.Shards*s.workers, s.opts.Shard, s.opts.Shards
		gate = c.wait
	}
	var observers []func(outcome)
	if s.r.Tournament.Adaptive != nil {
		adapt := newAdaptive(s.r, s.done, s.notef)
		gate = adapt.gate
		observers = append(observers, adapt.observe)
	}
	if m := s.matrix; m != nil {
		m.next, gate = gate, m.gate
		observers = append(observers, m.observe)
	}
	if len(observers) > 0 {
		observe = func(o outcome) {
			for _, f := range observers {
				f(o)
			}
		}
	}
	games = pool.Start(playCtx, pool.Config[GameSpec, outcome]{
		Workers: s.workers,
		New: func(ctx context.Context) pool.Worker[GameSpec, outcome] {
			return newWorker(s.r, s.vs, s.factory, s.started, s.outDir, s.opts.Watch)
		},
		Feed: func(ctx context.Context) (GameSpec, bool) { return feed(ctx, s.todo, gate) },
	})
	return games, observe
}

// finish closes the journal, writes the summary and the shard's record
// and says whether the run ended, stopped by the SPRT, or was
// interrupted (ctx ended first).
func (s *session) finish(ctx context.Context, played int, fatal error) (*rundir.Summary, error) {
	if err := s.todo.Err(); err != nil && fatal == nil {
		fatal = err
	}
	// Closing syncs the journal's last games: its error is a lost write.
	if err := s.rec.CloseJournal(); err != nil && fatal == nil {
		fatal = err
	}
	sum, err := s.rec.Summary()
	if err != nil {
		return nil, err
	}
	if fatal != nil {
		return sum, fatal
	}
	d, which := sprtStop(s.rec.Tally(), s.combined)
	interrupted := ctx.Err() != nil && d == stats.Continue
	if s.opts.Shards > 0 {
		s.shard.Played, s.shard.Finished = played, !interrupted
		if d != stats.Continue {
			s.shard.Finished, s.shard.Stopped = true, which+": "+d.String()
		}
		sum.Shard = &s.shard
	}
	if err := s.rec.Finish(sum); err != nil {
		return sum, err
	}
	if s.opts.Shards > 0 {
		if err := rundir.WriteShard(s.outDir, s.shard); err != nil {
			return sum, err
		}
	}
	if interrupted {
		return sum, fmt.Errorf("%w: %d of %d games played, kept in %s; run the same command again to resume",
			ErrInterrupted, played, s.sched.Total(), s.outDir)
	}
	return sum, nil
}

// OutDir returns the output directory of a run: the command line's,
// else the config's (relative to the config file), else out/<name>.
func OutDir(r *plan.Plan, opts Options) string {
	outDir := opts.Out
	if outDir == "" {
		outDir = r.Out
	}
	if outDir == "" {
		outDir = filepath.Join("out", r.Name)
	}
	return outDir
}

// consumer is the run's single consumer of finished games: it hands
// each to the recorder, the one writer of the run's records, then tells
// the log, the progress and the watcher.
type consumer struct {
	rec      *rundir.Recorder
	progress *progress
	logf     func(format string, args ...any)
	watch    Watcher       // nil: none
	observe  func(outcome) // the gates' view of each outcome; nil: none
}

// record records g (see rundir.Recorder.Record).
func (c *consumer) record(g results.Game) (counted bool, err error) {
	counted, err = c.rec.Record(g)
	if !counted {
		return false, err
	}
	if rundir.FaultLoser(g) != "" {
		c.logf("game %d: %s: %s", g.ID, g.Termination, g.Reason)
	}
	c.progress.add()
	if c.watch != nil {
		c.watch.Finished(g)
	}
	return true, err
}

// consume records the workers' games until the pool ends and returns
// how many it counted and the error that stops the run (the others are
// drained). It stops the play once the SPRT decides (sprtStop); the
// SPRT of all shards (combined, when not nil) stops a shard itself,
// from the peers' records.
func (c *consumer) consume(games *pool.Pool[GameSpec, outcome], combined *peers) (counted int, fatal error) {
	tally := c.rec.Tally()
	sprtStopped := false
	fatal = games.Consume(func(o outcome) error {
		if c.observe != nil {
			c.observe(o)
		}
		if o.err != nil {
			if errors.Is(o.err, errAborted) {
				return nil
			}
			return o.err
		}
		ok, err := c.record(o.game)
		if ok {
			counted++
		}
		if err != nil {
			return err
		}
		if combined != nil {
			return combined.Add(o.game) // the combined test stops the shard, not its own
		}
		if d, _ := sprtStop(tally, nil); d != stats.Continue && !sprtStopped {
			sprtStopped = true
			if tally.PerVariant() {
				c.logf("SPRT matrix: every variant's test decided or at its cap after %d games (worst: %s)", tally.Played(), d)
			} else {
				c.logf("SPRT: %s after %d games", d, tally.Played())
			}
			games.Stop()
		}
		return nil
	})
	return counted, fatal
}

// runLogs are the run's two loggers: logf writes to opts.Log, notef the
// notes a batch job's log must show to opts.Log, else opts.Notes.
func runLogs(opts Options) (logf, notef func(format string, args ...any)) {
	logf = func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}
	notef = func(format string, args ...any) {
		w := opts.Log
		if w == nil {
			w = opts.Notes
		}
		if w != nil {
			fmt.Fprintf(w, format+"\n", args...)
		}
	}
	return logf, notef
}

// buildSchedule loads each variant's openings and makes the run's whole
// schedule (every shard's games).
func buildSchedule(r *plan.Plan, vs []*engines.Variant, accepts Accepts, note func(format string, args ...any)) (*Schedule, error) {
	books := map[string][]openings.Opening{}
	// Errors of a book as a whole name the config that points to it.
	where := r.File
	if where == "" {
		where = "built-in run " + r.Name
	}
	for _, v := range r.Variants {
		var err error
		if books[v.Name], err = openings.LoadBook(v, r.Seed, where, note); err != nil {
			return nil, err
		}
	}
	return NewSchedule(r, vs, books, accepts)
}

// gateVerdict is what a gate says of the next game of the schedule.
type gateVerdict int

const (
	gatePlay gateVerdict = iota // hand it out
	gateSkip                    // leave it unplayed, go on with the next
	gateEnd                     // end the feed
)

// feed returns the next game of todo to hand out, or false at the end
// of the feed. gate, when not nil, is asked before each game is handed
// out and may hold it back, skip it or end the feed.
func feed(ctx context.Context, todo *Schedule, gate func(context.Context, GameSpec) gateVerdict) (GameSpec, bool) {
	for {
		g, ok := todo.Next()
		if !ok {
			return GameSpec{}, false
		}
		if gate != nil {
			switch gate(ctx, g) {
			case gateEnd:
				return GameSpec{}, false
			case gateSkip:
				continue
			}
		}
		return g, true
	}
}

// worker plays games, one at a time. It owns its players, made on first
// use and reused across games; a player that crashed, or whose engine
// asks for a fresh process each game, is made anew.
type worker struct {
	r       *plan.Plan
	variant map[string]*engines.Variant
	engine  map[string]plan.Engine
	factory PlayerFactory
	started *playerPool
	out     string
	watch   Watcher
	players map[string]player.Player
}

func newWorker(r *plan.Plan, vs []*engines.Variant, factory PlayerFactory, started *playerPool, out string, watch Watcher) *worker {
	w := &worker{r: r, variant: map[string]*engines.Variant{}, engine: map[string]plan.Engine{},
		factory: factory, started: started, out: out, watch: watch, players: map[string]player.Player{}}
	for _, v := range vs {
		w.variant[v.Name] = v
	}
	for _, e := range r.Engines {
		w.engine[e.Name] = e
	}
	return w
}

// Close closes the worker's players.
func (w *worker) Close() {
	for _, p := range w.players {
		p.Close()
	}
}

// get returns the players of the two names, starting those the worker
// has not got at once (an engine start costs tens of milliseconds).
// errs[c] is colour c's failure to start.
func (w *worker) get(ctx context.Context, names [2]string) (ps [2]player.Player, errs [2]error) {
	var wg sync.WaitGroup
	for c, name := range names {
		if p, ok := w.players[name]; ok {
			ps[c] = p
		} else if p := w.started.take(name); p != nil {
			w.players[name], ps[c] = p, p
		} else if c == 0 || name != names[0] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ps[c], errs[c] = w.factory(ctx, w.r, w.engine[name], w.out)
			}()
		}
	}
	wg.Wait()
	if names[1] == names[0] {
		ps[1], errs[1] = ps[0], errs[0]
	}
	for c, name := range names {
		if errs[c] == nil {
			w.players[name] = ps[c]
		}
	}
	return ps, errs
}

// Do plays the game of spec; its error is errAborted when ctx ended.
func (w *worker) Do(ctx context.Context, spec GameSpec) outcome {
	r := w.r
	var t table
	t.spec, t.Variant, t.Adjudication, t.Event, t.watch = spec, w.variant[spec.Variant], r.Adjudication, r.Name, w.watch
	var rec results.Game
	var err error
	names := [2]string{spec.White, spec.Black}
	for c, name := range names {
		t.TimeControl[c] = r.TimeControlFor(name, spec.Variant)
		t.ponder[c] = w.engine[name].Ponder
	}
	var errs [2]error
	t.players, errs = w.get(ctx, names)
	for c := range names {
		if errs[c] != nil {
			if err = errs[c]; ctx.Err() == nil {
				// The engine could not even start: the game is lost by it.
				rec, err = t.record(winFor(engines.Color(c).Other()), results.TermEngineCrash, err.Error()), nil
			}
			break
		}
	}
	if err == nil && rec.Result == "" {
		for _, p := range t.players {
			if s, ok := p.(gameSetter); ok {
				s.SetGame(spec.ID)
			}
		}
		rec, err = t.play(ctx)
	}
	if err == nil {
		for _, name := range names {
			crashed := rec.Termination == results.TermEngineCrash && rundir.FaultLoser(rec) == name
			if p, ok := w.players[name]; ok && (crashed || w.engine[name].Restart == "always") {
				p.Close()
				delete(w.players, name)
			}
		}
	} else if ctx.Err() != nil {
		err = errAborted
	}
	return outcome{rec, err}
}

// discover starts every engine once, so that a wrong command, option
// or weights file is reported before any game, naming the config line of
// the engine's entry, and learns which variants each engine
// plays: the config's plays and declines, and for an external engine also
// what its UCI_Variant option offers (an engine asked to play a variant it
// does not offer is an error). Built-in engines play every variant. The
// engines it started are handed to the workers (a start costs tens of
// milliseconds, a handshake included); the caller closes those left.
func discover(ctx context.Context, r *plan.Plan, vs []*engines.Variant, factory PlayerFactory, out string) (Accepts, *playerPool, error) {
	// Start the external engines all at once. offered[i] is nil for
	// built-in engines.
	offered := make([]map[string]bool, len(r.Engines))
	engineVariants := make([][]string, len(r.Engines)) // what each says it plays, nil: unknown
	errs := make([]error, len(r.Engines))
	started := &playerPool{idle: map[string][]player.Player{}}
	var wg sync.WaitGroup
	for i := range r.Engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := &r.Engines[i]
			p, err := factory(ctx, r, *e, out)
			if err != nil {
				// The config's line of the entry: where to fix it.
				errs[i] = fmt.Errorf("%s: %w", r.At(e.Line), engineError(e.Name, err))
				return
			}
			if !e.External() {
				// Built-in engines play every variant; made here only to
				// check their weights, each worker makes its own (handing
				// this one over made timed games slower: measured, the
				// clock test of time_test.go forfeits then).
				p.Close()
				return
			}
			started.put(e.Name, p)
			offered[i] = map[string]bool{}
			o, ok := p.(interface{ Supports(*engines.Variant) bool })
			for _, v := range vs {
				offered[i][v.Name] = !ok || o.Supports(v)
			}
			if l, ok := p.(interface{ Variants() []string }); ok {
				engineVariants[i] = l.Variants()
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		started.close()
		return nil, nil, err
	}
	plays := map[string]map[string]bool{}
	for i := range r.Engines {
		e := &r.Engines[i]
		plays[e.Name] = map[string]bool{}
		for _, v := range vs {
			if !e.Accepts(v.Name) {
				continue
			}
			if offered[i] != nil && !offered[i][v.Name] {
				if slices.Contains(e.Plays, v.Name) {
					started.close()
					if l := engineVariants[i]; l != nil {
						return nil, nil, fmt.Errorf("engine %s: does not offer variant %s; it plays %s (map the name with variant_names)", e.Name, v.Name, strings.Join(l, ", "))
					}
					return nil, nil, fmt.Errorf("engine %s: does not offer variant %s (see its UCI_Variant option, or map the name with variant_names)", e.Name, v.Name)
				}
				continue
			}
			plays[e.Name][v.Name] = true
		}
	}
	return func(engine, variant string) bool { return plays[engine][variant] }, started, nil
}

// playerPool holds started players, by engine name, until a worker takes
// them. Its methods are safe for concurrent use.
type playerPool struct {
	mu   sync.Mutex
	idle map[string][]player.Player
}

func (pp *playerPool) put(name string, p player.Player) {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	pp.idle[name] = append(pp.idle[name], p)
}

// take returns a player of the engine, or nil when the pool has none.
func (pp *playerPool) take(name string) player.Player {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	ps := pp.idle[name]
	if len(ps) == 0 {
		return nil
	}
	p := ps[len(ps)-1]
	pp.idle[name] = ps[:len(ps)-1]
	return p
}

// close closes the players left in the pool.
func (pp *playerPool) close() {
	pp.mu.Lock()
	idle := pp.idle
	pp.idle = map[string][]player.Player{}
	pp.mu.Unlock()
	for _, ps := range idle {
		for _, p := range ps {
			p.Close()
		}
	}
}

// checkJournal verifies that the journal's games belong to the schedule:
// each is the game of its id, by players, variant, round, pair and
// opening. A run whose length changed (capKeys) is continued only so.
// It walks the schedule's plan once, up to the last game played, making
// the openings of the pairs played only: the time of a journal's
// reading, whatever the schedule's size.
func checkJournal(s *Schedule, games []results.Game) error {
	total := s.plan.total
	journal := make(map[int]bool, len(games))
	last, beyond := 0, 0
	for _, g := range games {
		journal[g.ID] = true
		if g.ID > total {
			beyond++
		} else {
			last = max(last, g.ID)
		}
	}
	byID := make(map[int]GameSpec, len(games))
	c := s.plan.start()
	for p, ok := c.next(); ok && 2*p.pair-1 <= last; p, ok = c.next() {
		if !journal[2*p.pair-1] && !journal[2*p.pair] {
			continue
		}
		gs, err := s.plan.games(p)
		if err != nil {
			return err
		}
		for _, spec := range gs {
			if journal[spec.ID] {
				byID[spec.ID] = spec
			}
		}
	}
	for _, g := range games {
		if g.ID > total {
			continue
		}
		spec, ok := byID[g.ID]
		// Round, pair and opening are compared when the record has them.
		if !ok || spec.White != g.White || spec.Black != g.Black || spec.Variant != g.Variant ||
			g.Round != 0 && g.Round != spec.Round || g.Pair != 0 && g.Pair != spec.Pair ||
			g.StartFEN != "" && g.StartFEN != spec.Opening.FEN {
			return fmt.Errorf("game %d (%s-%s) is not in this run's schedule: a change of games: or rounds: that renumbers the games (games per pairing with several rounds) cannot continue a run; raise rounds: instead, or give another -out",
				g.ID, g.White, g.Black)
		}
	}
	if beyond > 0 {
		return fmt.Errorf("holds %d game(s) beyond this run's %d: the run was played further than games: and rounds: now allow; set them back to at least what was played, or give another -out",
			beyond, total)
	}
	return nil
}
