package engines

import (
	"fmt"
	"sync"
)

// A slider's moves from a square depend only on the occupied squares of
// its rays short of each ray's last square (a piece there blocks nothing
// beyond it). Magic bitboards map each such occupancy to a slot of a
// table of precomputed attack sets with one multiplication:
// (occ&mask)*number, shifted down to the mask's bit count, is a perfect
// hash of the occupancies for a well-chosen number.
//
// The rook looks up its rank and its file apart, the bishop both
// diagonals at once: on 8x8 the tables then take 83 KB. One table for the
// rook's whole cross would take 800 KB, and missed the processor's caches
// so often that it measured no faster than finding each ray's blocker. The boards are not all 8x8
// (bunkers, 6x6 and 7x6 boards), so the numbers are found when a geometry
// is built, by a seeded search that gives the same numbers every run
// (10 to 20 ms for 8x8, under 2 ms for the others), once per board shape
// (magicCache). The 8x8 board's numbers are also a table
// (knownmagics.go), tried first, so that a command does not spend its
// start searching for them. The lookups have no other way (NewGeometry refuses a
// board too wide for small tables), so they stay small enough to inline.

// maxMagicBits bounds a square's relevant squares: 9 on 8x8 (a bishop in
// the centre), 12 along a rank of maxFiles files.
const maxMagicBits = 12

// maxFiles is the widest board: its ranks have maxMagicBits relevant
// squares (all but the two ends).
const maxFiles = maxMagicBits + 2

// maxMagicTries bounds the search for one square's number.
const maxMagicTries = 1 << 20

// magic is one square's hash for one slider.
type magic struct {
	mask   Bitboard // the relevant occupancy
	number uint64
	shift  uint   // 64 less the mask's bit count
	offset uint32 // the square's first slot in Geometry.sliders
}

// index returns the slot in Geometry.sliders of the occupied squares occ.
func (m *magic) index(occ Bitboard) uint32 {
	return m.offset + uint32(uint64(occ&m.mask)*m.number>>m.shift)
}

// magicTables are the magic tables of one board.
type magicTables struct {
	rank, file, diag [64]magic
	sliders          []Bitboard
}

// magicCache holds the tables of each board built so far, by its shape
// (files, ranks, bunkers): the search is seeded, so equal boards get
// equal tables, and the variants on one board (orthodox chess, Chess960
// and Extinction on 8x8) share them, searched once.
var magicCache sync.Map

// buildMagics fills the magic tables from the ray tables, or from those
// of an equal board built before.
func (g *Geometry) buildMagics() error {
	key := fmt.Sprint(g.files, g.ranks, g.regions)
	if t, ok := magicCache.Load(key); ok {
		t := t.(*magicTables)
		g.rankMagic, g.fileMagic, g.diagMagic, g.sliders = t.rank, t.file, t.diag, t.sliders
		return nil
	}
	if err := g.searchMagics(knownMagics[key]); err != nil {
		return err
	}
	magicCache.Store(key, &magicTables{g.rankMagic, g.fileMagic, g.diagMagic, g.sliders})
	return nil
}

// searchMagics finds the magic numbers and fills the tables. A number of
// known (rank, file and diagonal numbers by square, or nil) is tried
// first, and kept only if it hashes without a collision, as any number
// found is: known numbers spare the search, never its check.
func (g *Geometry) searchMagics(known *[3][64]uint64) error {
	var lines, files, diagonals [64]magic
	var table []Bitboard
	rng := magicRNG{state: 0x9e3779b97f4a7c15 ^ uint64(g.numSquares)<<32 ^ uint64(g.files)<<8 ^ uint64(g.ranks)}
	var occs, atts, seen [1 << maxMagicBits]Bitboard
	var used [1 << maxMagicBits]uint32 // the try that filled the slot
	try := uint32(0)
	for slider, sl := range []struct {
		dirs []int
		out  *[64]magic
	}{{[]int{dirE, dirW}, &lines}, {[]int{dirN, dirS}, &files}, {[]int{dirNE, dirSE, dirSW, dirNW}, &diagonals}} {
		for s := 0; s < g.numSquares; s++ {
			sq := Square(s)
			var mask Bitboard
			for _, d := range sl.dirs {
				if r := g.ray[d][sq]; r != 0 {
					far := r.First() // a down-ray's farthest square is its lowest
					if isUpDir(d) {
						far = r.Last()
					}
					mask |= r &^ SquareBB(far)
				}
			}
			n := mask.Count()
			if n > maxMagicBits {
				return fmt.Errorf("%s: %d squares matter to a slider, more than %d", g.names[sq], n, maxMagicBits)
			}
			// Every subset of the mask (the carry-rippler walk), and its
			// attacks.
			size := 0
			for sub := Bitboard(0); ; {
				occs[size], atts[size] = sub, g.rayAttacks(sl.dirs, sq, sub)
				size++
				if sub = (sub - mask) & mask; sub == 0 {
					break
				}
			}
			m := magic{mask: mask, shift: uint(64 - n), offset: uint32(len(table))}
			for tries := 0; ; tries++ {
				if tries == maxMagicTries {
					return fmt.Errorf("%s: no magic number after %d tries", g.names[sq], maxMagicTries)
				}
				if tries == 0 && known != nil {
					m.number = known[slider][s]
				} else {
					m.number = rng.sparse()
				}
				try++
				ok := true
				for i := 0; i < size && ok; i++ {
					idx := uint64(occs[i]) * m.number >> m.shift
					if used[idx] != try {
						used[idx], seen[idx] = try, atts[i]
					} else {
						ok = seen[idx] == atts[i]
					}
				}
				if ok {
					break
				}
			}
			table = append(table, make([]Bitboard, 1<<n)...)
			for i := 0; i < size; i++ {
				table[m.offset+uint32(uint64(occs[i])*m.number>>m.shift)] = atts[i]
			}
			sl.out[sq] = m
		}
	}
	g.rankMagic, g.fileMagic, g.diagMagic, g.sliders = lines, files, diagonals, table
	return nil
}

// rayAttacks is what the tables are built from: the rays of dirs from sq,
// each up to its first occupied square.
func (g *Geometry) rayAttacks(dirs []int, sq Square, occ Bitboard) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		if isUpDir(d) {
			a |= g.upRay(d, sq, occ)
		} else {
			a |= g.downRay(d, sq, occ)
		}
	}
	return a
}

// isUpDir reports whether direction d makes the square index grow.
func isUpDir(d int) bool { return d == dirN || d == dirNE || d == dirNW || d == dirE }

// magicRNG is xorshift64*, the seeded generator of the search.
type magicRNG struct{ state uint64 }

func (r *magicRNG) next() uint64 {
	r.state ^= r.state >> 12
	r.state ^= r.state << 25
	r.state ^= r.state >> 27
	return r.state * 2685821657736338717
}

// sparse returns a number with few bits set: such numbers hash well.
func (r *magicRNG) sparse() uint64 { return r.next() & r.next() & r.next() }
