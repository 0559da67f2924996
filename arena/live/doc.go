// Package live serves a web page that follows a run: progress and ETA,
// standings, ratings, the crosstable, the last finished games, and the
// boards of the games in progress move by move, drawn for each geometry
// (8x8; 6x6 with the two 2x2 bunkers beside the squares they lie under;
// 7x6; a loaded variant's board, its own pieces as their letters), as
// rules.Referee.BoardOf describes it. A finished game opens as a replayable move
// list with its board.
//
// A [Hub] is the arena's [arena.Watcher]: its methods only note what
// happened under a mutex and wake the hub's own goroutine, which takes
// the statistics from the run's recorder (the one derivation of them,
// the one summary.json holds; varena serve, following a directory from
// another process, replays its journal into the same rundir.Tally),
// builds one JSON snapshot at most a few times a second and offers it to
// every browser through a one-slot mailbox: a browser that reads slowly
// misses intermediate snapshots (each one is complete), and one that does
// not read at all is dropped after a write timeout. Nothing a browser does
// can block the workers or the results consumer.
//
// The [Server] serves only its embedded page and a few fixed routes built
// from the run's known files: no part of a request path reaches the file
// system. Names and engine output are put into the page as text, never
// as markup. A server of an event's directory ([ListenEvent]) has two
// routes, both the event's report.
package live
