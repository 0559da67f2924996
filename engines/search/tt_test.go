package search

import (
	"testing"
	"unsafe"

	"varena/engines"
)

// TestTable: entrySize is the entry's real size (the table is sized by
// it), a table of several huge pages (laid out by hand on Linux) holds
// every entry it was made for, zeroed, and keeps what is stored in its
// first and last slots.
func TestTable(t *testing.T) {
	if got := unsafe.Sizeof(ttEntry{}); got != entrySize {
		t.Fatalf("ttEntry is %d bytes, entrySize says %d", got, entrySize)
	}
	for _, mb := range []int{1, 16, 64} {
		tt := newTable(mb)
		n := uint64(len(tt.entries))
		if n == 0 || n&(n-1) != 0 || tt.mask != n-1 || n*entrySize > uint64(mb)<<20 {
			t.Fatalf("%d MB: %d entries, mask %x", mb, n, tt.mask)
		}
		for i := range tt.entries {
			if tt.entries[i] != (ttEntry{}) {
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
