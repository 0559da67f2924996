package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"varena/engines/uci"
	"varena/engines/variants"
)

// runUCI implements `varena uci`: varena's engine speaking UCI on stdin
// and stdout, for cutechess-cli, fastchess and GUIs.
func runUCI(ctx context.Context, args []string) error {
	return serveUCI(ctx, args, os.Stdin, os.Stdout, os.Stderr)
}

func serveUCI(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", variants.All[0].Name, "initial UCI_Variant: "+fmt.Sprint(variants.Names()))
	hash := fs.Int("hash", 16, "transposition table in MB (the Hash option)")
	weights := fs.String("weights", "", "YAML weights file for the initial variant (the Weights option; default: built in)")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if _, err := variants.ByName(*variant); err != nil {
		return usageError{err}
	}
	if *hash < 1 {
		return usagef("-hash must be 1 or more")
	}
	err := uci.Serve(ctx, stdin, stdout, uci.ServerOptions{Variant: *variant, Hash: *hash, Weights: *weights})
	if errors.Is(err, context.Canceled) {
		return nil // interrupted: the usual way for a GUI session to end
	}
	return err
}
