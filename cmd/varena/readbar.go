package main

import (
	"context"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
)

// readBar is how rate and merge read their inputs: through readers that
// count the bytes on a progress bar (on a terminal only: a log gets
// nothing) and that fail with the context's error once it is done, so
// that a signal stops the read within the current buffer of a long file,
// not at its end.
type readBar struct {
	ctx context.Context
	bar *progressbar.ProgressBar
	out io.Writer
}

// newReadBar counts total bytes on a bar described by what, drawn on w
// when show is set.
func newReadBar(ctx context.Context, w io.Writer, show bool, what string, total int64) *readBar {
	b := &readBar{ctx: ctx, out: w}
	if show && total > 0 {
		b.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(what),
			progressbar.OptionShowBytes(true),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetWidth(20),
		)
	}
	return b
}

// reader wraps r.
func (b *readBar) reader(r io.Reader) io.Reader { return &barReader{b: b, r: r} }

// finish ends the bar's line; later calls do nothing.
func (b *readBar) finish() {
	if b.bar != nil {
		b.bar.Finish()
		io.WriteString(b.out, "\n")
		b.bar = nil
	}
}

type barReader struct {
	b *readBar
	r io.Reader
}

func (r *barReader) Read(p []byte) (int, error) {
	if err := r.b.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := r.r.Read(p)
	if bar := r.b.bar; bar != nil && n > 0 {
		bar.Add(n)
	}
	return n, err
}

// fileSize is the size of the file at path, 0 when it cannot be read
// (the read itself reports why).
func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}
