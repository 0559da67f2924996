// Package proc runs an engine program for the protocol clients
// (engines/uci, engines/xboard, engines/dialect): its own pipes, read in
// the caller's goroutine under a read deadline (no reader goroutine or
// channel per line), writes with a deadline, a goroutine that waits for
// its exit so that it never stays a zombie, and its process group killed
// when its context ends. On Linux the engine also dies with varena (a
// parent-death signal), and the pipes are raw descriptors waited on with
// epoll in the reading thread, out of the runtime's poller
// (pipes_linux.go): the harness's CPU per ply.
package proc
