//go:build !amd64

package search

import "unsafe"

// prefetch does nothing where no prefetch instruction is wired up.
func prefetch(addr unsafe.Pointer) {}
