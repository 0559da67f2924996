package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"varena/engines/uci"
	"varena/engines/variants"
)

var uciCmd = &command{
	name:        "uci",
	variantFile: true,
	usageLine:   "varena uci [-variant V] [-variant-file FILE] [-hash MB] [-weights FILE]",
	short:       "speak UCI on stdin/stdout (for cutechess-cli, fastchess, GUIs)",
	long: `
Uci runs varena's engine as a UCI engine on stdin and stdout, for
cutechess-cli, fastchess and GUIs. The variant is chosen with the
UCI_Variant option (the flags set the initial values of the options).
End of input stops any search and exits.
`,
	setFlags: uciFlags,
}

func uciFlags(fs *flag.FlagSet) runFunc {
	variant := fs.String("variant", variants.All[0].Name, "initial UCI_Variant: "+fmt.Sprint(variants.Names()))
	hash := fs.Int("hash", 16, "transposition table in MB (the Hash option)")
	weights := fs.String("weights", "", "YAML weights file for the initial variant (the Weights option; default: built in)")
	return func(ctx context.Context, args []string, std stdio) error {
		if len(args) > 0 {
			return usagef("unexpected argument %q", args[0])
		}
		if _, err := std.variants.ByName(*variant); err != nil {
			return usageError{err}
		}
		if *hash < 1 {
			return usagef("-hash must be 1 or more")
		}
		err := uci.Serve(ctx, std.in, std.out, uci.ServerOptions{Variant: *variant, Hash: *hash, Weights: *weights, Variants: std.variants})
		if errors.Is(err, context.Canceled) {
			return nil // interrupted: the usual way for a GUI session to end
		}
		return err
	}
}
