package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"varena/arena"
	"varena/results"
)

// runMerge implements `varena merge -out DIR DIR...`: it joins the
// journals of the shards of one run into one result, as if one machine
// had played them all.
func runMerge(ctx context.Context, args []string) error {
	return mergeMain(args, os.Stdout, os.Stderr)
}

func mergeMain(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "output directory for the merged run (required, new or empty)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: varena merge -out DIR SHARD_DIR...")
		fs.PrintDefaults()
	}
	dirs, help, err := parseArgs(fs, args)
	if help || err != nil {
		return err
	}
	if *out == "" || len(dirs) == 0 {
		return usagef("want -out DIR and at least one run directory")
	}
	var meta *arena.Meta
	var journals [][]results.Game
	for _, d := range dirs {
		m, err := arena.ReadMeta(d)
		if err != nil {
			return fmt.Errorf("%s is not a run directory: %w", d, err)
		}
		if meta == nil {
			meta = &m
		} else if !sameMeta(*meta, m) {
			return fmt.Errorf("%s holds run %q, not %q: only shards of one run merge", d, m.Name, meta.Name)
		}
		games, err := results.ReadJournal(filepath.Join(d, arena.JournalFile))
		if err != nil {
			return err
		}
		journals = append(journals, games)
	}
	merged, err := results.Merge(journals...)
	if err != nil {
		return err
	}
	sum, err := arena.WriteRun(*out, *meta, merged)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "merged %d games from %d directories into %s\n", len(merged), len(dirs), *out)
	return sum.WriteText(stdout)
}

func sameMeta(a, b arena.Meta) bool {
	return fmt.Sprint(a) == fmt.Sprint(b)
}
