//go:build searchstats

package search

// statsOn: this build counts (see stats.go).
const statsOn = true
