package report

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
	"varena/results/rundir"
)

// Run is what a report is made from: the records of a run directory.
type Run struct {
	Dir   string
	Meta  rundir.Meta
	Setup *rundir.Setup // nil when the directory has no setup.json
	// Variants holds the variants the games were played with: the
	// built-ins (nil) and those of the run's variants.ini.
	Variants *variants.Set
	Games    []results.Game // in journal order: the order they finished
	// Skipped names what could not be read, one "file:line: why" each.
	Skipped []string
}

// Load reads a run directory. A journal damaged in the middle is read
// as far as it goes, the bad lines listed in Skipped; a directory
// without a journal or a meta.json is an error. The games are of the
// variants of vs (nil: the built-ins).
func Load(dir string, vs *variants.Set) (*Run, error) {
	return load(dir, vs, rules.Referee{Variants: vs}.CheckGame)
}

// LoadChecked is Load of a run directory whose journal this process has
// just written or read with every game replayed by the rules (a run's
// recorder, a merge): the games are read without being replayed again,
// which for a long journal is most of the report's time.
func LoadChecked(dir string, vs *variants.Set) (*Run, error) {
	return load(dir, vs)
}

// load is Load with the checks of each journal record.
func load(dir string, vs *variants.Set, checks ...results.Check) (*Run, error) {
	run := &Run{Dir: dir, Variants: vs}
	meta, err := rundir.ReadMeta(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("%s: no %s: not a run directory", dir, rundir.MetaFile)
	case err != nil:
		// A damaged meta.json: the games still say who played what.
		run.Skipped = append(run.Skipped, fmt.Sprintf("%v (the header is built from the games)", err))
	}
	run.Meta = meta
	if run.Setup, err = rundir.ReadSetup(dir); err != nil {
		run.Skipped = append(run.Skipped, fmt.Sprintf("%v (the header is built from meta.json)", err))
	}
	games, skipped, err := results.SalvageJournal(filepath.Join(dir, rundir.JournalFile), checks...)
	if err != nil {
		return nil, err
	}
	run.Games = games
	run.Skipped = append(run.Skipped, skipped...)
	run.fillMeta()
	return run, nil
}

// fillMeta completes a meta that lacks names (damaged, or games outside
// the schedule it lists) from the games.
func (run *Run) fillMeta() {
	m := &run.Meta
	if m.Name == "" {
		m.Name = filepath.Base(run.Dir)
	}
	engines := map[string]bool{}
	for _, e := range m.Engines {
		engines[e] = true
	}
	variants := map[string]bool{}
	for _, v := range m.Variants {
		variants[v] = true
	}
	for _, g := range run.Games {
		for _, e := range []string{g.White, g.Black} {
			if !engines[e] {
				engines[e] = true
				m.Engines = append(m.Engines, e)
			}
		}
		if !variants[g.Variant] {
			variants[g.Variant] = true
			m.Variants = append(m.Variants, g.Variant)
		}
	}
	if m.Total < len(run.Games) {
		m.Total = len(run.Games)
	}
	if m.Tournament == "" {
		m.Tournament = "games"
	}
}

// finished returns the games with a result, in journal order.
func (run *Run) finished() []results.Game {
	var out []results.Game
	for _, g := range run.Games {
		if _, ok := g.WhiteScore(); ok {
			out = append(out, g)
		}
	}
	return out
}

// byID returns the games sorted by ID.
func byID(games []results.Game) []results.Game {
	out := append([]results.Game(nil), games...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
