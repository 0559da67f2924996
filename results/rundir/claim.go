package rundir

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// maxNamed bounds the entries a refusal names; the rest are counted.
const maxNamed = 8

// ClaimDir refuses to write into the output directory dir when it holds
// entries but is not an output directory of the writer's kind (ours
// false): a run, a merge or a tune given a stranger's directory replaced
// its games.pgn and report.html without a word. The refusal names the
// entries among writes (the files the writer makes there) that would be
// overwritten, else the entries it holds. A missing or empty directory,
// and one holding only lock files, is claimed.
func ClaimDir(dir string, ours bool, writes []string) error {
	if ours {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return fmt.Errorf("output directory: %w", err)
	}
	var held, over []string
	for _, e := range entries {
		name := e.Name()
		if name == LockFile || name == readersFile {
			continue
		}
		held = append(held, name)
		if slices.Contains(writes, name) {
			over = append(over, name)
		}
	}
	if len(held) > 0 && slices.ContainsFunc(entries, func(e os.DirEntry) bool { return e.Name() == LockFile }) {
		// A run that holds the lock may be writing its first files
		// (meta.json, through a temporary file): the directory is in
		// use, not a stranger's.
		l, err := RLockDir(dir)
		if errors.Is(err, ErrLocked) {
			return err
		}
		l.Unlock()
	}
	switch {
	case len(held) == 0:
		return nil
	case len(over) > 0:
		return fmt.Errorf("%s holds files that are not this kind of varena output, and writing it would overwrite %s: give a new or empty -out",
			dir, names(over))
	}
	return fmt.Errorf("%s is not empty (%s) and is not this kind of varena output: give a new or empty -out", dir, names(held))
}

// names lists entries, the first maxNamed of them by name.
func names(list []string) string {
	if len(list) <= maxNamed {
		return strings.Join(list, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(list[:maxNamed], ", "), len(list)-maxNamed)
}

// IsRunDir reports whether dir holds a run (or a merge) of varena: a
// meta.json that is a run's, or a journal (whose missing meta.json the
// resume then names).
func IsRunDir(dir string) bool {
	if _, err := os.Stat(filepath.Join(dir, JournalFile)); err == nil {
		return true
	}
	data, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		return false
	}
	var m Meta
	return json.Unmarshal(data, &m) == nil && m.Tournament != ""
}

// RunWrites are the files of a run's directory: the arena's, the
// report page and the external engines' logs.
func RunWrites(engineLogs []string) []string {
	w := []string{JournalFile, PGNFile, SummaryFile, MetaFile, SetupFile, ReportFile}
	for _, name := range engineLogs {
		w = append(w, name+".log")
	}
	return w
}
