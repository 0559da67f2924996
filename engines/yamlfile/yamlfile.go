package yamlfile

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// MaxFileSize bounds every YAML file varena reads (runs, tune configs,
// weights): the largest shipped one is about 10 kB, and a YAML parser
// takes several times a document's size in memory, so a bound keeps a
// stray 100 MB file from costing gigabytes before it is refused.
const MaxFileSize = 1 << 20

// ReadFile reads the config or weights file at path, refusing one larger
// than MaxFileSize without reading past the bound.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLimited(path, f)
}

// ReadLimited reads r, the file named name, up to MaxFileSize bytes; a
// longer one is an error that says the bound.
func ReadLimited(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := CheckSize(name, len(data)); err != nil {
		return nil, err
	}
	return data, nil
}

// CheckSize refuses n bytes of the file named name when they exceed
// MaxFileSize.
func CheckSize(name string, n int) error {
	if n > MaxFileSize {
		return fmt.Errorf("%s: larger than %d bytes (1 MiB), the most a config or weights file may hold", name, MaxFileSize)
	}
	return nil
}

// Error is one problem found in a YAML file (a run, a tune config, weights). Its text is
// "FILE:LINE: what is wrong", or "FILE: what is wrong" when no line is
// known (some YAML syntax errors).
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	// One line each, whatever a value quoted in it held: a message is
	// read line by line, each starting with FILE:LINE.
	msg := strings.ReplaceAll(strings.ReplaceAll(e.Msg, "\r", `\r`), "\n", `\n`)
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.File, msg)
}

// SyntaxError is err, a yaml.v3 parse error of file name's data, as one
// FILE:LINE line: for parsers of YAML files outside this package (the
// weights files).
func SyntaxError(name string, data []byte, err error) error {
	return SomeLine(tabLine(anchorLine(LineError(name, err.Error()), data), data), data)
}

// LinePrefix matches the "line N: " (or "yaml: line N: ") that starts
// yaml.v3's messages.
var LinePrefix = regexp.MustCompile(`^(?:yaml: )?line (\d+): `)

// LineError turns a yaml.v3 message ("yaml: line 3: ...", "line 3:
// ...") into an *Error of file name.
func LineError(name, msg string) *Error {
	line := 0
	if m := LinePrefix.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	switch {
	case slices.Contains(parserProblems, msg):
		// yaml.v3 numbers the lines of its parser's errors from 0 (and
		// leaves out line 0), those of its scanner's from 1
		// (go-yaml/yaml#205): the start of the construct being parsed,
		// counted from 1, is one more.
		line++
	case line == 0 && syntaxProblem(msg):
		line = 1 // the scanner leaves out line 1
	}
	return &Error{name, line, msg}
}

// syntaxProblem reports whether msg is an error of yaml.v3's scanner.
func syntaxProblem(msg string) bool {
	for _, prefix := range []string{"did not find", "could not find", "found ", "mapping values are not allowed",
		"block sequence entries are not allowed", "exceeded max depth"} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}

// anchorLine finds the line of the first use of an undefined anchor,
// which yaml.v3 reports without one.
func anchorLine(e *Error, data []byte) *Error {
	anchor, ok := strings.CutPrefix(e.Msg, "unknown anchor '")
	anchor, ok2 := strings.CutSuffix(anchor, "' referenced")
	if e.Line != 0 || !ok || !ok2 {
		return e
	}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, "*"+anchor) {
			e.Line = i + 1
			break
		}
	}
	return e
}

// SomeLine gives a line to an error yaml.v3 reports without one: the
// line of the first byte that is not UTF-8 for an encoding error, else
// the first line, so that every message starts with FILE:LINE.
func SomeLine(e *Error, data []byte) *Error {
	if e.Line > 0 {
		return e
	}
	e.Line = 1
	if strings.Contains(e.Msg, "UTF-8") || strings.Contains(e.Msg, "UTF-16") {
		for i := 0; i < len(data); {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				e.Line = 1 + bytes.Count(data[:i], []byte{'\n'})
				e.Msg += " (the file must be UTF-8 text)"
				break
			}
			i += n
		}
	}
	return e
}

// tabLine names a tab in a line's indentation, which yaml.v3 reports as
// "found character that cannot start any token" or in words about
// indentation: YAML indents with spaces only.
func tabLine(e *Error, data []byte) *Error {
	lines := strings.Split(string(data), "\n")
	tabbed := func(i int) bool {
		if i < 0 || i >= len(lines) {
			return false
		}
		l := lines[i]
		indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		return strings.Contains(indent, "\t") && strings.TrimSpace(l) != ""
	}
	if !strings.Contains(e.Msg, "cannot start any token") && !strings.Contains(e.Msg, "tab character") {
		return e
	}
	// The scanner reports the line of the tab, or the one before.
	for _, i := range []int{e.Line - 1, e.Line} {
		if tabbed(i) {
			e.Line = i + 1
			e.Msg = "a tab in the indentation; YAML indents with spaces only"
			return e
		}
	}
	return e
}

// parserProblems are the messages of yaml.v3's parser (parserc.go), as
// opposed to its scanner.
var parserProblems = []string{
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"did not find expected '-' indicator",
	"did not find expected <document start>",
	"did not find expected <stream-start>",
	"did not find expected key",
	"did not find expected node content",
	"found duplicate %TAG directive",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found undefined tag handle",
}

// Resolve follows aliases and a document to the node they stand for.
func Resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		return Resolve(n.Content[0])
	}
	return n
}

// Describe names a YAML node for messages: its value quoted (cut at 40
// characters), or its kind; an alias is described as what it names.
func Describe(n *yaml.Node) string {
	n = Resolve(n)
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if len(n.Value) > 40 {
			return fmt.Sprintf("%q...", n.Value[:40])
		}
		return strconv.Quote(n.Value)
	}
	return "nothing"
}
