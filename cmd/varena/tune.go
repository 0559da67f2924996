package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"varena/configs"
	"varena/engines/yamlfile"
	"varena/tuning"
)

var tuneCmd = &command{
	name:        "tune",
	variantFile: true,
	usageLine:   "varena tune CONFIG.yaml [-out PATH] [-concurrency N] [-quiet] [-variant-file FILE]",
	short:       "fit evaluation weights (method texel) or tune parameters by games (method spsa)",
	long: `
Tune tunes what CONFIG.yaml names, by its method key (examples in
configs/tunes/).

Method texel (the default) fits the evaluation weights to labelled
positions: it reads the data files (as varena datagen writes them), fits
the sigmoid scale K, then the weights with gonum's L-BFGS, printing the
training and validation loss each iteration, and writes the weights to
the config's out file (or -out) with a header saying how they were made.
With a verify section it then plays the tuned weights against the start
weights and prints the Elo difference with its 95% interval; the weights
wait in OUT.unverified during the match. Ctrl-C stops the fit and writes
the best weights so far.

A fit that makes things worse is rejected, with exit status 1: when the
validation loss rises, or the verify match finds the tuned weights weaker
(SPRT H0 accepted, or the 95% interval below 0), the weights are written
to OUT.rejected, with a first line saying why, and never to OUT (no match
is played after a rise of the validation loss).

Method spsa plays game pairs of perturbed parameter values (fishtest's
SPSA): the built-in engine's search parameters or an external engine's
UCI spin options. The output directory holds the journal of iterations
(resumed when the same command runs again), the trajectory as CSV, the
games as PGN, and the final values as an engine entry (final.yaml) and
setoption lines (final.uci).
`,
	setFlags: tuneFlags,
}

func tuneFlags(fs *flag.FlagSet) runFunc {
	var f spsaFlags
	fs.StringVar(&f.out, "out", "", "spsa: output directory (default: the config's out, else out/<name>); texel: the weights file (default: the config's out)")
	fs.IntVar(&f.concurrency, "concurrency", 0, "game pairs played (spsa) or goroutines used (texel) at once (default: the config's, else the number of CPUs)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress bar and no notes on stderr")
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) != 1 {
			return usagef("want one config file, have %d", len(pos))
		}
		if f.concurrency < 0 || f.concurrency > configs.MaxConcurrency {
			return usagef("-concurrency must be from 0 to %d", configs.MaxConcurrency)
		}
		data, err := yamlfile.ReadFile(pos[0])
		if err != nil {
			return err
		}
		switch m := configs.TuneMethod(data); m {
		case configs.MethodSPSA:
			return runSPSA(ctx, pos[0], f, std.variants, std.out, std.err)
		case configs.MethodTexel, "":
			return runTexel(ctx, pos[0], f, std)
		default:
			return fmt.Errorf("%s: method %q: want %s or %s", pos[0], m, configs.MethodTexel, configs.MethodSPSA)
		}
	}
}

// runTexel runs a texel tune config and prints its outcome.
func runTexel(ctx context.Context, path string, f spsaFlags, std stdio) error {
	cfg, err := configs.LoadTune(path, checker(std.variants))
	if err != nil {
		return err
	}
	if cfg.VariantSet == nil {
		cfg.VariantSet = std.variants // -variant-file's, when the config names none
	}
	if f.out != "" {
		cfg.SetOut(f.out)
	}
	if f.concurrency > 0 {
		cfg.Concurrency = f.concurrency
	}
	opt := tuning.TexelOptions{}
	if !f.quiet {
		opt.Log = std.err
		if isTerminal(std.err) {
			opt.Progress = std.err
		}
	}
	rep, err := tuning.Texel(ctx, cfg, opt)
	if rep != nil && rep.Fit != nil {
		fit := rep.Fit
		fmt.Fprintf(std.out, "%s: %d positions, K %.4f, loss %.6f -> %.6f (%s), %d iterations: %s\n",
			cfg.Variant, rep.Positions, rep.K, fit.TrainBefore, fit.TrainAfter, fit.ValidText(), fit.Iterations, rep.Out)
	}
	if rep != nil && rep.Verify != nil {
		verdict := "not proven stronger"
		switch {
		case rep.Verify.Wins():
			verdict = "stronger"
		case rep.Rejected != "":
			verdict = "weaker: rejected"
		}
		fmt.Fprintf(std.out, "%s: %s\n", rep.Verify, verdict)
	}
	if errors.Is(err, context.Canceled) && !errors.Is(err, tuning.ErrRejected) {
		fmt.Fprintln(std.err, "interrupted: the best weights so far are written")
	}
	return err
}
