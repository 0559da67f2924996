package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"varena/results"
	"varena/results/rules"
	"varena/results/rundir"
	"varena/results/stats"
)

var rateCmd = &command{
	name:        "rate",
	variantFile: true,
	usageLine:   "varena rate FILE.pgn|DIR... [-json] [-anchor NAME] [-anchor-rating R] [-prior DRAWS]",
	short:       "ratings and crosstable of the games in PGN files or a run's journal",
	long: `
Rate reads finished games from PGN files, from a run's output directory
(its journal) or from a directory of PGN files, and prints the standings,
the ratings (maximum likelihood, as Ordo computes them) and the crosstable.
Players who never met, even through others, form separate groups (as in
Ordo): rate says so and rates each group on its own (with -json, an array
of summaries, one per group).
`,
	setFlags: rateFlags,
}

func rateFlags(fs *flag.FlagSet) runFunc {
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	anchor := fs.String("anchor", "", "fix this player's rating at -anchor-rating (default: mean rating 0)")
	anchorRating := fs.Float64("anchor-rating", 0, "rating of the anchor player (or of the mean)")
	prior := fs.Float64("prior", stats.DefaultPriorDraws,
		"virtual draws of each player against the pool's average, so that a 100% or 0% score stays finite;\n0 for plain maximum likelihood, as Ordo computes it")
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) == 0 {
			return usagef("name a PGN file or a directory")
		}
		if !(*prior >= 0) || math.IsInf(*prior, 1) {
			return usagef("-prior %g: want a number of draws, 0 or more", *prior)
		}
		// Games from files are named by the files; a run's directory
		// alone keeps its run's meta.
		meta := rundir.Meta{Name: strings.Join(pos, ", ")}
		var sources []gameSource
		for _, p := range pos {
			src, m, err := readSource(p)
			if err != nil {
				return err
			}
			if m != nil && len(pos) == 1 {
				meta = *m
			}
			sources = append(sources, src)
		}
		// Two passes over the games, PGN files streamed each time: the
		// first finds the groups of players (and reports bad games), the
		// second rates each game in its group's tally. Memory then
		// follows players and pairings, not the files' size.
		gs := newGroups()
		check := rules.NewPGNChecker(std.err)
		n, pgn := 0, false
		err := eachGame(sources, check, func(g results.Game) error {
			gs.add(g)
			n++
			return nil
		})
		if err != nil {
			return err
		}
		for _, src := range sources {
			pgn = pgn || len(src.pgnFiles) > 0
		}
		if pgn {
			if err := check.Finish(pos, n); err != nil {
				return err
			}
		}
		if n == 0 {
			return fmt.Errorf("no finished games in %s", strings.Join(pos, ", "))
		}
		if *anchor != "" && !gs.has(*anchor) {
			return usagef("-anchor %q: no such player in the games", *anchor)
		}
		of, members := gs.index()
		tallies := make([]*rundir.Tally, len(members))
		counts := make([]int, len(members))
		variants := make([][]string, len(members))
		for i, m := range members {
			gm := meta
			if len(members) > 1 {
				gm.Name = fmt.Sprintf("%s (group %d of %d)", meta.Name, i+1, len(members))
				gm.Variants = nil // the group's own, as they appear
			}
			tallies[i] = newRateTally(gm, slices.Contains(m, *anchor), *anchor, *anchorRating, *prior)
		}
		err = eachGame(sources, rules.NewPGNChecker(io.Discard), func(g results.Game) error {
			i := of[g.White]
			counts[i]++
			if v := cmp.Or(g.Variant, "unknown"); !slices.Contains(variants[i], v) {
				variants[i] = append(variants[i], v)
			}
			return tallies[i].Add(g)
		})
		if err != nil {
			return fmt.Errorf("%s: %w", strings.Join(pos, ", "), err)
		}
		var sums []*rundir.Summary
		for i, t := range tallies {
			sum, err := t.Summary()
			switch {
			case errors.Is(err, stats.ErrDivergent) && len(members) > 1:
				return fmt.Errorf("group %d of %d (%s): %w (-prior 1 keeps them finite)", i+1, len(members), strings.Join(members[i], ", "), err)
			case errors.Is(err, stats.ErrDivergent):
				return fmt.Errorf("%w (-prior 1 keeps them finite)", err)
			case err != nil:
				return fmt.Errorf("%s: %w", strings.Join(pos, ", "), err)
			}
			if sum.Meta.Total == 0 || len(pos) > 1 || len(members) > 1 {
				// Games read from PGN: these are all there are. A run's
				// directory keeps its schedule's total: 48 of 120 played.
				sum.Meta.Total = counts[i]
			}
			if len(sum.Meta.Variants) == 0 {
				sum.Meta.Variants = variants[i]
			}
			sums = append(sums, sum)
		}
		if *asJSON {
			if len(sums) > 1 {
				// One summary per group, in an array.
				enc := json.NewEncoder(std.out)
				enc.SetIndent("", "  ")
				return enc.Encode(sums)
			}
			return rundir.Formats["json"].WriteSummary(std.out, sums[0])
		}
		if len(sums) > 1 {
			fmt.Fprintf(std.out, "%s", groupsNote(members, counts))
		}
		for i, sum := range sums {
			if i > 0 {
				fmt.Fprintln(std.out)
			}
			if err := rundir.Formats["text"].WriteSummary(std.out, sum); err != nil {
				return err
			}
		}
		return nil
	}
}

// newRateTally is the tally of one group of players: the anchor is
// fixed at anchorRating when it plays in the group, else the group's
// mean is.
func newRateTally(meta rundir.Meta, hasAnchor bool, anchor string, anchorRating, prior float64) *rundir.Tally {
	t := rundir.NewTally(meta)
	if hasAnchor {
		t.RatingOptions.Anchors = []stats.Anchor{{Name: anchor, Rating: anchorRating}}
	}
	t.RatingOptions.Mean = anchorRating
	t.RatingOptions.PriorDraws = prior
	if prior == 0 {
		t.RatingOptions.PriorDraws = stats.NoPrior
	}
	return t
}

// gameSource is one argument of rate: a run's journal, read whole (its
// games carry the run's pairs), or PGN files, read as streams.
type gameSource struct {
	journal  []results.Game
	pgnFiles []string
}

// eachGame passes every finished game of the sources to f, in order;
// games read from PGN go through check, which reports and leaves out the
// bad ones.
func eachGame(sources []gameSource, check *rules.PGNChecker, f func(results.Game) error) error {
	for _, src := range sources {
		for _, g := range src.journal {
			if err := f(g); err != nil {
				return err
			}
		}
		for _, path := range src.pgnFiles {
			num := 0
			err := results.ScanPGNFile(path, func(pg results.PGNGame) error {
				num++
				if g, ok := check.Game(path, num, pg); ok {
					g.Moves = nil // rated by its result, once check replayed it
					return f(g)
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// readSource reads a run's directory (its journal, whole, and its meta),
// or names the PGN files to read: path itself, or the *.pgn files of a
// directory without a journal.
func readSource(path string) (gameSource, *rundir.Meta, error) {
	st, err := os.Stat(path)
	if err != nil {
		return gameSource{}, nil, err
	}
	if !st.IsDir() {
		return gameSource{pgnFiles: []string{path}}, nil, nil
	}
	journal := filepath.Join(path, rundir.JournalFile)
	if _, err := os.Stat(journal); err == nil {
		// A shared lock while reading; a run writing the directory holds
		// the lock, and then its journal is read as it stands: it only
		// grows by whole lines, and meta.json is replaced atomically.
		if lock, err := rundir.RLockDir(path); err == nil {
			defer lock.Unlock()
		} else if !errors.Is(err, rundir.ErrLocked) {
			return gameSource{}, nil, err
		}
		m, gs, err := rundir.ReadRun(path)
		if err != nil {
			return gameSource{}, nil, err
		}
		return gameSource{journal: gs}, &m, nil
	}
	files, err := filepath.Glob(filepath.Join(path, "*.pgn"))
	if err != nil {
		return gameSource{}, nil, err
	}
	if len(files) == 0 {
		return gameSource{}, nil, fmt.Errorf("%s: neither %s nor PGN files", path, rundir.JournalFile)
	}
	sort.Strings(files)
	return gameSource{pgnFiles: files}, nil, nil
}
