// Package xboard speaks the Chess Engine Communication Protocol (CECP,
// "xboard" or "winboard"), versions 1 and 2, both ways.
//
// The client, Engine, runs an external xboard engine as a
// player.Player for the arena, with the same guards as the UCI client
// (engines/uci), whose process handling it shares (engines/internal/proc):
// a deadline on every reply, the engine killed when it overruns and
// started again after a crash, its failures *player.Fault values
// (Crash, Timeout, Protocol, IllegalMove). Start sends "xboard" and
// "protover 2", accepts or rejects each feature, waits for done=1 (an
// engine that says done=0 gets InitTimeout; one that says nothing
// within 8 s is taken for protocol 1, as cutechess-cli does), sets the
// configured options ("option NAME=VALUE", memory, cores) and pings.
// A game is set up at the engine's first move, when its start position
// and clock are known: new, variant, force, setboard (or edit mode),
// level, st, sd or nps, post, hard or easy, the moves so far, a ping.
// Then each move is "time" and "otim" in centiseconds and the
// opponent's move (usermove when the engine asks for it, SAN when
// san=1), or "go" after force mode. The engine's "move X" is read in
// coordinates or SAN. Moves and positions are in XBoard's notation
// (notation.go): on xiangqi's ten ranks the ranks count from 0, and its
// horse and elephant are H and E in a position. A result claim or a
// resignation is a *player.Claim for the arena to judge. Variants are
// found in the engine's variants feature under varena's name or the
// spellings of XboardNames (normal, king-of-the-hill, los-alamos,
// fide_chess...).
//
// The server, Serve, is varena's engine as an xboard engine (`varena
// xboard`), the searcher `varena uci` offers, for XBoard, cutechess-cli
// and other GUIs.
//
// ParseFeatures, ParseOption and ParseLine read the protocol's lines;
// FormatFeatures and Option.String write them back. The program
// internal/faultyengine is an xboard engine that misbehaves on request,
// for the tests.
package xboard
