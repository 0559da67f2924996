package tuning

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"varena/arena/pool"
	"varena/results"
	"varena/results/rundir"
)

// Files of an SPSA output directory.
const (
	SPSAJournalFile    = "spsa.jsonl"     // one line per finished iteration: the source of truth
	SPSATrajectoryFile = "trajectory.csv" // the same, one column per parameter, for plots
	SPSAMetaFile       = "meta.json"      // the config's fingerprint: a changed config is refused
	SPSAPGNFile        = "games.pgn"      // every game played, rebuilt from the journal
)

// ErrInterrupted is returned when an SPSA run stopped before its last
// iteration because its context ended: every finished iteration is kept
// and a second run with the same config resumes after it.
var ErrInterrupted = errors.New("interrupted")

// PairResult is the outcome of one iteration's game pair, from theta+'s
// side.
type PairResult struct {
	Wins, Draws, Losses int
	Games               []results.Game // the records, nil when no real games were played
}

// Result is wins minus losses of theta+: fishtest's result of a pair.
func (r PairResult) Result() int { return r.Wins - r.Losses }

// PairWorker plays game pairs for one worker goroutine, one at a time.
type PairWorker interface {
	// Play plays iteration pr.K's pair, theta+ (pr.Plus) against theta-
	// (pr.Minus). An error ends the run (ctx ended: the iteration is
	// played again on resume).
	Play(ctx context.Context, pr Probe) (PairResult, error)
	Close() error
}

// Pairs makes the pair workers of a run.
type Pairs interface {
	NewWorker(ctx context.Context) (PairWorker, error)
}

// SPSAConfig is an SPSA run as RunSPSA needs it.
type SPSAConfig struct {
	Params      []Param
	Schedule    Schedule
	Seed        uint64 // the perturbations (and, through Pairs, the openings)
	Concurrency int    // game pairs in flight (default 1)
	Out         string // output directory
	// Fingerprint is what meta.json records of the config (any
	// JSON-encodable value): a directory written under another
	// fingerprint is not resumed.
	Fingerprint any
	// Files names the files the caller writes into Out besides the
	// tune's own (the report): a directory that is not an SPSA tune's
	// and holds one of them is refused, naming it.
	Files    []string
	Progress io.Writer     // progress bar (a terminal); nil: none
	Log      io.Writer     // notes and, without Progress, a periodic status line; nil: none
	LogEvery time.Duration // period of the status line (default 30 s)
}

// Step is one finished iteration, as the journal records it.
type Step struct {
	K      int            `json:"k"`
	Flip   []int          `json:"flip"`
	Plus   []float64      `json:"plus"`
	Minus  []float64      `json:"minus"`
	Wins   int            `json:"w"`
	Draws  int            `json:"d"`
	Losses int            `json:"l"`
	Result int            `json:"result"` // wins - losses of theta+
	Theta  []float64      `json:"theta"`  // after the update
	Games  []results.Game `json:"games,omitempty"`
	Time   time.Time      `json:"time"`
}

// SPSAResult is the state of an SPSA run when RunSPSA returns.
type SPSAResult struct {
	Names []string
	Theta []float64 // the current values
	Done  int       // iterations finished
	Total int
	Steps []Step // every finished iteration, in the order they finished
}

// RunSPSA runs (or resumes) an SPSA tuning: iterations 1..N, each a game
// pair of theta+ against theta- played by a worker, up to Concurrency
// pairs in flight, each with the theta of when it started. Every finished
// iteration is written to the journal before theta moves, so a killed run
// loses only the pairs in flight.
func RunSPSA(ctx context.Context, cfg SPSAConfig, pairs Pairs) (*SPSAResult, error) {
	if err := checkParams(cfg.Params); err != nil {
		return nil, err
	}
	s := cfg.Schedule
	if s.Iterations <= 0 {
		return nil, fmt.Errorf("spsa: %d iterations", s.Iterations)
	}
	// Claimed before anything is made in it (nothing of a stranger's is
	// touched) and locked: a second tune on it is refused, naming the
	// holder's pid, rather than writing the same journal.
	dir, err := rundir.Own(cfg.Out, isSPSADir(cfg.Out), append(SPSAFiles(), cfg.Files...))
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	if err := checkSPSAMeta(cfg.Out, cfg.Fingerprint); err != nil {
		return nil, err
	}
	res := &SPSAResult{Total: s.Iterations}
	for _, p := range cfg.Params {
		res.Names = append(res.Names, p.Name)
		res.Theta = append(res.Theta, p.Start)
	}
	jpath := filepath.Join(cfg.Out, SPSAJournalFile)
	data, err := os.ReadFile(jpath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	steps, dropped, err := resumeSPSAJournal(cfg, jpath, data, res.Theta)
	if err != nil {
		return nil, err
	}
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", args...)
		}
	}
	if dropped > 0 {
		logf("spsa: dropped a half-written line of an interrupted write")
	}
	res.Steps, res.Done = steps, len(steps)
	if len(steps) > 0 {
		logf("spsa: resuming %s: %d of %d iterations done", cfg.Out, len(steps), s.Iterations)
	}

	// The journal is rewritten without a torn last line; the trajectory
	// and the PGN are rebuilt from it, the source of truth.
	if err := results.WriteFileAtomic(jpath, func(w io.Writer) error { return writeSteps(w, steps) }); err != nil {
		return nil, err
	}
	if err := results.WriteFileAtomic(filepath.Join(cfg.Out, SPSATrajectoryFile), func(w io.Writer) error {
		return writeTrajectory(w, res.Names, steps)
	}); err != nil {
		return nil, err
	}
	if err := results.WriteFileAtomic(filepath.Join(cfg.Out, SPSAPGNFile), func(w io.Writer) error {
		for _, st := range steps {
			for _, g := range st.Games {
				if err := results.WritePGN(w, g); err != nil {
					return err
				}
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	out, err := openSPSAOutputs(cfg.Out)
	if err != nil {
		return nil, err
	}
	defer out.close()

	done := make([]bool, s.Iterations+1)
	for _, st := range steps {
		done[st.K] = true
	}
	var todo []int
	for k := 1; k <= s.Iterations; k++ {
		if !done[k] {
			todo = append(todo, k)
		}
	}
	if len(todo) == 0 {
		return res, nil
	}
	workers := max(min(cfg.Concurrency, len(todo)), 1)

	every := cfg.LogEvery
	if every <= 0 {
		every = 30 * time.Second
	}
	st := newProgress(cfg.Progress, cfg.Log, "spsa", "iterations", "it", res.Total, res.Done, every)
	// The consumer owns theta: it applies a finished pair in the order
	// the pairs finish. The feed makes an iteration's probe from the
	// current theta once fewer than workers pairs are in flight (the
	// pool's credits), so with one worker iteration k starts after k-1
	// is applied and a run is reproducible from its seed; mu keeps the
	// feed from reading theta while the consumer moves it.
	var mu sync.Mutex
	next := 0
	games := pool.Start(ctx, pool.Config[Probe, finishedPair]{
		Workers: workers,
		Credits: true,
		New: func(ctx context.Context) pool.Worker[Probe, finishedPair] {
			pw, err := pairs.NewWorker(ctx)
			return pairPlayer{pw, err}
		},
		Feed: func(context.Context) (Probe, bool) {
			if next == len(todo) {
				return Probe{}, false
			}
			mu.Lock()
			defer mu.Unlock()
			next++
			return s.probe(cfg.Params, res.Theta, cfg.Seed, todo[next-1]), true
		},
	})
	fatal := games.Consume(func(f finishedPair) error {
		if f.err != nil {
			if ctx.Err() != nil {
				games.Stop() // interrupted: the pairs finished meanwhile still count
				return nil
			}
			return fmt.Errorf("iteration %d: %w", f.pr.K, f.err)
		}
		step := Step{K: f.pr.K, Flip: f.pr.Flip, Plus: f.pr.Plus, Minus: f.pr.Minus,
			Wins: f.res.Wins, Draws: f.res.Draws, Losses: f.res.Losses, Result: f.res.Result(),
			Games: f.res.Games, Time: time.Now().UTC()}
		mu.Lock()
		s.update(cfg.Params, res.Theta, f.pr, float64(step.Result))
		mu.Unlock()
		step.Theta = append([]float64(nil), res.Theta...)
		if err := out.append(step, res.Names); err != nil {
			return err
		}
		res.Steps = append(res.Steps, step)
		res.Done++
		st.update(res.Done, thetaText(res))
		return nil
	})
	st.finish()
	if err := out.close(); err != nil && fatal == nil {
		fatal = err
	}
	if fatal != nil {
		return res, fatal
	}
	if res.Done < res.Total {
		return res, fmt.Errorf("%w: %d of %d iterations done, kept in %s; run the same command again to resume",
			ErrInterrupted, res.Done, res.Total, cfg.Out)
	}
	return res, nil
}

// finishedPair is a pair worker's outcome: the probe and its pair's
// result or error.
type finishedPair struct {
	pr  Probe
	res PairResult
	err error
}

// pairPlayer is a pool worker that plays pairs with a PairWorker, or,
// when the PairWorker could not be made (err), reports that for each
// probe it takes.
type pairPlayer struct {
	pw  PairWorker
	err error
}

func (w pairPlayer) Do(ctx context.Context, pr Probe) finishedPair {
	if w.err != nil {
		return finishedPair{pr: pr, err: w.err}
	}
	r, err := w.pw.Play(ctx, pr)
	return finishedPair{pr, r, err}
}

func (w pairPlayer) Close() {
	if w.err == nil {
		w.pw.Close()
	}
}

// replay applies a journal step to theta, checking it against the config.
func replay(cfg SPSAConfig, theta []float64, st Step, done []bool) error {
	n := len(cfg.Params)
	switch {
	case st.K < 1 || st.K >= len(done):
		return fmt.Errorf("iteration %d is not in 1..%d", st.K, len(done)-1)
	case done[st.K]:
		return fmt.Errorf("iteration %d recorded twice", st.K)
	case len(st.Flip) != n || len(st.Theta) != n || len(st.Plus) != n || len(st.Minus) != n:
		return fmt.Errorf("iteration %d: %d parameters recorded, the config has %d", st.K, len(st.Theta), n)
	case st.Result != st.Wins-st.Losses:
		return fmt.Errorf("iteration %d: result %d is not wins - losses (%d - %d)", st.K, st.Result, st.Wins, st.Losses)
	}
	for _, f := range st.Flip {
		if f != 1 && f != -1 {
			return fmt.Errorf("iteration %d: flip %d is not +1 or -1", st.K, f)
		}
	}
	cfg.Schedule.update(cfg.Params, theta, Probe{K: st.K, Flip: st.Flip}, float64(st.Result))
	for i, t := range theta {
		if math.Abs(t-st.Theta[i]) > 1e-9*max(1, math.Abs(t)) {
			return fmt.Errorf("iteration %d: %s recorded as %g, the config's gains give %g (was the config changed?)",
				st.K, cfg.Params[i].Name, st.Theta[i], t)
		}
	}
	return nil
}

// resumeSPSAJournal reads the journal data of the file at path and
// replays its iterations from the start theta (which it moves): the
// finished iterations, each checked against the config, or an error at
// path:LINE. A last line without its newline (a write cut by a kill) is
// dropped and counted. It touches no file, so that FuzzSPSAJournal runs
// it thousands of times a second.
func resumeSPSAJournal(cfg SPSAConfig, path string, data []byte, theta []float64) (steps []Step, dropped int, err error) {
	steps, lines, dropped, err := readSPSAJournal(path, data)
	if err != nil {
		return nil, 0, err
	}
	done := make([]bool, cfg.Schedule.Iterations+1)
	for i, st := range steps {
		if err := replay(cfg, theta, st, done); err != nil {
			return nil, 0, fmt.Errorf("%s:%d: %w", path, lines[i], err)
		}
		done[st.K] = true
	}
	return steps, dropped, nil
}

// readSPSAJournal reads the finished iterations of the journal data of
// the file at path, and the line of each; a last line without its
// newline (a write cut by a kill) is dropped and counted.
func readSPSAJournal(path string, data []byte) (steps []Step, lines []int, dropped int, err error) {
	if i := bytes.LastIndexByte(data, '\n'); i+1 < len(data) {
		data, dropped = data[:i+1], 1
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<30)
	line := 1
	for ; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var st Step
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&st); err != nil {
			return nil, nil, 0, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		steps = append(steps, st)
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, 0, fmt.Errorf("%s:%d: %w", path, line, err)
	}
	return steps, lines, dropped, nil
}

func writeSteps(w io.Writer, steps []Step) error {
	for _, st := range steps {
		line, err := json.Marshal(st)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(line, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// writeTrajectory writes the CSV header and a row per step.
func writeTrajectory(w io.Writer, names []string, steps []Step) error {
	if _, err := io.WriteString(w, trajectoryHeader(names)); err != nil {
		return err
	}
	for _, st := range steps {
		if _, err := io.WriteString(w, trajectoryRow(st)); err != nil {
			return err
		}
	}
	return nil
}

func trajectoryHeader(names []string) string {
	return "k,wins,draws,losses,result," + strings.Join(names, ",") + "\n"
}

func trajectoryRow(st Step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d,%d,%d,%d,%d", st.K, st.Wins, st.Draws, st.Losses, st.Result)
	for _, t := range st.Theta {
		b.WriteByte(',')
		b.WriteString(strconv.FormatFloat(t, 'f', -1, 64))
	}
	b.WriteByte('\n')
	return b.String()
}

// spsaOutputs are the files a run appends to. The journal line is written
// and synced first: an iteration counts once it is on disk.
type spsaOutputs struct {
	journal, csv, pgn *os.File
	synced            time.Time
	closed            bool
}

// syncEvery bounds how often the journal is synced (group commit, as
// the arena's journal): a killed process loses nothing it wrote, since
// the kernel holds the data; only a power cut may take the last lines.
const syncEvery = 200 * time.Millisecond

func openSPSAOutputs(dir string) (*spsaOutputs, error) {
	o := &spsaOutputs{}
	var err error
	open := func(name string) *os.File {
		if err != nil {
			return nil
		}
		var f *os.File
		f, err = os.OpenFile(filepath.Join(dir, name), os.O_APPEND|os.O_WRONLY, 0o644)
		return f
	}
	o.journal, o.csv, o.pgn = open(SPSAJournalFile), open(SPSATrajectoryFile), open(SPSAPGNFile)
	if err != nil {
		o.close()
		return nil, err
	}
	return o, nil
}

func (o *spsaOutputs) append(st Step, names []string) error {
	line, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if _, err := o.journal.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if time.Since(o.synced) >= syncEvery {
		if err := o.journal.Sync(); err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		o.synced = time.Now()
	}
	if _, err := io.WriteString(o.csv, trajectoryRow(st)); err != nil {
		return fmt.Errorf("trajectory: %w", err)
	}
	for _, g := range st.Games {
		if err := results.WritePGN(o.pgn, g); err != nil {
			return fmt.Errorf("pgn: %w", err)
		}
	}
	return nil
}

func (o *spsaOutputs) close() error {
	if o.closed {
		return nil
	}
	o.closed = true
	var errs []error
	if o.journal != nil {
		errs = append(errs, o.journal.Sync())
	}
	for _, f := range []*os.File{o.journal, o.csv, o.pgn} {
		if f != nil {
			errs = append(errs, f.Close())
		}
	}
	return errors.Join(errs...)
}

// SPSAFiles are the files an SPSA tune writes into its directory.
func SPSAFiles() []string {
	return []string{SPSAJournalFile, SPSATrajectoryFile, SPSAMetaFile, SPSAPGNFile, SPSAFinalYAML, SPSAFinalUCI, SPSAFinalWeights}
}

// isSPSADir reports whether dir holds an SPSA tune: its journal, or a
// meta.json that is not a run's (checkSPSAMeta compares it).
func isSPSADir(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, SPSAJournalFile)); err == nil {
		return true
	}
	_, err := os.Stat(filepath.Join(dir, SPSAMetaFile))
	return err == nil && !rundir.IsRunDir(dir)
}

// checkSPSAMeta writes meta.json in a new directory, or checks that the
// existing one records the same settings, naming those that differ.
func checkSPSAMeta(dir string, fp any) error {
	path := filepath.Join(dir, SPSAMetaFile)
	diffs, err := rundir.CheckSettings(path, filepath.Join(dir, SPSAJournalFile), fp)
	switch {
	case errors.Is(err, rundir.ErrUnrecorded):
		return fmt.Errorf("%s holds a journal without %s; use another output directory", dir, SPSAMetaFile)
	case err != nil:
		return err
	case len(diffs) > 0:
		return fmt.Errorf("%s holds another SPSA run (its %s differs from this config: %s); use another output directory or remove it",
			dir, SPSAMetaFile, strings.Join(diffs, "; "))
	}
	return nil
}

// thetaText lists the current values, "name=value ...".
func thetaText(res *SPSAResult) string {
	var b strings.Builder
	b.WriteString("theta")
	for i, name := range res.Names {
		fmt.Fprintf(&b, " %s=%s", name, strconv.FormatFloat(res.Theta[i], 'f', 2, 64))
	}
	return b.String()
}
