package main

import (
	"context"
	"errors"
	"flag"
	"strings"

	"varena/engines/xboard"
)

var xboardCmd = &command{
	name:        "xboard",
	variantFile: true,
	usageLine:   "varena xboard [-variant V] [-variant-file FILE] [-hash MB]",
	short:       "speak xboard (CECP) on stdin/stdout (for XBoard, cutechess-cli, GUIs)",
	long: `
Xboard runs varena's engine, the searcher of 'varena uci', as an xboard
(CECP, protocol 2) engine on stdin and stdout, for XBoard and WinBoard,
cutechess-cli and other GUIs. Its features name every variant it plays
under xboard names (normal for standard chess); the GUI picks one with
the variant command. It takes setboard, usermove, ping, level, st, sd,
nps, time, otim, undo, remove, ? (move now), post and nopost, hard
(ponder) and easy, memory (the hash in MB) and cores. End of input
stops any search and exits.

    xboard -fcp "varena xboard" -scp fairymax -variant shatranj
`,
	setFlags: xboardFlags,
}

func xboardFlags(fs *flag.FlagSet) runFunc {
	variant := fs.String("variant", "normal", "variant of 'new' before any variant command: "+strings.Join(xboard.ServerVariants(nil), ", "))
	hash := fs.Int("hash", 16, "transposition table in MB (memory changes it)")
	return func(ctx context.Context, args []string, std stdio) error {
		if len(args) > 0 {
			return usagef("unexpected argument %q", args[0])
		}
		if *hash < 1 {
			return usagef("-hash must be 1 or more")
		}
		err := xboard.Serve(ctx, std.in, std.out, xboard.ServerOptions{Variant: *variant, Hash: *hash, Variants: std.variants})
		if err != nil && !errors.Is(err, context.Canceled) && strings.Contains(err.Error(), "unknown variant") {
			return usageError{err}
		}
		if errors.Is(err, context.Canceled) {
			return nil
		}
		return err
	}
}
