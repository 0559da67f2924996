package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"varena/arena"
	"varena/arena/console"
	"varena/configs"
	"varena/configs/check"
	"varena/configs/plan"
	"varena/engines/variants"
	"varena/results/report"
	"varena/results/rundir"
)

// checker validates configs fully; they may name the variants of vs
// (the command's -variant-file) and of their own variant_file, which
// the checked config holds (Run.VariantSet) and the command then plays.
func checker(vs *variants.Set) configs.Checker {
	c := check.Validating()
	c.Variants = vs.Playable()
	return c
}

var runCmd = &command{
	name:      "run",
	usageLine: "varena run [CONFIG.yaml] [-out DIR] [-concurrency N] [-shard i/n [-peers GLOB]] [-quiet] [-serve ADDR] [-log FILE]\n       varena run -engine cmd=A ... -engine cmd=B ... [-each ...] [-variant V] [cutechess-cli/fastchess options]",
	short:     "play a tournament from a YAML config (default: a short built-in one)",
	long: `
Run plays the tournament described by CONFIG.yaml (without CONFIG, the
built-in default run: a short Extinction round-robin), writing the journal,
PGN, logs and summary to the output directory, and prints the standings.
An interrupted run resumes where it stopped when started again on the same
directory; only one run at a time may write a directory. At the end it writes report.html, the run's tables and figures
in one offline page (see "varena help report").

With -serve ADDR it serves a live page of the run while it plays
(progress, standings, crosstable, boards of the games in progress): open
the address it prints. ":8080" is loopback; another interface must be
named ("0.0.0.0:8080"). Started from a terminal, it goes on serving the
finished run's page after the run ends, until Ctrl-C; started from a
script or a batch job (standard input not a terminal) the server stops
when the run ends, and "varena serve DIR" serves the finished run's page.

With -log FILE (or the config's protocol_log) every line sent to and read
from each external engine is appended to FILE, with a timestamp, the game
id and the engine, as cutechess-cli -debug and fastchess -log write them;
ENGINE.log in the output directory holds each engine's stderr.

Without a terminal (nohup, batch jobs) progress comes as a line every 10 s.
Given -engine (and -each), run takes the command line of cutechess-cli
and fastchess instead of a config: -engine cmd= name= tc= nodes= ...,
-variant, -rounds, -games, -repeat, -sprt, -openings, -draw, -resign,
-pgnout, -output format=fastchess|cutechess|varena and more (see
docs/ecosystem.md). It plays the run the same YAML would describe, which
-print-yaml prints, and prints what fastchess prints (the default) or
cutechess-cli. Named fastchess or cutechess-cli (a link), varena reads
such a line without "run".

The exit status of an sprt tournament is its verdict: 0 H1 accepted, 3 H0
accepted, 4 game limit reached undecided (also when a resumed run was
already decided); 1 error, 2 usage error. The last line on stdout states
the verdict, the LLR with its bounds, the games and the Elo estimates.
An sprt with per_variant: true tests each variant on its own and exits
with the worst verdict: 3 when any variant accepted H0, else 4 when one
is undecided at its cap, else 0; its matrix precedes the last line.
`,
	setFlags: runFlags,
}

func runFlags(fs *flag.FlagSet) runFunc {
	out := fs.String("out", "", "output directory (default: the config's out, else out/<name>)")
	conc := fs.Int("concurrency", 0, "games played at once (default: the config's, else the number of CPUs)")
	shard := fs.String("shard", "", "play only shard i of n of the schedule, as i/n (e.g. 2/8)")
	peers := fs.String("peers", "", "with -shard: a glob of all the shards' directories (e.g. 'results/shard-*'), read as they play: in an sprt run every shard stops when the SPRT of all of them decides; a swiss or knockout (where it is required) pairs each round from every shard's games")
	quiet := fs.Bool("quiet", false, "no progress bar and no notes on stderr")
	serve := fs.String("serve", "", "serve a live page of the run at this address (e.g. 127.0.0.1:8080; :8080 is loopback too)")
	protoLog := fs.String("log", "", "append every line sent to and read from the external engines to this file (default: the config's protocol_log)")
	return func(ctx context.Context, pos []string, std stdio) error {
		var err error
		if len(pos) > 1 {
			return usagef("one config file at most, have %d", len(pos))
		}
		var r *configs.Run
		if len(pos) == 1 {
			r, err = configs.Load(pos[0], checker(nil))
		} else {
			r, err = configs.DefaultRun(checker(nil))
		}
		if err != nil {
			return err
		}
		p, err := plan.Resolve(r)
		if err != nil {
			return err
		}
		return runWith(ctx, p, runSettings{out: *out, concurrency: *conc, shard: *shard, peers: *peers, quiet: *quiet, serve: *serve,
			lingerServe: isTerminal(std.in), protocolLog: *protoLog}, std)
	}
}

// runSettings are the command line's settings of a run besides its
// config: varena's own flags, and for a cutechess-style command line its
// console output.
type runSettings struct {
	out         string
	concurrency int
	shard       string
	peers       string
	quiet       bool
	serve       string
	// lingerServe keeps the live page served after the run ends, until
	// ctx ends (Ctrl-C): for a run started from a terminal.
	lingerServe bool
	protocolLog string // -log: the protocol log's file, else the config's
	// console prints the run as fastchess or cutechess-cli do, instead
	// of the progress and the standings; nil: varena's own output.
	console *console.Writer
	// after runs once the run has ended with a summary (copies of the
	// PGN for -pgnout).
	after func(dir string) error
}

// runGCPercent is the collector's pace during a run (GOGC, unless the
// environment sets it). A run's live heap is a few MB (the games in
// play, the tallies) and what it allocates for a move dies with the
// move, so at the default pace (100, with a 4 MB least goal) the
// collector ran every few hundred plies and, with its workers woken on
// the idle Ps the engines' waits leave, took a sixth of the runner's CPU
// in a depth-1 match (docs/performance.md). At 400 it runs a quarter as
// often, for some 12 MB more heap at most.
const runGCPercent = 400

func setRunGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(runGCPercent)
	}
}

// runWith plays a run, prints its outcome and writes its report; the
// error carries an SPRT's verdict as an exitStatus.
func runWith(ctx context.Context, r *plan.Plan, s runSettings, std stdio) error {
	var err error
	if s.concurrency < 0 || s.concurrency > configs.MaxConcurrency {
		return usagef("-concurrency must be from 0 to %d", configs.MaxConcurrency)
	}
	setRunGC()
	opts := arena.Options{Out: s.out, Concurrency: s.concurrency, Notes: std.err, ProtocolLog: s.protocolLog}
	if s.shard != "" {
		i, n, err := parseShard(s.shard)
		if err != nil {
			return usageError{err}
		}
		opts.Shard, opts.Shards = i, n
	}
	if s.peers != "" && s.shard == "" {
		return usagef("-peers follows the other shards of a run: give -shard i/n too")
	}
	opts.Peers = s.peers
	if !s.quiet && s.console == nil {
		// A bar on a terminal; without one (nohup, batch jobs) a
		// progress line every 10 s, so the log shows the run advance.
		opts.Log, opts.Progress = std.err, std.err
		if isTerminal(std.err) {
			opts.ProgressBar = true
		}
	}
	// arena.Run owns the directory (rundir.Own); the live page only
	// reads it, and writes nothing before the run holds its lock: a
	// second run refused on it must not touch the first one's files.
	dir := arena.OutDir(r, opts)
	var view *liveView
	if s.serve != "" {
		if view, err = startLive(s.serve, dir, r.VariantSet, std.err); err != nil {
			return err
		}
		opts.Watch = view.hub
	}
	if s.console != nil {
		opts.Watch = arena.Watchers(opts.Watch, s.console)
	}
	sum, err := arena.Run(ctx, r, opts)
	if view != nil {
		note := "run finished"
		if err != nil {
			note = "run stopped: " + err.Error()
		}
		view.end(note)
		// Once the standings and the report are out, a run that ended by
		// itself keeps its page up for whoever started it at a terminal;
		// one stopped by a signal does not.
		defer view.close(ctx, s.lingerServe && ctx.Err() == nil)
	}
	if sum != nil {
		if s.after != nil {
			if aerr := s.after(dir); aerr != nil && err == nil {
				err = aerr
			}
		}
		if s.console != nil {
			s.console.End()
			if werr := s.console.Err(); werr != nil && err == nil {
				err = werr
			}
		} else if !arena.IsEvent(r) {
			fmt.Fprintln(std.out)
			if werr := sum.WriteText(std.out); werr != nil && err == nil {
				err = werr
			}
		}
		if arena.IsEvent(r) {
			// A swiss or knockout: its rounds and standings with their
			// tie-breaks.
			if b, rerr := os.ReadFile(filepath.Join(dir, arena.EventStandings)); rerr == nil {
				fmt.Fprintf(std.out, "\n%s", b)
			}
		}
		// The report too, of what was played so far: the recorder has
		// replayed every game of the journal by the rules (those it
		// resumed) or judged it (those played), so the report reads the
		// journal without a second replay.
		if arena.IsEvent(r) {
			// The event wrote its report of all its rounds at its end.
		} else if _, _, rerr := report.WriteChecked(dir, r.VariantSet); rerr != nil && err == nil {
			err = fmt.Errorf("report: %w", rerr)
		}
	}
	if err != nil || sum == nil {
		return err
	}
	if opts.Shards > 0 {
		// A shard that played its part succeeded: a cluster marks a
		// task with exit status 3 or 4 failed, and a scheduler's log
		// would then show a finished shard as a failure. The verdict
		// and its exit status belong to the merge of all shards.
		if sum.SPRT != nil || sum.Matrix != nil {
			fmt.Fprintf(std.err, "shard %d/%d played its part; the SPRT verdict of the run is the merge's (varena merge)\n", opts.Shard, opts.Shards)
		}
		return nil
	}
	return summaryExit(sum)
}

// summaryExit turns a run's SPRT verdict into the exit status, for CI jobs:
// nil for H1, ExitH0, or ExitLimit for a game limit reached undecided.
// The last line of stdout (Summary.WriteText ends with it) says it in
// words. A per-variant SPRT exits with its matrix's worst verdict. A
// run that is not an SPRT exits 0.
func summaryExit(sum *rundir.Summary) error {
	status := 0
	switch {
	case sum.Matrix != nil:
		status = sum.Matrix.ExitStatus
	case sum.SPRT != nil:
		status = sum.SPRT.ExitStatus
	default:
		return nil
	}
	switch status {
	case rundir.ExitH1:
		return nil
	case rundir.ExitH0:
		return exitStatus(rundir.ExitH0)
	}
	return exitStatus(rundir.ExitLimit)
}

// parseShard reads "i/n" with 1 <= i <= n. The errors speak of the
// cluster indices that give such values: Slurm's array task ID counts
// from the --array range's start, Kubernetes' JOB_COMPLETION_INDEX from 0.
func parseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	switch {
	case !ok || err1 != nil || err2 != nil || n < 1:
		return 0, 0, fmt.Errorf("-shard %q: want i/n with 1 <= i <= n, e.g. 1/4", s)
	case i < 1:
		return 0, 0, fmt.Errorf("-shard %q: shards count from 1 (a Slurm array of n shards is --array=1-n; Kubernetes' JOB_COMPLETION_INDEX counts from 0, so give $((JOB_COMPLETION_INDEX+1))/%d)", s, n)
	case i > n:
		return 0, 0, fmt.Errorf("-shard %q: shard %d cannot belong to a run of %d shards (keep the array's indices within 1-%d, and n the run's shard count, not the array's task count)", s, i, n, n)
	}
	return i, n, nil
}
