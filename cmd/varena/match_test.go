package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/configs"
	"varena/engines/variants"
)

// TestMatchLineErrors: a cutechess-style line that varena cannot take is
// one line naming the option (and value) and what to do instead.
func TestMatchLineErrors(t *testing.T) {
	two := "-engine cmd=a -engine cmd=b -each tc=10+0.1 -repeat -variant extinction "
	tests := []struct{ line, want string }{
		{two + "-noswap", "option -noswap: varena plays every opening twice with colours reversed; there is no -noswap"},
		{two + "-epdout file=x.epd", "option -epdout: varena keeps every game in games.pgn and journal.jsonl of the output directory"},
		{two + "-config file=x.json", "option -config: varena resumes from its output directory: run the same command again with the same -out (or save -print-yaml and run that file)"},
		{two + "-rounds x", `-rounds "x": want a whole number 1 or more`},
		{two + "-rounds 0", `-rounds "0": want a whole number 1 or more`},
		{two + "-concurrency", "option -concurrency: needs a value"},
		{two + "-tournament swiss-gambit", "-tournament swiss-gambit: varena plays roundrobin, gauntlet, knockout and swiss-tcec (and -sprt for two engines)"},
		{two + "-seeds 2", "-seeds 2: a varena gauntlet has one challenger, the first engine; give -seeds 1 (or -tournament knockout)"},
		{two + "-sprt elo0=0 elo1=x", "-sprt elo1=x: want a number"},
		{two + "-sprt elo0=0 elo1=5 model=bayesian", "-sprt model=bayesian: want normalized or logistic"},
		{two + "-draw movenumber=40 moves=8", `-draw moves=8: unknown key "moves" (known: movecount, movenumber, score)`},
		{two + "-resign movecount=3", ""},             // a valid line: no error
		{two + "-openings file=b.pgn format=pgn", ""}, // a PGN book
		{two + "-openings file=b.pgn format=bin", "-openings format=bin: want epd or pgn"},
		{two + "-openings order=random", "-openings: needs file=BOOK (an EPD or PGN book; or plies=N alone for random openings)"},
		{two + "-output format=json", "-output format=json: want fastchess, cutechess or varena"},
		{two + "-report penta=maybe", "-report penta=maybe: want true or false"},
		{two + "-pgnout", "-pgnout: needs a file (-pgnout FILE or -pgnout file=FILE)"},
		{two + "-bogus 1", "option -bogus: not a cutechess-cli or fastchess option varena takes (see docs/ecosystem.md)"},
		{two + "stray", `"stray": a value without its option (options start with -, e.g. -engine cmd=stray)`},
		{"-engine cmd=a proto=cecp -engine cmd=b -each tc=1 -repeat -variant extinction", "-engine 1: proto=cecp: want uci, xboard, usi or ucci"},
		{"-engine cmd=a tc=1/2/3 -engine cmd=b -each -repeat -variant extinction", "option -each: needs key=value settings"},
		{"-engine cmd=a tc=abc -engine cmd=b -repeat -variant extinction", `-engine 1: tc=abc: bad clock "abc": time: "abc" is not a number of seconds (want [moves/]seconds[+increment], e.g. 40/60+0.6 or 10+0.1)`},
		{"-engine cmd=a nodes=-5 -engine cmd=b -repeat -variant extinction", "-engine 1: nodes=-5: want a whole number 1 or more"},
		{"-engine cmd=a st=0 -engine cmd=b -repeat -variant extinction", "-engine 1: st=0: want seconds a move, more than 0"},
		{"-engine cmd=a hash -engine cmd=b -repeat -variant extinction", "-engine 1: hash: want key=value (cmd=, name=, tc=, nodes=, option.NAME=VALUE...)"},
		{"-engine cmd=a whitepov -engine cmd=b -repeat -variant extinction", "-engine 1: whitepov: varena reads every engine's score from the side to move's view"},
		{"-engine cmd=a hash=x -engine cmd=b -repeat -variant extinction", `-engine 1: hash=x: unknown engine key "hash" (known: arg, args, cmd, depth, dir, name, nodes, plies, ponder, proto, restart, st, tc, timemargin, option.NAME)`},
		{"-engine cmd=a -engine cmd=b -repeat -variant extinction", "-engine 1 (a): needs a limit: tc=, st=, nodes= or depth= (here or in -each)"},
		{"-engine name=x -engine cmd=b -each tc=1 -repeat -variant extinction", "-engine 1: needs cmd=COMMAND"},
		{"-engine cmd=a name=a/b -engine cmd=b -each tc=1 -repeat -variant extinction", "-engine 1: name=a/b: " + configs.NameRule},
		{"-engine cmd=a -each tc=1 -repeat -variant extinction", "-engine: need at least two engines, have 1"},
		{"-engine cmd=a -engine cmd=b -each tc=1 -repeat", ""}, // standard chess
		{"-engine cmd=a -engine cmd=b -each tc=1 -variant extinction", "-games 1: varena plays each opening twice with colours reversed; give an even number (or -repeat with -games 1)"},
		{"-engine cmd=a -engine cmd=b -each tc=1 -repeat -variant standard", ""},
		{"-engine cmd=a -engine cmd=b -each tc=1 -repeat -variant nosuch", `-variant nosuch: unknown variant "nosuch" (known: ` + strings.Join(variants.Playable(), ", ") + `) (a variants.ini's sections with -variant-file FILE)`},
		{"-engine cmd=a -engine cmd=b -each tc=1 -repeat -variant extinction -tournament gauntlet -sprt elo0=0 elo1=5", "-sprt with -tournament gauntlet: an SPRT is a match of two engines"},
		{"-engine cmd=a -engine cmd=b -each tc=1 args=\"x -repeat -variant extinction", `-engine 1: args="x: unclosed quote`},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			m, err := parseMatch(strings.Fields(tt.line))
			if err == nil {
				_, err = m.build()
			}
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %q, want none", err)
			case tt.want != "" && err == nil:
				t.Fatalf("no error, want %q", tt.want)
			case err != nil && err.Error() != tt.want:
				t.Fatalf("error\n%s\nwant\n%s", err, tt.want)
			}
		})
	}
}

// TestMatchLineErrorThroughMain: the command prints the error on one line
// of stderr and exits 2, as for any usage error.
func TestMatchLineErrorThroughMain(t *testing.T) {
	code, out, errOut := varena("run", "-engine", "cmd=a", "-engine", "cmd=b", "-each", "tc=1", "-repeat", "-variant", "extinction", "-noswap")
	if code != 2 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	want := "varena run: option -noswap: varena plays every opening twice with colours reversed; there is no -noswap (run 'varena help run' for usage)\n"
	if errOut != want {
		t.Fatalf("stderr %q, want %q", errOut, want)
	}
}

// TestMatchLineYAML: a cutechess-cli line prints the YAML it plays
// (-print-yaml), and that YAML, saved and run as a file, is the same run.
func TestMatchLineYAML(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	writeFile(t, book, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n")
	args := []string{"run", "-engine", "cmd=./dev", "name=dev", "option.Hash=16", "option.Threads=1", "ponder",
		"-engine", "cmd=./base", "dir=eng", "name=base", "args=uci --quiet", "restart=on", "tc=40/60+0.6",
		"-each", "proto=uci", "tc=10+0.1", "timemargin=250",
		"-variant", "losalamos-bunkers", "-games", "2", "-rounds", "3", "-concurrency", "2", "-srand", "7",
		"-openings", "file=" + book, "format=epd", "order=random",
		"-draw", "movenumber=34", "movecount=8", "score=20", "-resign", "movecount=3", "score=600",
		"-maxmoves", "150", "-event", "my test", "-print-yaml"}
	code, out, errOut := varena(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `name: my_test
variant: losalamos-bunkers
seed: 7
concurrency: 2
tournament:
  games: 2
  rounds: 3
openings:
  file: ` + book + `
  order: random
adjudication:
  max_plies: 300
  draw:
    move_number: 34
    moves: 8
    score: 20
  resign:
    moves: 3
    score: 600
engines:
  - name: dev
    kind: uci
    command: ./dev
    options:
      Hash: "16"
      Threads: "1"
    ponder: true
    time_control:
      clock: 10+0.1
      margin: 0.25
  - name: base
    kind: uci
    command: ./base
    args:
      - uci
      - --quiet
    dir: eng
    restart: always
    time_control:
      clock: 40/60+0.6
      margin: 0.25
`
	if out != want {
		t.Fatalf("YAML:\n%s\nwant:\n%s", out, want)
	}
	file := filepath.Join(dir, "run.yaml")
	writeFile(t, file, out)
	noEngines := checker(nil) // the engines of the line are not here
	noEngines.Commands = false
	fromFile, err := configs.Load(file, noEngines)
	if err != nil {
		t.Fatal(err)
	}
	m, err := parseMatch(args[1:])
	if err != nil {
		t.Fatal(err)
	}
	fromLine, _, err := m.runConfig()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := configs.MarshalRun(fromFile)
	b, _ := configs.MarshalRun(fromLine)
	if string(a) != string(b) {
		t.Fatalf("the file's run:\n%s\nthe line's run:\n%s", a, b)
	}
}

// TestMatchLineNotes: options taken without effect, and a fixed limit
// given with a clock, say so on stderr.
func TestMatchLineNotes(t *testing.T) {
	m, err := parseMatch(strings.Fields("-engine cmd=a tc=10+0.1 nodes=500 -engine cmd=b -each tc=1 -repeat -variant extinction -wait 100 -site x -resign movecount=3 score=600 twosided=false"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.build()
	if err != nil {
		t.Fatal(err)
	}
	if r.Engines[0].TimeControl == nil || r.Engines[0].TimeControl.Nodes != 500 {
		t.Fatalf("engine a's limit: %+v, want nodes 500", r.Engines[0].TimeControl)
	}
	want := []string{
		"-wait: varena starts a game as soon as a worker is free; ignored",
		"-site: varena writes [Site \"?\"] in every game; ignored",
		"-resign twosided=false: varena resigns a game only when both engines agree (twosided=true)",
		"engine a: nodes=500 with tc=10+0.1: varena gives one limit a move, nodes=500",
	}
	if strings.Join(m.notes, "\n") != strings.Join(want, "\n") {
		t.Fatalf("notes:\n%s\nwant:\n%s", strings.Join(m.notes, "\n"), strings.Join(want, "\n"))
	}
}

// FuzzMatchLine: any command line either fails with an error or gives a
// run whose YAML parses back to the same YAML (parse -> format -> parse).
func FuzzMatchLine(f *testing.F) {
	f.Add("-engine cmd=a name=x -engine cmd=b -each tc=10+0.1 -repeat -rounds 2 -variant extinction")
	f.Add("-engine cmd=a nodes=100 option.Hash=1 -engine cmd=b depth=3 -games 4 -variant evolution -sprt elo0=0 elo1=5 alpha=0.1")
	f.Add("-engine cmd=a st=0.5 -engine cmd=b -engine cmd=c -each tc=1:00+1 -tournament gauntlet -repeat -variant losalamos-bunkers -draw movenumber=1 movecount=2 score=3")
	f.Add("-engine cmd=a args='x y' -engine cmd=a -each tc=inf plies=4 -repeat -variant extinction -openings plies=6 -maxmoves 80")
	f.Fuzz(func(t *testing.T, line string) {
		m, err := parseMatch(strings.Fields(line))
		if err != nil {
			return
		}
		r, err := m.build()
		if err != nil {
			return
		}
		data, err := configs.MarshalRun(r)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		r1, err := configs.ParseAt("fuzz", "fuzz.yaml", data, configs.Checker{})
		if err != nil {
			return // the run is invalid: validation says why, with a line
		}
		data1, err := configs.MarshalRun(r1)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := configs.ParseAt("fuzz", "fuzz.yaml", data1, configs.Checker{})
		if err != nil {
			t.Fatalf("the run's own YAML does not parse: %v\n%s", err, data1)
		}
		data2, _ := configs.MarshalRun(r2)
		if string(data1) != string(data2) {
			t.Fatalf("YAML changed on a round trip:\n%s\nthen:\n%s", data1, data2)
		}
	})
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMatchVersion: -version, alone or in a line, prints one line naming
// varena and plays nothing.
func TestMatchVersion(t *testing.T) {
	for _, args := range [][]string{{"run", "-version"}, {"run", "-engine", "cmd=a", "-engine", "cmd=b", "-version"}} {
		code, out, errOut := varena(args...)
		if code != 0 || !strings.HasPrefix(out, "varena ") || strings.Count(out, "\n") != 1 || errOut != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// TestLinkedTool: the binary linked as fastchess or cutechess-cli (main
// puts "run -output format=TOOL" first) answers -version, --version,
// -help, --help and a bare call as the tool does: a version line, the
// help on stdout, and for a bare call fastchess's help (exit 0) or
// cutechess-cli's complaint that it needs two engines (exit 1).
func TestLinkedTool(t *testing.T) {
	for _, tt := range []struct {
		format, arg string
		code        int
		out, err    string // prefixes of stdout and stderr
	}{
		{"fastchess", "--version", 0, "varena ", ""},
		{"fastchess", "-version", 0, "varena ", ""},
		{"fastchess", "-v", 0, "varena ", ""},
		{"fastchess", "--help", 0, "usage: fastchess -engine cmd=A", ""},
		{"fastchess", "-help", 0, "usage: fastchess -engine cmd=A", ""},
		{"fastchess", "", 0, "usage: fastchess -engine cmd=A", ""},
		{"cutechess", "--version", 0, "varena ", ""},
		{"cutechess", "-version", 0, "varena ", ""},
		{"cutechess", "--help", 0, "usage: cutechess-cli -engine cmd=A", ""},
		{"cutechess", "", 1, "", "usage: cutechess-cli -engine cmd=A"},
	} {
		args := []string{"run", "-output", "format=" + tt.format}
		if tt.arg != "" {
			args = append(args, tt.arg)
		}
		code, out, errOut := varena(args...)
		if code != tt.code || !strings.HasPrefix(out, tt.out) || !strings.HasPrefix(errOut, tt.err) || (tt.out == "") != (out == "") || (tt.err == "") != (errOut == "") {
			t.Errorf("%s %q: exit %d, stdout %q, stderr %q", tt.format, tt.arg, code, out, errOut)
		}
		if tt.out == "varena " && strings.Count(out, "\n") != 1 {
			t.Errorf("%s %q: version %q, want one line", tt.format, tt.arg, out)
		}
	}
	// The help names every option of the table, taken or refused.
	help := matchHelp("fastchess")
	for _, o := range matchOptions {
		if !strings.Contains(help, "-"+o.name) {
			t.Errorf("help lacks -%s", o.name)
		}
	}
}
