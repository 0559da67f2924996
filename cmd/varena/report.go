package main

import (
	"context"
	"flag"
	"fmt"

	"varena/arena"
	"varena/results/report"
)

var reportCmd = &command{
	name:        "report",
	variantFile: true,
	usageLine:   "varena report [-variant-file FILE] DIR...",
	short:       "write a run's or an event's report.html (tables and figures, one offline file)",
	long: `
Report writes DIR/report.html from a run's directory (journal.jsonl,
meta.json, setup.json): one self-contained page with the run's setup,
ratings with 95% intervals, crosstable, convergence, endings and faults,
game lengths, results per opening and, for SPRT runs, the LLR and Elo
trajectories; figures are inline SVG, nothing is fetched. varena run
writes it too at its end. Lines of a damaged journal are skipped and
named. It prints the report's path.

From an event's directory (a Swiss or a knockout) it writes the event's
report: its standings with their tie-breaks as standings.txt has them,
each round's pairings and results, then the sections above over the
games of all its rounds. The event writes it too at its end.
`,
	setFlags: reportFlags,
}

func reportFlags(fs *flag.FlagSet) runFunc {
	return func(ctx context.Context, dirs []string, std stdio) error {
		if len(dirs) == 0 {
			return usagef("name a run's output directory")
		}
		for _, dir := range dirs {
			// Each directory by its own variants.ini, unless
			// -variant-file names one for all.
			vs := std.variants
			if vs == nil {
				var err error
				if vs, err = arena.LoadRunVariants(dir); err != nil {
					return err
				}
				for _, w := range vs.Warnings() {
					fmt.Fprintf(std.err, "varena report: warning: %v\n", w)
				}
			}
			write := report.WriteFile
			if isEvent, err := arena.IsEventDir(dir); err != nil {
				return err
			} else if isEvent {
				write = arena.WriteEventReport
			}
			path, skipped, err := write(dir, vs)
			if err != nil {
				return err
			}
			for _, s := range skipped {
				fmt.Fprintf(std.err, "report: skipped %s\n", s)
			}
			fmt.Fprintln(std.out, path)
		}
		return nil
	}
}
