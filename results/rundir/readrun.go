package rundir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"varena/results"
	"varena/results/rules"
)

// ReadRun reads the games of the run directory dir for rate, merge and
// report: its meta.json must be there (a journal without it cannot say
// which run it holds), and every game is replayed by the rules
// (rules.CheckGame), a false line refused as FILE:LINE with the reason.
func ReadRun(dir string) (Meta, []results.Game, error) {
	meta, err := ReadMeta(dir)
	if errors.Is(err, os.ErrNotExist) {
		if _, jerr := os.Stat(filepath.Join(dir, JournalFile)); jerr != nil {
			return meta, nil, fmt.Errorf("%s is not a run directory: no %s and no %s", dir, MetaFile, JournalFile)
		}
		return meta, nil, fmt.Errorf("%s: %s without %s: the run's settings and schedule are missing, so its games cannot be read as a run's (restore %s, or rate its %s)",
			dir, JournalFile, MetaFile, MetaFile, PGNFile)
	}
	if err != nil {
		return meta, nil, err
	}
	games, err := results.ReadJournal(filepath.Join(dir, JournalFile), rules.CheckGame)
	return meta, games, err
}
