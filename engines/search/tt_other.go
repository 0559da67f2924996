//go:build !linux

package search

// allocEntries returns a table of n entries (huge pages are asked for on
// Linux only).
func allocEntries(n uint64) []ttSlot { return make([]ttSlot, n) }
