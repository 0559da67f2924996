// Command faultyengine is an xboard engine for the tests that misbehaves
// on request (-mode): it exits in the handshake or mid-game, hangs, never
// says done=1 or pong, prints garbage or an illegal move, claims a
// result, resigns, moves after a claim, ignores or refuses the variant
// command, or refuses a legal move. Otherwise it plays the first capture,
// else the first legal move, with the features its flags give (protocol
// 1, san, usermove, setboard or edit mode).
package main
