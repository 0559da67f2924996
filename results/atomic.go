package results

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// WriteFileAtomic writes path through a temporary file beside it, synced,
// then renamed over path: a reader (a browser, a resumed run, a kill -9)
// sees the old file or the new one, never half of one. The file gets the
// mode of any file varena creates, 0644 less the umask (os.CreateTemp's
// 0600 would hide a run's results from the other users of a shared
// cluster). The arena, the tuner and the report all write through it.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	tmp, err := createUnique(filepath.Dir(path), "."+filepath.Base(path)+".")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// createUnique creates a new file dir/prefixNNNN with mode 0644 (less the
// umask), as os.CreateTemp does with 0600.
func createUnique(dir, prefix string) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}
