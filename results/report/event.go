package report

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"time"

	"varena/results"
	"varena/results/rundir"
)

// eventPage is what the report of a Swiss or a knockout shows beside
// the run report's sections: the standings with their tie-breaks, and
// each round's pairings and results (of a knockout, its bracket round
// by round).
type eventPage struct {
	Standings *rundir.EventTable
	// Text is standings.txt of an event that recorded no standings
	// (one written before events kept event.json), shown as it is.
	Text   string
	Rounds []rundir.EventRound
}

// Event is what an event's report is made from: the records of a Swiss
// or a knockout's directory.
type Event struct {
	Dir    string
	Record *rundir.Event
	// Standings is the text of the event's standings.txt ("" if none),
	// shown as it is when the record has no standings table.
	Standings string
	Rounds    []*Run // the rounds' runs, in the order they were played
	// Skipped names what could not be read, one "file:line: why" each.
	Skipped []string
}

// WriteEventFile writes the event's report.html into its directory and
// returns the report's path and what it skipped of damaged files.
func WriteEventFile(ev *Event) (string, []string, error) {
	var skipped []string
	path := filepath.Join(ev.Dir, File)
	err := results.WriteFileAtomic(path, func(w io.Writer) (err error) {
		skipped, err = WriteEvent(w, ev)
		return err
	})
	return path, skipped, err
}

// WriteEvent writes the report of an event as one self-contained HTML
// page: the event's standings and rounds, then the run report's
// sections over every game of its rounds together. It returns what it
// skipped of damaged files.
func WriteEvent(w io.Writer, ev *Event) ([]string, error) {
	run := mergeRounds(ev.Dir, ev.Record, ev.Rounds)
	run.Skipped = append(slices.Clone(ev.Skipped), run.Skipped...)
	pg, err := build(run, time.Now())
	if err != nil {
		return nil, err
	}
	pg.Event = &eventPage{Standings: ev.Record.Standings}
	if ev.Record.Standings == nil {
		pg.Event.Text = ev.Standings
	}
	for _, r := range ev.Record.Rounds {
		if len(r.Pairings) > 0 {
			pg.Event.Rounds = append(pg.Event.Rounds, r)
		}
	}
	return run.Skipped, pageTemplate.Execute(w, pg)
}

// mergeRounds makes one run of an event's rounds: every game of each,
// in the order played, the game ids and pair numbers shifted past those
// of the rounds before (each round counts its own from 1), so that
// games and pairs stay apart; the meta and setup are the event's.
func mergeRounds(dir string, ev *rundir.Event, rounds []*Run) *Run {
	run := &Run{Dir: dir}
	m := &run.Meta
	m.Name, m.Tournament, m.Seed = ev.Name, ev.Type, ev.Seed
	m.Engines = slices.Clone(ev.Engines)
	ids, pairs := 0, 0
	for _, rd := range rounds {
		if run.Variants == nil {
			run.Variants = rd.Variants
		}
		for _, v := range rd.Meta.Variants {
			if !slices.Contains(m.Variants, v) {
				m.Variants = append(m.Variants, v)
			}
		}
		m.Total += rd.Meta.Total
		idBase, pairBase := ids, pairs
		for _, g := range rd.Games {
			g.ID += idBase
			ids = max(ids, g.ID)
			if g.Pair > 0 {
				g.Pair += pairBase
				pairs = max(pairs, g.Pair)
			}
			run.Games = append(run.Games, g)
		}
		ids = max(ids, idBase+rd.Meta.Total)
		run.Skipped = append(run.Skipped, rd.Skipped...)
	}
	run.Setup = eventSetup(ev, rounds)
	run.fillMeta()
	return run
}

// eventSetup is the setup of an event: its rounds' (the first round's
// variants, limits and adjudication), with every engine that played.
func eventSetup(ev *rundir.Event, rounds []*Run) *rundir.Setup {
	var s *rundir.Setup
	var engines []rundir.EngineSetup
	for _, rd := range rounds {
		if rd.Setup == nil {
			continue
		}
		if s == nil {
			c := *rd.Setup
			c.Name, c.Seed, c.Schedule = ev.Name, ev.Seed, ""
			c.Tournament = fmt.Sprintf("%s, %d rounds", ev.Type, len(rounds))
			if ev.Standings != nil {
				c.Tournament = ev.Standings.Title
			}
			c.Variants = slices.Clone(c.Variants)
			for i := range c.Variants {
				c.Variants[i].Openings += " (round 1; each round has its own)"
			}
			s = &c
		}
		for _, e := range rd.Setup.Engines {
			if !slices.ContainsFunc(engines, func(x rundir.EngineSetup) bool { return x.Name == e.Name }) {
				engines = append(engines, e)
			}
		}
	}
	if s == nil {
		return nil
	}
	// In the event's order (the seeds).
	rank := func(name string) int {
		if i := slices.Index(ev.Engines, name); i >= 0 {
			return i
		}
		return len(ev.Engines)
	}
	slices.SortStableFunc(engines, func(a, b rundir.EngineSetup) int { return rank(a.Name) - rank(b.Name) })
	s.Engines = engines
	return s
}
