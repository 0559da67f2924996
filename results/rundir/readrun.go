package rundir

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
)

// ReadRun reads the games of the run directory dir for rate, merge and
// report: its meta.json must be there (a journal without it cannot say
// which run it holds), and every game is replayed by the rules of its
// variant among vs (nil: the built-ins; rules.Referee.CheckGame), a
// false line refused as FILE:LINE with the reason.
func ReadRun(dir string, vs *variants.Set) (Meta, []results.Game, error) {
	return ReadRunThrough(dir, vs, nil)
}

// ReadRunThrough is ReadRun reading the journal through wrap(file) when
// wrap is not nil: a reader that counts what is read (a progress bar) or
// fails once the user gave up (a cancelled context), which ends the read
// with its error.
func ReadRunThrough(dir string, vs *variants.Set, wrap func(io.Reader) io.Reader) (Meta, []results.Game, error) {
	check := rules.Referee{Variants: vs}.CheckGame
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
	path := filepath.Join(dir, JournalFile)
	if wrap == nil {
		games, err := results.ReadJournal(path, check)
		return meta, games, err
	}
	f, err := os.Open(path)
	if err != nil {
		return meta, nil, fmt.Errorf("rundir: %w", err)
	}
	defer f.Close()
	games, err := results.DecodeJournal(wrap(f), path, check)
	return meta, games, err
}
