package main

import (
	"context"
	"encoding/json"
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
		var games []results.Game
		// Games from files are named by the files; a run's directory
		// alone keeps its run's meta.
		meta := arena.Meta{Name: strings.Join(pos, ", ")}
		check := newPGNChecker(std.err)
		pgn := false
		for _, p := range pos {
			gs, m, fromPGN, err := readGames(p, check)
			if err != nil {
				return err
			}
			pgn = pgn || fromPGN
			if m != nil && len(pos) == 1 {
				meta = *m
			}
			games = append(games, gs...)
		}
		if pgn {
			if err := check.finish(pos, len(games)); err != nil {
				return err
			}
		}
		if len(games) == 0 {
			return fmt.Errorf("no finished games in %s", strings.Join(pos, ", "))
		}
		if meta.Total == 0 || len(pos) > 1 {
			// Games read from PGN: these are all there are. A run's
			// directory keeps its schedule's total: 48 of 120 played.
			meta.Total = len(games)
		}
		if *anchor != "" {
			known := false
			for _, g := range games {
				known = known || g.White == *anchor || g.Black == *anchor
			}
			if !known {
				return usagef("-anchor %q: no such player in the games", *anchor)
			}
		}
		if len(meta.Variants) == 0 {
			meta.Variants = variantsOf(games)
		}
		groups := playerGroups(games)
		var sums []*arena.Summary
		for i, g := range groups {
			m := meta
			if len(groups) > 1 {
				m.Total = len(g)
				m.Name = fmt.Sprintf("%s (group %d of %d)", meta.Name, i+1, len(groups))
				m.Variants = variantsOf(g)
			}
			sum, err := rateGroup(m, g, *anchor, *anchorRating, *prior)
			switch {
			case errors.Is(err, stats.ErrDivergent) && len(groups) > 1:
				return fmt.Errorf("group %d of %d (%s): %w", i+1, len(groups), strings.Join(playersOf(g), ", "), err)
			case err != nil:
				return fmt.Errorf("%s: %w", strings.Join(pos, ", "), err)
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
			return sums[0].WriteJSON(std.out)
		}
		if len(sums) > 1 {
			fmt.Fprintf(std.out, "%s", groupsNote(groups))
		}
		for i, sum := range sums {
			if i > 0 {
				fmt.Fprintln(std.out)
			}
			if err := sum.WriteText(std.out); err != nil {
				return err
			}
		}
		return nil
	}
}

// rateGroup rates the games of one group of players: the anchor is
// fixed at anchorRating when it plays in the group, else the group's
// mean is.
func rateGroup(meta arena.Meta, games []results.Game, anchor string, anchorRating, prior float64) (*arena.Summary, error) {
	t := arena.NewTally(meta)
	if slices.ContainsFunc(games, func(g results.Game) bool { return g.White == anchor || g.Black == anchor }) {
		t.RatingOptions.Anchor = anchor
	}
	t.RatingOptions.AnchorRating = anchorRating
	t.RatingOptions.PriorDraws = prior
	if prior == 0 {
		t.RatingOptions.PriorDraws = stats.NoPrior
	}
	for _, g := range games {
		if err := t.Add(g); err != nil {
			return nil, err
		}
	}
	sum, err := t.Summary()
	if errors.Is(err, stats.ErrDivergent) {
		return nil, fmt.Errorf("%w (-prior 1 keeps them finite)", err)
	}
	return sum, err
}

// readGames reads finished games from a PGN file, a run's directory (its
// journal) or a directory of PGN files; games read from PGN go through
// check, which reports and leaves out the bad ones. fromPGN says whether
// path held PGN.
func readGames(path string, check *pgnChecker) (games []results.Game, meta *arena.Meta, fromPGN bool, err error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, false, err
	}
	if !st.IsDir() {
		gs, err := readPGNGames(path, check)
		return gs, nil, true, err
	}
	journal := filepath.Join(path, arena.JournalFile)
	if _, err := os.Stat(journal); err == nil {
		// A shared lock while reading; a run writing the directory holds
		// the lock, and then its journal is read as it stands: it only
		// grows by whole lines, and meta.json is replaced atomically.
		if lock, err := arena.RLockDir(path); err == nil {
			defer lock.Unlock()
		} else if !errors.Is(err, arena.ErrLocked) {
			return nil, nil, false, err
		}
		m, gs, err := arena.ReadRun(path)
		if err != nil {
			return nil, nil, false, err
		}
		return gs, &m, false, nil
	}
	files, err := filepath.Glob(filepath.Join(path, "*.pgn"))
	if err != nil {
		return nil, nil, false, err
	}
	if len(files) == 0 {
		return nil, nil, false, fmt.Errorf("%s: neither %s nor PGN files", path, arena.JournalFile)
	}
	sort.Strings(files)
	var all []results.Game
	for _, f := range files {
		gs, err := readPGNGames(f, check)
		if err != nil {
			return nil, nil, false, err
		}
		all = append(all, gs...)
	}
	return all, nil, true, nil
}

// readPGNGames reads the games of a PGN file that pass check, numbered
// by their place in the file. The file is read as a stream, one game at
// a time, and of each game, once check has replayed it, only what
// rating reads is kept (compactGame), so that memory follows the games'
// count, players and pairings, not the file's size.
func readPGNGames(path string, check *pgnChecker) ([]results.Game, error) {
	var games []results.Game
	names := map[string]string{}
	num := 0
	err := results.ScanPGNFile(path, func(pg results.PGNGame) error {
		num++
		if g, ok := check.game(path, num, pg); ok {
			games = append(games, compactGame(g, names))
		}
		return nil
	})
	return games, err
}

// compactGame keeps of g what the tally reads (ids, players, variant,
// result, termination), its strings interned in names: a string cut from
// the reader's window would otherwise keep the whole window alive, and
// a 100 MB file of 190,000 games held half a gigabyte.
func compactGame(g results.Game, names map[string]string) results.Game {
	intern := func(s string) string {
		if t, ok := names[s]; ok {
			return t
		}
		t := strings.Clone(s)
		names[t] = t
		return t
	}
	return results.Game{ID: g.ID, Round: g.Round, Pair: g.Pair, Event: intern(g.Event), Variant: intern(g.Variant),
		White: intern(g.White), Black: intern(g.Black), Result: intern(g.Result), Termination: intern(g.Termination)}
}

func variantsOf(games []results.Game) []string {
	seen := map[string]bool{}
	var out []string
	for _, g := range games {
		v := g.Variant
		if v == "" {
			v = "unknown"
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
