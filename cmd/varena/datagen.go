package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"varena/configs"
	"varena/engines"
	"varena/engines/search"
	"varena/engines/variants"
	"varena/tuning"
)

var datagenCmd = &command{
	name:        "datagen",
	variantFile: true,
	usageLine:   "varena datagen -variant V [-variant-file FILE] -games N -out FILE [-nodes N] [-opening-plies N] [-max-plies N] [-concurrency N] [-seed S] [-weights FILE] [-quiet]",
	short:       "self-play games that label quiet positions for the Texel fit",
	long: `
Datagen plays N self-play games of the built-in engine (a few random
opening plies, then a node limit per move) and appends their quiet
positions, labelled with the game's result, to FILE: one EPD line each,
with the result as c9 "1-0", the search score as ce, and ply and game
operations (see docs/tuning.md). The same seed gives the same file
whatever the concurrency. An interrupted datagen resumes when started
again with the same FILE and settings; -games may then be raised to add
games.
`,
	setFlags: datagenFlags,
}

// weightsOf returns the weights of a -weights flag: the file's, or v's
// built-in ones when the flag is empty.
func weightsOf(v *engines.Variant, file string) (*search.Weights, error) {
	if file == "" {
		return search.DefaultWeights(v)
	}
	return search.LoadWeights(v, file)
}

func datagenFlags(fs *flag.FlagSet) runFunc {
	variant := fs.String("variant", "", "variant: "+fmt.Sprint(variants.Names()))
	games := fs.Int("games", 0, "games in FILE when done")
	out := fs.String("out", "", "data file to write (or resume)")
	nodes := fs.Int64("nodes", 5000, "node limit per move")
	conc := fs.Int("concurrency", 0, "games played at once (default: the number of CPUs)")
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	plies := fs.Int("opening-plies", tuning.DefaultOpeningPlies, "random plies at the start of each game (not kept)")
	maxPlies := fs.Int("max-plies", 400, "a game this long is a draw")
	weights := fs.String("weights", "", "YAML weights file of the engine (default: built in)")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) > 0 {
			return usagef("unexpected argument %q", pos[0])
		}
		v, err := std.variants.ByName(*variant)
		if err != nil {
			return usageError{err}
		}
		switch {
		case *games < 1:
			return usagef("-games must be 1 or more")
		case *out == "":
			return usagef("-out FILE is required")
		case *nodes < 1:
			return usagef("-nodes must be 1 or more")
		case *conc < 0 || *conc > configs.MaxConcurrency:
			return usagef("-concurrency must be from 0 to %d", configs.MaxConcurrency)
		case *plies < 0 || *maxPlies < 1:
			return usagef("-opening-plies must be 0 or more and -max-plies 1 or more")
		}
		w, err := weightsOf(v, *weights)
		if err != nil {
			return err
		}
		opt := tuning.DatagenOptions{
			Variant: v, Weights: w, Games: *games, Nodes: *nodes, Concurrency: *conc,
			Seed: *seed, OpeningPlies: *plies, MaxPlies: *maxPlies,
		}
		if !*quiet {
			opt.Log = std.err
			if isTerminal(std.err) {
				opt.Progress = std.err
			}
		}
		st, err := tuning.Datagen(ctx, *out, opt)
		if st.Resumed > 0 && !*quiet {
			fmt.Fprintf(std.err, "resumed after game %d\n", st.Resumed)
		}
		// The counts only once the file was read (an error before that
		// knows nothing of it). The rate counts this call's positions
		// only: a resumed file's earlier ones were not made in this
		// call's time.
		if st.Counted {
			fmt.Fprintf(std.out, "%s: %d games, %d positions (%d games and %d positions added in %s, %.0f positions/s)\n",
				*out, st.Games, st.Positions, st.Played, st.Added, st.Elapsed.Round(1e7), float64(st.Added)/max(st.Elapsed.Seconds(), 1e-9))
		}
		if errors.Is(err, context.Canceled) {
			return hintError{"interrupted: run the same command again to resume", err}
		}
		return err
	}
}

// hintError is an error printed as its hint alone: an interrupted
// datagen says how to resume, not also "context canceled".
type hintError struct {
	hint string
	err  error
}

func (e hintError) Error() string { return e.hint }
func (e hintError) Unwrap() error { return e.err }
