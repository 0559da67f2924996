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

	"varena/arena"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
	"varena/results/rundir"
	"varena/results/stats"
)

var rateCmd = &command{
	name:        "rate",
	variantFile: true,
	runDirs:     true,
	usageLine:   "varena rate FILE.pgn|DIR... [-json] [-anchor NAME=R]... [-anchor-rating R] [-prior DRAWS] [-bootstrap N] [-seed S] [-base NAME] [-variant-file FILE]",
	short:       "ratings and crosstable of the games in PGN files or a run's journal",
	long: `
Rate reads finished games from PGN files, from a run's output directory
(its journal) or from a directory of PGN files, and prints the standings,
the ratings (maximum likelihood, as Ordo computes them), the likelihood
of superiority between every two players (LOS matrix) and the crosstable.
Players who never met, even through others, form separate groups (as in
Ordo): rate says so and rates each group on its own (with -json, an array
of summaries, one per group). An event's directory (a Swiss or a
knockout) stands for its rounds: their games are rated together, as
when each round's directory is named.

-anchor NAME=R fixes a player's rating at R; repeat it to fix several
(-anchor A=0 -anchor B=2800), the others fitted around them. -anchor NAME
takes its rating from -anchor-rating, as before. Without an anchor the
mean rating is -anchor-rating (0).

The ± of the ratings and the LOS matrix come from the fit's Hessian, a
normal approximation that counts each game as a win or a loss: it
overstates the spread of drawn games and of colour-reversed pairs.
-bootstrap N takes them from N bootstrap replicates instead, each
resampling the colour-reversed pairs (and lone games) within each
pairing and fitting again; -seed S makes the replicates (same seed, same
numbers). A run's journal says which games are pairs; in PGN files, two
games of the same players with colours reversed, the same Round tag and
the same start position are a pair, as cutechess-cli and fastchess write
them.

-base NAME adds a gauntlet table: each opponent's Elo to NAME from their
own games, with the pentanomial interval of their pairs. A gauntlet run
has one of its challenger without asking.

On a terminal a bar shows the bytes read; a signal stops rate within a
long file too.
`,
	setFlags: rateFlags,
}

// anchorFlag collects -anchor values as given; they are resolved
// against the players once the games are read.
type anchorFlag []string

func (a *anchorFlag) String() string { return strings.Join(*a, ", ") }

func (a *anchorFlag) Set(s string) error {
	if _, _, err := stats.ParseAnchor(s); err != nil {
		return err
	}
	*a = append(*a, s)
	return nil
}

func rateFlags(fs *flag.FlagSet) runFunc {
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	var anchorArgs anchorFlag
	fs.Var(&anchorArgs, "anchor", "fix a player's rating: NAME=RATING, or NAME at -anchor-rating; repeat for several (default: mean rating 0)")
	anchorRating := fs.Float64("anchor-rating", 0, "rating of an -anchor given by NAME alone, and of the mean when no anchor plays")
	prior := fs.Float64("prior", stats.DefaultPriorDraws,
		"virtual draws of each player against the pool's average, so that a 100% or 0% score stays finite;\n0 for plain maximum likelihood, as Ordo computes it")
	bootstrap := fs.Int("bootstrap", 0, "take the errors and the LOS matrix from `N` bootstrap replicates over the colour-reversed pairs\n(0: from the fit's Hessian)")
	seed := fs.Uint64("seed", 1, "seed of the bootstrap's replicates")
	base := fs.String("base", "", "add a gauntlet table: each opponent's Elo to this player, from their own games")
	return func(ctx context.Context, pos []string, std stdio) (err error) {
		defer func() {
			if errors.Is(err, context.Canceled) {
				err = hintError{"interrupted: nothing rated", err}
			}
		}()
		if len(pos) == 0 {
			return usagef("name a PGN file or a directory")
		}
		if !(*prior >= 0) || math.IsInf(*prior, 1) {
			return usagef("-prior %g: want a number of draws, 0 or more", *prior)
		}
		if math.IsNaN(*anchorRating) || math.Abs(*anchorRating) > stats.MaxRating {
			return usagef("-anchor-rating %g: want a rating within ±%g", *anchorRating, float64(stats.MaxRating))
		}
		if *bootstrap < 0 || *bootstrap > maxBootstrap {
			return usagef("-bootstrap %d: want 0 (errors from the fit) up to %d replicates", *bootstrap, maxBootstrap)
		}
		// Games from files are named by the files; a run's directory
		// alone keeps its run's meta.
		meta := rundir.Meta{Name: strings.Join(pos, ", ")}
		var sources []gameSource
		var journalBytes, pgnBytes int64
		for _, p := range pos {
			srcs, ev, err := findSources(p)
			if err != nil {
				return err
			}
			if ev != nil && len(pos) == 1 {
				meta = rundir.Meta{Name: ev.Name, Tournament: ev.Type, Seed: ev.Seed}
			}
			for _, src := range srcs {
				j, b := src.size()
				journalBytes, pgnBytes = journalBytes+j, pgnBytes+b
			}
			sources = append(sources, srcs...)
		}
		// Two passes over the games, PGN files streamed each time: the
		// first reads the journals and finds the groups of players (and
		// reports bad games), the second rates each game in its group's
		// tally. Memory then follows players and pairings, not the
		// files' size. On a terminal a bar shows each pass's bytes.
		bars := isTerminal(std.err)
		bar := newReadBar(ctx, std.err, bars, "reading", journalBytes+pgnBytes)
		for i := range sources {
			m, err := sources[i].readJournal(bar, std.variants)
			if err != nil {
				return err
			}
			if m != nil && len(sources) == 1 {
				meta = *m
			}
		}
		gs := newGroups()
		check := rules.NewPGNChecker(std.err, std.variants)
		n, pgn := 0, false
		err = eachGame(ctx, bar, sources, check, func(g results.Game) error {
			gs.add(g)
			n++
			return nil
		})
		bar.finish()
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
		anchors, err := resolveAnchors(anchorArgs, *anchorRating, gs.has)
		if err != nil {
			return err
		}
		if *base != "" && !gs.has(*base) {
			return usagef("-base %q: no such player in the games", *base)
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
			t := rundir.NewTally(gm)
			// A group is anchored by its own anchors, else by its mean.
			for _, a := range anchors {
				if slices.Contains(m, a.Name) {
					t.RatingOptions.Anchors = append(t.RatingOptions.Anchors, a)
				}
			}
			t.RatingOptions.Mean = *anchorRating
			t.RatingOptions.PriorDraws = *prior
			if *prior == 0 {
				t.RatingOptions.PriorDraws = stats.NoPrior
			}
			t.RatingOptions.Bootstrap, t.RatingOptions.Seed = *bootstrap, *seed
			if slices.Contains(m, *base) {
				t.Base = *base
			}
			tallies[i] = t
		}
		bar = newReadBar(ctx, std.err, bars, "rating", pgnBytes)
		err = eachGame(ctx, bar, sources, rules.NewPGNChecker(io.Discard, std.variants), func(g results.Game) error {
			i := of[g.White]
			counts[i]++
			if v := cmp.Or(g.Variant, "unknown"); !slices.Contains(variants[i], v) {
				variants[i] = append(variants[i], v)
			}
			return tallies[i].Add(g)
		})
		bar.finish()
		if err != nil {
			return fmt.Errorf("%s: %w", strings.Join(pos, ", "), err)
		}
		var sums []*rundir.Summary
		for i, t := range tallies {
			sum, err := t.SummaryContext(ctx)
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

// maxBootstrap bounds -bootstrap: a million replicates of a few players
// take minutes; more say nothing more.
const maxBootstrap = 1_000_000

// resolveAnchors turns the -anchor values into anchors of players who
// played (has): NAME=R at R, NAME alone at rating. A value that reads as
// NAME=R but whose NAME did not play, while the whole value names a
// player, is that player at rating (an engine named "nodes=1000").
func resolveAnchors(args []string, rating float64, has func(string) bool) ([]stats.Anchor, error) {
	var out []stats.Anchor
	for _, s := range args {
		a, rated, err := stats.ParseAnchor(s)
		if err != nil {
			return nil, usagef("-anchor %q: %v", s, err)
		}
		if !rated || (!has(a.Name) && has(s)) {
			a = stats.Anchor{Name: s, Rating: rating}
		}
		if !has(a.Name) {
			return nil, usagef("-anchor %q: no such player in the games", a.Name)
		}
		if math.Abs(a.Rating) > stats.MaxRating {
			return nil, usagef("-anchor %q: want a rating within ±%g", s, float64(stats.MaxRating))
		}
		for _, b := range out {
			if b.Name == a.Name {
				return nil, usagef("-anchor %q: %s is anchored twice", s, a.Name)
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// gameSource is one argument of rate: a run's directory, whose journal
// is read whole (its games carry the run's pairs), or PGN files, read as
// streams.
type gameSource struct {
	runDir   string // a run's directory, "" for PGN files
	journal  []results.Game
	pgnFiles []string
}

// size is the bytes the source reads: its journal, or its PGN files.
func (src *gameSource) size() (journal, pgn int64) {
	if src.runDir != "" {
		journal = fileSize(filepath.Join(src.runDir, rundir.JournalFile))
	}
	for _, p := range src.pgnFiles {
		pgn += fileSize(p)
	}
	return journal, pgn
}

// eachGame passes every finished game of the sources to f, in order;
// games read from PGN go through check, which reports and leaves out the
// bad ones, and are read through bar. It numbers the pairs so that those
// of different sources never meet: a journal's pair numbers shifted past
// the sources before it, the pairs of a PGN file found by
// results.PairFinder (which gives a pair's first game with its second,
// and a game whose pair never comes later, at the file's end). It stops
// with ctx's error when ctx is done, within a file too.
func eachGame(ctx context.Context, bar *readBar, sources []gameSource, check *rules.PGNChecker, f func(results.Game) error) error {
	next := 1
	for _, src := range sources {
		first := next
		for _, g := range src.journal {
			if err := ctx.Err(); err != nil {
				return err
			}
			if g.Pair > 0 {
				g.Pair += first - 1
				next = max(next, g.Pair+1)
			}
			if err := f(g); err != nil {
				return err
			}
		}
		for _, path := range src.pgnFiles {
			num := 0
			pairs := results.NewPairFinder(next)
			each := func(gs []results.Game) error {
				for _, g := range gs {
					if err := f(g); err != nil {
						return err
					}
				}
				return nil
			}
			err := scanPGNFile(path, bar, func(pg results.PGNGame) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				num++
				if g, ok := check.Game(path, num, pg); ok {
					g.Moves = nil // rated by its result, once check replayed it
					return each(pairs.Add(g))
				}
				return nil
			})
			if err == nil {
				err = each(pairs.Flush())
			}
			if err != nil {
				return err
			}
			next = pairs.Next()
		}
	}
	return nil
}

// scanPGNFile is results.ScanPGNFile reading through bar.
func scanPGNFile(path string, bar *readBar, fn func(results.PGNGame) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	err = results.ScanPGN(bar.reader(f), fn)
	if se, ok := err.(*results.SyntaxError); ok {
		se.File = path
	}
	return err
}

// findSources names what an argument of rate reads: a run's directory
// (one with a journal); an event's directory, as its rounds' run
// directories in the order played, with the event's record; or PGN
// files: path itself, or the *.pgn files of a directory without a
// journal.
func findSources(path string) ([]gameSource, *rundir.Event, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !st.IsDir() {
		return []gameSource{{pgnFiles: []string{path}}}, nil, nil
	}
	if _, err := os.Stat(filepath.Join(path, rundir.JournalFile)); err == nil {
		return []gameSource{{runDir: path}}, nil, nil
	}
	ed, err := arena.ReadEventDir(path)
	switch {
	case err == nil:
		rounds := ed.RoundDirs()
		if len(rounds) == 0 {
			return nil, nil, fmt.Errorf("%s: an event whose rounds have no games yet", path)
		}
		var out []gameSource
		for _, rd := range rounds {
			out = append(out, gameSource{runDir: rd})
		}
		return out, &ed.Event, nil
	case !errors.Is(err, arena.ErrNotEvent):
		return nil, nil, err
	}
	files, err := filepath.Glob(filepath.Join(path, "*.pgn"))
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("%s: neither %s, nor an event's rounds, nor PGN files", path, rundir.JournalFile)
	}
	sort.Strings(files)
	return []gameSource{{pgnFiles: files}}, nil, nil
}

// readJournal reads a run directory's journal, whole, through bar, and
// returns its meta (nil for PGN files).
func (src *gameSource) readJournal(bar *readBar, vs *variants.Set) (*rundir.Meta, error) {
	if src.runDir == "" {
		return nil, nil
	}
	// A shared lock while reading; a run writing the directory holds
	// the lock, and then its journal is read as it stands: it only
	// grows by whole lines, and meta.json is replaced atomically.
	if lock, err := rundir.RLockDir(src.runDir); err == nil {
		defer lock.Unlock()
	} else if !errors.Is(err, rundir.ErrLocked) {
		return nil, err
	}
	m, gs, err := rundir.ReadRunThrough(src.runDir, vs, bar.reader)
	if err != nil {
		return nil, err
	}
	src.journal = gs
	return &m, nil
}
