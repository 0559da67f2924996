package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"varena/engines"
	"varena/engines/variants"
)

var perftCmd = &command{
	name:      "perft",
	usageLine: "varena perft -depth N [-variant V] [-variant-file FILE] [-fen FEN] [-divide] [-no-bunkers]",
	short:     "count leaf nodes of the legal move tree",
	long: `
Perft counts the leaf nodes of the legal move tree to a depth, to check the
move generator against other implementations. It prints "Nodes searched: N"
on stdout (after "move: count" lines with -divide, in the format of
Stockfish and Fairy-Stockfish), and the time and nodes per second on stderr.
The depth is at most 64 plies.

With -variant-file FILE, a Fairy-Stockfish variants.ini, the variant named
by -variant is looked up in FILE first (its sections, and the
Fairy-Stockfish built-in variants its sections may name as parents:
chess, kingofthehill, 3check, shatranj, ...), then among varena's built-in
variants. A rule the engine cannot play is refused with its place in the
file (FILE:LINE: key "K": not supported: REASON); docs/variants-file.md
says what is supported. Ctrl-C (SIGINT) or SIGTERM stops a long
perft within a moment, with exit status 1.
`,
	setFlags: perftFlags,
}

func perftFlags(fs *flag.FlagSet) runFunc {
	variant := fs.String("variant", "extinction", "variant: "+fmt.Sprint(variants.Names()))
	fen := fs.String("fen", "", "position in FEN (default: the variant's start position)")
	depth := fs.Int("depth", 0, fmt.Sprintf("depth in plies (required, 1 to %d)", engines.MaxPerftDepth))
	divide := fs.Bool("divide", false, "print the count below each root move")
	noBunkers := fs.Bool("no-bunkers", false, "losalamos-bunkers only: plain Los Alamos movement, no bunkers")
	variantFile := fs.String("variant-file", "", "Fairy-Stockfish variants.ini to look -variant up in first (docs/variants-file.md)")
	return func(ctx context.Context, args []string, std stdio) error {
		if len(args) > 0 {
			return usagef("unexpected argument %q", args[0])
		}
		if *depth < 1 || *depth > engines.MaxPerftDepth {
			return usagef("-depth %d: want 1 to %d", *depth, engines.MaxPerftDepth)
		}
		set := variants.Builtins()
		if *variantFile != "" {
			var err error
			if set, err = variants.LoadSet(*variantFile); err != nil {
				return usageError{err}
			}
		}
		v, err := set.ByName(*variant)
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
			// Each root move's count is printed as soon as it is known.
			var buf [engines.MaxMoves]engines.Move
			var child engines.Position
			for _, m := range pos.GenerateMoves(buf[:0]) {
				pos.MakeMove(m, &child)
				n, err := engines.PerftContext(ctx, &child, *depth-1)
				if err != nil {
					return fmt.Errorf("perft interrupted after %d nodes: %w", nodes+n, err)
				}
				fmt.Fprintf(std.out, "%s: %d\n", v.UCI(m), n)
				nodes += n
			}
			fmt.Fprintln(std.out)
		} else {
			n, err := engines.PerftContext(ctx, &pos, *depth)
			if err != nil {
				return fmt.Errorf("perft interrupted after %d nodes: %w", n, err)
			}
			nodes = n
		}
		elapsed := time.Since(start)
		fmt.Fprintf(std.out, "Nodes searched: %d\n", nodes)
		nps := float64(nodes) / max(elapsed.Seconds(), 1e-9)
		fmt.Fprintf(std.err, "time %d ms, nps %.0f\n", elapsed.Milliseconds(), nps)
		return nil
	}
}
