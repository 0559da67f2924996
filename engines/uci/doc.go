// Package uci speaks the Universal Chess Interface both ways.
//
// The server, Serve, is varena's engine for cutechess-cli, fastchess and
// GUIs (`varena uci`). A goroutine reads command lines and feeds a select
// loop; a search runs in its own goroutine under a cancellable context, so
// "stop", "isready" and "quit" are answered while it runs. The options are
// UCI_Variant (variants.Playable(), and the variants VariantPath
// loaded), UCI_Chess960, Hash, Weights (a YAML weights file; empty for
// the built-in weights), Threads (1 to search.MaxThreads: a parallel
// search sharing the hash table), Ponder ("go ponder" and "ponderhit"),
// VariantPath (a Fairy-Stockfish variants.ini, as Fairy-Stockfish takes
// it) and one spin option per search parameter (search.ParamTable: the
// margins and reductions SPSA tunes by name, e.g. FutilityMargin).
// Positions take our FEN, with the `|` bunker part, and moves in UCI text
// with V squares ("c1Vc1"). A bad line is answered with "info string" and
// changes nothing; "d" prints the position.
//
// The client, Engine, runs an external UCI engine as a player.Player for
// the arena: exec.CommandContext with a WaitDelay, a deadline on every
// reply, the engine killed when it overruns, restarted after a crash or a
// kill, and never left a zombie. Its failures are *player.Fault values
// (Crash, Timeout, Protocol, IllegalMove). Options and Variants tell what
// the engine offers, so the arena can find which variants it plays. The
// engine's output is read in the caller's goroutine (no reader goroutine
// or channel per line), and on Linux the pipes are raw descriptors waited
// on in the reading thread, out of the runtime's poller
// (engines/internal/proc): the harness's CPU per ply is the arena's speed
// figure.
//
// Info, Score and Option are the protocol's lines as values: ParseInfo and
// ParseOption read them, their String methods write them back. Mate
// scores convert to the search's convention with Score.Search and
// ScoreOf.
//
// The programs internal/testengine (Serve as a program) and
// internal/faultyengine (an engine that crashes, hangs or talks nonsense
// on request) serve the tests here and the arena's.
package uci
