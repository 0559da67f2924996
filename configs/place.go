package configs

import (
	"fmt"
	"path/filepath"
)

// At returns "SOURCE:LINE", the place of a line of the run's file in
// messages (an engine entry's Line, say), or SOURCE when line is 0.
func (r *Run) At(line int) string { return Place(r.Source, r.File, line) }

// Place is "SOURCE:LINE" for a line of a run's file: source names it in
// messages (file when source is empty), and line 0 gives SOURCE alone.
func Place(source, file string, line int) string {
	if source == "" {
		source = file
	}
	if line <= 0 {
		return source
	}
	return fmt.Sprintf("%s:%d", source, line)
}

// Path resolves a path named in the run: relative paths are relative to
// the folder of the run's file. Without a File (embedded runs, Parse) the
// path is returned unchanged; Open knows where to look for it.
func (r *Run) Path(p string) string {
	if p == "" || filepath.IsAbs(p) || r.File == "" {
		return p
	}
	return filepath.Join(filepath.Dir(r.File), p)
}
