package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"varena/arena"
	"varena/arena/live"
	"varena/engines/variants"
)

var serveCmd = &command{
	name:        "serve",
	variantFile: true,
	runDirs:     true,
	usageLine:   "varena serve [-addr HOST:PORT] [-variant-file FILE] DIR",
	short:       "serve the live page of a run directory (finished, growing or merged), or an event's report",
	long: `
Serve serves the live page of a run directory, read-only: a finished run,
another machine's (new games appear as its journal grows) or a merged
one; /report.html builds the report afresh. The default address is
loopback; another interface must be named (-addr 0.0.0.0:8080). Ctrl-C
stops it.

Given an event's directory (a Swiss or a knockout), it serves the
event's report (varena report), built afresh as its rounds grow; a
round's live page is served from the round's own directory.
`,
	setFlags: serveFlags,
}

func serveFlags(fs *flag.FlagSet) runFunc {
	addr := fs.String("addr", live.DefaultAddr, "address to serve on; another interface than loopback must be named (0.0.0.0:8080)")
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) != 1 {
			return usagef("name one run directory")
		}
		if isEvent, err := arena.IsEventDir(pos[0]); err != nil {
			return err
		} else if isEvent {
			return serveEvent(ctx, *addr, pos[0], std.variants, std.err)
		}
		return serve(ctx, *addr, pos[0], std.variants, std.err)
	}
}

// serve serves the page of the run directory dir, whose games are of
// the variants of vs, until ctx ends.
func serve(ctx context.Context, addr, dir string, vs *variants.Set, stderr io.Writer) error {
	hub := live.NewHub(dir, vs)
	if err := hub.Load(); err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	srv, err := live.Listen(addr, hub)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "serving %s at %s (Ctrl-C stops)\n", dir, srv.URL())
	go hub.Run(ctx)
	go hub.Follow(ctx, 2*time.Second)
	return serveUntil(ctx, srv)
}

// serveEvent serves the report of the event whose directory is dir,
// whose games are of the variants of vs, until ctx ends.
func serveEvent(ctx context.Context, addr, dir string, vs *variants.Set, stderr io.Writer) error {
	srv, err := live.ListenEvent(addr, dir, vs)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "serving the event %s at %s (Ctrl-C stops)\n", dir, srv.URL())
	return serveUntil(ctx, srv)
}

// serveUntil serves srv until ctx ends, then shuts it down.
func serveUntil(ctx context.Context, srv *live.Server) error {
	done := make(chan error, 1)
	go func() { done <- srv.Serve() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}

// liveView is the live page of a run that this process plays: the hub
// that watches the run and the server.
type liveView struct {
	hub     *live.Hub
	srv     *live.Server
	stopHub context.CancelFunc
	stderr  io.Writer
}

// startLive starts the live view of a run, of the variants of vs, at
// addr, serving.
func startLive(addr, dir string, vs *variants.Set, stderr io.Writer) (*liveView, error) {
	hub := live.NewHub(dir, vs)
	srv, err := live.Listen(addr, hub)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stderr, "live view: %s\n", srv.URL())
	hubCtx, stopHub := context.WithCancel(context.Background())
	go hub.Run(hubCtx)
	go srv.Serve()
	return &liveView{hub: hub, srv: srv, stopHub: stopHub, stderr: stderr}, nil
}

// end marks the run over (note says how) and waits, briefly, until the
// browsers following it have had the final state.
func (v *liveView) end(note string) {
	v.hub.End(note)
	wctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	v.hub.WaitEnded(wctx)
	cancel()
}

// close stops the server: with linger, only once ctx ends (Ctrl-C), the
// finished run's page served until then; else after a moment for the
// browsers to read the final state.
func (v *liveView) close(ctx context.Context, linger bool) {
	if linger {
		fmt.Fprintf(v.stderr, "live view: the run has ended; its page stays at %s until Ctrl-C\n", v.srv.URL())
		<-ctx.Done()
	} else {
		time.Sleep(300 * time.Millisecond)
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	v.srv.Shutdown(sctx)
	cancel()
	v.stopHub()
}
