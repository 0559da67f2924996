package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/term"

	"varena/arena"
	"varena/engines/variants"
)

// command is one entry of the varena command table (after cmd/go's
// base.Command).
type command struct {
	name      string
	usageLine string // after "usage: ", e.g. "varena perft -depth N [flags]"
	short     string // one line for the command list
	long      string // paragraphs shown by "varena help NAME" and -h
	// setFlags declares the command's flags on fs and returns the function
	// that runs the command once they are parsed; args are the positional
	// arguments (flags may stand before or after them).
	setFlags func(fs *flag.FlagSet) runFunc
	// variantFile: the command takes -variant-file FILE, a Fairy-Stockfish
	// variants.ini whose variants it then knows by name (stdio.variants),
	// as those of a run's variant_file.
	variantFile bool
	// runDirs: the arguments may be run directories; without
	// -variant-file, the variants.ini a directory's meta.json names is
	// loaded as -variant-file would.
	runDirs bool
}

// runFunc runs a command with its parsed flags.
type runFunc func(ctx context.Context, args []string, std stdio) error

// stdio holds a command's standard streams, so that tests can give their
// own.
type stdio struct {
	in       io.Reader
	out, err io.Writer
	// variants are the variants the command may name: the built-ins and
	// those of -variant-file, or of the run directories' variants.ini.
	variants *variants.Set
}

// commands is the command table, in the order "varena help" lists them.
// Adding a command is one entry here and a file declaring it.
var commands = []*command{
	runCmd,
	rateCmd,
	mergeCmd,
	sprtCmd,
	perftCmd,
	uciCmd,
	xboardCmd,
	datagenCmd,
	bookCmd,
	tuneCmd,
	measureCmd,
	reportCmd,
	serveCmd,
	versionCmd,
}

// lookup finds a command by name.
func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	args := os.Args[1:]
	if format := asMatchTool(os.Args[0]); format != "" {
		// Installed (linked) as fastchess or cutechess-cli: the tools'
		// command lines, as test frameworks build them, are a run
		// printed as that tool prints it (a later -output wins).
		args = append([]string{"run", "-output", "format=" + format}, args...)
	}
	code := realMain(ctx, args, stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr})
	stop()
	os.Exit(code)
}

// realMain runs varena with the arguments after the program name and
// returns the exit status.
func realMain(ctx context.Context, args []string, std stdio) int {
	if len(args) == 0 || isHelpFlag(args[0]) {
		printCommands(std.out)
		return 0
	}
	if isVersionFlag(args[0]) {
		args[0] = versionCmd.name
	}
	if args[0] == "help" {
		return help(args[1:], std)
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(std.err, "varena: unknown command %q (run 'varena help' for the list of commands)\n", args[0])
		return 2
	}
	err := execute(ctx, c, args[1:], std)
	var status exitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &status):
		return int(status)
	case errors.As(err, new(usageError)):
		fmt.Fprintf(std.err, "varena %s: %v (run 'varena help %s' for usage)\n", c.name, err, c.name)
		return 2
	default:
		fmt.Fprintf(std.err, "varena %s: %v\n", c.name, err)
		return 1
	}
}

// exitStatus is an outcome that is not an error but has its own exit
// status: an SPRT's verdict (3 H0 accepted, 4 undecided; see
// rundir.ExitH0). main prints nothing more for it.
type exitStatus int

func (e exitStatus) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func isHelpFlag(s string) bool {
	return s == "-h" || s == "-help" || s == "--help" || s == "--h"
}

// execute parses the command's flags and runs it. -h prints the command's
// help to stdout and returns nil; a bad flag is a usageError, printed once
// by the caller (the flag package itself prints nothing).
func execute(ctx context.Context, c *command, args []string, std stdio) error {
	if c == runCmd && isMatchLine(args) {
		// cutechess-cli/fastchess options (-engine, -each): their own
		// syntax, read by match.go into the same run a YAML file gives.
		return runMatch(ctx, args, std)
	}
	fs := newFlagSet(c)
	run := c.setFlags(fs)
	variantFile := variantFileFlag(c, fs)
	pos, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return printHelp(std.out, c)
	case err != nil:
		return usageError{err}
	}
	if variantFile != nil && *variantFile != "" {
		set, err := variants.LoadSet(*variantFile)
		if err != nil {
			return usageError{fmt.Errorf("-variant-file: %w", err)}
		}
		std.variants = set
	} else if c.runDirs {
		if std.variants, err = runDirVariants(pos); err != nil {
			return err
		}
	}
	// Read as Fairy-Stockfish reads it (a repeated key's last value
	// counts), said once.
	for _, w := range std.variants.Warnings() {
		fmt.Fprintf(std.err, "varena %s: warning: %v\n", c.name, w)
	}
	return run(ctx, pos, std)
}

// runDirVariants loads the variants.ini the run directories among args
// were played with (arena.LoadRunVariants): the built-ins only when none
// was. Directories played with two different files are refused: one
// command knows one Set of variants.
func runDirVariants(args []string) (*variants.Set, error) {
	var set *variants.Set
	first := ""
	for _, p := range args {
		if st, err := os.Stat(p); err != nil || !st.IsDir() {
			continue // the command names what is wrong with it
		}
		s, err := arena.LoadRunVariants(p)
		if err != nil {
			return nil, err
		}
		switch {
		case s == nil:
		case set == nil:
			set, first = s, p
		case s.Hash() != set.Hash():
			return nil, fmt.Errorf("%s and %s were played with two variants.ini files (%s, %s): give them to separate commands", first, p, set.Path(), s.Path())
		}
	}
	return set, nil
}

// variantFileFlag declares -variant-file on fs for a command that takes
// it (nil for one that does not), for the run and for its help alike.
func variantFileFlag(c *command, fs *flag.FlagSet) *string {
	if !c.variantFile {
		return nil
	}
	usage := "a Fairy-Stockfish variants.ini whose variants -variant and the games may name (docs/variants-file.md)"
	if c.runDirs {
		usage += "; a run directory's own is read from its meta.json"
	}
	return fs.String("variant-file", "", usage)
}

// newFlagSet returns a silent flag set for c: errors come back to
// execute, which reports them once.
func newFlagSet(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseInterleaved parses flags that may stand before or after the
// positional arguments ("run cfg.yaml -out x" as well as "run -out x
// cfg.yaml"), returning the positional ones. A lone "--" ends the flags.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// help implements "varena help [COMMAND]".
func help(args []string, std stdio) int {
	switch {
	case len(args) == 0:
		printCommands(std.out)
		return 0
	case len(args) > 1:
		fmt.Fprintf(std.err, "varena help: one command at most (usage: varena help [COMMAND])\n")
		return 2
	}
	if args[0] == "help" || isHelpFlag(args[0]) {
		fmt.Fprint(std.out, "usage: varena help [COMMAND | variants]\n\nHelp lists the commands, or prints the usage, description and flags of\none command (as 'varena COMMAND -h' does); 'varena help variants' lists\nthe variants varena plays.\n")
		return 0
	}
	if args[0] == "variants" {
		printVariants(std.out)
		return 0
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(std.err, "varena help: unknown command %q (run 'varena help' for the list of commands)\n", args[0])
		return 2
	}
	if err := printHelp(std.out, c); err != nil {
		fmt.Fprintf(std.err, "varena help: %v\n", err)
		return 1
	}
	return 0
}

// printCommands writes the command list.
func printCommands(w io.Writer) {
	var b strings.Builder
	b.WriteString("varena plays, rates and tunes engines for chess variants: Extinction\n")
	b.WriteString("Chess, Los Alamos Extinction Chess with Bunkers, Evolution Chess and\n")
	b.WriteString("Fairy-Stockfish's built-in variants ('varena help variants').\n\n")
	b.WriteString("usage: varena COMMAND [flags] [arguments]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-8s %s\n", c.name, c.short)
	}
	b.WriteString("\nRun 'varena help COMMAND' or 'varena COMMAND -h' for a command's help,\n'varena help variants' for the variants varena plays.\n")
	fmt.Fprint(w, b.String())
}

// printHelp writes a command's usage line, description and flags.
func printHelp(w io.Writer, c *command) error {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n\n", c.usageLine)
	if c.long != "" {
		b.WriteString(strings.TrimSpace(c.long))
		b.WriteString("\n")
	} else {
		fmt.Fprintf(&b, "%s.\n", strings.ToUpper(c.short[:1])+c.short[1:])
	}
	fs := newFlagSet(c)
	c.setFlags(fs)
	variantFileFlag(c, fs)
	hasFlags := false
	fs.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		b.WriteString("\nflags:\n")
		fs.SetOutput(&b)
		fs.PrintDefaults()
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// asMatchTool returns the output format of the tool the program runs
// as, named fastchess or cutechess-cli (a link, for frameworks that call
// those by path), or "".
func asMatchTool(program string) string {
	switch strings.TrimSuffix(filepath.Base(program), ".exe") {
	case "fastchess", "fast-chess":
		return "fastchess"
	case "cutechess-cli", "cutechess-ob":
		return "cutechess"
	}
	return ""
}

// isTerminal reports whether w (an output, or an input) is a terminal:
// progress is then a bar drawn in place, else (nohup, batch jobs, pipes)
// lines a log can keep.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
