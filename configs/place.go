package configs

import (
	"fmt"
	"path/filepath"
)

// At returns "SOURCE:LINE", the place of a line of the run's file in
// messages (an engine entry's Line, say), or SOURCE when line is 0.
func (r *Run) At(line int) string {
	src := r.Source
	if src == "" {
		src = r.File
	}
	if line <= 0 {
		return src
	}
	return fmt.Sprintf("%s:%d", src, line)
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
