package rundir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Owned is an output directory this process holds: claimed (ClaimDir),
// made if it was missing, and locked (LockDir). It is the one owner of
// a directory's life for every writer (run, merge, tune, SPSA): each
// opens it with Own, and ends with Close, or with Discard when it failed
// before writing anything worth keeping.
type Owned struct {
	Path    string
	lock    *DirLock
	existed bool // the directory was there before Own
	held    bool // and held entries (other than locks)
}

// Own claims dir for a writer of its kind (ours: it is already an output
// directory of that kind; writes: the files the writer makes there, named
// in a refusal), creates it when missing and takes its exclusive lock.
// On failure nothing is left that Own made.
func Own(dir string, ours bool, writes []string) (*Owned, error) {
	if err := ClaimDir(dir, ours, writes); err != nil {
		return nil, err
	}
	d := &Owned{Path: dir}
	d.existed, d.held = dirState(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("output directory: %w", err)
	}
	lock, err := LockDir(dir)
	if err != nil {
		if !d.existed {
			os.Remove(dir)
		}
		return nil, err
	}
	d.lock = lock
	return d, nil
}

// Close releases the lock; what the writer made stays.
func (d *Owned) Close() error {
	if err := d.lock.Unlock(); err != nil {
		return fmt.Errorf("unlock %s: %w", d.Path, err)
	}
	return nil
}

// Discard removes what the writer made, the lock file and the directory
// too when Own made it, then releases the lock. A directory that held
// entries before Own is left as it is (an interrupted run's games must
// not go with a failed resume), only unlocked.
func (d *Owned) Discard() error {
	if d.held {
		return d.Close()
	}
	entries, _ := os.ReadDir(d.Path)
	for _, e := range entries {
		if e.Name() != LockFile {
			os.RemoveAll(filepath.Join(d.Path, e.Name()))
		}
	}
	err := d.lock.Unlock()
	if rerr := os.Remove(filepath.Join(d.Path, LockFile)); rerr != nil && !errors.Is(rerr, os.ErrNotExist) && err == nil {
		err = rerr
	}
	if !d.existed {
		os.Remove(d.Path)
	}
	return err
}

// dirState tells whether dir exists and whether it holds anything.
func dirState(dir string) (exists, held bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		_, serr := os.Stat(dir)
		return serr == nil, serr == nil // unreadable: treat as held
	}
	return true, len(entries) > 0
}
