// Package arena plays tournaments: a deterministic schedule of games,
// the players, the game loop with its clocks and adjudication, worker
// goroutines that play the games with their own engine instances, and a
// single consumer that hands every finished game to the run's recorder
// (rundir.Recorder), the one writer of the journal, the PGN and the
// statistics. Because one goroutine records results, "never lost, never
// counted twice" is kept in one place: the recorder appends each
// finished game to the journal before anything else counts it, and a
// resumed run skips every game the journal holds.
//
// [Run] plays a run's plan (configs/plan: the config resolved once, its
// files read as bytes), and reads nothing else of the config. It owns
// the output directory (rundir.Own), then: open (the engines,
// the schedule from the openings of package openings, the run's meta,
// its fingerprint of every setting that changes games, and the recorder,
// which resumes the journal), plan what is left to play, start the
// workers (package pool, the shape SPSA shares) and consume their games.
// One function, sprtStop, says when an SPRT stops the run.
package arena
