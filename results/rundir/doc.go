// Package rundir is what a run directory is: its files (journal.jsonl,
// games.pgn, summary.json, meta.json, setup.json, shard.json, the lock),
// [Own], the one owner of a directory's life for every writer (run,
// merge, tune, SPSA: claim, create, lock, and on failure remove what it
// made) and [OwnFile], the same for the writers of one file (datagen,
// book), the lock that keeps
// one writer per directory, the [Meta] that describes
// the run and the diff that refuses a resume with other settings (and
// [CheckSettings], the same record for SPSA and datagen), the [Setup] the
// report shows, the [Recorder]
// that is the single writer of a run's records, and the statistics and
// views of a run's games: [Tally], [Summary] with its standings, ratings,
// pairings and crosstable, written in one of the [Formats] (text, JSON).
//
// # One writer
//
// A run's consumer opens a [Recorder] on the locked directory
// ([OpenRecorder]): it reads the journal back, replaying every game by
// the rules (rules.Referee.CheckGame), rebuilds games.pgn from it and counts its
// games, then takes each finished game ([Recorder.Record]): journal
// first, then PGN, then the tally, so that a game is counted only once
// it is safe on disk. [Recorder.Finish] writes summary.json and puts the
// PGN in game id order. [WriteRun] writes a whole directory at once from
// finished games (merge).
//
// # Statistics
//
// A [Tally] keeps aggregates per pairing and variant, cheap to add to;
// [Tally.Summary] fits the ratings and ranks the players. In an SPRT run
// a game is counted only when its pair and every pair before it in
// schedule order are finished, so that the same config stops after the
// same games whatever the concurrency. The numbers come from package
// stats.
//
// Replaying the journal's moves needs the rules: that is package rules
// (rules.Referee.CheckGame); nothing here knows the engines.
package rundir
