//go:build !linux

package search

// allocBuckets returns a table of n buckets (huge pages are asked for on
// Linux only).
func allocBuckets(n uint64) []ttBucket { return make([]ttBucket, n) }
