package tuning

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress shows how long work is going: a bar on a terminal, else a
// line every interval on the log (so a run under nohup or CI still says
// how it stands). Both may be nil.
type progress struct {
	bar      *progressbar.ProgressBar
	barOut   io.Writer
	log      io.Writer
	what     string
	total    int
	start    time.Time
	last     time.Time
	interval time.Duration
}

func newProgress(bar, log io.Writer, what string, total, done int) *progress {
	p := &progress{log: log, what: what, total: total, start: time.Now(), interval: 10 * time.Second}
	p.last = p.start
	if bar != nil && total > 0 {
		p.barOut = bar
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(bar),
			progressbar.OptionSetDescription(what),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetWidth(20),
		)
		p.bar.Set(done)
	}
	return p
}

// update reports done of total, with a note such as "1234 positions,
// 560/s" built by the caller.
func (p *progress) update(done int, note string) {
	if p.bar != nil {
		p.bar.Describe(p.what + " " + note)
		p.bar.Set(done)
		return
	}
	if p.log != nil && time.Since(p.last) >= p.interval {
		p.last = time.Now()
		fmt.Fprintf(p.log, "%s %d/%d %s\n", p.what, done, p.total, note)
	}
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
		fmt.Fprintln(p.barOut)
	}
}
