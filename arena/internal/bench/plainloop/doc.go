// Command plainloop plays the games of a varena run config with its
// external UCI engines in the plainest loop that drives them: the same
// schedule (pairs, colours, openings from arena.NewSchedule), one worker
// per concurrency slot, each with its own engine processes started once
// through the engines/uci client, and nothing else: no legality check
// beyond the client's parsing of bestmove, no adjudication, journal, PGN
// or statistics. Games end by the rules only. It prints games/s and its
// own CPU time per ply, the baseline for varena's harness.
//
//	go run ./arena/internal/bench/plainloop [-concurrency N] CONFIG.yaml
package main
