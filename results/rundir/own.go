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

// OwnedFile is an output file this process holds, for the writers whose
// output is one file appended to and resumed (datagen's data, a book):
// its folder made if it was missing, and its exclusive lock (LockData,
// FILE.lock beside it) taken. It ends with Close, or with Discard when
// the writer failed before writing anything worth keeping.
type OwnedFile struct {
	Path    string
	lock    *DirLock
	made    []string // the folders OwnFile made, deepest first
	existed bool     // the file was there before OwnFile
}

// OwnFile makes the folder of path when missing and takes the file's
// exclusive lock. On failure nothing is left that OwnFile made.
func OwnFile(path string) (*OwnedFile, error) {
	f := &OwnedFile{Path: path}
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		f.made = append(f.made, d)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		f.removeMade()
		return nil, fmt.Errorf("output folder: %w", err)
	}
	if _, err := os.Stat(path); err == nil {
		f.existed = true
	}
	lock, err := LockData(path)
	if err != nil {
		f.removeMade()
		return nil, err
	}
	f.lock = lock
	return f, nil
}

// Close releases the lock; the file and its lock file stay.
func (f *OwnedFile) Close() error {
	if err := f.lock.Unlock(); err != nil {
		return fmt.Errorf("unlock %s: %w", f.Path, err)
	}
	return nil
}

// Discard removes what the writer made: the file, when OwnFile found none
// (a file that was there is resumed work and stays), the lock file, and
// the folders OwnFile made; then it releases the lock.
func (f *OwnedFile) Discard() error {
	if f.existed {
		return f.Close()
	}
	os.Remove(f.Path)
	err := f.lock.Unlock()
	if rerr := os.Remove(f.Path + DataLockSuffix); rerr != nil && !errors.Is(rerr, os.ErrNotExist) && err == nil {
		err = rerr
	}
	f.removeMade()
	return err
}

// End is Close when the file holds something (what the writer wrote,
// or what it resumed), else Discard: the way out of a writer whose every
// line is a finished piece of work.
func (f *OwnedFile) End() error {
	if st, err := os.Stat(f.Path); err == nil && st.Size() > 0 {
		return f.Close()
	}
	return f.Discard()
}

// removeMade removes the folders OwnFile made, when they are empty.
func (f *OwnedFile) removeMade() {
	for _, d := range f.made {
		os.Remove(d)
	}
}
