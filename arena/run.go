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

	"varena/configs"
	"varena/engines"
	"varena/engines/player"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// PlayerFactory makes a player for an engine of the run; logDir is where
// an external engine's stderr log goes.
type PlayerFactory func(ctx context.Context, r *configs.Run, e configs.Engine, logDir string) (player.Player, error)

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
func Run(ctx context.Context, r *configs.Run, opts Options) (*rundir.Summary, error) {
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
// first game may have started.
func run(ctx context.Context, r *configs.Run, opts Options, outDir string, playing *bool) (*rundir.Summary, error) {
	var vs []*engines.Variant
	for _, name := range r.VariantNames() {
		v, err := variants.ByName(name)
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	logf, notef := runLogs(opts)

	factory := opts.NewPlayer
	if factory == nil {
		factory = DefaultPlayer
	}
	if path := protocolLogPath(r, opts); path != "" {
		pl, err := OpenProtocolLog(path, 0)
		if err != nil {
			return nil, err
		}
		defer pl.Close()
		ctx = withProtocolLog(ctx, pl)
	}
	accepts, started, err := discover(ctx, r, vs, factory, outDir)
	if err != nil {
		return nil, err
	}
	defer started.close() // the engines no worker took
	full, err := buildSchedule(r, vs, accepts)
	if err != nil {
		return nil, err
	}
	for _, u := range full.Unpaired() {
		notef("not paired: %s", u)
	}
	meta, err := metaOf(r, full.Total())
	if err != nil {
		return nil, err
	}
	if opts.Shards > 1 {
		meta.Shard, meta.Shards = opts.Shard, opts.Shards
	}
	if err := rundir.CheckMeta(outDir, meta, logf); err != nil {
		return nil, err
	}
	// The setup is written once the directory is ours and its meta
	// agrees, never by a run refused on the directory.
	if err := rundir.WriteSetup(outDir, rundir.SetupOf(r)); err != nil {
		return nil, err
	}

	// The context is a check too: reading a long journal (seconds for
	// 100,000 games) stops at a signal.
	rec, err := rundir.OpenRecorder(outDir, meta, ctx.Err)
	if err != nil {
		if errors.Is(err, rundir.ErrStopped) {
			return nil, fmt.Errorf("%w while reading the journal of %s; nothing changed", ErrInterrupted, outDir)
		}
		return nil, err
	}
	defer rec.Abandon() // on early returns; the normal path checks CloseJournal below
	done := rec.Done()
	if n := rec.Dropped(); n > 0 {
		notef("journal: dropped %d half-written line(s) of an interrupted write", n)
	}
	if err := checkJournal(full, done); err != nil {
		return nil, fmt.Errorf("%s: %w", rec.JournalPath(), err)
	}
	doneIDs := map[int]bool{}
	for _, g := range done {
		doneIDs[g.ID] = true
	}
	if len(done) > 0 {
		notef("resuming %s: %d game(s) already played", outDir, len(done))
	}
	sched := full
	if opts.Shards > 1 {
		sched = full.Shard(opts.Shard, opts.Shards)
	}
	todo := sched.Without(doneIDs)
	shard := rundir.ShardRecord{Shard: opts.Shard, Shards: opts.Shards, Games: sched.Total(), Played: sched.Total() - todo.Total()}
	if opts.Shards > 0 {
		if err := rundir.WriteShard(outDir, shard); err != nil {
			return nil, err
		}
	}

	c := &consumer{rec: rec, logf: logf, watch: opts.Watch}
	tally := rec.Tally()
	var combined *peers
	if opts.Peers != "" && meta.SPRT != nil && opts.Shards > 1 {
		if combined, err = newPeers(opts.Peers, outDir, meta, done, logf); err != nil {
			return nil, err
		}
		if err := combined.poll(); err != nil {
			return nil, err
		}
	}
	if d := tally.SPRTDecision(); d != stats.Continue && combined == nil {
		notef("SPRT already decided: %s", d)
		todo = &Schedule{}
	}
	if combined != nil && combined.Decision() != stats.Continue {
		notef("SPRT of all shards already decided: %s", combined.Decision())
		todo = &Schedule{}
	}

	workers := opts.Concurrency
	if workers <= 0 {
		workers = r.Concurrency
	}
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = max(min(workers, todo.Total()), 1)
	if opts.Watch != nil {
		if sw, ok := opts.Watch.(SummaryWatcher); ok {
			sw.UseSummary(rec.Summary)
		}
		opts.Watch.Started(meta, sched.Total(), done)
	}

	*playing = true
	playCtx, stopPlay := context.WithCancel(ctx)
	defer stopPlay()
	if combined != nil && todo.Total() > 0 {
		go combined.follow(playCtx, stopPlay)
	}
	var gate func(context.Context, GameSpec) bool
	if combined != nil {
		combined.window, combined.shard, combined.shards = opts.Shards*workers, opts.Shard, opts.Shards
		gate = combined.wait
	}
	outcomes := startWorkers(playCtx, workers, todo, gate, func(jobs <-chan GameSpec, out chan<- outcome) {
		worker(playCtx, r, vs, factory, started, outDir, opts.Watch, jobs, out)
	})

	played := sched.Total() - todo.Total()
	c.progress = newProgress(opts, sched.Total(), played, tally)
	counted, fatal, sprtStopped := c.consume(outcomes, combined, stopPlay)
	played += counted
	c.progress.finish()
	if err := todo.Err(); err != nil && fatal == nil {
		fatal = err
	}
	// Closing syncs the journal's last games: its error is a lost write.
	if err := rec.CloseJournal(); err != nil && fatal == nil {
		fatal = err
	}
	sum, err := rec.Summary()
	if err != nil {
		return nil, err
	}
	if fatal != nil {
		return sum, fatal
	}
	if combined != nil && combined.Decision() != stats.Continue {
		sprtStopped = true
	}
	interrupted := ctx.Err() != nil && !sprtStopped
	if opts.Shards > 0 {
		shard.Played, shard.Finished = played, !interrupted
		if combined != nil && combined.Decision() != stats.Continue {
			shard.Finished, shard.Stopped = true, "SPRT of all shards: "+combined.Decision().String()
		} else if d := tally.SPRTDecision(); d != stats.Continue && combined == nil {
			shard.Finished, shard.Stopped = true, "SPRT: "+d.String()
		}
		sum.Shard = &shard
	}
	if err := rec.Finish(sum); err != nil {
		return sum, err
	}
	if opts.Shards > 0 {
		if err := rundir.WriteShard(outDir, shard); err != nil {
			return sum, err
		}
	}
	if interrupted {
		return sum, fmt.Errorf("%w: %d of %d games played, kept in %s; run the same command again to resume",
			ErrInterrupted, played, sched.Total(), outDir)
	}
	return sum, nil
}

// OutDir returns the output directory of a run: the command line's,
// else the config's (relative to the config file), else out/<name>.
func OutDir(r *configs.Run, opts Options) string {
	outDir := opts.Out
	if outDir == "" {
		outDir = r.Out
		if outDir != "" && !filepath.IsAbs(outDir) && r.File != "" {
			outDir = r.Path(outDir)
		}
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
	watch    Watcher // nil: none
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

// consume records the workers' games until outcomes is closed and
// returns how many it counted, the error that stops the run (the others
// are drained) and whether the run's own SPRT decided; the SPRT of all
// shards (combined, when not nil) stops a shard instead of its own.
func (c *consumer) consume(outcomes <-chan outcome, combined *peers, stopPlay func()) (counted int, fatal error, sprtStopped bool) {
	tally := c.rec.Tally()
	for o := range outcomes {
		if fatal != nil {
			continue // draining: the run is failing
		}
		if o.err != nil {
			if !errors.Is(o.err, errAborted) {
				fatal = o.err
				stopPlay()
			}
			continue
		}
		ok, err := c.record(o.game)
		if ok {
			counted++
		}
		if err != nil {
			fatal = err
			stopPlay()
			continue
		}
		if combined != nil {
			if err := combined.Add(o.game); err != nil {
				fatal = err
				stopPlay()
			}
			continue // the combined test stops the shard, not its own
		}
		if d := tally.SPRTDecision(); d != stats.Continue && !sprtStopped {
			sprtStopped = true
			c.logf("SPRT: %s after %d games", d, tally.Played())
			stopPlay()
		}
	}
	return counted, fatal, sprtStopped
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
func buildSchedule(r *configs.Run, vs []*engines.Variant, accepts Accepts) (*Schedule, error) {
	books := map[string][]Opening{}
	for _, v := range vs {
		var err error
		if books[v.Name], err = LoadBook(r, r.OpeningsFor(v.Name), v); err != nil {
			return nil, err
		}
	}
	return NewSchedule(r, vs, books, accepts)
}

// startWorkers feeds the schedule to n workers and returns the channel of
// their outcomes, closed when every worker is done.
//
// gate, when not nil, is asked before each game is handed out and may
// hold it back; false ends the feed.
func startWorkers(ctx context.Context, n int, todo *Schedule, gate func(context.Context, GameSpec) bool, work func(<-chan GameSpec, chan<- outcome)) <-chan outcome {
	// Buffered, so that a worker neither waits for the feeder to be
	// scheduled before its next game nor for the consumer to take its
	// last: with unbuffered channels a worker of fast games spent most of
	// its time waiting to run again after each hand-over.
	jobs := make(chan GameSpec, n)
	outcomes := make(chan outcome, n)
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(jobs, outcomes)
		}()
	}
	go func() {
		defer close(jobs)
		for {
			g, ok := todo.Next()
			if !ok || (gate != nil && !gate(ctx, g)) {
				return
			}
			select {
			case jobs <- g:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(outcomes)
	}()
	return outcomes
}

// worker plays games from jobs until it is closed or ctx ends. It owns
// its players, made on first use and reused across games; a player that
// crashed, or whose engine asks for a fresh process each game, is made
// anew.
func worker(ctx context.Context, r *configs.Run, vs []*engines.Variant, factory PlayerFactory, started *playerPool, out string,
	watch Watcher, jobs <-chan GameSpec, outcomes chan<- outcome) {
	variant := map[string]*engines.Variant{}
	for _, v := range vs {
		variant[v.Name] = v
	}
	players := map[string]player.Player{}
	defer func() {
		for _, p := range players {
			p.Close()
		}
	}()
	engine := map[string]configs.Engine{}
	for _, e := range r.Engines {
		engine[e.Name] = e
	}
	// get returns the players of the two names, starting those the worker
	// has not got at once (an engine start costs tens of milliseconds).
	// errs[c] is colour c's failure to start.
	get := func(names [2]string) (ps [2]player.Player, errs [2]error) {
		var wg sync.WaitGroup
		for c, name := range names {
			if p, ok := players[name]; ok {
				ps[c] = p
			} else if p := started.take(name); p != nil {
				players[name], ps[c] = p, p
			} else if c == 0 || name != names[0] {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ps[c], errs[c] = factory(ctx, r, engine[name], out)
				}()
			}
		}
		wg.Wait()
		if names[1] == names[0] {
			ps[1], errs[1] = ps[0], errs[0]
		}
		for c, name := range names {
			if errs[c] == nil {
				players[name] = ps[c]
			}
		}
		return ps, errs
	}
	for spec := range jobs {
		var t table
		t.spec, t.Variant, t.Adjudication, t.Event, t.watch = spec, variant[spec.Variant], r.Adjudication, r.Name, watch
		var rec results.Game
		var err error
		names := [2]string{spec.White, spec.Black}
		for c, name := range names {
			t.TimeControl[c] = r.TimeControlFor(name, spec.Variant)
			t.ponder[c] = engine[name].Ponder
		}
		var errs [2]error
		t.players, errs = get(names)
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
				if p, ok := players[name]; ok && (crashed || engine[name].Restart == "always") {
					p.Close()
					delete(players, name)
				}
			}
		} else if ctx.Err() != nil {
			err = errAborted
		}
		select {
		case outcomes <- outcome{rec, err}:
		case <-ctx.Done():
			if err == nil {
				// A finished game is never dropped: hand it over anyway.
				outcomes <- outcome{rec, nil}
			}
			return
		}
	}
}

// discover starts every engine once, so that a wrong command, option
// or weights file is reported before any game, naming the config line of
// the engine's entry, and learns which variants each engine
// plays: the config's plays and declines, and for an external engine also
// what its UCI_Variant option offers (an engine asked to play a variant it
// does not offer is an error). Built-in engines play every variant. The
// engines it started are handed to the workers (a start costs tens of
// milliseconds, a handshake included); the caller closes those left.
func discover(ctx context.Context, r *configs.Run, vs []*engines.Variant, factory PlayerFactory, out string) (Accepts, *playerPool, error) {
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
