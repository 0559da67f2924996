package search

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a Linux transparent huge page on amd64 and
// arm64 (4 KB base pages).
const hugePage = 2 << 20

// madvHugepage is MADV_HUGEPAGE, which syscall does not name.
const madvHugepage = 14

// allocBuckets returns a table of n buckets, laid on huge pages where the
// kernel grants them (transparent huge pages in "madvise" mode, the
// common default, gives them only when asked). Probes land anywhere in
// the table: with 4 KB pages nearly each one also misses the processor's
// page-translation cache, and the page walk, slow under virtualisation,
// cost the search several percent. The memory is aligned to a huge page
// so that every page of it can be one; refused advice costs nothing.
func allocBuckets(n uint64) []ttBucket {
	size := uintptr(n) * bucketSize
	if size < hugePage {
		return make([]ttBucket, n)
	}
	// A byte array holds no pointers, like ttBucket: the garbage collector
	// keeps it alive through the buckets, which point into it.
	raw := make([]byte, size+hugePage)
	start := uintptr(unsafe.Pointer(&raw[0]))
	b := raw[(hugePage-start%hugePage)%hugePage:][:size]
	_ = syscall.Madvise(b, madvHugepage)
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(&b[0])), n)
}
