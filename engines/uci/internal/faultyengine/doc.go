// Command faultyengine is a UCI engine that misbehaves on purpose, for the
// tests of the UCI client (engines/uci) and of the arena. It knows the
// variants of engines/variants and, when it behaves, plays the first
// capture in generation order, else the first legal move, at once.
//
//	faultyengine [-mode MODE] [-after N] [-delay D] [-variants LIST]
//
// The fault starts after N good moves (-after, default 0) of the process;
// a restarted process counts from 0 again. Modes:
//
//	ok        no fault
//	crash     exits with status 3 when asked for the move
//	die       exits with status 5 right after the bestmove of its N-th
//	          move (N at least 1): a crash between two requests
//	hang      stops answering anything when asked for the move (quit
//	          still ends it)
//	stall     answers go only after stop
//	garbage   answers go with lines that are not UCI and a bare "bestmove"
//	badmove   answers "bestmove xyz9" (not move text)
//	illegal   answers a well-formed move that is not legal
//	slow      waits -delay before each bestmove (an honest slow engine)
//	longinfo  sends a 300 kB pv line before each bestmove
//	comment   sends "info string pgncomment" lines before each bestmove
//	          (no fault: text the client keeps with the move)
//	slowinit  waits -delay before uciok
//	noinit    exits with status 4 instead of uciok
//	noquit    ignores quit (the client must kill it)
//
// -variants replaces the UCI_Variant list ("" offers no UCI_Variant
// option). Every fault is announced on stderr.
package main
