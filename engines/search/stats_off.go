//go:build !searchstats

package search

// statsOn: this build does not count (see stats.go); build with -tags
// searchstats to count.
const statsOn = false
