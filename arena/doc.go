// Package arena plays tournaments: a deterministic schedule of games,
// worker goroutines that play them with their own engine instances, and a
// single consumer that owns every result (journal, PGN, statistics, SPRT).
// Because one goroutine records results, "never lost, never counted
// twice" is kept in one place: the consumer appends each finished game to
// the journal before anything else counts it, and a resumed run skips
// every game the journal holds.
package arena
