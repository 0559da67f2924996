package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"varena/engines/search"
	"varena/engines/variants"
	"varena/tuning"
)

var bookCmd = &command{
	name:        "book",
	variantFile: true,
	usageLine:   "varena book -variant V -out FILE.epd -count N [-plies P] [-window LO,HI] [-nodes K] [-seed S] [-concurrency C] [-quiet]",
	short:       "an opening book: random openings the built-in engine scores within a window",
	long: `
Book writes an EPD book of N positions for a run's openings (openings:
{file: FILE.epd}). Each candidate is a random opening of P plies (drawn
as a run draws them: no position the side to move can end at once, none
a short search finds decided), scored by a fresh search of the built-in
engine at K nodes; it is kept when the score, in centipawns from White's
view, lies in the window LO..HI, and the position is not in the book yet.
A balanced book has a window around 0 (the default -50,50); an unbalanced
one, like fishtest's UHO books, a window such as 90,160.

A line holds the position, its score from the side to move's view as
ce, and the candidate's number as id; the header holds the command and
the settings. The same seed gives the same book whatever the
concurrency. An interrupted book resumes when the same command is run
again; -count may then be raised to add positions. See docs/openings.md.
`,
	setFlags: bookFlags,
}

func bookFlags(fs *flag.FlagSet) runFunc {
	variant := fs.String("variant", "", "variant: "+fmt.Sprint(variants.Names()))
	out := fs.String("out", "", "EPD file to write (or resume)")
	count := fs.Int("count", 0, "positions in the book when done")
	plies := fs.Int("plies", 8, "random plies of each candidate")
	window := fs.String("window", "-50,50", "LO,HI: the scores kept, centipawns from White's view")
	nodes := fs.Int64("nodes", 5000, "node limit of the scoring search")
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	conc := fs.Int("concurrency", 0, "candidates scored at once (default: the number of CPUs)")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) > 0 {
			return usagef("unexpected argument %q", pos[0])
		}
		v, err := variants.ByName(*variant)
		if err != nil {
			return usageError{err}
		}
		lo, hi, err := parseWindow(*window)
		switch {
		case err != nil:
			return usageError{err}
		case *count < 1:
			return usagef("-count must be 1 or more")
		case *out == "":
			return usagef("-out FILE is required")
		case *nodes < 1:
			return usagef("-nodes must be 1 or more")
		case *plies < 1:
			return usagef("-plies must be 1 or more")
		case *conc < 0:
			return usagef("-concurrency must be 0 or more")
		}
		w, err := search.DefaultWeights(v)
		if err != nil {
			return err
		}
		opt := tuning.BookOptions{
			Variant: v, Weights: w, Count: *count, Plies: *plies, Lo: lo, Hi: hi,
			Nodes: *nodes, Seed: *seed, Concurrency: *conc,
			Command: fmt.Sprintf("varena book -variant %s -out %s -count %d -plies %d -window %d,%d -nodes %d -seed %d",
				v.Name, *out, *count, *plies, lo, hi, *nodes, *seed),
		}
		if lo == 0 && hi == 0 {
			return usagef("-window 0,0 keeps only dead-level scores; give a wider window")
		}
		if !*quiet {
			opt.Log = std.err
			if isTerminal(std.err) {
				opt.Progress = std.err
			}
		}
		st, err := tuning.MakeBook(ctx, *out, opt)
		if st.Resumed > 0 && !*quiet {
			fmt.Fprintf(std.err, "resumed with %d positions\n", st.Resumed)
		}
		fmt.Fprintf(std.out, "%s: %d positions (%d candidates scored in %s)\n", *out, st.Positions, st.Candidates, st.Elapsed.Round(1e7))
		if errors.Is(err, context.Canceled) {
			return hintError{"interrupted: run the same command again to resume", err}
		}
		return err
	}
}

// parseWindow reads "LO,HI" (centipawns, LO <= HI).
func parseWindow(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if ok {
		lo, err = strconv.Atoi(strings.TrimSpace(a))
	}
	if ok && err == nil {
		hi, err = strconv.Atoi(strings.TrimSpace(b))
	}
	if !ok || err != nil || lo > hi {
		return 0, 0, fmt.Errorf("-window %q: want LO,HI in centipawns with LO <= HI, e.g. -50,50 or 90,160", s)
	}
	return lo, hi, nil
}
