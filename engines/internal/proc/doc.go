// Package proc runs an engine program for the protocol clients
// (engines/uci, engines/xboard): its own pipes read in the caller's
// goroutine under a read deadline (no reader goroutine or channel per
// line), writes with a deadline, a goroutine that waits for its exit so
// that it never stays a zombie, its process group killed when its
// context ends, and on Linux a parent-death signal and raw system calls
// on the pipes (rawio_linux.go): the harness's CPU per ply.
package proc
