//go:build !linux

// Command cputime needs Linux (waitid and /proc).
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "cputime: Linux only")
	os.Exit(1)
}
