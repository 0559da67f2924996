package main

// The documentation, tested. README.md and every docs/*.md are read for
// their fenced blocks:
//
//   - ```sh (or bash, shell, console): commands a user types. Each line
//     (a trailing backslash continues it) must be run, word for word, by
//     a script of testdata/docs: as `exec LINE`, or `doc [exit=N]
//     [-flag=value]... -- LINE`, which runs LINE with the named flags'
//     values made smaller and checks the exit status. `go run
//     ./cmd/varena ARGS` is run as `varena ARGS`, the binary the scripts
//     have. A command in an indented block, where no test would see it,
//     is an error; notRun lists the few commands no script can run.
//   - a block whose info string has a second word, ```yaml NAME: a file a
//     user is shown. NAME is a path of the repository (the block is that
//     file, byte for byte) or a file of a script (the block is that file,
//     which the script runs).
//   - every ```yaml block, named or a fragment, must parse.
//
// Relative links must name files that exist, and docs/config.md must
// have a row for every key of the config structs' yaml tags.
//
// The scripts are testscript's (github.com/rogpeppe/go-internal), the
// format the Go toolchain tests its own command lines with: each runs in
// a fresh folder holding a copy of configs/ and its own files, with
// varena on PATH (this test binary, through TestMain). A script's
// `limit FILE KEY=VALUE...` makes a shipped config smaller before the
// documented command runs it, so that the whole set stays within seconds
// of CPU; which limit was lowered is written in the script.

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"

	"varena/configs"
)

// repoRoot is the repository's root as seen from this package.
const repoRoot = "../.."

// docsDir holds the scripts.
const docsDir = "testdata/docs"

// notRun are the documented commands no script runs, each with why.
var notRun = []struct{ prefix, why string }{
	{"go test", "the test suite itself, run by go test and .ci/run"},
	{"VARENA_", "an environment variable before go test: the test suite itself"},
	{"go install", "builds the binary the tests already are"},
	{"go build", "builds the binary the tests already are"},
	{"ssh ", "a tunnel to another machine"},
	{"sbatch ", "needs a Slurm cluster"},
	{"ARRAY_JOB_ID=$(sbatch ", "needs a Slurm cluster"},
	{"xdg-open ", "opens a browser"},
	{"printf ", "feeds another program (stockfish's own perft, shown for comparison)"},
	{"ln -s ", "links the binary under another name; the scripts have varena under those names already (TestMain)"},
	{"cutechess-cli ", "another program, shown beside varena's equivalent"},
	{"fastchess ", "another program, shown beside varena's equivalent"},
	{"ordo ", "another program, shown beside varena's equivalent"},
	{"varena run -engine cmd=/usr/games/fairymax proto=xboard", "docs/event.md's cutechess-cli lines: TestEventCommandLines runs them, smaller, and checks how every game ended"},
	{"varena run -engine cmd=/usr/games/fairy-stockfish proto=xboard", "docs/event.md's cutechess-cli lines: TestEventCommandLines runs them, smaller, and checks how every game ended"},
}

// pendingDocs are files the README links to that other branches add.
var pendingDocs = []string{}

// docFiles lists README.md and every docs/*.md.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{filepath.Join(repoRoot, "README.md")}, files...)
}

// block is one fenced block of a markdown file.
type block struct {
	file       string
	line       int    // of the opening fence
	lang, name string // the info string's first two words
	text       string
}

func (b block) at() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

// blocks reads the fenced blocks of a markdown file.
func blocks(t *testing.T, path string) []block {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []block
	var cur *block
	var fence string
	for i, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if cur == nil {
			if strings.HasPrefix(trimmed, "```") {
				fence = trimmed[:strings.LastIndex(trimmed, "`")+1]
				info := strings.Fields(strings.TrimPrefix(trimmed, fence))
				cur = &block{file: path, line: i + 1}
				if len(info) > 0 {
					cur.lang = info[0]
				}
				if len(info) > 1 {
					cur.name = info[1]
				}
			}
			continue
		}
		if trimmed == fence {
			out = append(out, *cur)
			cur = nil
			continue
		}
		cur.text += line + "\n"
	}
	if cur != nil {
		t.Errorf("%s: unclosed fence", cur.at())
	}
	return out
}

// shellLines splits a sh block into its command lines, joined at trailing
// backslashes, without comments and blank lines.
func shellLines(text string) []string {
	var out []string
	var cur string
	for _, line := range strings.Split(text, "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			continue
		}
		if more, ok := strings.CutSuffix(line, "\\"); ok {
			cur += more + " "
			continue
		}
		cur += line
		if c := normalize(cur); c != "" {
			out = append(out, c)
		}
		cur = ""
	}
	return out
}

// normalize folds spaces and runs `go run ./cmd/varena` as varena, and
// `go run -tags searchstats ./cmd/varena` too: the scripts' varena is
// this test binary, with the search's counters when the tests were built
// with the tag (docs/strength.md), and the scripts check what both print.
func normalize(c string) string {
	c = strings.Join(strings.Fields(c), " ")
	for _, prefix := range []string{"go run ./cmd/varena", "go run -tags searchstats ./cmd/varena"} {
		if rest, ok := strings.CutPrefix(c, prefix); ok {
			c = "varena" + rest
		}
	}
	return c
}

// scripts reads the archives of testdata/docs.
func scripts(t *testing.T) map[string]*txtar.Archive {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(docsDir, "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no scripts in %s: %v", docsDir, err)
	}
	out := map[string]*txtar.Archive{}
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = a
	}
	return out
}

// scriptCommand is the documented command a script line runs, or "".
var scriptCommand = regexp.MustCompile(`^(?:\[[^\]]*\]\s+)*!?\s*(?:exec\s+(.*)|doc\s+(?:\S+\s+)*?--\s+(.*))$`)

// ran lists the commands the scripts run.
func ran(archives map[string]*txtar.Archive) map[string]bool {
	out := map[string]bool{}
	for _, a := range archives {
		for _, line := range strings.Split(string(a.Comment), "\n") {
			if m := scriptCommand.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
				out[normalize(m[1]+m[2])] = true
			}
		}
	}
	return out
}

// shellLangs are the info strings of command blocks.
var shellLangs = []string{"sh", "bash", "shell", "console"}

// indented is a command in an indented code block, where no test would
// see it.
var indented = regexp.MustCompile(`^(    |\t)(varena|go) `)

// TestDocCommands: every command of the docs is run by a script.
func TestDocCommands(t *testing.T) {
	run := ran(scripts(t))
	n := 0
	for _, f := range docFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fenced := false
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				fenced = !fenced
			}
			if !fenced && indented.MatchString(line) {
				t.Errorf("%s:%d: a command in an indented block; put it in a ```sh block, where a script must run it", f, i+1)
			}
		}
		for _, b := range blocks(t, f) {
			if !slices.Contains(shellLangs, b.lang) || b.name != "" {
				continue
			}
		next:
			for _, c := range shellLines(b.text) {
				n++
				for _, nr := range notRun {
					if strings.HasPrefix(c, nr.prefix) {
						continue next
					}
				}
				if !run[c] {
					t.Errorf("%s: no script in %s runs %q", b.at(), docsDir, c)
				}
			}
		}
	}
	if n == 0 {
		t.Error("no commands found in the docs")
	}
}

// TestDocFiles: a named file (a block whose info string has a second
// word) is the shipped file or a script's file; YAML parses.
func TestDocFiles(t *testing.T) {
	archived := map[string][]string{} // name -> contents
	for _, a := range scripts(t) {
		for _, f := range a.Files {
			archived[f.Name] = append(archived[f.Name], string(f.Data))
		}
	}
	for _, f := range docFiles(t) {
		for _, b := range blocks(t, f) {
			if b.lang == "yaml" {
				var v any
				if err := yaml.Unmarshal([]byte(b.text), &v); err != nil {
					t.Errorf("%s: does not parse: %v", b.at(), err)
				}
			}
			if b.name == "" {
				continue
			}
			if data, err := os.ReadFile(filepath.Join(repoRoot, b.name)); err == nil {
				if string(data) != b.text {
					t.Errorf("%s: the block is not %s as shipped", b.at(), b.name)
				}
				continue
			}
			got := archived[b.name]
			switch {
			case len(got) == 0:
				t.Errorf("%s: %s is neither a file of the repository nor of a script in %s", b.at(), b.name, docsDir)
			case len(got) > 1:
				t.Errorf("%s: %s is in %d scripts; name one", b.at(), b.name, len(got))
			case got[0] != b.text:
				t.Errorf("%s: the block differs from %s in its script", b.at(), b.name)
			}
		}
	}
}

// mdLink finds the target of an inline markdown link.
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestReadmeLength: the README stays a guide; reference goes to docs/.
func TestReadmeLength(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > 320 {
		t.Errorf("README.md has %d lines; keep it under 320 and move reference to docs/", n)
	}
}

// TestDocLinks: every relative link of the docs names a file that exists.
func TestDocLinks(t *testing.T) {
	for _, f := range docFiles(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for line := 1; sc.Scan(); line++ {
			for _, m := range mdLink.FindAllStringSubmatch(sc.Text(), -1) {
				target, _, _ := strings.Cut(m[1], "#")
				if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				p := filepath.Join(filepath.Dir(f), target)
				if _, err := os.Stat(p); err != nil {
					rel, _ := filepath.Rel(repoRoot, p)
					if slices.Contains(pendingDocs, filepath.ToSlash(rel)) {
						continue
					}
					t.Errorf("%s:%d: link to %s: %v", f, line, m[1], err)
				}
			}
		}
	}
}

// TestDocConfigKeys: docs/config.md has a row for every key of the three
// kinds of config, and no row for a key that does not exist. A row's
// first cell is the key's dotted path (`tournament.games`); a struct met
// again deeper (an engine's time_control) is a row of its own, its keys
// documented once where they first appear.
func TestDocConfigKeys(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs", "config.md"))
	if err != nil {
		t.Fatal(err)
	}
	// In this order: a struct documented in one section (an engine entry,
	// a time control) is one row in the later ones.
	sections := []struct {
		name string
		typ  reflect.Type
	}{
		{"Run configs", reflect.TypeOf(configs.Run{})},
		{"Texel tune configs", reflect.TypeOf(configs.Tune{})},
		{"SPSA tune configs", reflect.TypeOf(configs.SPSATune{})},
	}
	documented := map[string][]string{}
	var section string
	row := regexp.MustCompile("^\\| `([a-zA-Z0-9_.]+)` \\|")
	for _, line := range strings.Split(string(data), "\n") {
		if s, ok := strings.CutPrefix(line, "## "); ok {
			section = s
			continue
		}
		if m := row.FindStringSubmatch(line); m != nil {
			documented[section] = append(documented[section], m[1])
		}
	}
	seen := map[reflect.Type]bool{}
	for _, sec := range sections {
		want := yamlKeys(sec.typ, seen)
		got := documented[sec.name]
		for _, k := range want {
			if !slices.Contains(got, k) {
				t.Errorf("docs/config.md, %s: no row for `%s`", sec.name, k)
			}
		}
		for _, k := range got {
			if !slices.Contains(want, k) {
				t.Errorf("docs/config.md, %s: `%s` is not a key", sec.name, k)
			}
		}
	}
}

// yamlKeys lists the dotted key paths of a config type, breadth first,
// not expanding the structs in seen; it adds those it expands.
func yamlKeys(root reflect.Type, seen map[reflect.Type]bool) []string {
	type item struct {
		prefix string
		typ    reflect.Type
	}
	seen[root] = true
	var keys []string
	queue := []item{{"", root}}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for i := range it.typ.NumField() {
			f := it.typ.Field(i)
			tag, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if tag == "" || tag == "-" {
				continue
			}
			key := it.prefix + tag
			keys = append(keys, key)
			ft := f.Type
			for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && !seen[ft] {
				seen[ft] = true
				queue = append(queue, item{key + ".", ft})
			}
		}
	}
	return keys
}

// TestDocScripts runs the scripts of testdata/docs.
func TestDocScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	testscript.Run(t, testscript.Params{
		Dir:                 docsDir,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			// The documented commands name the shipped configs.
			return copyTree(filepath.Join(repoRoot, "configs"), filepath.Join(env.WorkDir, "configs"))
		},
		Condition: func(cond string) (bool, error) {
			if cond == "orthodox" {
				// Debian's stockfish and ethereal-chess, where docs/chess.md's run looks for them.
				_, err1 := exec.LookPath("/usr/games/stockfish")
				_, err2 := exec.LookPath("/usr/games/ethereal-chess")
				return err1 == nil && err2 == nil, nil
			}
			if cond == "xboard-engines" {
				// Debian's fairymax and sjaakii, where docs/xboard.md's run looks for them.
				_, err1 := exec.LookPath("/usr/games/fairymax")
				_, err2 := exec.LookPath("/usr/games/sjaakii")
				return err1 == nil && err2 == nil, nil
			}
			if cond == "event-engines" {
				// Debian's fairymax, maxqi, sjaakii and fairy-stockfish, where configs/runs/event-multivariant.yaml looks for them.
				for _, p := range []string{"/usr/games/fairymax", "/usr/games/maxqi", "/usr/games/sjaakii", "/usr/games/fairy-stockfish"} {
					if _, err := exec.LookPath(p); err != nil {
						return false, nil
					}
				}
				return true, nil
			}
			if cond == "long" {
				// VARENA_LONG: the runs too long for every go test.
				return os.Getenv("VARENA_LONG") != "", nil
			}
			if cond == "fairy-stockfish" {
				// Where the shipped configs look for it (Debian's package).
				_, err := exec.LookPath("/usr/games/fairy-stockfish")
				return err == nil, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"doc":   cmdDoc,
			"limit": cmdLimit,
		},
	})
}

// copyTree copies the shipped configs (not the Go files and test data of
// the package) into a script's folder.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			if rel == "testdata" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		if strings.HasSuffix(p, ".go") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
}

// cmdDoc runs a documented command: doc [exit=N] [-flag=value]... --
// COMMAND ARGS... gives each named flag of ARGS the smaller value (the
// flag must be there: a renamed flag fails the script) and checks the
// exit status (0 unless exit=N).
func cmdDoc(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("doc: give exit=N rather than !")
	}
	sep := slices.Index(args, "--")
	if sep < 0 || sep == len(args)-1 {
		ts.Fatalf("usage: doc [exit=N] [-flag=value]... -- COMMAND ARGS...")
	}
	want := 0
	cmd := slices.Clone(args[sep+1:])
	for _, o := range args[:sep] {
		if s, ok := strings.CutPrefix(o, "exit="); ok {
			n, err := strconv.Atoi(s)
			ts.Check(err)
			want = n
			continue
		}
		name, value, ok := strings.Cut(o, "=")
		if !ok || !strings.HasPrefix(name, "-") {
			ts.Fatalf("doc: %q is not exit=N or -flag=value", o)
		}
		i := slices.Index(cmd, name)
		if i < 0 || i == len(cmd)-1 {
			ts.Fatalf("doc: the command has no %s to lower", name)
		}
		cmd[i+1] = value
	}
	err := ts.Exec(cmd[0], cmd[1:]...)
	got := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("doc: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdLimit lowers values of a YAML file in place: limit FILE
// key.path=value... (a number in a path indexes a list). A path that is
// not in the file fails the script, so that a renamed key is noticed.
func cmdLimit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: limit FILE key.path=value...")
	}
	file := ts.MkAbs(args[0])
	var doc yaml.Node
	ts.Check(yaml.Unmarshal([]byte(ts.ReadFile(args[0])), &doc))
	for _, kv := range args[1:] {
		path, value, ok := strings.Cut(kv, "=")
		if !ok {
			ts.Fatalf("limit: %q is not key.path=value", kv)
		}
		n := doc.Content[0]
		for _, k := range strings.Split(path, ".") {
			n = child(n, k)
			if n == nil {
				ts.Fatalf("limit: %s has no %s", args[0], path)
			}
		}
		if n.Kind != yaml.ScalarNode {
			ts.Fatalf("limit: %s in %s is not a value", path, args[0])
		}
		n.Value, n.Tag, n.Style = value, "", 0
	}
	out, err := yaml.Marshal(&doc)
	ts.Check(err)
	ts.Check(os.WriteFile(file, out, 0o644))
}

// child is the value under key k of a mapping, or item k of a sequence.
func child(n *yaml.Node, k string) *yaml.Node {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				return n.Content[i+1]
			}
		}
	case yaml.SequenceNode:
		if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(n.Content) {
			return n.Content[i]
		}
	}
	return nil
}
