package arena

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"varena/results/rundir"
)

// DefaultProgressEvery is how often a run without a terminal prints its
// progress line.
const DefaultProgressEvery = 10 * time.Second

// progress shows how a run advances: a bar on a terminal, else a line
// now and then (nohup, Slurm, Kubernetes logs), so that a batch job is
// never silent for long. A nil *progress shows nothing.
type progress struct {
	w     io.Writer
	bar   *progressbar.ProgressBar
	tally *rundir.Tally
	total int
	done  int // games of the schedule finished, earlier runs' included

	// Line mode.
	start     time.Time
	startDone int // done when this run started
	every     time.Duration
	games     int // a line at least every this many games
	lastLine  time.Time
	lastDone  int
	now       func() time.Time
}

func newProgress(opts Options, total, done int, tally *rundir.Tally) *progress {
	if opts.Progress == nil || total == 0 {
		return nil
	}
	p := &progress{w: opts.Progress, tally: tally, total: total, done: done, now: time.Now}
	if opts.ProgressBar {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(opts.Progress),
			progressbar.OptionSetDescription(tally.ProgressText()),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetWidth(20),
		)
		p.bar.Set(done)
		return p
	}
	p.every = opts.ProgressEvery
	if p.every <= 0 {
		p.every = DefaultProgressEvery
	}
	p.games = opts.ProgressGames
	if p.games <= 0 {
		p.games = max(total/10, 1)
	}
	p.start = p.now()
	p.startDone, p.lastDone, p.lastLine = done, done, p.start
	return p
}

// add notes one more finished game.
func (p *progress) add() {
	if p == nil {
		return
	}
	p.done++
	if p.bar != nil {
		p.bar.Add(1)
		p.bar.Describe(p.tally.ProgressText())
		return
	}
	if now := p.now(); now.Sub(p.lastLine) >= p.every || p.done-p.lastDone >= p.games {
		p.line(now)
	}
}

// line prints "progress: 120/400 games (30%), 4.1 games/s, ETA 1m8s,
// leader ab-d3 70/120" (an SPRT: the LLR and its bounds instead).
func (p *progress) line(now time.Time) {
	p.lastLine, p.lastDone = now, p.done
	rate := 0.0
	if el := now.Sub(p.start).Seconds(); el > 0 {
		rate = float64(p.done-p.startDone) / el
	}
	eta := "?"
	left := p.total - p.done
	if games, ok := p.tally.MatrixLeft(); ok {
		// A per-variant SPRT skips the games of its decided variants:
		// only the undecided ones' are left.
		left = min(left, games)
	}
	if rate > 0 {
		eta = time.Duration(float64(left) / rate * float64(time.Second)).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "progress: %d/%d games (%.0f%%), %.2f games/s, ETA %s, %s\n",
		p.done, p.total, 100*float64(p.done)/float64(p.total), rate, eta, p.tally.ProgressText())
}

// finish ends the bar, or prints a last line when games were played
// since the last one.
func (p *progress) finish() {
	if p == nil {
		return
	}
	if p.bar != nil {
		p.bar.Finish()
		fmt.Fprintln(p.w)
		return
	}
	if p.done != p.lastDone {
		p.line(p.now())
	}
}
