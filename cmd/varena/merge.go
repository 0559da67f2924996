package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"varena/arena"
	"varena/engines/variants"
	"varena/results"
	"varena/results/report"
	"varena/results/rundir"
)

var mergeCmd = &command{
	name:      "merge",
	runDirs:   true,
	usageLine: "varena merge -out DIR [-partial] SHARD_DIR...",
	short:     "join the output directories of shards of one run",
	long: `
Merge joins the journals of the shards of one run (played with
"varena run -shard i/n") into one result in DIR, as if one machine had
played them all: journal, PGN, summary, setup and report.html. It prints
the summary; for an sprt run the exit status is the verdict, as for
"varena run" (0 H1, 3 H0, 4 undecided).

Only shards of one run merge, and only all of them: a shard missing or
not finished (interrupted, or still to be resubmitted) is named and the
merge fails, unless -partial asks for what there is. A game played twice
(a shard resubmitted) is kept once when both plays agree on what the
game is; the times they ran may differ. DIR must be new or empty: to
merge again, remove it or give another -out. On a terminal a bar shows
the journals read; a signal while they are read stops the merge, which
then writes nothing.
`,
	setFlags: mergeFlags,
}

func mergeFlags(fs *flag.FlagSet) runFunc {
	out := fs.String("out", "", "output directory for the merged run (required, new or empty)")
	partial := fs.Bool("partial", false, "merge the shards there are, even when some are missing or unfinished")
	return func(ctx context.Context, dirs []string, std stdio) error {
		err := merge(ctx, *out, dirs, *partial, std.variants, std.out, std.err)
		if errors.Is(err, context.Canceled) {
			return hintError{"interrupted while reading the shards: nothing merged", err}
		}
		return err
	}
}

// merge joins the journals of the shard directories dirs into out. The
// journals are read through a bar (on a terminal) and a signal stops
// the reading, within a long journal too; once they are read, the
// merged run is written whole. The games are of the variants of vs
// (the shards' variants.ini).
func merge(ctx context.Context, out string, dirs []string, partial bool, vs *variants.Set, stdout, stderr io.Writer) error {
	if out == "" || len(dirs) == 0 {
		return usagef("want -out DIR and at least one run directory")
	}
	for _, d := range dirs {
		// A Swiss or knockout in shards needs no merge: each shard's
		// event directory ends with the whole event's records.
		if ed, err := arena.ReadEventDir(d); err == nil {
			return fmt.Errorf("%s is the directory of %s %s, not a run's: the shards of an event are not merged; each shard's standings.txt, event.json and report.html are the whole event's, and varena rate or report of any shard's directory reads every shard's games", d, ed.Event.Type, ed.Event.Name)
		}
	}
	var meta *rundir.Meta
	var journals [][]results.Game
	var shards []shardDir
	var total int64
	for _, d := range dirs {
		total += fileSize(filepath.Join(d, rundir.JournalFile))
	}
	bar := newReadBar(ctx, stderr, isTerminal(stderr), "reading", total)
	defer bar.finish()
	for _, d := range dirs {
		// A shared lock: a shard still being played would be merged
		// without its last games, so it is refused; the lock also keeps
		// a run from starting on the shard while it is read.
		lock, err := rundir.RLockDir(d)
		if err != nil {
			return fmt.Errorf("%w; merge it when that run has ended", err)
		}
		defer lock.Unlock()
		m, games, err := rundir.ReadRunThrough(d, vs, bar.reader)
		if err != nil {
			return err
		}
		if meta == nil {
			meta = &m
		} else if diffs := rundir.MetaDiff(*meta, m); len(diffs) > 0 {
			return fmt.Errorf("%s holds run %q, not %q as %s: only shards of one run merge; they differ in:\n  %s",
				d, m.Name, meta.Name, dirs[0], strings.Join(diffs, "\n  "))
		}
		rec, err := rundir.ReadShard(d)
		if err != nil {
			return err
		}
		shards = append(shards, shardDir{d, rec})
		journals = append(journals, games)
	}
	bar.finish()
	merged, err := results.Merge(journals...)
	if err != nil {
		return err
	}
	meta.Shard, meta.Shards = 0, 0 // the merge is the whole schedule
	if gaps := shardGaps(shards); len(gaps) > 0 {
		if !partial {
			return fmt.Errorf("merge: %s; resume or resubmit those shards and merge again, or give -partial to merge what there is",
				strings.Join(gaps, "; "))
		}
		fmt.Fprintf(stderr, "merge -partial: %s\n", strings.Join(gaps, "; "))
	}
	sum, err := rundir.WriteRun(out, *meta, merged)
	if err != nil {
		return err
	}
	if err := rundir.CopySetup(dirs[0], out); err != nil {
		return err
	}
	// Every merged game was replayed by the rules as its shard's journal
	// was read: the report does not replay them again.
	if _, _, err := report.WriteChecked(out, vs); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	fmt.Fprintf(stderr, "merged %d games from %d directories into %s\n", len(merged), len(dirs), out)
	if err := sum.WriteText(stdout); err != nil {
		return err
	}
	return summaryExit(sum)
}

// shardDir is a directory given to merge with its shard record (nil for a
// directory played without -shard).
type shardDir struct {
	dir string
	rec *rundir.ShardRecord
}

// shardGaps lists, in words, what keeps the shards given from being the
// whole run: shard counts that disagree, shards missing, shards that have
// not played their part. Directories without a shard record (a whole run,
// or a copy of one) are taken as they are.
func shardGaps(shards []shardDir) []string {
	var gaps []string
	n := 0
	have := map[int]bool{}
	for _, s := range shards {
		if s.rec == nil {
			continue
		}
		if n == 0 {
			n = s.rec.Shards
		} else if s.rec.Shards != n {
			gaps = append(gaps, fmt.Sprintf("%s holds shard %s, of another shard count than %d", s.dir, s.rec, n))
			continue
		}
		have[s.rec.Shard] = true
		if !s.rec.Finished {
			gaps = append(gaps, fmt.Sprintf("shard %s (%s) is unfinished: %d of its %d games played", s.rec, s.dir, s.rec.Played, s.rec.Games))
		}
	}
	var missing []string
	for i := 1; i <= n; i++ {
		if !have[i] {
			missing = append(missing, fmt.Sprintf("%d/%d", i, n))
		}
	}
	if len(missing) > 0 {
		gaps = append([]string{"missing shard(s) " + strings.Join(missing, ", ")}, gaps...)
	}
	return gaps
}
