package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"varena/arena"
	"varena/arena/live"
)

var serveCmd = &command{
	name:        "serve",
	variantFile: true,
	runDirs:     true,
	usageLine:   "varena serve [-addr HOST:PORT] [-variant-file FILE] DIR",
	short:       "serve the live page of a run directory (finished, growing or merged)",
	long: `
Serve serves the live page of a run directory, read-only: a finished run,
another machine's (new games appear as its journal grows) or a merged
one; /report.html builds the report afresh. The default address is
loopback; another interface must be named (-addr 0.0.0.0:8080). Ctrl-C
stops it.
`,
	setFlags: serveFlags,
}

func serveFlags(fs *flag.FlagSet) runFunc {
	addr := fs.String("addr", live.DefaultAddr, "address to serve on; another interface than loopback must be named (0.0.0.0:8080)")
	return func(ctx context.Context, pos []string, std stdio) error {
		if len(pos) != 1 {
			return usagef("name one run directory")
		}
		return serve(ctx, *addr, pos[0], std.err)
	}
}

// serve serves the page of the run directory dir until ctx ends.
func serve(ctx context.Context, addr, dir string, stderr io.Writer) error {
	hub := live.NewHub(dir)
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

// startLive starts the live view of a run at addr: the hub to watch the
// run and the server, serving. stop ends the view once the run is over,
// after the browsers have had the final state.
func startLive(addr, dir string, stderr io.Writer) (arena.Watcher, func(note string), error) {
	hub := live.NewHub(dir)
	srv, err := live.Listen(addr, hub)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(stderr, "live view: %s\n", srv.URL())
	hubCtx, stopHub := context.WithCancel(context.Background())
	go hub.Run(hubCtx)
	go srv.Serve()
	stop := func(note string) {
		hub.End(note)
		wctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		hub.WaitEnded(wctx)
		cancel()
		// A moment for the browsers to read the final state.
		time.Sleep(300 * time.Millisecond)
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		srv.Shutdown(sctx)
		cancel()
		stopHub()
	}
	return hub, stop, nil
}
