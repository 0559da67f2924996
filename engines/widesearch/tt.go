package widesearch

import (
	"varena/engines/limits"
	"varena/engines/wide"
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
	move  wide.Move
	score int16
	eval  int16 // static evaluation; noEvalTT: none (in check)
	depth int8
	bound uint8
	gen   uint8
}

// ttSlot holds one entry in two words. The first holds the upper 32
// bits of the key and the move (all 32 bits of a wide.Move: drops and
// gating use the upper ones); the second the score (bits 0-15), the
// static evaluation (16-31), the depth (32-39), the bound (40-41) and
// the generation (42-43). The lower bits of the key pick the bucket, so
// a probe checks 32 bits more than the table's size. One thread uses the
// table: stores are plain writes.
type ttSlot struct {
	keyMove, data uint64
}

// bucketSlots entries of 16 bytes fill a 64-byte cache line.
const bucketSlots = 4

type ttBucket [bucketSlots]ttSlot

// table is the transposition table: buckets of four entries indexed by
// the low bits of the hash. A store takes its key's own slot, else the
// bucket's least valuable entry: an empty one, then the one with the
// lowest depth less 8 plies if an earlier search wrote it. Entries of
// earlier searches of the game are used (NewGame clears the table, which
// keeps a game's searches reproducible).
type table struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8 // 1 to 3, the search's generation
}

const noEvalTT = int16(-infinity)

func newTable(mb int) *table {
	mb = max(mb, 1)
	n := uint64(1)
	for n*2*bucketSlots*16 <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{buckets: make([]ttBucket, n), mask: n - 1, gen: 1}
}

func (t *table) clear() {
	clear(t.buckets)
	t.gen = 1
}

// newSearch starts a generation (two bits: only "this search or not"
// matters to the replacement).
func (t *table) newSearch() { t.gen = t.gen%3 + 1 }

func (sl *ttSlot) load() ttEntry {
	d := sl.data
	return ttEntry{
		move:  wide.Move(uint32(sl.keyMove)),
		score: int16(d),
		eval:  int16(d >> 16),
		depth: int8(uint8(d >> 32)),
		bound: uint8(d>>40) & 3,
		gen:   uint8(d>>42) & 3,
	}
}

// has reports whether the slot holds an entry of key.
func (sl *ttSlot) has(key uint64) bool {
	return sl.keyMove>>32 == key>>32 && uint8(sl.data>>40)&3 != boundNone
}

func (t *table) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].has(key) {
			return b[i].load(), true
		}
	}
	return ttEntry{}, false
}

func (t *table) store(key uint64, m wide.Move, score, depth int, bound uint8, eval int) {
	b := &t.buckets[key&t.mask]
	var victim *ttSlot
	worst := 1 << 20
	for i := range b {
		sl := &b[i]
		e := sl.load()
		if sl.has(key) {
			if e.gen == t.gen && int(e.depth) > depth && bound != boundExact {
				return // a deeper entry of this search stays
			}
			if m == wide.NullMove {
				m = e.move
			}
			victim = sl
			break
		}
		worth := -1 << 20 // empty
		if e.bound != boundNone {
			worth = int(e.depth)
			if e.gen != t.gen {
				worth -= 8
			}
		}
		if worth < worst {
			victim, worst = sl, worth
		}
	}
	depth = max(min(depth, 127), -128)
	d := uint64(uint16(int16(score))) | uint64(uint16(int16(eval)))<<16 | uint64(uint8(int8(depth)))<<32 |
		uint64(bound&3)<<40 | uint64(t.gen&3)<<42
	*victim = ttSlot{keyMove: key>>32<<32 | uint64(uint32(m)), data: d}
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

// boundOf says what a search result is for the window it had.
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best > alpha:
		return boundExact
	}
	return boundUpper
}

// toTT and fromTT store mate scores relative to the node, not the root.
func toTT(score, ply int) int {
	switch {
	case score > limits.MateBand:
		return score + ply
	case score < -limits.MateBand:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > limits.MateBand:
		return score - ply
	case score < -limits.MateBand:
		return score + ply
	}
	return score
}
