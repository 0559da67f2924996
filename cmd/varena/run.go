package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"varena/arena"
	"varena/configs"
	"varena/engines/variants"
)

// checker validates run configs against the variants varena knows.
func checker() configs.Checker { return configs.Checker{Variants: variants.Names()} }

// parseArgs parses a command's flags and positional arguments in any
// order. help is true when -h was given (the usage is printed: the
// command has nothing more to do); a bad flag is a usage error.
func parseArgs(fs *flag.FlagSet, args []string) (pos []string, help bool, err error) {
	pos, err = parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return nil, true, nil
	case err != nil:
		return nil, false, usageError{err}
	}
	return pos, false, nil
}

// parseInterleaved parses flags that may stand before or after the
// positional arguments ("run cfg.yaml -out x" as well as "run -out x
// cfg.yaml"), returning the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// runRun implements `varena run [CONFIG.yaml] [-out DIR] [-concurrency N]
// [-shard i/n] [--quiet]`.
func runRun(ctx context.Context, args []string) error {
	return runMain(ctx, args, os.Stdout, os.Stderr)
}

func runMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "output directory (default: the config's out, else out/<name>)")
	conc := fs.Int("concurrency", 0, "games played at once (default: the config's, else the number of CPUs)")
	shard := fs.String("shard", "", "play only shard i of n of the schedule, as i/n (e.g. 2/8)")
	quiet := fs.Bool("quiet", false, "no progress bar and no notes on stderr")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: varena run [CONFIG.yaml] [-out DIR] [-concurrency N] [-shard i/n] [--quiet]")
		fmt.Fprintln(stderr, "Without CONFIG, plays the built-in default run (a short Extinction round-robin).")
		fs.PrintDefaults()
	}
	pos, help, err := parseArgs(fs, args)
	if help || err != nil {
		return err
	}
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
		opts.Log = stderr
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			opts.Progress = stderr
		}
	}
	sum, err := arena.Run(ctx, r, opts)
	if sum != nil {
		fmt.Fprintln(stdout)
		if werr := sum.WriteText(stdout); werr != nil && err == nil {
			err = werr
		}
	}
	return err
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
