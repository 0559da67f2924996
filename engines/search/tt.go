package search

import (
	"sync/atomic"
	"unsafe"

	"varena/engines"
)

// Bounds of a stored score.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// ttEntry is one entry of the transposition table, as probe reads it.
type ttEntry struct {
	key   uint64
	move  engines.Move
	score int16
	eval  int16 // static evaluation of the position; noEvalTT: none (in check)
	depth int8
	bound uint8
	gen   uint8
}

// ttSlot is where an entry lives: three words written and read one at a
// time with atomic operations, so that the searchers of a parallel search
// (Searcher.SetThreads) share the table without a lock. The first word is
// the key XOR the other two: an entry torn by two writers at once (one
// word of each) fails the key check on the next probe, as a different
// position would, and is not used. A probe may still find an entry of
// another position whose hash shares the slot and the key, as before.
//
// data holds the move (bits 0-15), the score (16-31), the evaluation
// (32-47), the depth (48-55) and the bound (56-63); meta the generation.
type ttSlot struct {
	check, data, meta uint64
}

// table is the transposition table: one entry per slot, indexed by the low
// bits of the hash, replaced when the new entry is deeper or from a newer
// search. Entries carry the generation of the search that wrote them; a
// search that must be reproducible ignores entries of older generations,
// which makes it independent of what was searched before without the cost
// of clearing the table. Probes and stores may run in several goroutines
// at once (ttSlot) while shared is set; clear, newSearch and changes of
// shared only between searches.
type table struct {
	entries []ttSlot
	mask    uint64
	gen     uint8
	// shared: searchers in several goroutines use the table (a parallel
	// search runs), and stores are atomic. A search of one thread
	// stores with plain writes: an atomic store is a locked exchange on
	// amd64, a full barrier that cost the search a few percent.
	shared bool
}

const entrySize = 24 // bytes, the size of ttSlot

// noEvalTT is the stored static evaluation of a position without one.
const noEvalTT = int16(noEval)

func newTable(mb int) *table {
	mb = max(mb, 1)
	n := uint64(1)
	for n*2*entrySize <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{entries: allocEntries(n), mask: n - 1}
}

func (t *table) clear() {
	clear(t.entries)
	t.gen = 0
}

// newSearch starts a generation. When the counter wraps, entries of the
// generation it comes back to are wiped, so that an old entry can never
// pass for a new one.
func (t *table) newSearch() {
	t.gen++
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}

// prefetch starts loading the slot of key into the cache: called as soon
// as a child position's hash is known, the load overlaps the work before
// the child's probe instead of stalling it (the table is far larger than
// the processor's nearer caches).
func (t *table) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.entries[key&t.mask]))
}

// load reads the entry of slot sl. A torn entry comes back with a key
// that (but by the chance of a hash collision) no probe asks for.
func (sl *ttSlot) load() ttEntry {
	d, m := atomic.LoadUint64(&sl.data), atomic.LoadUint64(&sl.meta)
	return ttEntry{
		key:   atomic.LoadUint64(&sl.check) ^ d ^ m,
		move:  engines.Move(d),
		score: int16(d >> 16),
		eval:  int16(d >> 32),
		depth: int8(d >> 48),
		bound: uint8(d >> 56),
		gen:   uint8(m),
	}
}

// put writes e into slot sl, with atomic stores when the table is shared.
func (sl *ttSlot) put(e ttEntry, shared bool) {
	d := uint64(e.move) | uint64(uint16(e.score))<<16 | uint64(uint16(e.eval))<<32 |
		uint64(uint8(e.depth))<<48 | uint64(e.bound)<<56
	m := uint64(e.gen)
	if !shared {
		*sl = ttSlot{check: e.key ^ d ^ m, data: d, meta: m}
		return
	}
	atomic.StoreUint64(&sl.data, d)
	atomic.StoreUint64(&sl.meta, m)
	atomic.StoreUint64(&sl.check, e.key^d^m)
}

func (t *table) probe(key uint64, anyGen bool) (ttEntry, bool) {
	e := t.entries[key&t.mask].load()
	if e.key != key || e.bound == boundNone || (!anyGen && e.gen != t.gen) {
		return ttEntry{}, false
	}
	return e, true
}

func (t *table) store(key uint64, m engines.Move, score, depth int, bound uint8, eval int) {
	sl := &t.entries[key&t.mask]
	e := sl.load()
	if e.key == key && e.gen == t.gen && int(e.depth) > depth && bound != boundExact {
		return
	}
	if m == engines.NullMove && e.key == key && e.gen == t.gen {
		m = e.move
	}
	sl.put(ttEntry{key: key, move: m, score: int16(score), eval: int16(eval), depth: int8(depth), bound: bound, gen: t.gen}, t.shared)
}

// cutoff returns the entry's score (seen from ply) when its bound settles
// the window (alpha, beta) on its own.
func (e ttEntry) cutoff(ply, alpha, beta int) (int, bool) {
	sc := fromTT(int(e.score), ply)
	switch {
	case e.bound == boundExact,
		e.bound == boundLower && sc >= beta,
		e.bound == boundUpper && sc <= alpha:
		return sc, true
	}
	return 0, false
}

// boundOf says what a search result is for the window it had: a lower
// bound when it failed high, an upper bound when no move beat alpha,
// else exact.
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best > alpha:
		return boundExact
	}
	return boundUpper
}
