package configs

import (
	"fmt"
	"io"
	"os"
)

// MaxFileSize bounds every YAML file varena reads (runs, tune configs,
// weights): the largest shipped one is about 10 kB, and a YAML parser
// takes several times a document's size in memory, so a bound keeps a
// stray 100 MB file from costing gigabytes before it is refused.
const MaxFileSize = 1 << 20

// ReadFile reads the config or weights file at path, refusing one larger
// than MaxFileSize without reading past the bound.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLimited(path, f)
}

// ReadLimited reads r, the file named name, up to MaxFileSize bytes; a
// longer one is an error that says the bound.
func ReadLimited(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := CheckSize(name, len(data)); err != nil {
		return nil, err
	}
	return data, nil
}

// CheckSize refuses n bytes of the file named name when they exceed
// MaxFileSize.
func CheckSize(name string, n int) error {
	if n > MaxFileSize {
		return fmt.Errorf("%s: larger than %d bytes (1 MiB), the most a config or weights file may hold", name, MaxFileSize)
	}
	return nil
}

// ReadConfigFile reads a weights file named in the run, as Open finds
// it, refusing one larger than MaxFileSize.
func (r *Run) ReadConfigFile(p string) ([]byte, error) {
	f, err := r.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLimited(r.Path(p), f)
}
