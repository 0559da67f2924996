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

// ttSlot is where an entry lives: two words written and read one at a
// time with atomic operations, so that the searchers of a parallel search
// (Searcher.SetThreads) share the table without a lock. The first word is
// the key XOR the second: an entry torn by two writers at once (one word
// of each) fails the key check on the next probe, as a different position
// would, and is not used. A probe may still find an entry of another
// position whose hash shares the bucket and the key, as before.
//
// data holds the move (bits 0-15), the score (16-31), the evaluation
// (32-47), the depth (48-55), the bound (56-57) and the generation
// (58-63).
type ttSlot struct {
	check, data uint64
}

// bucketSlots is the number of entries a bucket holds: four 16-byte
// slots fill one 64-byte cache line, so a probe reads all of them for
// the price of one.
const bucketSlots = 4

// ttBucket is the set of slots a key may live in.
type ttBucket [bucketSlots]ttSlot

// table is the transposition table: buckets of four entries, indexed by
// the low bits of the hash. A store takes the slot of its own key, or
// else the bucket's least valuable entry: an empty one, then the one
// with the lowest depth less 8 plies for each search since it was
// written (as Stockfish weighs them). So a quiescence store evicts
// another shallow entry, not a deep one of the same search. Entries carry
// the generation of the search that wrote them; a search that must be
// reproducible ignores entries of older generations, in probes and when
// it picks a slot to replace, which makes it independent of what was
// searched before without the cost of clearing the table. Probes and
// stores may run in several goroutines at once (ttSlot) while shared is
// set; clear, newSearch and changes of shared only between searches.
type table struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8
	// shared: searchers in several goroutines use the table (a parallel
	// search runs), and stores are atomic. A search of one thread
	// stores with plain writes: an atomic store is a locked exchange on
	// amd64, a full barrier that cost the search a few percent.
	shared bool
}

const (
	entrySize  = 16 // bytes, the size of ttSlot
	bucketSize = bucketSlots * entrySize
)

// genBits is the width of the generation stored with an entry; genCycle
// the number of generations before the counter wraps.
const (
	genBits  = 6
	genCycle = 1<<genBits - 1 // generations 1 to 63; 0 is none
)

// noEvalTT is the stored static evaluation of a position without one.
const noEvalTT = int16(noEval)

func newTable(mb int) *table {
	mb = max(mb, 1)
	n := uint64(1)
	for n*2*bucketSize <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{buckets: allocBuckets(n), mask: n - 1}
}

func (t *table) clear() {
	clear(t.buckets)
	t.gen = 0
}

// newSearch starts a generation. When the counter wraps, the table is
// wiped, so that an old entry can never pass for a new one.
func (t *table) newSearch() {
	t.gen++
	if t.gen > genCycle {
		clear(t.buckets)
		t.gen = 1
	}
}

// age is the number of searches since generation g, for an entry's
// worth when a store picks the slot to replace.
func (t *table) age(g uint8) int {
	return (int(t.gen) - int(g) + genCycle) % genCycle
}

// prefetch starts loading the bucket of key into the cache: called as
// soon as a child position's hash is known, the load overlaps the work
// before the child's probe instead of stalling it (the table is far
// larger than the processor's nearer caches).
func (t *table) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.buckets[key&t.mask]))
}

// load reads the entry of slot sl. A torn entry comes back with a key
// that (but by the chance of a hash collision) no probe asks for.
func (sl *ttSlot) load() ttEntry {
	d := atomic.LoadUint64(&sl.data)
	return ttEntry{
		key:   atomic.LoadUint64(&sl.check) ^ d,
		move:  engines.Move(uint16(d)),
		score: int16(d >> 16),
		eval:  int16(d >> 32),
		depth: int8(d >> 48),
		bound: uint8(d>>56) & 3,
		gen:   uint8(d >> 58),
	}
}

// put writes e into slot sl, with atomic stores when the table is shared.
func (sl *ttSlot) put(e ttEntry, shared bool) {
	d := uint64(uint16(e.move)) | uint64(uint16(e.score))<<16 | uint64(uint16(e.eval))<<32 |
		uint64(uint8(e.depth))<<48 | uint64(e.bound&3)<<56 | uint64(e.gen)<<58
	if !shared {
		*sl = ttSlot{check: e.key ^ d, data: d}
		return
	}
	atomic.StoreUint64(&sl.data, d)
	atomic.StoreUint64(&sl.check, e.key^d)
}

// probe returns the entry of key, when its bucket holds one (of this
// search only, unless anyGen).
func (t *table) probe(key uint64, anyGen bool) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		e := b[i].load()
		if e.key == key && e.bound != boundNone && (anyGen || e.gen == t.gen) {
			return e, true
		}
	}
	return ttEntry{}, false
}

// Where a store goes (slotFor), as the search statistics count it.
const (
	placeEmpty = iota // an empty slot
	placeKept         // the key's own entry, deeper, kept: nothing is written
	placeSame         // the key's own entry, overwritten
	placeOld          // an entry of an earlier search
	placeEvict        // an entry of this search of another key
)

// slotFor returns the slot a store of key at depth with bound writes,
// the entry it holds and how it was chosen (placeKept: none is written).
// A reproducible search (anyGen false) sees entries of older generations
// as empty, in the bucket's order, so that what it replaces does not
// depend on what was searched before it.
func (t *table) slotFor(key uint64, depth int, bound uint8, anyGen bool) (*ttSlot, ttEntry, int) {
	b := &t.buckets[key&t.mask]
	var (
		victim    *ttSlot
		victimE   ttEntry
		bestWorth int
	)
	for i := range b {
		e := b[i].load()
		visible := e.bound != boundNone && (anyGen || e.gen == t.gen)
		if visible && e.key == key {
			if e.gen == t.gen && int(e.depth) > depth && bound != boundExact {
				return &b[i], e, placeKept
			}
			return &b[i], e, placeSame
		}
		worth := -1 << 20 // empty, or not for this search to see
		if visible {
			worth = int(e.depth) - 8*t.age(e.gen)
		}
		if victim == nil || worth < bestWorth {
			victim, victimE, bestWorth = &b[i], e, worth
		}
	}
	switch {
	case victimE.bound == boundNone:
		return victim, victimE, placeEmpty
	case victimE.gen != t.gen:
		return victim, victimE, placeOld
	}
	return victim, victimE, placeEvict
}

func (t *table) store(key uint64, m engines.Move, score, depth int, bound uint8, eval int, anyGen bool) {
	sl, e, place := t.slotFor(key, depth, bound, anyGen)
	if place == placeKept {
		return
	}
	if m == engines.NullMove && place == placeSame {
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
