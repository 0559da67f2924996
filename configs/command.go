package configs

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// EngineCommand is the program an external engine's command names, as it
// is to be started: a command with a slash is a path, relative to the
// engine's dir when it has one (cutechess-cli's and OpenBench's
// "dir=Engines/ cmd=./dev" is Engines/dev), else to the folder of the
// run's file, as a config's other paths are; a bare name is looked up in
// PATH, as a shell does.
// The error says which of the two failed and where it looked, since
// "no such file or directory" alone does not tell a user which folder a
// relative path was taken against; the caller names the engine.
func (r *Run) EngineCommand(e Engine) (string, error) {
	c := e.Command
	if !strings.ContainsRune(c, '/') && !strings.ContainsRune(c, filepath.Separator) {
		p, err := exec.LookPath(c)
		if err != nil {
			if errors.Is(err, exec.ErrNotFound) {
				return "", fmt.Errorf("command %q (a bare name) not found in PATH: %w", c, exec.ErrNotFound)
			}
			return "", fmt.Errorf("command %q (a bare name, looked up in PATH): %w", c, err)
		}
		return p, nil
	}
	p := r.Path(c)
	where := "relative to the folder of " + r.File
	switch {
	case filepath.IsAbs(c):
		where = "an absolute path"
	case e.Dir != "":
		// The engine's dir is itself relative to the config's folder.
		p = filepath.Join(r.Path(e.Dir), c)
		where = "relative to its dir " + e.Dir
	case r.File == "":
		where = "relative to the working folder"
	}
	abs, err := filepath.Abs(p)
	if err == nil {
		p = abs
	}
	info, err := os.Stat(p)
	switch {
	case err != nil:
		return "", fmt.Errorf("command %q (%s, so %s): %w", c, where, p, unwrapPath(err))
	case info.IsDir():
		return "", fmt.Errorf("command %q (%s, so %s) is a folder, not a program", c, where, p)
	case runtime.GOOS != "windows" && info.Mode()&0o111 == 0:
		return "", fmt.Errorf("command %q (%s, so %s) is not executable (chmod +x it)", c, where, p)
	}
	return p, nil
}

// unwrapPath drops the *fs.PathError around an error, whose path the
// message has already named.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
