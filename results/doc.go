// Package results keeps the records of finished games: the Game record,
// the run's journal, and PGN written and read. What a run directory
// holds besides (meta, lock, summary, the recorder) is package rundir.
//
// It knows records, not engines' insides: moves are strings (UCI and
// SAN) as the arena recorded them, and nothing here checks them against
// the rules.
//
// # The journal
//
// A [Journal] is a JSON Lines file, one [Game] per line, and the source of
// truth of a run. The run's recorder (rundir.Recorder) appends each game
// as it finishes ([Journal.Append] writes the line and syncs the file);
// re-running the run opens the journal again ([OpenJournal]), gets the
// finished games back and plays only the others, so a game is never
// played or counted twice. A line half written when the process was
// killed is detected, dropped and cut from the file; damage anywhere else
// is an error naming file:line, since silently skipping a game would
// change the results. Games are identified by ID, their index in the
// run's schedule: a journal refuses an ID twice, and [Merge] joins the
// journals of a run played in shards, refusing two different records
// under one ID.
//
// # PGN
//
// [WritePGN] writes a Game the way cutechess-cli does: the Seven Tag
// Roster, Variant, FEN and SetUp for a set-up start, TimeControl, PlyCount
// and Termination, then movetext in which every move carries the engine's
// score, depth and time, {+0.35/12 0.52s}, and the last comment tells how
// the game ended, {+M1/2 0.05s, White wins by extinction}.
//
// A move's comment may also hold the engine's own words on it (UCI
// "info string pgncomment TEXT"): {+0.35/12 0.52s, TEXT}.
//
// [ReadPGN] reads PGN files from cutechess-cli, fastchess and other
// programs into [PGNGame] values (tags, main-line SAN moves, comments,
// result); [ToGame] turns one into a Game, reading evaluations, the
// engines' comments and the ending back from the comments; [WritePGNGame]
// writes a PGNGame again. PGN has no pair numbers: a [PairFinder] finds
// the colour-reversed pairs of games read from it by their players,
// Round tag and start position, as cutechess-cli and fastchess write
// them.
package results
