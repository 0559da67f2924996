// Command varena plays, rates and tunes engines for Extinction Chess,
// Los Alamos Extinction Chess with Bunkers and Evolution Chess.
//
// Each subcommand owns its flag set and a Run(ctx, args) error; only main
// exits, with status 0 on success, 1 on failure and 2 on a usage error.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
)

// command is one entry of the varena command table.
type command struct {
	summary string
	run     func(ctx context.Context, args []string) error
}

// commands is the table of subcommands; later work adds entries here.
var commands = map[string]command{
	"run":   {"play a tournament from a YAML config (default: a short built-in one)", runRun},
	"rate":  {"ratings and crosstable of the games in PGN files or a run's journal", runRate},
	"merge": {"join the output directories of shards of one run", runMerge},
	"perft": {"count leaf nodes of the legal move tree", runPerft},
	"uci":   {"speak UCI on stdin/stdout (for cutechess-cli, fastchess, GUIs)", runUCI},
	"sprt":  {"SPRT / Elo calculator for pentanomial or WDL counts", runSPRT},
}

// usageError marks an error caused by bad flags or arguments (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usagef returns a usageError with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

func main() {
	os.Exit(realMain(os.Args[1:]))
}

func realMain(args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		printUsage()
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "varena: unknown command %q (run 'varena help')\n", args[0])
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := cmd.run(ctx, args[1:])
	switch {
	case err == nil:
		return 0
	case errors.As(err, new(usageError)):
		fmt.Fprintf(os.Stderr, "varena %s: %v\n", args[0], err)
		return 2
	default:
		fmt.Fprintf(os.Stderr, "varena %s: %v\n", args[0], err)
		return 1
	}
}

func printUsage() {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("usage: varena COMMAND [flags]\n\ncommands:\n")
	for _, name := range names {
		fmt.Fprintf(&b, "  %-8s %s\n", name, commands[name].summary)
	}
	b.WriteString("\nRun 'varena COMMAND -h' for the flags of a command.\n")
	fmt.Fprint(os.Stderr, b.String())
}
