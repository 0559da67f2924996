package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"varena/configs"
)

var tuneCmd = &command{
	name:      "tune",
	usageLine: "varena tune CONFIG.yaml [-out DIR] [-concurrency N] [-quiet]",
	short:     "tune engine parameters from a YAML config (method: spsa)",
	long: `
Tune tunes what CONFIG.yaml names, by its method key. Method spsa plays
game pairs of perturbed parameter values (fishtest's SPSA): the built-in
engine's search parameters or an external engine's UCI spin options. The
output directory holds the journal of iterations (resumed when the same
command runs again), the trajectory as CSV, the games as PGN, and the
final values as an engine entry (final.yaml) and setoption lines
(final.uci).
`,
	setFlags: tuneFlags,
}

func tuneFlags(fs *flag.FlagSet) runFunc {
	var f spsaFlags
	fs.StringVar(&f.out, "out", "", "output directory (default: the config's out, else out/<name>)")
	fs.IntVar(&f.concurrency, "concurrency", 0, "game pairs played at once (default: the config's, else the number of CPUs)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress bar and no notes on stderr")
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) != 1 {
			return usagef("want one config file, have %d", len(pos))
		}
		if f.concurrency < 0 {
			return usagef("-concurrency must be 0 or more")
		}
		data, err := os.ReadFile(pos[0])
		if err != nil {
			return err
		}
		switch m := configs.TuneMethod(data); m {
		case configs.MethodSPSA:
			return runSPSA(ctx, pos[0], f, std.out, std.err)
		default:
			return fmt.Errorf("%s: method %q: this build tunes method %s", pos[0], m, configs.MethodSPSA)
		}
	}
}
