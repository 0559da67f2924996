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
	usageLine:   "varena book -variant V [-variant-file FILE] -out FILE.epd -count N [-plies P] [-window LO,HI] [-nodes K] [-seed S] [-pair WEAK,STRONG] [-concurrency C] [-quiet]",
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

With -pair WEAK,STRONG each candidate the window keeps is also played as
a colour-reversed pair, the built-in engine at WEAK nodes against itself
at STRONG nodes (a game past 300 plies is a draw). When each colour won
its game (a 1-1 pair: the weaker engine won with the colour the stronger
one won with), the opening decided the games and the candidate is
dropped. In Extinction such a book did not shorten an SPRT (measured in
docs/openings.md).

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
	pair := fs.String("pair", "", "WEAK,STRONG: node limits of a colour-reversed pair each kept candidate plays; 1-1 pairs dropped")
	conc := fs.Int("concurrency", 0, "candidates scored at once (default: the number of CPUs)")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) > 0 {
			return usagef("unexpected argument %q", pos[0])
		}
		v, err := std.variants.ByName(*variant)
		if err != nil {
			return usageError{err}
		}
		lo, hi, err := parseWindow(*window)
		var pairNodes [2]int64
		if err == nil && *pair != "" {
			pairNodes, err = parsePair(*pair)
		}
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
			Nodes: *nodes, Seed: *seed, Concurrency: *conc, Pair: pairNodes,
			Command: fmt.Sprintf("varena book -variant %s -out %s -count %d -plies %d -window %d,%d -nodes %d -seed %d",
				v.Name, *out, *count, *plies, lo, hi, *nodes, *seed),
		}
		if *pair != "" {
			opt.Command += fmt.Sprintf(" -pair %d,%d", pairNodes[0], pairNodes[1])
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

// parsePair reads "WEAK,STRONG" (node limits, 1 <= WEAK < STRONG).
func parsePair(s string) ([2]int64, error) {
	a, b, ok := strings.Cut(s, ",")
	var p [2]int64
	var err error
	if ok {
		p[0], err = strconv.ParseInt(strings.TrimSpace(a), 10, 64)
	}
	if ok && err == nil {
		p[1], err = strconv.ParseInt(strings.TrimSpace(b), 10, 64)
	}
	if !ok || err != nil || p[0] < 1 || p[1] <= p[0] {
		return [2]int64{}, fmt.Errorf("-pair %q: want WEAK,STRONG node limits with 1 <= WEAK < STRONG, e.g. 1000,4000", s)
	}
	return p, nil
}
