package search

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"varena/engines"
	"varena/engines/limits"
)

// Parallel search (Lazy SMP). With Threads n > 1 a search runs n-1
// helpers beside the searcher itself, the main thread: each helper is a
// Searcher of its own (history, counter-moves, continuation history,
// killers, stack and move lists) searching the same root by iterative
// deepening, and all of them share the transposition table (tt.go, safe
// for concurrent use). They talk through the table only: what one has
// searched cuts the others' trees short, and since their histories, and
// so their move orders, differ, they search different parts of the tree
// first. The main thread alone decides the move, reports info and keeps
// the clock; when it ends its search it stops the helpers and waits for
// them.
//
// Node counts are summed over the threads: each thread adds its own to a
// shared counter every nodeSync nodes at most (its node limit is the next
// sync point, so a search of one thread, which has no counter, pays
// nothing for it). A node limit (limits.Limits.Nodes) is of the sum: every
// thread checks it at its sync points, which come closer as the limit
// nears (a thread's share of what is left), and the first to find the
// sum at the limit stops all threads. The others' nodes since their last
// sync are then past it: the search ends within nodeSync nodes a helper
// (and one a thread) past the limit. The node count in info and the
// Result is the sum too.
// A parallel search is not reproducible, not even under a node limit: how
// far each thread gets before the others' entries reach it depends on
// the scheduler. With one thread the search is the one it always was.

// MaxThreads bounds Threads: enough for the largest machines, and fixed,
// so that an engine's options do not depend on the machine it runs on.
const MaxThreads = 256

// nodeSync is the most nodes a thread of a parallel search searches
// between two additions to the shared count.
const nodeSync = 1024

// parallel is what the threads of a parallel search share besides the
// table.
type parallel struct {
	nodes   atomic.Int64 // the nodes the threads have added
	limit   int64        // limits.Limits.Nodes, of all threads together (0: none)
	threads []*Searcher  // the main thread, then the helpers
	wg      sync.WaitGroup
}

// interval returns how many nodes a thread searches before it next adds
// its count, total being the count it just read: nodeSync, or, near the
// node limit, the thread's share of what is left (at least 1).
func (p *parallel) interval(total int64) int64 {
	if p.limit == 0 {
		return nodeSync
	}
	return max(1, min(nodeSync, (p.limit-total)/int64(len(p.threads))))
}

// SetThreads sets the number of threads the searches use (1 to
// MaxThreads; the value is clamped). Helpers added start with empty
// histories, as after NewGame.
func (s *Searcher) SetThreads(n int) {
	n = max(1, min(n, MaxThreads))
	for len(s.helpers) < n-1 {
		h := &Searcher{w: s.w, tt: s.tt}
		h.SetParams(s.p)
		s.helpers = append(s.helpers, h)
	}
	clear(s.helpers[n-1:]) // let the garbage collector have them
	s.helpers = s.helpers[:n-1]
}

// Threads returns the number of threads the searches use.
func (s *Searcher) Threads() int { return 1 + len(s.helpers) }

// limitReached is called by checkStop when the thread's node count
// reaches its node limit: the search's limit with one thread (reached),
// the next sync point of a parallel search, where the thread adds its
// count to the shared one and, when the sum has reached the search's
// limit, stops every thread.
func (s *Searcher) limitReached() bool {
	p := s.par
	if p == nil {
		return true
	}
	total := p.nodes.Add(s.nodes - s.published)
	s.published = s.nodes
	if p.limit > 0 && total >= p.limit {
		for _, t := range p.threads {
			t.stop.Store(true)
		}
		return true
	}
	s.nodeLimit = s.nodes + p.interval(total)
	return false
}

// totalNodes returns the nodes of the search so far: the thread's own
// with one thread; the shared count and the main thread's nodes not yet
// in it in a parallel search (exact once the helpers have ended).
func (s *Searcher) totalNodes() int64 {
	if s.par == nil {
		return s.nodes
	}
	return s.par.nodes.Load() + s.nodes - s.published
}

// startHelpers starts the helpers of a parallel search of pos, whose
// first iterations the main thread is about to search, to maxDepth at
// most, within limit nodes (of all threads; 0: none). With one thread it
// does nothing.
func (s *Searcher) startHelpers(pos *engines.Position, maxDepth int, limit int64) {
	s.par = nil
	if len(s.helpers) == 0 {
		return
	}
	p := &parallel{limit: limit, threads: append([]*Searcher{s}, s.helpers...)}
	s.par, s.published = p, 0
	s.tt.shared = true
	s.nodeLimit = p.interval(0)
	for i, h := range s.helpers {
		h.prepare(s, p)
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			h.helperSearch(*pos, maxDepth, i+1)
		}()
	}
}

// stopHelpers stops the helpers of a parallel search and waits for them;
// the main thread's count is then added, so that totalNodes is exact.
func (s *Searcher) stopHelpers() {
	if s.par == nil {
		return
	}
	for _, h := range s.helpers {
		h.stop.Store(true)
	}
	s.par.wg.Wait()
	s.tt.shared = false
	s.par.nodes.Add(s.nodes - s.published)
	s.published = s.nodes
}

// prepare readies helper h for a search of the main thread s: the same
// weights, table, parameters, rules, root moves and game history, its
// own counts and killers; its histories stay what the game's earlier
// searches left, as the main thread's do.
func (h *Searcher) prepare(s *Searcher, p *parallel) {
	h.w, h.tt, h.rules, h.root = s.w, s.tt, s.rules, s.root
	if h.p != s.p {
		h.SetParams(s.p)
	}
	h.start, h.hard = s.start, time.Time{}
	h.nodes, h.visits, h.seldepth, h.aborted = 0, 0, 0, false
	h.stop.Store(false)
	h.reuseTT = s.reuseTT
	h.killers = [limits.MaxPly + 1][2]engines.Move{}
	h.path = append(h.path[:0], s.path...)
	h.stack[0] = frame{}
	h.par, h.published = p, 0
	h.nodeLimit = p.interval(0)
}

// helperSearch is helper index's (1 up) iterative deepening of pos to
// maxDepth, until it is stopped or the node limit is reached. Its
// results are the entries it leaves in the table.
func (h *Searcher) helperSearch(pos engines.Position, maxDepth, index int) {
	score := 0
	for depth := 1; depth <= maxDepth; depth++ {
		if skipsDepth(index, depth) {
			continue
		}
		h.rootDepth = depth
		sc := h.aspirate(&pos, depth, score)
		if h.aborted {
			break
		}
		score = sc
	}
	h.par.nodes.Add(h.nodes - h.published)
	h.published = h.nodes
}

// skipsDepth reports whether helper index (1 up) passes over the
// iteration of depth. Helpers that searched every depth would mostly
// repeat the main thread's iteration a moment after it; skipping spreads
// them over the depth being searched and the next, so that some fill the
// table for the iteration to come. Helper i skips in runs of size
// bits.Len(i) plies (1 for the first helper, 2 for the next two, 3 for
// the four after, ...), each at its own phase: the first helper searches
// the even depths, a ply ahead of the main thread half the time.
func skipsDepth(index, depth int) bool {
	size := bits.Len(uint(index))
	phase := (index - 1) % (2 * size)
	return (depth+phase)/size%2 == 1
}
