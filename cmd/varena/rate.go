package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"varena/arena"
	"varena/arena/stats"
	"varena/results"
)

var rateCmd = &command{
	name:      "rate",
	usageLine: "varena rate FILE.pgn|DIR... [-json] [-anchor NAME] [-anchor-rating R] [-prior DRAWS]",
	short:     "ratings and crosstable of the games in PGN files or a run's journal",
	long: `
Rate reads finished games from PGN files, from a run's output directory
(its journal) or from a directory of PGN files, and prints the standings,
the ratings (maximum likelihood, as Ordo computes them) and the crosstable.
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
		// Journals are read whole (their games carry the run's pairs);
		// PGN files are read after, one game at a time, straight into
		// the tally, so that memory follows players and pairings, not
		// the size of the files.
		type source struct {
			journal  []results.Game
			pgnFiles []string
		}
		var sources []source
		journalGames := 0
		meta := arena.Meta{Name: "rating"}
		for _, p := range pos {
			gs, m, files, err := readGames(p)
			if err != nil {
				return err
			}
			if m != nil && len(pos) == 1 {
				meta = *m
			}
			sources = append(sources, source{gs, files})
			journalGames += len(gs)
		}
		meta.Total = journalGames // what an SPRT's verdict counts against
		if meta.Tournament == "" {
			meta.Tournament = "games"
		}
		t := arena.NewTally(meta)
		t.RatingOptions.Anchor, t.RatingOptions.AnchorRating = *anchor, *anchorRating
		t.RatingOptions.PriorDraws = *prior
		if *prior == 0 {
			t.RatingOptions.PriorDraws = stats.NoPrior
		}
		rated := 0
		players := map[string]bool{}
		var seenVariants []string
		add := func(g results.Game) error {
			g.Moves = nil // rated by result; the moves were checked already
			if err := t.Add(g); err != nil {
				return fmt.Errorf("%s: %w", strings.Join(pos, ", "), err)
			}
			rated++
			players[g.White], players[g.Black] = true, true
			v := g.Variant
			if v == "" {
				v = "unknown"
			}
			if !slices.Contains(seenVariants, v) {
				seenVariants = append(seenVariants, v)
			}
			return nil
		}
		check := newPGNChecker(std.err)
		pgn := false
		for i, src := range sources {
			for _, g := range src.journal {
				if err := add(g); err != nil {
					return err
				}
			}
			sources[i].journal = nil
			for _, f := range src.pgnFiles {
				pgn = true
				if err := scanPGNGames(f, check, add); err != nil {
					return err
				}
			}
		}
		if pgn {
			if err := check.finish(pos, rated); err != nil {
				return err
			}
		}
		if rated == 0 {
			return fmt.Errorf("no finished games in %s", strings.Join(pos, ", "))
		}
		if *anchor != "" && !players[*anchor] {
			return usagef("-anchor %q: no such player in the games", *anchor)
		}
		sum, err := t.Summary()
		if errors.Is(err, stats.ErrDivergent) {
			return fmt.Errorf("%w (-prior 1 keeps them finite)", err)
		}
		if err != nil {
			return err
		}
		sum.Meta.Total = rated
		if len(sum.Meta.Variants) == 0 {
			sum.Meta.Variants = seenVariants
		}
		if *asJSON {
			return sum.WriteJSON(std.out)
		}
		return sum.WriteText(std.out)
	}
}

// readGames reads the finished games of a run's directory (its journal)
// and its meta, or names the PGN files to read: path itself, or the
// *.pgn files of a directory without a journal.
func readGames(path string) (games []results.Game, meta *arena.Meta, pgnFiles []string, err error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, nil, err
	}
	if !st.IsDir() {
		return nil, nil, []string{path}, nil
	}
	journal := filepath.Join(path, arena.JournalFile)
	if _, err := os.Stat(journal); err == nil {
		// A shared lock while reading; a run writing the directory holds
		// the lock, and then its journal is read as it stands: it only
		// grows by whole lines, and meta.json is replaced atomically.
		if lock, err := arena.RLockDir(path); err == nil {
			defer lock.Unlock()
		} else if !errors.Is(err, arena.ErrLocked) {
			return nil, nil, nil, err
		}
		gs, err := results.ReadJournal(journal)
		if err != nil {
			return nil, nil, nil, err
		}
		if m, err := arena.ReadMeta(path); err == nil {
			return gs, &m, nil, nil
		}
		return gs, nil, nil, nil
	}
	files, err := filepath.Glob(filepath.Join(path, "*.pgn"))
	if err != nil {
		return nil, nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, nil, fmt.Errorf("%s: neither %s nor PGN files", path, arena.JournalFile)
	}
	sort.Strings(files)
	return nil, nil, files, nil
}

// scanPGNGames passes the games of a PGN file that pass check to add, in
// file order, one at a time.
func scanPGNGames(path string, check *pgnChecker, add func(results.Game) error) error {
	num := 0
	return results.ScanPGNFile(path, func(pg results.PGNGame) error {
		num++
		if g, ok := check.game(path, num, pg); ok {
			return add(g)
		}
		return nil
	})
}
