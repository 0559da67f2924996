package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"varena/engines/uci"
)

func main() {
	variant := flag.String("variant", "", "initial UCI_Variant (default extinction)")
	hash := flag.Int("hash", 0, "transposition table in MB (default 16)")
	weights := flag.String("weights", "", "YAML weights file for the initial variant")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := uci.Serve(ctx, os.Stdin, os.Stdout, uci.ServerOptions{Variant: *variant, Hash: *hash, Weights: *weights})
	if err != nil && ctx.Err() == nil {
		fmt.Fprintln(os.Stderr, "testengine:", err)
		os.Exit(1)
	}
}
