package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The helpers below run one command through the table, as main does,
// with the test's streams.

func perft(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return execute(ctx, perftCmd, args, stdio{in: strings.NewReader(""), out: stdout, err: stderr})
}

func rateMain(args []string, stdout, stderr io.Writer) error {
	return execute(context.Background(), rateCmd, args, stdio{in: strings.NewReader(""), out: stdout, err: stderr})
}

func sprtMain(args []string, stdout, stderr io.Writer) error {
	return execute(context.Background(), sprtCmd, args, stdio{in: strings.NewReader(""), out: stdout, err: stderr})
}

func runSPRT(ctx context.Context, args []string) error {
	return execute(ctx, sprtCmd, args, stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr})
}

func mergeMain(args []string, stdout, stderr io.Writer) error {
	return execute(context.Background(), mergeCmd, args, stdio{in: strings.NewReader(""), out: stdout, err: stderr})
}

func runMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return execute(ctx, runCmd, args, stdio{in: strings.NewReader(""), out: stdout, err: stderr})
}

func serveUCI(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return execute(ctx, uciCmd, args, stdio{in: stdin, out: stdout, err: stderr})
}

// varena runs realMain and returns the exit status and both outputs.
func varena(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = realMain(context.Background(), args, stdio{in: strings.NewReader(""), out: &out, err: &errOut})
	return code, out.String(), errOut.String()
}

// TestHelp checks every way of asking for help: the command list or a
// command's help on stdout, nothing on stderr, exit 0.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "help"}, {"help", "-h"}} {
		if code, out, errOut := varena(args...); code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: varena help [COMMAND | variants]\n") {
			t.Errorf("varena %v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	list := [][]string{nil, {"help"}, {"-h"}, {"--help"}, {"-help"}}
	for _, args := range list {
		code, out, errOut := varena(args...)
		if code != 0 || errOut != "" {
			t.Errorf("varena %v: exit %d, stderr %q", args, code, errOut)
		}
		for _, c := range commands {
			if !strings.Contains(out, "\n  "+c.name+" ") {
				t.Errorf("varena %v: command list lacks %s:\n%s", args, c.name, out)
			}
		}
	}
	for _, c := range commands {
		want := "usage: " + c.usageLine + "\n"
		for _, args := range [][]string{{"help", c.name}, {c.name, "-h"}, {c.name, "--help"}, {c.name, "-help"}} {
			code, out, errOut := varena(args...)
			if code != 0 || errOut != "" {
				t.Errorf("varena %v: exit %d, stderr %q", args, code, errOut)
			}
			if !strings.HasPrefix(out, want) {
				t.Errorf("varena %v: stdout does not start with %q:\n%s", args, want, out)
			}
			if strings.Contains(out, "Usage of") {
				t.Errorf("varena %v: Go's default usage:\n%s", args, out)
			}
		}
		// Help after other flags and arguments too, and it runs nothing.
		if code, out, _ := varena(c.name, "x", "-h"); code != 0 || !strings.HasPrefix(out, want) {
			t.Errorf("varena %s x -h: exit %d:\n%s", c.name, code, out)
		}
		// Every flag of the command is in its help.
		_, out, _ := varena("help", c.name)
		fs := newFlagSet(c)
		c.setFlags(fs)
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(out, "  -"+f.Name) {
				t.Errorf("varena help %s lacks -%s:\n%s", c.name, f.Name, out)
			}
		})
	}
}

// TestUsageErrors: a bad flag, argument or command is reported once, in
// one line on stderr with the usage hint, and exits 2 with nothing on
// stdout.
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string // the one line on stderr
	}{
		{[]string{"perft", "-bogus"}, "varena perft: flag provided but not defined: -bogus (run 'varena help perft' for usage)"},
		{[]string{"uci", "-hash", "x"}, `varena uci: invalid value "x" for flag -hash: parse error (run 'varena help uci' for usage)`},
		{[]string{"rate", "-anchor"}, "varena rate: flag needs an argument: -anchor (run 'varena help rate' for usage)"},
		{[]string{"perft", "-depth", "0"}, "varena perft: -depth 0: want 1 to 64 (run 'varena help perft' for usage)"},
		{[]string{"perft", "-depth", "2000000"}, "varena perft: -depth 2000000: want 1 to 64 (run 'varena help perft' for usage)"},
		{[]string{"perft", "-depth", "65"}, "varena perft: -depth 65: want 1 to 64 (run 'varena help perft' for usage)"},
		{[]string{"run", "-concurrency", "100000000"}, "varena run: -concurrency must be from 0 to 1024 (run 'varena help run' for usage)"},
		{[]string{"datagen", "-variant", "extinction", "-games", "2", "-out", "x.epd", "-concurrency", "2000"}, "varena datagen: -concurrency must be from 0 to 1024 (run 'varena help datagen' for usage)"},
		{[]string{"bogus"}, `varena: unknown command "bogus" (run 'varena help' for the list of commands)`},
		{[]string{"help", "bogus"}, `varena help: unknown command "bogus" (run 'varena help' for the list of commands)`},
		{[]string{"help", "run", "rate"}, "varena help: one command at most (usage: varena help [COMMAND])"},
	}
	for _, tt := range tests {
		code, out, errOut := varena(tt.args...)
		if code != 2 || out != "" {
			t.Errorf("varena %v: exit %d, stdout %q", tt.args, code, out)
		}
		if errOut != tt.want+"\n" {
			t.Errorf("varena %v: stderr\n%s\nwant\n%s", tt.args, errOut, tt.want)
		}
	}
}

// TestCommandTable: names are unique and every entry is complete.
func TestCommandTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands {
		if c.name == "" || c.name == "help" || seen[c.name] {
			t.Errorf("command name %q: empty, reserved or repeated", c.name)
		}
		seen[c.name] = true
		if !strings.HasPrefix(c.usageLine, "varena "+c.name) || c.short == "" || c.setFlags == nil {
			t.Errorf("command %s: incomplete entry", c.name)
		}
	}
}

// TestInterleavedFlags: flags may follow the positional arguments, and
// "--" ends the flags.
func TestInterleavedFlags(t *testing.T) {
	fs := newFlagSet(perftCmd)
	depth := fs.Int("depth", 0, "")
	pos, err := parseInterleaved(fs, []string{"a", "-depth", "3", "b", "--", "-c", "d"})
	if err != nil || *depth != 3 || strings.Join(pos, " ") != "a b -c d" {
		t.Fatalf("pos %q, depth %d, err %v", pos, *depth, err)
	}
}

// TestReadmeCommands: every "varena CMD" in the code (spans, indented
// and fenced blocks) of README.md and docs/*.md is a command of the
// table, and the README links the rule book in the repository, not one
// outside the clone.
func TestReadmeCommands(t *testing.T) {
	// Not cmd=varena args=...: an engine's command on a cutechess line.
	use := regexp.MustCompile(`(?:^|[^=\w/-])varena ([a-z][a-z-]*)`)
	span := regexp.MustCompile("`[^`]*`")
	for _, f := range docFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fenced := false
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "```") {
				fenced = !fenced
				continue
			}
			code := span.FindAllString(line, -1)
			if fenced || strings.HasPrefix(line, "    ") {
				// A comment in a shown file is prose ("varena on its PATH").
				before, _, _ := strings.Cut(line, "# ")
				code = []string{before}
			}
			for _, c := range code {
				for _, m := range use.FindAllStringSubmatch(c, -1) {
					if m[1] != "help" && lookup(m[1]) == nil {
						t.Errorf("%s:%d: %q names no command", f, i+1, m[0])
					}
				}
			}
		}
	}
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "(RULES.md)") || strings.Contains(string(data), "shared/RULES.md") {
		t.Errorf("README.md does not link RULES.md in the repository")
	}
	if _, err := os.Stat("../../RULES.md"); err != nil {
		t.Error(err)
	}
}

// TestUsageLinesNameEveryFlag: a command's usage line names each of its
// flags, so that the first line of -h is the whole synopsis.
func TestUsageLinesNameEveryFlag(t *testing.T) {
	for _, c := range commands {
		fs := newFlagSet(c)
		c.setFlags(fs)
		variantFileFlag(c, fs)
		fs.VisitAll(func(f *flag.Flag) {
			if !regexp.MustCompile(`[\[( |]-` + regexp.QuoteMeta(f.Name) + `[\] )|]|-` + regexp.QuoteMeta(f.Name) + `$`).MatchString(c.usageLine) {
				t.Errorf("varena %s: usage line %q lacks -%s", c.name, c.usageLine, f.Name)
			}
		})
	}
}

// TestHelpVariants: 'varena help variants' lists varena's variants and
// Fairy-Stockfish's built-ins with their boards and rules engines.
func TestHelpVariants(t *testing.T) {
	code, out, errOut := varena("help", "variants")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"\nextinction ", "\nstandard (chess) ", "\nkingofthehill ", " 8x8 ", "\nxiangqi ", " 9x10 ", " general\n", "\ncapablanca "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
