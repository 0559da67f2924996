package rundir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// LockFile is the file of a run's output directory that its writer holds
// an exclusive lock on (see LockDir). It holds the writer's pid, for the
// message of a second run; the lock itself, not the file, says whether
// the directory is in use, so the file stays when the run ends.
const LockFile = ".lock"

// readersFile is where readers take a shared lock too, so that a run
// finding the directory locked can tell readers, which it waits for
// (they read for milliseconds), from another run, which it refuses at
// once.
const readersFile = ".readers"

// ErrLocked is returned by LockDir and RLockDir when another process
// holds a conflicting lock on the directory.
var ErrLocked = errors.New("in use")

// DirLock is an OS file lock on a run's output directory: exclusive for
// the one run that writes it, shared for readers (merge, rate). The
// kernel drops it when the process ends, however it ends (kill -9
// included), so a lock is never stale. It is a lock of the open file
// (flock on Unix, LockFileEx on Windows): two locks taken in one process
// through two LockDir calls conflict as two processes' would.
type DirLock struct {
	f       *os.File
	readers *os.File // a reader's shared lock of readersFile
}

// lockWait is how long LockDir waits for readers' shared locks to go
// before it refuses: a reader holds its lock for the few milliseconds of
// reading a journal, a writer for a whole run.
const lockWait = 2 * time.Second

// LockDir takes the exclusive lock of the output directory dir, which
// must exist, and writes the pid of this process into its lock file.
// When another process holds the lock, it returns one line naming the
// directory and the holder's pid, wrapping ErrLocked.
func LockDir(dir string) (*DirLock, error) {
	path := filepath.Join(dir, LockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	deadline := time.Now().Add(lockWait)
	for {
		ok, err := lockFile(f, true)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", dir, err)
		}
		if ok {
			break
		}
		if !readersHold(dir) || time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("%s is %w by another varena run (pid %s); wait for it to end or give another -out",
				dir, ErrLocked, orUnknownPID(holderPID(path)))
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := writePID(f); err != nil {
		unlockFile(f)
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return &DirLock{f: f}, nil
}

// DataLockSuffix names the lock file of a data file written by one
// process at a time (datagen's FILE): FILE.lock beside it, since the
// data file itself is appended to and may be replaced.
const DataLockSuffix = ".lock"

// LockData takes the exclusive lock of the data file at path (datagen's
// output), as LockDir does for a run's directory: the kernel drops it
// when the process ends, however it ends. When another process holds
// it, it returns one line naming the file and the holder's pid,
// wrapping ErrLocked; two writers of one file mixed their games.
func LockData(path string) (*DirLock, error) {
	lpath := path + DataLockSuffix
	f, err := os.OpenFile(lpath, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	ok, err := lockFile(f, true)
	if err == nil && !ok {
		err = fmt.Errorf("%s is %w by another varena (pid %s); wait for it to end or give another -out",
			path, ErrLocked, orUnknownPID(holderPID(lpath)))
	} else if err == nil {
		if err = writePID(f); err != nil {
			unlockFile(f)
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, ErrLocked) {
			return nil, err
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return &DirLock{f: f}, nil
}

// RLockDir takes a shared lock of the output directory dir for reading
// it. A directory without a lock file (written by an older varena, or
// not a run's) needs none: it returns a nil *DirLock, whose Unlock does
// nothing. When a run is writing the directory, it returns an error
// naming the directory and the run's pid, wrapping ErrLocked.
func RLockDir(dir string) (*DirLock, error) {
	path := filepath.Join(dir, LockFile)
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	// The readers' file first, so that a run failing to lock sees why.
	readers, err := os.OpenFile(filepath.Join(dir, readersFile), os.O_RDWR|os.O_CREATE, 0o644)
	if err == nil {
		if ok, _ := lockFile(readers, false); !ok {
			readers.Close()
			readers = nil
		}
	} else {
		readers = nil // a read-only directory: no run can write it either
	}
	ok, err := lockFile(f, false)
	if err != nil || !ok {
		f.Close()
		(&DirLock{f: readers}).Unlock()
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", dir, err)
		}
		return nil, fmt.Errorf("%s is %w: a varena run (pid %s) is writing it", dir, ErrLocked, orUnknownPID(holderPID(path)))
	}
	return &DirLock{f: f, readers: readers}, nil
}

// readersHold reports whether readers hold shared locks on dir.
func readersHold(dir string) bool {
	f, err := os.OpenFile(filepath.Join(dir, readersFile), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return false
	}
	defer f.Close()
	ok, err := lockFile(f, true)
	if err != nil {
		return false
	}
	if ok {
		unlockFile(f)
		return false
	}
	return true
}

// Unlock releases the lock. The lock file stays: removing it would let a
// process that opened it before the removal lock a file no one else sees.
func (l *DirLock) Unlock() error {
	if l == nil {
		return nil
	}
	var err error
	for _, f := range []*os.File{l.f, l.readers} {
		if f == nil {
			continue
		}
		uerr := unlockFile(f)
		if cerr := f.Close(); uerr == nil {
			uerr = cerr
		}
		if err == nil {
			err = uerr
		}
	}
	l.f, l.readers = nil, nil
	return err
}

// writePID replaces the lock file's content with this process's pid.
func writePID(f *os.File) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return err
}

// holderPID reads the pid in a lock file, "" when there is none yet.
func holderPID(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	pid := strings.TrimSpace(string(data))
	if _, err := strconv.Atoi(pid); err != nil {
		return ""
	}
	return pid
}

func orUnknownPID(pid string) string {
	if pid == "" {
		return "unknown"
	}
	return pid
}
