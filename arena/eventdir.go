package arena

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"varena/configs"
	"varena/engines/variants"
	"varena/results"
	"varena/results/report"
	"varena/results/rundir"
)

// ErrNotEvent is the error of ReadEventDir on a directory that holds no
// Swiss or knockout.
var ErrNotEvent = errors.New("not an event's directory (no " + rundir.EventFile + ", no round-01 run)")

// EventDir is the output directory of a Swiss or a knockout, read back:
// the one place that knows which of its folders are its rounds, and in
// which order they were played. The commands that take run directories
// (rate, report, serve) take an event's directory through it.
type EventDir struct {
	Dir string
	// Event is the event's record (event.json). An event directory
	// written before the event kept one has its rounds from the
	// folders' names (round-02-tb1 after round-02, before round-03),
	// no pairings and no Standings: its standings are in Standings.
	Event rundir.Event
	// Standings is the text of standings.txt, "" until the event's end.
	Standings string
}

// roundFolder is the name of a round's folder: round-02, or round-02-tb1
// for a knockout round's first tie-break.
var roundFolder = regexp.MustCompile(`^round-(\d+)(?:-tb(\d+))?$`)

// ReadEventDir reads an event's directory: its event.json, or, for a
// directory whose event kept none, its round folders. A directory that
// is neither is ErrNotEvent (and a run's directory, with its meta.json,
// is never an event's).
func ReadEventDir(dir string) (*EventDir, error) {
	ed := &EventDir{Dir: dir}
	if b, err := os.ReadFile(filepath.Join(dir, rundir.EventStandingsFile)); err == nil {
		ed.Standings = string(b)
	}
	path := filepath.Join(dir, rundir.EventFile)
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := json.Unmarshal(data, &ed.Event); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return ed, nil
	case !errors.Is(err, os.ErrNotExist):
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, rundir.MetaFile)); err == nil {
		return nil, fmt.Errorf("%s: %w", dir, ErrNotEvent)
	}
	if err := ed.readFolders(); err != nil {
		return nil, err
	}
	return ed, nil
}

// IsEventDir reports whether dir is an event's directory, for the
// commands that take a run's or an event's: a directory that is neither
// an event's nor there is false with no error (it is then taken as a
// run's, which says what is wrong with it); an event's record that
// cannot be read is the error.
func IsEventDir(dir string) (bool, error) {
	_, err := ReadEventDir(dir)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, ErrNotEvent), errors.Is(err, os.ErrNotExist):
		return false, nil
	}
	return false, err
}

// readFolders fills the record of an event that kept none from its
// round folders and their meta.json.
func (ed *EventDir) readFolders() error {
	entries, err := os.ReadDir(ed.Dir)
	if err != nil {
		return fmt.Errorf("%s: %w", ed.Dir, err)
	}
	type round struct {
		folder    string
		round, tb int
	}
	var rounds []round
	for _, e := range entries {
		m := roundFolder.FindStringSubmatch(e.Name())
		if m == nil || !e.IsDir() {
			continue
		}
		rd := round{folder: e.Name()}
		rd.round, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			rd.tb, _ = strconv.Atoi(m[2])
		}
		rounds = append(rounds, rd)
	}
	slices.SortFunc(rounds, func(a, b round) int {
		return cmp.Or(cmp.Compare(a.round, b.round), cmp.Compare(a.tb, b.tb))
	})
	if len(rounds) == 0 || rounds[0].folder != "round-01" {
		return fmt.Errorf("%s: %w", ed.Dir, ErrNotEvent)
	}
	ev := &ed.Event
	ev.Type = configs.Swiss
	if strings.HasPrefix(ed.Standings, "Knockout") || strings.Contains(ed.Standings, "\nKnockout") || slices.ContainsFunc(rounds, func(r round) bool { return r.tb > 0 }) {
		ev.Type = configs.Knockout
	}
	for _, rd := range rounds {
		name := fmt.Sprintf("round %d", rd.round)
		if rd.tb > 0 {
			name += fmt.Sprintf(" tie-break %d", rd.tb)
		}
		ev.Rounds = append(ev.Rounds, rundir.EventRound{Name: name, Folder: rd.folder, Played: ed.Standings != ""})
		m, err := rundir.ReadMeta(filepath.Join(ed.Dir, rd.folder))
		if err != nil {
			continue // the report names what it cannot read
		}
		if ev.Name == "" {
			ev.Name, ev.Seed = strings.TrimSuffix(m.Name, "-"+rd.folder), m.Seed
		}
		for _, e := range m.Engines {
			if !slices.Contains(ev.Engines, e) {
				ev.Engines = append(ev.Engines, e)
			}
		}
	}
	if ev.Name == "" {
		ev.Name = filepath.Base(ed.Dir)
	}
	return nil
}

// RoundDirs are the directories of the event's rounds that have begun
// (a journal), in the order they were played. For an event played in
// shards (Event.Peers), each round's folders of every shard, in the
// same order on every shard: the games of all of them are the round's.
func (ed *EventDir) RoundDirs() []string {
	var out []string
	for _, dirs := range ed.roundShards() {
		out = append(out, dirs...)
	}
	return out
}

// roundShards are, for each round that has begun in some shard, its
// folders that have a journal: this directory's and its peers', in the
// order of the peers' glob (this one alone for an event played on one
// machine).
func (ed *EventDir) roundShards() [][]string {
	shards := []string{ed.Dir}
	if ed.Event.Peers != "" {
		// In the glob's order, this directory among them: every shard
		// lists the rounds' folders alike.
		self, _ := filepath.Abs(ed.Dir)
		peers, _ := filepath.Glob(filepath.Join(ed.Dir, filepath.FromSlash(ed.Event.Peers)))
		listed := false
		for i, p := range peers {
			if abs, err := filepath.Abs(p); err == nil && abs == self {
				peers[i], listed = ed.Dir, true
			}
		}
		if listed {
			shards = peers
		} else {
			shards = append(shards, peers...)
		}
	}
	var out [][]string
	for _, r := range ed.Event.Rounds {
		var dirs []string
		// A peer's folder of another event or round (the glob matching
		// more than the shards) is left out: its games are not this
		// round's.
		own, ownErr := rundir.ReadMeta(filepath.Join(ed.Dir, r.Folder))
		for _, s := range shards {
			dir := filepath.Join(s, r.Folder)
			if _, err := os.Stat(filepath.Join(dir, rundir.JournalFile)); err != nil {
				continue
			}
			if s != ed.Dir && ownErr == nil {
				if m, err := rundir.ReadMeta(dir); err != nil || len(rundir.MetaDiff(own, m)) > 0 {
					continue
				}
			}
			dirs = append(dirs, dir)
		}
		if len(dirs) > 0 {
			out = append(out, dirs)
		}
	}
	return out
}

// writeEvent writes an event's record into its directory, whole.
func writeEvent(dir string, ev *rundir.Event) error {
	data, err := json.MarshalIndent(ev, "", "  ")
	if err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(dir, rundir.EventFile), func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// Load reads the event's rounds' runs for its report, each game
// replayed by the rules of its variant among vs (nil: the built-ins).
func (ed *EventDir) Load(vs *variants.Set) (*report.Event, error) {
	return ed.load(vs, report.Load)
}

// load is Load with the rounds read by load (report.LoadChecked for
// games just played or replayed).
func (ed *EventDir) load(vs *variants.Set, load func(string, *variants.Set) (*report.Run, error)) (*report.Event, error) {
	ev := &report.Event{Dir: ed.Dir, Record: &ed.Event, Standings: ed.Standings}
	for _, dirs := range ed.roundShards() {
		var run *report.Run
		var journals [][]results.Game
		for _, d := range dirs {
			r, err := load(d, vs)
			if err != nil {
				return nil, err
			}
			if run == nil {
				run = r
			} else {
				run.Skipped = append(run.Skipped, r.Skipped...)
			}
			journals = append(journals, r.Games)
		}
		if len(dirs) > 1 {
			// The round as one machine plays it: every shard's games,
			// each once.
			games, err := results.Merge(journals...)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", dirs[0], err)
			}
			run.Games, run.Meta.Shard, run.Meta.Shards = games, 0, 0
		}
		ev.Rounds = append(ev.Rounds, run)
	}
	return ev, nil
}

// WriteEventReport writes the report.html of an event's directory: its
// standings, its rounds, and the ratings and crosstable of all their
// games, each game replayed by the rules of its variant among vs (nil:
// the built-ins). It returns the report's path and what it skipped of
// damaged files.
func WriteEventReport(dir string, vs *variants.Set) (string, []string, error) {
	ed, err := ReadEventDir(dir)
	if err != nil {
		return "", nil, err
	}
	ev, err := ed.Load(vs)
	if err != nil {
		return "", nil, err
	}
	return report.WriteEventFile(ev)
}
