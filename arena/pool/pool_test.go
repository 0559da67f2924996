package pool

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// probe records what a pool did with its jobs (the ints 1, 2, ...).
type probe struct {
	fed, done         atomic.Int64 // jobs fed; outcomes made by the workers
	inFlight, maxSeen atomic.Int64 // fed and not yet handled; its maximum
	handledLast       atomic.Int64 // the last job the consumer handled
	news, closes      atomic.Int64
	mu                sync.Mutex
	seenAtFeed        map[int]int64 // job -> handledLast when it was fed
}

type testWorker struct{ p *probe }

func (w testWorker) Do(ctx context.Context, job int) int {
	defer w.p.done.Add(1)
	// Jobs of varied length, so that they finish out of order.
	select {
	case <-ctx.Done():
		return -job
	case <-time.After(time.Duration(job%4) * 300 * time.Microsecond):
	}
	return job
}

func (w testWorker) Close() { w.p.closes.Add(1) }

func TestPool(t *testing.T) {
	errHandle := errors.New("handle failed")
	for _, tc := range []struct {
		name    string
		workers int
		credits bool
		jobs    int // 0: the feed never runs out (it ends when ctx does)
		// gateAt, when not 0: the feed holds job gateAt back until the
		// consumer has handled job gateAt-1 (the shards' gate waiting
		// for its peers); a feed on the consumer's goroutine would hang.
		gateAt   int
		cancelAt int // cancel the caller's context once job cancelAt is handled
		failAt   int // handle fails at job failAt
		ordered  bool
		err      error
		// slowHandle: the consumer takes a while over each outcome, so
		// that a credit given back before it is done shows.
		slowHandle bool
	}{
		{name: "one worker keeps the feed's order", workers: 1, jobs: 40, ordered: true},
		{name: "one worker with credits: job k is fed after k-1 is handled", workers: 1, credits: true, jobs: 40, ordered: true, slowHandle: true},
		{name: "credits never let more than workers in flight", workers: 3, credits: true, jobs: 200},
		{name: "credits, more workers than jobs", workers: 8, credits: true, jobs: 5},
		{name: "run ahead, several workers", workers: 4, jobs: 200},
		{name: "cancel ends an endless feed", workers: 3, cancelAt: 20},
		{name: "cancel ends an endless feed under credits", workers: 2, credits: true, cancelAt: 7},
		{name: "a blocking gate does not block the consumer", workers: 1, jobs: 10, gateAt: 5, ordered: true},
		{name: "a blocking gate, several workers", workers: 3, jobs: 60, gateAt: 30},
		{name: "an error of the consumer stops the pool", workers: 3, jobs: 0, failAt: 11, err: errHandle},
		{name: "an error of the consumer stops the pool under credits", workers: 2, credits: true, jobs: 100, failAt: 3, err: errHandle},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &probe{seenAtFeed: map[int]int64{}}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			handled := make(chan int, 1) // the consumer's last, for the gate
			var last int
			fedAtCancel := -1
			games := Start(ctx, Config[int, int]{
				Workers: tc.workers,
				Credits: tc.credits,
				New: func(context.Context) Worker[int, int] {
					p.news.Add(1)
					return testWorker{p}
				},
				Feed: func(ctx context.Context) (int, bool) {
					next := int(p.fed.Load()) + 1
					if tc.jobs > 0 && next > tc.jobs {
						return 0, false
					}
					if next == tc.gateAt {
						for p.handledLast.Load() < int64(next-1) {
							select {
							case <-ctx.Done():
								return 0, false
							case <-handled:
							}
						}
					}
					p.mu.Lock()
					p.seenAtFeed[next] = p.handledLast.Load()
					p.mu.Unlock()
					if n := p.inFlight.Add(1); n > p.maxSeen.Load() {
						p.maxSeen.Store(n)
					}
					p.fed.Add(1)
					return next, true
				},
			})
			var got []int
			errc := make(chan error, 1)
			go func() {
				errc <- games.Consume(func(o int) error {
					defer p.inFlight.Add(-1)
					if o < 0 {
						return nil // a job cut by the end of the context
					}
					if tc.slowHandle {
						time.Sleep(time.Millisecond)
					}
					got = append(got, o)
					last = max(last, o)
					p.handledLast.Store(int64(last))
					select {
					case handled <- o:
					default:
					}
					if o == tc.cancelAt {
						fedAtCancel = int(p.fed.Load())
						cancel()
					}
					if o == tc.failAt {
						return errHandle
					}
					return nil
				})
			}()
			var err error
			select {
			case err = <-errc:
			case <-time.After(20 * time.Second):
				t.Fatalf("Consume did not return: the pool hangs (fed %d, handled %d)", p.fed.Load(), len(got))
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("Consume: %v, want %v", err, tc.err)
			}
			if n := p.news.Load(); n != int64(tc.workers) || p.closes.Load() != n {
				t.Errorf("%d workers set up and %d closed, want %d each", n, p.closes.Load(), tc.workers)
			}
			fed, done := int(p.fed.Load()), int(p.done.Load())
			if done > fed {
				t.Errorf("%d outcomes of %d jobs fed", done, fed)
			}
			// Every outcome a worker made reached the consumer, unless
			// the consumer failed (the rest are drained unhandled).
			if tc.err == nil && p.inFlight.Load() != int64(fed-done) {
				t.Errorf("%d jobs in flight at the end, want the %d fed and never played", p.inFlight.Load(), fed-done)
			}
			if tc.credits && p.maxSeen.Load() > int64(tc.workers) {
				t.Errorf("%d jobs in flight, the credits allow %d", p.maxSeen.Load(), tc.workers)
			}
			switch {
			case tc.jobs > 0 && tc.err == nil:
				if fed != tc.jobs || len(got) != tc.jobs {
					t.Errorf("fed %d, handled %d, want %d each", fed, len(got), tc.jobs)
				}
			case tc.cancelAt > 0:
				// The feed may be inside Feed as the context ends: one
				// more job, never two.
				if fedAtCancel < 0 || fed > fedAtCancel+1 {
					t.Errorf("fed %d jobs, %d when the context ended", fed, fedAtCancel)
				}
			case tc.failAt > 0:
				if got[len(got)-1] != tc.failAt || slices.Contains(got[:len(got)-1], tc.failAt) {
					t.Errorf("handled %v after the failure at job %d", got, tc.failAt)
				}
			}
			if tc.ordered {
				for i, o := range got {
					if o != i+1 {
						t.Fatalf("handled %v, want the feed's order", got)
					}
				}
			}
			if tc.credits && tc.workers == 1 {
				for k := 2; k <= len(got); k++ {
					if seen := p.seenAtFeed[k]; seen != int64(k-1) {
						t.Errorf("job %d was fed after job %d was handled, want %d", k, seen, k-1)
					}
				}
			}
		})
	}
}
