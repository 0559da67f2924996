// Package report writes a run directory's report.html: one self-contained
// page (figures as inline SVG drawn with gonum.org/v1/plot, no script,
// font or style fetched from anywhere) that reads offline and travels as a
// mail attachment. Positions are drawn as boards in HTML and CSS: the
// first openings' start positions and the first faults' final ones, each
// on its variant's board as package rules describes it (any size, the
// bunkers beside it, a loaded variant's own pieces as their letters).
//
// It is built from the files a run keeps: meta.json, the journal (the
// source of truth; a damaged one is read as far as it goes and the page
// names the lines it skipped) and, when the run wrote one, setup.json,
// the description of the config (engines with their options, limits,
// openings, schedule). The statistics are the arena's own: the same Tally
// that writes summary.json counts the games, fits the ratings and runs the
// SPRT, here replayed in the order the games finished to show how the
// numbers converged.
//
// An event's page (a Swiss or a knockout, WriteEvent) is built from its
// rounds' run directories taken as one run, with the event's record
// (rundir.Event) above: the standings with their tie-breaks and each
// round's pairings and results. The arena reads the event's directory
// (arena.ReadEventDir); this package reads no event file itself.
package report
