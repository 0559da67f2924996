// Package dialect runs engines that speak USI (the Universal Shogi
// Interface) or UCCI (the Universal Chinese Chess Interface) as
// player.Player values for the arena.
//
// Both are dialects of UCI: the same conversation (a handshake that
// lists the engine's id and options, isready and readyok, setoption,
// position and its moves, go, info lines, bestmove, stop, quit) with
// other words in a few places. One Engine speaks both, told which by
// EngineConfig.Protocol; the differences are a handful of switches, and
// two packages would each copy the conversation. engines/uci's client is
// the model; the process layer (engines/internal/proc) is shared, so the
// guards are the same: a deadline on every reply, "stop" then a kill at a
// move's deadline, a restart after a crash, faults as *player.Fault.
//
// Where the dialects differ:
//
//	                 USI                          UCCI
//	handshake        usi ... usiok                ucci ... ucciok
//	option line      option name N type ...       option N type ...
//	setoption        setoption name N value V     setoption N V
//	new game         usinewgame; gameover at end  uccinewgame
//	position         startpos, or sfen SFEN       startpos, or fen FEN
//	squares          7g7f: files from the right,  h2e2: on ten ranks,
//	                 ranks lettered from the top  ranks 0 to 9
//	drops            P*5e                         (none in xiangqi)
//	clock            btime (first player) wtime   time increment opptime
//	                 binc winc, or byoyomi        oppincrement (mover first)
//	score            cp, mate in plies            [cp] N, mate in moves
//	no move          bestmove resign (loses),     nobestmove
//	                 bestmove win (a claim)
//
// ToUSI, FromUSI, ToUCCI and FromUCCI convert move text between varena's
// UCI-style notation (engines.Variant.UCI, engines.Position.ParseUCIMove)
// and the dialect's, for any board the notation names (USI: up to 9x9,
// so shogi, minishogi, dobutsu's 3x4...). ParseInfo, ParseOption and
// ParseBestMove read the engines' lines; SFEN writes a position for USI.
//
// What Fairy-Stockfish does in these modes (its protocol is chosen by
// the first command it reads, "usi" or "ucci"): its variant option is
// USI_Variant (UCI_Variant in 11.1) in USI mode and UCI_Variant in UCCI
// mode, listing all its variants, so it plays them all in either
// dialect; its USI mode counts mates in plies (11.1 too) and reads
// wtime and btime the USI way (btime is the first player's), but for
// releases before 13.1, 11.1 among them, which read them the other way
// round (its issue 269) and get them so (usiClockSwapped); its UCCI mode
// names squares with ranks 0 to 9 only on ten-rank boards, counts time
// in milliseconds (version 11.1 without
// offering usemillisec; a UCCI engine that does not offer it gets
// seconds), prints "score cp N" (11.1) or "score N" (newer), and answers
// a lost position with "bestmove (none)", not "nobestmove". Its USI mode
// takes "position fen FEN" as well as sfen: a position with castling or
// en passant rights goes as a FEN, which SFEN cannot carry.
//
// The program internal/fakeengine speaks either dialect and misbehaves
// on request, for the tests.
package dialect
