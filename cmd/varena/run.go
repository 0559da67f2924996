package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"varena/arena"
	"varena/configs"
	"varena/engines/search"
	"varena/engines/variants"
)

// checker validates run configs against the variants varena knows.
func checker() configs.Checker {
	return configs.Checker{Variants: variants.Names(), SearchOption: search.CheckParam}
}

var runCmd = &command{
	name:      "run",
	usageLine: "varena run [CONFIG.yaml] [-out DIR] [-concurrency N] [-shard i/n] [-quiet]",
	short:     "play a tournament from a YAML config (default: a short built-in one)",
	long: `
Run plays the tournament described by CONFIG.yaml (without CONFIG, the
built-in default run: a short Extinction round-robin), writing the journal,
PGN, logs and summary to the output directory, and prints the standings.
An interrupted run resumes where it stopped when started again on the same
directory.
`,
	setFlags: runFlags,
}

func runFlags(fs *flag.FlagSet) runFunc {
	out := fs.String("out", "", "output directory (default: the config's out, else out/<name>)")
	conc := fs.Int("concurrency", 0, "games played at once (default: the config's, else the number of CPUs)")
	shard := fs.String("shard", "", "play only shard i of n of the schedule, as i/n (e.g. 2/8)")
	quiet := fs.Bool("quiet", false, "no progress bar and no notes on stderr")
	return func(ctx context.Context, pos []string, std stdio) error {
		var err error
		if len(pos) > 1 {
			return usagef("one config file at most, have %d", len(pos))
		}
		if *conc < 0 {
			return usagef("-concurrency must be 0 or more")
		}
		opts := arena.Options{Out: *out, Concurrency: *conc}
		if *shard != "" {
			i, n, err := parseShard(*shard)
			if err != nil {
				return usageError{err}
			}
			opts.Shard, opts.Shards = i, n
		}
		var r *configs.Run
		if len(pos) == 1 {
			r, err = configs.Load(pos[0], checker())
		} else {
			r, err = configs.DefaultRun(checker())
		}
		if err != nil {
			return err
		}
		if !*quiet {
			opts.Log = std.err
			if f, ok := std.err.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
				opts.Progress = std.err
			}
		}
		sum, err := arena.Run(ctx, r, opts)
		if sum != nil {
			fmt.Fprintln(std.out)
			if werr := sum.WriteText(std.out); werr != nil && err == nil {
				err = werr
			}
		}
		return err
	}
}

// parseShard reads "i/n" with 1 <= i <= n.
func parseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("-shard %q: want i/n with 1 <= i <= n, e.g. 1/4", s)
	}
	return i, n, nil
}
