package configs

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

//go:embed runs/*.yaml openings/*.epd books/*.epd
var files embed.FS

// FS returns the embedded files, paths relative to this folder
// ("runs/default.yaml",
// "openings/losalamos-bunkers.epd").
func FS() fs.FS { return files }

// BookPath returns the path, relative to this folder, of a variant's
// built-in opening book (made by `varena book`, the command in its
// header): the openings of a run that names no file and no plies.
func BookPath(variant string) string { return "books/" + variant + ".epd" }

// Book returns the embedded built-in book of a variant and the name to
// use for it in messages.
func Book(variant string) (data []byte, name string, err error) {
	name = BookPath(variant)
	data, err = files.ReadFile(name)
	if err != nil {
		return nil, "", fmt.Errorf("no built-in book for variant %q: %w", variant, err)
	}
	return data, "configs/" + name, nil
}

// randomDefault lists the variants whose default openings are random
// lines of this many plies rather than a book: the openings that decided
// an SPRT in the fewest games when measured (docs/openings.md).
var randomDefault = map[string]int{"losalamos-bunkers": 4}

// For returns the openings o means for variant: o itself, unless o is
// the built-in default (Builtin) and the variant's default is random
// openings, which it then returns with o's order.
func (o Openings) For(variant string) Openings {
	if n := randomDefault[variant]; n > 0 && o.Builtin() {
		o.Plies = &n
	}
	return o
}

// HasBook reports whether a variant has a built-in book (orthodox chess
// has none: its games start from the initial position, or one of the
// 960).
func HasBook(variant string) bool {
	_, err := fs.Stat(files, BookPath(variant))
	return err == nil
}

// runsDir is the folder of the embedded runs: their relative paths are
// relative to it, as they are when the same files are loaded from disk.
const runsDir = "runs"

// DefaultRun returns the embedded runs/default.yaml: what `varena run`
// plays without a configuration.
func DefaultRun(check Checker) (*Run, error) { return EmbeddedRun("default", check) }

// EmbeddedRun returns the embedded run runs/NAME.yaml (name with or
// without ".yaml"), named "configs/runs/NAME.yaml" in messages. Its File
// is "": its relative paths ("../openings/x.epd") name embedded files.
func EmbeddedRun(name string, check Checker) (*Run, error) {
	file := path.Join(runsDir, strings.TrimSuffix(name, ".yaml")+".yaml")
	data, err := files.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("no built-in run %q (built-in: %s)", name, strings.Join(EmbeddedRuns(), ", "))
	}
	return Parse("configs/"+file, data, check)
}

// EmbeddedRuns lists the names of the embedded runs, for EmbeddedRun.
func EmbeddedRuns() []string {
	entries, _ := files.ReadDir(runsDir)
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, n)
		}
	}
	return names
}

// Open opens a file named in the run (an openings or weights file):
// relative paths are relative to the folder of the run's File, or, when
// the run has no File (embedded runs, Parse), to runs/ among the
// embedded files, so that "../openings/losalamos-bunkers.epd" works both
// in the embedded runs and in the same files on disk.
func (r *Run) Open(p string) (io.ReadCloser, error) {
	if r.embedded(p) {
		return files.Open(embeddedPath(p))
	}
	return os.Open(r.Path(p))
}

// ReadFile reads a file named in the run, as Open finds it.
func (r *Run) ReadFile(p string) ([]byte, error) {
	if r.embedded(p) {
		return fs.ReadFile(files, embeddedPath(p))
	}
	return os.ReadFile(r.Path(p))
}

func (r *Run) stat(p string) (fs.FileInfo, error) {
	if r.embedded(p) {
		return fs.Stat(files, embeddedPath(p))
	}
	return os.Stat(r.Path(p))
}

func (r *Run) embedded(p string) bool { return r.File == "" && !filepath.IsAbs(p) }

func embeddedPath(p string) string { return path.Join(runsDir, filepath.ToSlash(p)) }
