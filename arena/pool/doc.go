// Package pool is the one shape of the arena's and SPSA's concurrent
// play: a feed of jobs, n workers that each own what they set up (a
// worker's engines, an SPSA pair worker) and turn jobs into outcomes,
// and a single consumer that takes every outcome on its own goroutine.
//
// The feed runs on a goroutine of its own, so that it may block (the
// shards' gate waits for the peers) without holding up the consumer.
// It runs ahead of the workers, or, with Config.Credits, at most
// Workers jobs are in flight: a job's credit comes back only once the
// consumer has handled its outcome, so a job made from the consumer's
// state (SPSA's theta) sees every outcome handled before it; with one
// worker, job k is made after outcome k-1 was handled.
//
// Every outcome a worker makes is handed to the consumer (a finished
// game is never dropped); the outcomes end once the feed and every
// worker have ended, after the feed ran out or the pool's context
// ended (Stop, or the caller's). Nothing here imports the rest of
// varena.
package pool
