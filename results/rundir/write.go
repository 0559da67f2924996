package rundir

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"varena/results"
)

// Files of a run's output directory.
const (
	JournalFile = "journal.jsonl"
	PGNFile     = "games.pgn"
	SummaryFile = "summary.json"
	MetaFile    = "meta.json"
	SetupFile   = "setup.json" // what the run was configured to play (Setup)
	// ReportFile is the report page results/report writes from the
	// directory: a file of the run, though the arena does not write it.
	ReportFile = "report.html"
)

// SortedByID returns a copy of games in game id order.
func SortedByID(games []results.Game) []results.Game {
	out := append([]results.Game(nil), games...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// WritePGNFile rewrites a PGN file from records.
func WritePGNFile(path string, games []results.Game) error {
	return results.WriteFileAtomic(path, func(w io.Writer) error {
		for _, g := range games {
			if err := results.WritePGN(w, g); err != nil {
				return err
			}
		}
		return nil
	})
}

// WriteRun writes a complete output directory from finished games (used by
// merge): meta, journal, PGN and summary. The directory must be new or
// empty or a run's own (RunWrites) files.
func WriteRun(out string, meta Meta, games []results.Game) (*Summary, error) {
	jpath := filepath.Join(out, JournalFile)
	if st, err := os.Stat(jpath); err == nil && st.Size() > 0 {
		return nil, fmt.Errorf("%s already holds a journal; to merge again, remove it (rm -r %s) or give another -out", out, out)
	}
	d, err := Own(out, false, RunWrites(nil))
	if err != nil {
		return nil, err
	}
	sum, err := writeRun(out, meta, games)
	if err != nil {
		d.Discard()
		return nil, err
	}
	return sum, d.Close()
}

// writeRun is WriteRun in the directory it owns.
func writeRun(out string, meta Meta, games []results.Game) (*Summary, error) {
	jpath := filepath.Join(out, JournalFile)
	if err := CheckMeta(out, meta, func(string, ...any) {}); err != nil {
		return nil, err
	}
	games = SortedByID(games)
	j, _, err := results.OpenJournal(jpath)
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		if err := j.Append(g); err != nil {
			j.Close()
			return nil, err
		}
	}
	if err := j.Close(); err != nil {
		return nil, err
	}
	if err := WritePGNFile(filepath.Join(out, PGNFile), games); err != nil {
		return nil, err
	}
	sum, err := Summarize(meta, games)
	if err != nil {
		return nil, err
	}
	return sum, results.WriteFileAtomic(filepath.Join(out, SummaryFile), sum.WriteJSON)
}
