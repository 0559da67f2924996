//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || windows)

package rundir

import "os"

// lockFile on systems without flock (Solaris, AIX, Plan 9, wasm) takes
// no lock: one writer per directory is then the user's care, as before
// locks existed. The duplicate check of the journal still catches two
// writers afterwards.
func lockFile(f *os.File, exclusive bool) (bool, error) { return true, nil }

func unlockFile(f *os.File) error { return nil }
