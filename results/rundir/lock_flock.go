//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package rundir

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes flock's exclusive or shared lock of f without waiting;
// false: another open file holds a conflicting one.
func lockFile(f *os.File, exclusive bool) (bool, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		}
		return false, err
	}
}

func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
