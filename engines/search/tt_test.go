package search

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"

	"varena/engines"
)

// TestTable: entrySize and bucketSize are the real sizes (the table is
// sized by them), a table of several huge pages (laid out by hand on
// Linux) holds every bucket it was made for, zeroed, and keeps what is
// stored in its first and last buckets.
func TestTable(t *testing.T) {
	if got := unsafe.Sizeof(ttSlot{}); got != entrySize {
		t.Fatalf("ttSlot is %d bytes, entrySize says %d", got, entrySize)
	}
	if got := unsafe.Sizeof(ttBucket{}); got != bucketSize || bucketSize != 64 {
		t.Fatalf("ttBucket is %d bytes, bucketSize says %d; a bucket should fill one 64-byte cache line", got, bucketSize)
	}
	for _, mb := range []int{1, 16, 64} {
		tt := newTable(mb)
		n := uint64(len(tt.buckets))
		if n == 0 || n&(n-1) != 0 || tt.mask != n-1 || n*bucketSize > uint64(mb)<<20 || 2*n*bucketSize <= uint64(mb)<<20 {
			t.Fatalf("%d MB: %d buckets, mask %x", mb, n, tt.mask)
		}
		if mb >= 2 && uintptr(unsafe.Pointer(&tt.buckets[0]))%bucketSize != 0 {
			t.Fatalf("%d MB: buckets not aligned to cache lines", mb)
		}
		for i := range tt.buckets {
			if tt.buckets[i] != (ttBucket{}) {
				t.Fatalf("%d MB: bucket %d not zero", mb, i)
			}
		}
		tt.newSearch()
		for _, key := range []uint64{1 << 40, n - 1 | 1<<41} {
			tt.store(key, engines.Move(77), 123, 5, boundExact, -40, false)
			e, ok := tt.probe(key, false)
			if !ok || e.move != 77 || e.score != 123 || e.eval != -40 || e.depth != 5 || e.bound != boundExact || e.gen != tt.gen {
				t.Fatalf("%d MB: key %x: stored entry read back as %+v, %v", mb, key, e, ok)
			}
		}
	}
}

// TestTableReplacement: a store takes its key's own slot, or else the
// bucket's least valuable entry; a shallow store does not evict a deep
// entry of the same search while the bucket holds a shallower one; a
// reproducible search (anyGen false) neither sees nor weighs entries of
// earlier searches.
func TestTableReplacement(t *testing.T) {
	key := func(i int) uint64 { return uint64(i+1) << 40 } // all in bucket 0
	type st struct {
		key   int
		depth int
		bound uint8
	}
	tests := []struct {
		name   string
		before []st // stored in the search before the last (gen 1)
		now    []st // stored in the last search (gen 2)
		anyGen bool
		want   []int // keys probed in the last search's view
		gone   []int
	}{
		{"four keys fill a bucket", nil, []st{{0, 3, boundLower}, {1, 1, boundLower}, {2, 9, boundLower}, {3, 0, boundUpper}}, true, []int{0, 1, 2, 3}, nil},
		{"a quiescence store evicts the shallowest", nil, []st{{0, 10, boundLower}, {1, 8, boundLower}, {2, 0, boundUpper}, {3, 6, boundLower}, {4, 0, boundUpper}}, true, []int{0, 1, 3, 4}, []int{2}},
		{"the same key takes its own slot", nil, []st{{0, 10, boundLower}, {1, 8, boundLower}, {2, 7, boundLower}, {3, 6, boundLower}, {2, 9, boundExact}, {4, 1, boundLower}}, true, []int{0, 1, 2, 4}, []int{3}},
		{"an entry of an earlier search is worth 8 plies less", []st{{0, 10, boundExact}}, []st{{1, 3, boundLower}, {2, 3, boundLower}, {3, 3, boundLower}, {4, 3, boundLower}}, true, []int{1, 2, 3, 4}, []int{0}},
		{"a deep entry of an earlier search is kept", []st{{0, 20, boundExact}}, []st{{1, 3, boundLower}, {2, 3, boundLower}, {3, 3, boundLower}, {4, 3, boundLower}}, true, []int{0, 2, 3, 4}, []int{1}},
		{"an old deep entry outweighs a new shallow one", []st{{0, 20, boundExact}, {1, 2, boundLower}}, []st{{2, 1, boundLower}, {3, 1, boundLower}, {4, 1, boundLower}}, true, []int{0, 2, 3, 4}, []int{1}},
		{"a reproducible search does not weigh old entries", []st{{0, 20, boundExact}, {1, 2, boundLower}}, []st{{2, 1, boundLower}, {3, 1, boundLower}, {4, 1, boundLower}}, false, []int{2, 3, 4}, []int{0}},
	}
	for _, tc := range tests {
		tt := newTable(1)
		for g, stores := range [][]st{tc.before, tc.now} {
			tt.newSearch()
			if g == 0 && len(tc.before) == 0 {
				continue
			}
			for _, s := range stores {
				tt.store(key(s.key), engines.Move(s.key+1), s.depth, s.depth, s.bound, 0, tc.anyGen)
			}
		}
		for _, k := range tc.want {
			if e, ok := tt.probe(key(k), tc.anyGen); !ok || e.move != engines.Move(k+1) {
				t.Errorf("%s: key %d not found (%+v, %v)", tc.name, k, e, ok)
			}
		}
		for _, k := range tc.gone {
			if _, ok := tt.probe(key(k), tc.anyGen); ok {
				t.Errorf("%s: key %d still found", tc.name, k)
			}
		}
	}
}

// TestTableWrap: when the generation counter wraps, the table is wiped,
// so an entry of 63 searches ago does not pass for this search's.
func TestTableWrap(t *testing.T) {
	tt := newTable(1)
	tt.newSearch()
	tt.store(1<<40, engines.Move(5), 1, 1, boundExact, 0, false)
	for range genCycle - 1 {
		tt.newSearch()
		if _, ok := tt.probe(1<<40, false); ok {
			t.Fatalf("generation %d sees an entry of generation 1", tt.gen)
		}
	}
	tt.newSearch()
	if tt.gen != 1 {
		t.Fatalf("after %d searches the generation is %d, want 1", genCycle+1, tt.gen)
	}
	if _, ok := tt.probe(1<<40, true); ok {
		t.Fatal("the wrapped table still holds an entry")
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
	// Keys that share buckets: the same low bits, different high ones.
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
					tt.store(key, m, score, depth, boundExact, eval, false)
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
