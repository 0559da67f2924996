package search

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"

	"varena/engines"
)

// TestTable: entrySize is the entry's real size (the table is sized by
// it), a table of several huge pages (laid out by hand on Linux) holds
// every entry it was made for, zeroed, and keeps what is stored in its
// first and last slots.
func TestTable(t *testing.T) {
	if got := unsafe.Sizeof(ttSlot{}); got != entrySize {
		t.Fatalf("ttSlot is %d bytes, entrySize says %d", got, entrySize)
	}
	for _, mb := range []int{1, 16, 64} {
		tt := newTable(mb)
		n := uint64(len(tt.entries))
		if n == 0 || n&(n-1) != 0 || tt.mask != n-1 || n*entrySize > uint64(mb)<<20 {
			t.Fatalf("%d MB: %d entries, mask %x", mb, n, tt.mask)
		}
		for i := range tt.entries {
			if tt.entries[i] != (ttSlot{}) {
				t.Fatalf("%d MB: entry %d not zero", mb, i)
			}
		}
		tt.newSearch()
		for _, key := range []uint64{1 << 40, n - 1 | 1<<41} {
			tt.store(key, engines.Move(77), 123, 5, boundExact, -40)
			e, ok := tt.probe(key, false)
			if !ok || e.move != 77 || e.score != 123 || e.eval != -40 || e.depth != 5 {
				t.Fatalf("%d MB: key %x: stored entry read back as %+v, %v", mb, key, e, ok)
			}
		}
	}
}

// TestTableConcurrent: goroutines storing and probing the same few slots
// at once (run it with -race: the table must show no data race) never
// read an entry that mixes two stores: every entry stored for a key is
// made from the key, so a hit that does not match its key was torn.
func TestTableConcurrent(t *testing.T) {
	tt := newTable(1)
	tt.newSearch()
	tt.shared = true
	// Keys that share slots: the same low bits, different high ones.
	keys := make([]uint64, 64)
	for i := range keys {
		keys[i] = uint64(i%4) | uint64(i+1)<<40
	}
	entryOf := func(key uint64) (engines.Move, int, int, int) {
		return engines.Move(key >> 40), int(int16(key >> 32)), -int(key >> 40), int(key>>40) % 100
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			hits := 0
			for range 200000 {
				key := keys[rng.IntN(len(keys))]
				m, score, eval, depth := entryOf(key)
				if rng.IntN(2) == 0 {
					tt.store(key, m, score, depth, boundExact, eval)
					continue
				}
				e, ok := tt.probe(key, false)
				if !ok {
					continue
				}
				hits++
				if e.move != m || int(e.score) != score || int(e.eval) != eval || int(e.depth) != depth || e.bound != boundExact {
					errs <- fmt.Errorf("key %x: read %+v, stored move %v score %d eval %d depth %d", key, e, m, score, eval, depth)
					return
				}
			}
			if hits == 0 {
				errs <- fmt.Errorf("goroutine %d: no probe hit", g)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
