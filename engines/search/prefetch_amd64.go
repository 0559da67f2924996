package search

import "unsafe"

// prefetch asks the processor to bring the cache line at addr closer
// (PREFETCHT0), without waiting for it.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
