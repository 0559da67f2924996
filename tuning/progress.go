package tuning

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress shows how long work is going: a bar on a terminal, else a
// line every interval on the log (so a run under nohup or CI still says
// how it stands). Datagen, the Texel fit and SPSA share it.
type progress struct {
	bar      *progressbar.ProgressBar
	barOut   io.Writer
	log      io.Writer
	what     string // "spsa", "datagen", ...
	unit     string // what is counted: "iterations", "games"
	rateUnit string // the unit of the rate: its, else unit
	total    int
	base     int // done before this session, left out of the rate
	start    time.Time
	last     time.Time
	interval time.Duration
}

// newProgress shows a bar on bar and, without one, a line every
// interval (default 10 s) on log; either may be nil. its, when not
// empty, is the bar's name of a unit for its rate ("it").
func newProgress(bar, log io.Writer, what, unit, its string, total, done int, interval time.Duration) *progress {
	if interval <= 0 {
		interval = 10 * time.Second
	}
	p := &progress{log: log, what: what, unit: unit, rateUnit: unit, total: total, base: done, start: time.Now(), interval: interval}
	if its != "" {
		p.rateUnit = its
	}
	p.last = p.start
	if bar != nil && total > 0 {
		opts := []progressbar.Option{
			progressbar.OptionSetWriter(bar),
			progressbar.OptionSetDescription(what),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100 * time.Millisecond),
			progressbar.OptionSetWidth(20),
		}
		if its != "" {
			opts = append(opts, progressbar.OptionShowIts(), progressbar.OptionSetItsString(its))
		}
		p.barOut = bar
		p.bar = progressbar.NewOptions(total, opts...)
		p.bar.Set(done)
	}
	return p
}

// update reports done of total, with a note built by the caller (the
// positions written, the losses, theta). The log line also gives the
// rate since this session started and the ETA; the last one is always
// written.
func (p *progress) update(done int, note string) {
	if p.bar != nil {
		p.bar.Describe(p.what + " " + note)
		p.bar.Set(done)
		return
	}
	if p.log == nil || (time.Since(p.last) < p.interval && done < p.total) {
		return
	}
	p.last = time.Now()
	fmt.Fprintln(p.log, p.line(done, note))
}

// line is the log line: "what: done/total unit, rate/s, ETA t, note".
func (p *progress) line(done int, note string) string {
	rate := float64(done-p.base) / max(time.Since(p.start).Seconds(), 1e-9)
	eta := "?"
	if rate > 0 {
		eta = time.Duration(float64(p.total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	return fmt.Sprintf("%s: %d/%d %s, %.2f %s/s, ETA %s, %s", p.what, done, p.total, p.unit, rate, p.rateUnit, eta, note)
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
		fmt.Fprintln(p.barOut)
	}
}
