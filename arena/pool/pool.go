package pool

import (
	"context"
	"sync"
)

// Worker turns jobs into outcomes, one at a time, on a goroutine of its
// own; it owns what it holds until Close.
type Worker[J, O any] interface {
	Do(ctx context.Context, job J) O
	Close()
}

// Config is a pool's shape.
type Config[J, O any] struct {
	Workers int // at least 1
	// New sets up a worker, on the worker's goroutine. A worker that
	// cannot be set up is a Worker whose Do reports that for each job,
	// so that the consumer sees the failure where it sees the job's.
	New func(ctx context.Context) Worker[J, O]
	// Feed returns the next job, or false to end the feed. It runs on
	// the feed's goroutine and may block; it must return when ctx ends.
	Feed func(ctx context.Context) (J, bool)
	// Credits limits the jobs in flight (fed and not yet handled by the
	// consumer) to Workers; false lets the feed run ahead.
	Credits bool
}

// Pool is a running pool: Consume takes its outcomes.
type Pool[J, O any] struct {
	ctx      context.Context
	stop     context.CancelFunc
	outcomes chan O
	credits  chan struct{} // nil: no limit
}

// Start starts the feed and the workers of cfg under ctx; the caller
// must Consume the pool.
func Start[J, O any](ctx context.Context, cfg Config[J, O]) *Pool[J, O] {
	n := max(cfg.Workers, 1)
	ctx, stop := context.WithCancel(ctx)
	p := &Pool[J, O]{ctx: ctx, stop: stop, outcomes: make(chan O, n)}
	if cfg.Credits {
		p.credits = make(chan struct{}, n)
		for range n {
			p.credits <- struct{}{}
		}
	}
	// Buffered, so that a worker neither waits for the feed to be
	// scheduled before its next job nor for the consumer to take its
	// last: with unbuffered channels a worker of fast games spent most
	// of its time waiting to run again after each hand-over.
	jobs := make(chan J, n)
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(jobs)
		p.feed(cfg.Feed, jobs)
	})
	for range n {
		wg.Go(func() {
			w := cfg.New(ctx)
			defer w.Close()
			for j := range jobs {
				if ctx.Err() != nil {
					return // the jobs left are not played
				}
				// The consumer takes every outcome until the channel
				// closes: the send cannot block for ever.
				p.outcomes <- w.Do(ctx, j)
			}
		})
	}
	go func() {
		wg.Wait()
		stop() // frees the context's resources once nothing runs
		close(p.outcomes)
	}()
	return p
}

// feed hands the jobs of next to the workers until it ends or the
// pool's context does, each once a credit is free when credits limit
// the jobs in flight.
func (p *Pool[J, O]) feed(next func(context.Context) (J, bool), jobs chan<- J) {
	for {
		if p.credits != nil {
			select {
			case <-p.credits:
			case <-p.ctx.Done():
				return
			}
		}
		if p.ctx.Err() != nil {
			return
		}
		j, ok := next(p.ctx)
		if !ok {
			return
		}
		select {
		case jobs <- j:
		case <-p.ctx.Done():
			return
		}
	}
}

// Stop ends the feed and the workers' play: the jobs in hand end as
// their Do sees the context end, and the outcomes close once every
// worker has handed over its last.
func (p *Pool[J, O]) Stop() { p.stop() }

// Consume hands each outcome to handle on the caller's goroutine until
// the outcomes end, and then returns. An error from handle stops the
// pool and is returned; the outcomes after it are drained unhandled.
// An outcome's credit comes back once handle has returned.
func (p *Pool[J, O]) Consume(handle func(O) error) error {
	var fatal error
	for o := range p.outcomes {
		if fatal == nil {
			if err := handle(o); err != nil {
				fatal = err
				p.stop()
			}
		}
		if p.credits != nil {
			p.credits <- struct{}{} // never blocks: at most Workers are out
		}
	}
	return fatal
}
