package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"varena/arena"
	"varena/results"
)

var mergeCmd = &command{
	name:      "merge",
	usageLine: "varena merge -out DIR SHARD_DIR...",
	short:     "join the output directories of shards of one run",
	long: `
Merge joins the journals of the shards of one run (played with
"varena run -shard i/n") into one result in DIR, as if one machine had
played them all, and prints the summary. Only shards of one run merge.
`,
	setFlags: mergeFlags,
}

func mergeFlags(fs *flag.FlagSet) runFunc {
	out := fs.String("out", "", "output directory for the merged run (required, new or empty)")
	return func(ctx context.Context, dirs []string, std stdio) error {
		return merge(*out, dirs, std.out, std.err)
	}
}

// merge joins the journals of the shard directories dirs into out.
func merge(out string, dirs []string, stdout, stderr io.Writer) error {
	if out == "" || len(dirs) == 0 {
		return usagef("want -out DIR and at least one run directory")
	}
	var meta *arena.Meta
	var journals [][]results.Game
	for _, d := range dirs {
		// A shared lock: a shard still being played would be merged
		// without its last games, so it is refused; the lock also keeps
		// a run from starting on the shard while it is read.
		lock, err := arena.RLockDir(d)
		if err != nil {
			return fmt.Errorf("%w; merge it when that run has ended", err)
		}
		defer lock.Unlock()
		m, games, err := arena.ReadRun(d)
		if err != nil {
			return err
		}
		if meta == nil {
			meta = &m
		} else if diffs := arena.MetaDiff(*meta, m); len(diffs) > 0 {
			return fmt.Errorf("%s holds run %q, not %q as %s: only shards of one run merge; they differ in:\n  %s",
				d, m.Name, meta.Name, dirs[0], strings.Join(diffs, "\n  "))
		}
		journals = append(journals, games)
	}
	merged, err := results.Merge(journals...)
	if err != nil {
		return err
	}
	meta.Shard, meta.Shards = 0, 0 // the merge is the whole schedule
	sum, err := arena.WriteRun(out, *meta, merged)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "merged %d games from %d directories into %s\n", len(merged), len(dirs), out)
	return sum.WriteText(stdout)
}
