package widesearch

import "varena/engines/wide"

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

// ttSlot holds one entry in two words: the key and the data, which packs
// the move (bits 0-19: a wide.Move uses 20), the bound (20-21), the depth
// (22-29), the generation (30-31), the score (32-47) and the evaluation
// (48-63). One thread uses the table: stores are plain writes.
type ttSlot struct {
	key, data uint64
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
		move:  wide.Move(d & (1<<20 - 1)),
		bound: uint8(d>>20) & 3,
		depth: int8(uint8(d >> 22)),
		gen:   uint8(d>>30) & 3,
		score: int16(d >> 32),
		eval:  int16(d >> 48),
	}
}

func (t *table) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].key == key && b[i].data != 0 {
			e := b[i].load()
			if e.bound != boundNone {
				return e, true
			}
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
		if sl.key == key && e.bound != boundNone {
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
	d := uint64(m)&(1<<20-1) | uint64(bound&3)<<20 | uint64(uint8(int8(depth)))<<22 |
		uint64(t.gen&3)<<30 | uint64(uint16(int16(score)))<<32 | uint64(uint16(int16(eval)))<<48
	*victim = ttSlot{key: key, data: d}
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
	case score > mateBand:
		return score + ply
	case score < -mateBand:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > mateBand:
		return score - ply
	case score < -mateBand:
		return score + ply
	}
	return score
}
