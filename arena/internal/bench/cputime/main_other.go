//go:build !linux

// Elsewhere than on Linux (no waitid, no /proc) cputime says so.

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "cputime: Linux only")
	os.Exit(1)
}
