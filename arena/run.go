package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"varena/arena/stats"
	"varena/configs"
	"varena/engines"
	"varena/engines/player"
	"varena/engines/variants"
	"varena/results"
)

// Files of a run's output directory.
const (
	JournalFile = "journal.jsonl"
	PGNFile     = "games.pgn"
	SummaryFile = "summary.json"
	MetaFile    = "meta.json"
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
	Progress    io.Writer // progress bar target; nil: none
	Log         io.Writer // one-line notes (resume, faults); nil: none
	NewPlayer   PlayerFactory
	Watch       Watcher // follows the games as they are played; nil: none
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
func Run(ctx context.Context, r *configs.Run, opts Options) (*Summary, error) {
	var vs []*engines.Variant
	for _, name := range r.VariantNames() {
		v, err := variants.ByName(name)
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	outDir := OutDir(r, opts)
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}

	factory := opts.NewPlayer
	if factory == nil {
		factory = DefaultPlayer
	}
	accepts, started, err := discover(ctx, r, vs, factory, outDir)
	if err != nil {
		return nil, err
	}
	defer started.close() // the engines no worker took
	books := map[string][]Opening{}
	for _, v := range vs {
		if books[v.Name], err = LoadBook(r, r.OpeningsFor(v.Name), v); err != nil {
			return nil, err
		}
	}
	full, err := NewSchedule(r, vs, books, accepts)
	if err != nil {
		return nil, err
	}
	meta, err := metaOf(r, full.Total())
	if err != nil {
		return nil, err
	}
	if err := checkMeta(outDir, meta); err != nil {
		return nil, err
	}

	journal, done, err := results.OpenJournal(filepath.Join(outDir, JournalFile))
	if err != nil {
		return nil, err
	}
	defer journal.Close() // on early returns; the normal path checks Close below
	if n := journal.Dropped(); n > 0 {
		logf("journal: dropped %d half-written line(s) of an interrupted write", n)
	}
	if err := checkJournal(full, done); err != nil {
		return nil, fmt.Errorf("%s: %w", journal.Path(), err)
	}
	doneIDs := map[int]bool{}
	for _, g := range done {
		doneIDs[g.ID] = true
	}
	if len(done) > 0 {
		logf("resuming %s: %d game(s) already played", outDir, len(done))
	}
	sched := full
	if opts.Shards > 1 {
		sched = full.Shard(opts.Shard, opts.Shards)
	}
	todo := sched.Without(doneIDs)

	// The PGN is rebuilt from the journal, the source of truth, so that a
	// crash between the two writes never leaves them apart.
	pgnPath := filepath.Join(outDir, PGNFile)
	if err := writePGN(pgnPath, done); err != nil {
		return nil, err
	}
	pgn, err := os.OpenFile(pgnPath, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	defer pgn.Close()

	c := &consumer{journal: journal, pgn: pgn, tally: NewTally(meta), logf: logf, watch: opts.Watch}
	for _, g := range sortedByID(done) {
		if err := c.tally.Add(g); err != nil {
			return nil, err
		}
	}
	if d := c.tally.SPRTDecision(); d != stats.Continue {
		logf("SPRT already decided: %s", d)
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
		opts.Watch.Started(meta, sched.Total(), done)
	}

	playCtx, stopPlay := context.WithCancel(ctx)
	defer stopPlay()
	outcomes := startWorkers(playCtx, workers, todo, func(jobs <-chan GameSpec, out chan<- outcome) {
		worker(playCtx, r, vs, factory, started, outDir, opts.Watch, jobs, out)
	})

	c.bar = newBar(opts.Progress, sched.Total(), sched.Total()-todo.Total())
	played := sched.Total() - todo.Total()
	var fatal error
	sprtStopped := false
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
		if err := c.record(o.game); err != nil {
			fatal = err
			stopPlay()
			continue
		}
		played++
		if d := c.tally.SPRTDecision(); d != stats.Continue && !sprtStopped {
			sprtStopped = true
			logf("SPRT: %s after %d games", d, c.tally.played)
			stopPlay()
		}
	}
	if c.bar != nil {
		c.bar.Finish()
		fmt.Fprintln(opts.Progress)
	}
	// Close syncs the journal's last games: its error is a lost write.
	if err := journal.Close(); err != nil && fatal == nil {
		fatal = fmt.Errorf("journal: %w", err)
	}
	sum, err := c.tally.Summary()
	if err != nil {
		return nil, err
	}
	if fatal != nil {
		return sum, fatal
	}
	if err := writeFileAtomic(filepath.Join(outDir, SummaryFile), sum.WriteJSON); err != nil {
		return sum, err
	}
	if ctx.Err() != nil && !sprtStopped {
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

// consumer is the single owner of a run's results: every finished game
// goes through record, which writes the journal first, so that a game is
// counted only once it is safe on disk.
type consumer struct {
	journal *results.Journal
	pgn     io.Writer
	tally   *Tally
	bar     *progressbar.ProgressBar
	logf    func(format string, args ...any)
	watch   Watcher // nil: none
}

func (c *consumer) record(g results.Game) error {
	if err := c.journal.Append(g); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if err := results.WritePGN(c.pgn, g); err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	if faultLoser(g) != "" {
		c.logf("game %d: %s: %s", g.ID, g.Termination, g.Reason)
	}
	if err := c.tally.Add(g); err != nil {
		return err
	}
	if c.bar != nil {
		c.bar.Add(1)
		c.bar.Describe(c.tally.ProgressText())
	}
	if c.watch != nil {
		c.watch.Finished(g)
	}
	return nil
}

// startWorkers feeds the schedule to n workers and returns the channel of
// their outcomes, closed when every worker is done.
func startWorkers(ctx context.Context, n int, todo *Schedule, work func(<-chan GameSpec, chan<- outcome)) <-chan outcome {
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
			if !ok {
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

func sortedByID(games []results.Game) []results.Game {
	out := append([]results.Game(nil), games...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
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
		t.spec, t.variant, t.adj, t.event, t.watch = spec, variant[spec.Variant], r.Adjudication, r.Name, watch
		var rec results.Game
		var err error
		names := [2]string{spec.White, spec.Black}
		for c, name := range names {
			t.tc[c] = r.TimeControlFor(name, spec.Variant)
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
			rec, err = t.play(ctx)
		}
		if err == nil {
			for _, name := range names {
				crashed := rec.Termination == results.TermEngineCrash && faultLoser(rec) == name
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

// discover starts every external engine once, so that a wrong command
// is reported before any game, and learns which variants each engine
// plays: the config's plays and declines, and for an external engine also
// what its UCI_Variant option offers (an engine asked to play a variant it
// does not offer is an error). Built-in engines play every variant. The
// engines it started are handed to the workers (a start costs tens of
// milliseconds, a handshake included); the caller closes those left.
func discover(ctx context.Context, r *configs.Run, vs []*engines.Variant, factory PlayerFactory, out string) (Accepts, *playerPool, error) {
	// Start the external engines all at once. offered[i] is nil for
	// built-in engines.
	offered := make([]map[string]bool, len(r.Engines))
	errs := make([]error, len(r.Engines))
	started := &playerPool{idle: map[string][]player.Player{}}
	var wg sync.WaitGroup
	for i := range r.Engines {
		if r.Engines[i].Kind != configs.KindUCI {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := factory(ctx, r, r.Engines[i], out)
			if err != nil {
				errs[i] = fmt.Errorf("engine %s: %w", r.Engines[i].Name, err)
				return
			}
			started.put(r.Engines[i].Name, p)
			offered[i] = map[string]bool{}
			o, ok := p.(interface{ Supports(*engines.Variant) bool })
			for _, v := range vs {
				offered[i][v.Name] = !ok || o.Supports(v)
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

// metaOf describes the run for its summary.
func metaOf(r *configs.Run, total int) (Meta, error) {
	m := Meta{Name: r.Name, Variants: r.VariantNames(), Tournament: r.Tournament.Type, Total: total, Seed: r.Seed}
	for _, e := range r.Engines {
		m.Engines = append(m.Engines, e.Name)
	}
	if r.SPRT != nil && r.Tournament.Type == configs.SPRTTest {
		model, err := stats.ParseEloModel(r.SPRT.Model)
		if err != nil {
			return m, err
		}
		s, err := stats.NewSPRT(r.SPRT.Elo0, r.SPRT.Elo1, r.SPRT.Alpha, r.SPRT.Beta, model)
		if err != nil {
			return m, err
		}
		m.SPRT = &s
	}
	return m, nil
}

// checkMeta writes meta.json in a new output directory, or checks that an
// existing one describes the same run: a journal is only resumed by the
// run that wrote it.
func checkMeta(out string, m Meta) error {
	path := filepath.Join(out, MetaFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return writeFileAtomic(path, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(m)
		})
	}
	if err != nil {
		return err
	}
	var old Meta
	if err := json.Unmarshal(data, &old); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	a, _ := json.Marshal(old)
	b, _ := json.Marshal(m)
	if string(a) != string(b) {
		return fmt.Errorf("%s holds another run (%s); use another output directory (-out) or remove it", out, old.Name)
	}
	return nil
}

// ReadMeta reads a run's meta.json.
func ReadMeta(dir string) (Meta, error) {
	var m Meta
	data, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("%s: %w", filepath.Join(dir, MetaFile), err)
	}
	return m, nil
}

// checkJournal verifies that the journal's games belong to the schedule.
func checkJournal(s *Schedule, games []results.Game) error {
	byID := map[int]GameSpec{}
	for _, g := range s.games {
		byID[g.ID] = g
	}
	for _, g := range games {
		spec, ok := byID[g.ID]
		if !ok || spec.White != g.White || spec.Black != g.Black || spec.Variant != g.Variant {
			return fmt.Errorf("game %d (%s-%s) is not in this run's schedule", g.ID, g.White, g.Black)
		}
	}
	return nil
}

// writePGN rewrites a PGN file from records.
func writePGN(path string, games []results.Game) error {
	return writeFileAtomic(path, func(w io.Writer) error {
		for _, g := range games {
			if err := results.WritePGN(w, g); err != nil {
				return err
			}
		}
		return nil
	})
}

// newBar returns a progress bar on w, or nil when w is nil.
func newBar(w io.Writer, total, done int) *progressbar.ProgressBar {
	if w == nil || total == 0 {
		return nil
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("games"),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("games"),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetWidth(20),
	)
	bar.Set(done)
	return bar
}

// WriteRun writes a complete output directory from finished games (used by
// merge): meta, journal, PGN and summary. The directory must not hold a
// journal yet.
func WriteRun(out string, meta Meta, games []results.Game) (*Summary, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	jpath := filepath.Join(out, JournalFile)
	if st, err := os.Stat(jpath); err == nil && st.Size() > 0 {
		return nil, fmt.Errorf("%s already holds a journal; merge into a new directory", out)
	}
	if err := checkMeta(out, meta); err != nil {
		return nil, err
	}
	games = sortedByID(games)
	j, _, err := results.OpenJournal(jpath)
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if err := j.Append(g); err != nil {
			j.Close()
			return nil, err
		}
	}
	if err := j.Close(); err != nil {
		return nil, err
	}
	if err := writePGN(filepath.Join(out, PGNFile), games); err != nil {
		return nil, err
	}
	sum, err := Summarize(meta, games)
	if err != nil {
		return nil, err
	}
	return sum, writeFileAtomic(filepath.Join(out, SummaryFile), sum.WriteJSON)
}
