package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"varena/engines"
	"varena/engines/variants"
)

// runPerft implements `varena perft`: divide lines "move: count" on
// request, then "Nodes searched: N" (the format of Stockfish and
// Fairy-Stockfish) on stdout; time and nodes/s on stderr.
func runPerft(ctx context.Context, args []string) error {
	return perft(ctx, args, os.Stdout, os.Stderr)
}

func perft(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "extinction", "variant: "+fmt.Sprint(variants.Names()))
	fen := fs.String("fen", "", "position in FEN (default: the variant's start position)")
	depth := fs.Int("depth", 0, "depth in plies (required, 1 or more)")
	divide := fs.Bool("divide", false, "print the count below each root move")
	noBunkers := fs.Bool("no-bunkers", false, "losalamos-bunkers only: plain Los Alamos movement, no bunkers")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *depth < 1 {
		return usagef("-depth must be 1 or more")
	}
	v, err := variants.ByName(*variant)
	if err != nil {
		return usageError{err}
	}
	if *noBunkers {
		nb, ok := variants.NoBunkers[v]
		if !ok {
			return usagef("-no-bunkers applies only to a variant with bunkers, not %s", v.Name)
		}
		v = nb
	}
	if *fen == "" {
		*fen = v.StartFEN
	}
	pos, err := engines.ParseFEN(v, *fen)
	if err != nil {
		return usageError{err}
	}

	start := time.Now()
	var nodes uint64
	if *divide {
		g := v.Geometry
		for _, e := range engines.Divide(&pos, *depth) {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("perft interrupted: %w", err)
			}
			fmt.Fprintf(stdout, "%s: %d\n", g.UCI(e.Move), e.Nodes)
			nodes += e.Nodes
		}
		fmt.Fprintln(stdout)
	} else {
		nodes = engines.Perft(&pos, *depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "Nodes searched: %d\n", nodes)
	nps := float64(nodes) / max(elapsed.Seconds(), 1e-9)
	fmt.Fprintf(stderr, "time %d ms, nps %.0f\n", elapsed.Milliseconds(), nps)
	return nil
}
