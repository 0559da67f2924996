package arena

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"varena/results"
	"varena/results/rundir"
	"varena/results/stats"
)

// peerPoll is how often a shard reads its peers' journals: the shards
// learn of the decision, and of the pairs the others finished, this late
// at most, so it must be short beside a game (at 500 ms, four shards of
// 30 ms games played a third more than one machine). Each poll reads only
// what the journals gained since the last.
const peerPoll = 100 * time.Millisecond

// peers follows the other shards of an SPRT run on shared storage, so
// that every shard stops when the run as a whole decides. A shard on its
// own can only test its own slice of the pairs, and four shards each
// stopping at its own decision play several times the games one machine
// needs. The combined tally counts every game of every shard in the
// schedule's pair order (Tally.Add), exactly as one machine counts them:
// the decision falls at the same pair, with the same LLR, as on one
// machine, and a merge of the shards then gives that verdict.
type peers struct {
	glob string // the shard directories, this one included
	self string // this shard's directory, cleaned
	meta rundir.Meta
	logf func(format string, args ...any)

	// window is how many pairs past the first unfinished one (of all
	// shards) this shard may start: the shards together then play ahead
	// of the test about as far as one machine with all their workers
	// would, however unequal their speeds.
	window int
	// shard and shards are this shard's index and the run's shard count.
	shard, shards int

	mu       sync.Mutex
	tally    *rundir.Tally
	seen     map[int]bool
	sizes    map[string]int64 // journal bytes already read, by directory
	sameRun  map[string]bool  // directories whose meta.json was found this run's
	decision stats.Decision
	// playing holds the shards (by index) seen playing at the last poll:
	// unfinished, with a heartbeat fresher than peerStale. Only they are
	// waited for: a shard still queued, crashed or done never holds the
	// others back, so a cluster that runs the tasks one after the other
	// still finishes.
	playing map[int]bool
}

// peerStale is how old a shard's heartbeat may be before the others stop
// waiting for it (a crashed task, or a node gone).
const peerStale = 15 * time.Second

// newPeers prepares to follow the shards matching glob; games already in
// this shard's journal are counted at once.
func newPeers(glob, self string, meta rundir.Meta, own []results.Game, logf func(string, ...any)) (*peers, error) {
	if _, err := filepath.Match(glob, ""); err != nil {
		return nil, fmt.Errorf("-peers %q: %w", glob, err)
	}
	// The test of all shards counts every pair of the schedule, as one
	// machine does, not this shard's (meta's Shard).
	whole := meta
	whole.Shard, whole.Shards = 0, 0
	p := &peers{glob: glob, self: filepath.Clean(self), meta: meta, logf: logf,
		tally: rundir.NewTally(whole), seen: map[int]bool{}, sizes: map[string]int64{}, sameRun: map[string]bool{}, playing: map[int]bool{}}
	for _, g := range rundir.SortedByID(own) {
		if err := p.add(g); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// add counts one game, once.
func (p *peers) add(g results.Game) error {
	if p.seen[g.ID] {
		return nil
	}
	p.seen[g.ID] = true
	if err := p.tally.Add(g); err != nil {
		return err
	}
	p.decision = p.tally.SPRTDecision()
	return nil
}

// Add counts a game this shard finished.
func (p *peers) Add(g results.Game) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.add(g)
}

// Decision returns the combined SPRT's decision so far.
func (p *peers) Decision() stats.Decision {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.decision
}

// poll reads the journals of the other shards that changed since the
// last poll. A directory that is not yet a run (a shard not started) is
// passed over; one of another run is an error, since its games would
// decide this run's test.
func (p *peers) poll() error {
	dirs, err := filepath.Glob(p.glob)
	if err != nil {
		return err
	}
	playing := map[int]bool{}
	defer func() {
		p.mu.Lock()
		p.playing = playing
		p.mu.Unlock()
	}()
	for _, d := range dirs {
		if filepath.Clean(d) == p.self {
			continue
		}
		if rec, err := rundir.ReadShard(d); err == nil && rec != nil && !rec.Finished {
			if st, err := os.Stat(filepath.Join(d, rundir.ShardFile)); err == nil && time.Since(st.ModTime()) < peerStale {
				playing[rec.Shard] = true
			}
		}
		st, err := os.Stat(filepath.Join(d, rundir.JournalFile))
		if err != nil || st.Size() == p.sizes[d] {
			continue
		}
		from := p.sizes[d]
		if st.Size() < from {
			from = 0 // a journal begun again: read whole, add counts each game once
			delete(p.sameRun, d)
		}
		// A peer's meta is read once, not at every poll: it changes only
		// with a journal begun again.
		if !p.sameRun[d] {
			m, err := rundir.ReadMeta(d)
			if err != nil {
				continue
			}
			if diffs := rundir.MetaDiff(p.meta, m); len(diffs) > 0 {
				return fmt.Errorf("-peers: %s holds another run than this shard's; it differs in: %s", d, strings.Join(diffs, "; "))
			}
			p.sameRun[d] = true
		}
		// A line being written is dropped by the reader and read again
		// at the next poll, once whole.
		games, next, err := results.ReadJournalFrom(filepath.Join(d, rundir.JournalFile), from)
		if err != nil {
			return fmt.Errorf("-peers: %w", err)
		}
		p.mu.Lock()
		p.sizes[d] = next
		for _, g := range rundir.SortedByID(games) {
			if err = p.add(g); err != nil {
				break
			}
		}
		p.mu.Unlock()
		if err != nil {
			return fmt.Errorf("-peers: %s: %w", d, err)
		}
	}
	return nil
}

// follow polls until ctx ends or the combined test decides, then calls
// stop once. A failed poll is logged and tried again: a peer's journal
// caught in a bad moment must not end this shard.
func (p *peers) follow(ctx context.Context, stop func()) {
	t := time.NewTicker(peerPoll)
	defer t.Stop()
	var last string
	heartbeat := filepath.Join(p.self, rundir.ShardFile)
	for {
		// The others wait for this shard only while it beats.
		now := time.Now()
		os.Chtimes(heartbeat, now, now)
		if err := p.poll(); err != nil && err.Error() != last {
			last = err.Error()
			p.logf("%v", err)
		}
		if d := p.Decision(); d != stats.Continue {
			p.logf("SPRT of all shards: %s", d)
			stop()
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// wait holds back a game of a pair too far ahead of the first pair the
// combined test still waits for, until the shards have caught up; it
// ends the feed when ctx ends or the test has decided.
func (p *peers) wait(ctx context.Context, g GameSpec) gateVerdict {
	for {
		p.mu.Lock()
		frontier, decided := p.tally.PairsCounted()+1, p.decision != stats.Continue
		// The shard that plays the frontier pair (Schedule.Shard).
		owner := (frontier-1)%p.shards + 1
		waitFor := owner == p.shard || p.playing[owner]
		p.mu.Unlock()
		if decided {
			return gateEnd
		}
		if p.window <= 0 || g.Pair < frontier+p.window || !waitFor {
			return gatePlay
		}
		select {
		case <-ctx.Done():
			return gateEnd
		case <-time.After(peerPoll / 5):
		}
	}
}
