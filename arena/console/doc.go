// Package console prints a run on stdout the way fastchess or
// cutechess-cli print a match, line for line, so that the scripts and
// test frameworks that read those tools' output (fishtest's and
// OpenBench's workers) can read varena's: "Started game N of M (A vs B)",
// "Finished game N (A vs B): 1-0 {White wins by extinction}", the results
// block every -ratinginterval games (Elo, nElo, LOS, DrawRatio,
// PairsRatio, Games/Wins/Losses/Draws/Points, Ptnml(0-2), WL/DD ratio and
// the SPRT's LLR), "Warning; ..." lines and "Finished match".
//
// A Writer is an arena.Watcher: the arena calls it as games start and
// finish. It keeps its own counts per pairing, from the first engine's
// side as fastchess prints them, and like fastchess with penta=true it
// counts a game in the results block only once both games of its pair
// are finished, so that Games is always twice the pairs of Ptnml. (These
// counts are a view the summary does not hold: pairings from the command
// line's first engine, pairs complete or not, games as White.)
//
// Each program's own lines (fastchess's results block, cutechess-cli's
// "Score of" line and per-colour block) are a style in a file of its own,
// fastchess.go and cutechess.go; a new format is one more such file. The
// summary's formats at the end of a run (text tables, JSON) are
// rundir.Format's.
package console
