package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"varena/configs"
	"varena/engines/variants"
)

// optionRow is one option (or key of an option) of cutechess-cli's help
// (`cutechess-cli -help`, its man page) or fastchess's (`fastchess
// --help`, its README), and what varena does with it: the run's YAML it
// becomes, a warning line on stderr, a setting of the output, or the
// one-line refusal. docs/ecosystem.md's table lists the same options.
type optionRow struct {
	tools string // cutechess-cli, fastchess, or both
	opt   string // as the doc's table names it: "-games", "-engine ponder", "-openings plies="
	args  string // the options tried, after a line of two engines (matchBase)

	yaml  string                   // lines the run's YAML holds (translated; a blank line parts pieces)
	note  string                   // a warning line on stderr (taken without effect)
	err   string                   // the refusal, the whole error
	check func(m *matchSetup) bool // an output setting, for options outside the run
	own   bool                     // args are the whole line (no matchBase)
}

// matchBase is the line each row's args follow: two engines with a clock
// and colour-reversed pairs, standard chess.
const matchBase = "-engine cmd=a -engine cmd=b -each tc=10+0.1 -repeat "

// optionTable covers every option of the two tools' manuals.
var optionTable = []optionRow{
	// General.
	{tools: "both", opt: "-version", args: "-version", check: func(m *matchSetup) bool { return m.showVersion }},
	{tools: "both", opt: "-help", args: "-help", check: func(m *matchSetup) bool { return m.showHelp }},
	{tools: "cutechess-cli", opt: "-engines", args: "-engines", err: "option -engines: varena has no engines.json; give each engine with -engine cmd=..."},
	{tools: "fastchess", opt: "-quick", args: "-quick cmd=a cmd=b book=x.epd", err: "option -quick: give -engine twice, -each tc=... and -rounds"},

	// Engines.
	{tools: "both", opt: "-engine", args: "", yaml: "engines:\n  - name: a\n    kind: uci\n    command: a\n  - name: b"},
	{tools: "both", opt: "-each", args: "-each option.Hash=16", yaml: "    options:\n      Hash: \"16\""},
	{tools: "both", opt: "-engine cmd=", args: "-engine cmd=./c -engine cmd=d", own: true, err: "-engine 1 (c): needs a limit: tc=, st=, nodes= or depth= (here or in -each)"},
	{tools: "both", opt: "-engine name=", args: "-engine cmd=./x name=dev nodes=5 -engine cmd=./y nodes=5 -repeat", own: true, yaml: "  - name: dev\n    kind: uci\n    command: ./x"},
	{tools: "both", opt: "-engine dir=", args: "-each dir=engines", yaml: "    dir: engines"},
	{tools: "cutechess-cli", opt: "-engine arg=", args: "-each arg=uci arg=--x", yaml: "    args:\n      - uci\n      - --x"},
	{tools: "fastchess", opt: "-engine args=", args: "-each 'args=uci --x'", yaml: "    args:\n      - uci\n      - --x"},
	{tools: "cutechess-cli", opt: "-engine conf=", args: "-each conf=x", err: "-engine 1: conf=x: varena has no engines.json; give the engine with cmd= and its other keys"},
	{tools: "cutechess-cli", opt: "-engine initstr=", args: "-each initstr=x", err: "-engine 1: initstr=x: varena sends an engine nothing before the UCI handshake; set options with option.NAME=VALUE"},
	{tools: "cutechess-cli", opt: "-engine stderr=", args: "-each stderr=e.txt", err: "-engine 1: stderr=e.txt: varena writes each engine's stderr to <out>/<engine>.log"},
	{tools: "both", opt: "-engine restart=on", args: "-each restart=on", yaml: "    restart: always"},
	{tools: "both", opt: "-engine restart=off", args: "-each restart=off", yaml: "    restart: on-crash"},
	{tools: "cutechess-cli", opt: "-engine restart=auto", args: "-each restart=auto", yaml: "    restart: on-crash"},
	{tools: "cutechess-cli", opt: "-engine trust", args: "-each trust", err: "-engine 1: trust: varena judges every game's end by the rules itself"},
	{tools: "cutechess-cli", opt: "-engine tscale=", args: "-each tscale=2", err: "-engine 1: tscale=2: varena's engine timeouts are fixed (10 s for the handshake and each isready)"},
	{tools: "both", opt: "-engine proto=uci", args: "-each proto=uci", yaml: "    kind: uci"},
	{tools: "cutechess-cli", opt: "-engine proto=xboard", args: "-each proto=xboard", yaml: "    kind: xboard"},
	{tools: "varena", opt: "-engine proto=usi", args: "-each proto=usi", yaml: "    kind: usi"},
	{tools: "varena", opt: "-engine proto=ucci", args: "-each proto=ucci", yaml: "    kind: ucci"},
	{tools: "varena", opt: "-engine proto=", args: "-each proto=cecp", err: "-engine 1: proto=cecp: want uci, xboard, usi or ucci"},
	{tools: "both", opt: "-engine tc=", args: "-each tc=40/1:00+0.5", yaml: "time_control:\n  clock: 40/1:00+0.5"},
	{tools: "both", opt: "-engine tc=inf", args: "-engine cmd=a tc=inf depth=3 -engine cmd=b depth=3 -repeat", own: true, yaml: "time_control:\n  depth: 3"},
	{tools: "both", opt: "-engine st=", args: "-engine cmd=a st=0.5 -engine cmd=b st=0.5 -repeat", own: true, yaml: "time_control:\n  movetime: 0.5"},
	{tools: "both", opt: "-engine timemargin=", args: "-each timemargin=250", yaml: "  margin: 0.25"},
	{tools: "both", opt: "-engine nodes=", args: "-each nodes=1000", yaml: "time_control:\n  nodes: 1000", note: "engine a: nodes=1000 with tc=10+0.1: varena gives one limit a move, nodes=1000"},
	{tools: "both", opt: "-engine depth=", args: "-each depth=4", yaml: "time_control:\n  depth: 4", note: "engine a: depth=4 with tc=10+0.1: varena gives one limit a move, depth=4"},
	{tools: "fastchess", opt: "-engine plies=", args: "-each plies=4", yaml: "time_control:\n  depth: 4", note: "engine a: depth=4 with tc=10+0.1: varena gives one limit a move, depth=4"},
	{tools: "cutechess-cli", opt: "-engine book=", args: "-each book=b.bin", err: "-engine 1: book=b.bin: varena reads no Polyglot books; give openings with -openings file=F.epd (or F.pgn)"},
	{tools: "cutechess-cli", opt: "-engine bookdepth=", args: "-each bookdepth=4", err: "-engine 1: bookdepth=4: varena reads no Polyglot books; give openings with -openings file=F.pgn plies=N"},
	{tools: "cutechess-cli", opt: "-engine whitepov", args: "-each whitepov", err: "-engine 1: whitepov: varena reads every engine's score from the side to move's view"},
	{tools: "cutechess-cli", opt: "-engine ponder", args: "-engine cmd=a ponder -engine cmd=b -each tc=10+0.1 -repeat", own: true, yaml: "    command: a\n    ponder: true"},
	{tools: "cutechess-cli", opt: "-engine ponder=false", args: "-engine cmd=a ponder=false -engine cmd=b ponder=true -each tc=10+0.1 -repeat", own: true, yaml: "    command: a\n  - name: b\n    kind: uci\n    command: b\n    ponder: true"},
	{tools: "both", opt: "-engine option.NAME=", args: "-each option.Threads=2", yaml: "      Threads: \"2\""},

	// Schedule.
	{tools: "both", opt: "-variant", args: "", yaml: "variant: standard"},
	{tools: "both", opt: "-variant standard", args: "-variant chess", yaml: "variant: standard"},
	{tools: "both", opt: "-variant fischerandom", args: "-variant chess960", yaml: "variant: fischerandom"},
	{tools: "cutechess-cli", opt: "-variant extinction", args: "-variant extinction", yaml: "variant: extinction"},
	{tools: "cutechess-cli", opt: "-variant kingofthehill", args: "-variant kingofthehill", yaml: "variant: kingofthehill"},
	{tools: "cutechess-cli", opt: "-variant andernach", args: "-variant andernach",
		err: `-variant andernach: unknown variant "andernach" (known: {known}) (a variants.ini's sections with -variant-file FILE)`},
	{tools: "varena", opt: "-variant-file", args: "-variant-file v.ini -variant hill", yaml: "variant: hill\nvariant_file: v.ini"},
	{tools: "both", opt: "-concurrency", args: "-concurrency 3", yaml: "concurrency: 3"},
	{tools: "fastchess", opt: "-force-concurrency", args: "-force-concurrency", err: "option -force-concurrency: give -concurrency N"},
	{tools: "both", opt: "-games", args: "-games 4", yaml: "tournament:\n  games: 4"},
	{tools: "both", opt: "-rounds", args: "-rounds 7", yaml: "  games: 2\n  rounds: 7"},
	{tools: "both", opt: "-repeat", args: "", yaml: "  games: 2"},
	{tools: "both", opt: "-repeat N", args: "-repeat 3", err: "-repeat 3: varena plays each opening twice, colours reversed (-repeat or -repeat 2)"},
	{tools: "both", opt: "-noswap", args: "-noswap", err: "option -noswap: varena plays every opening twice with colours reversed; there is no -noswap"},
	{tools: "fastchess", opt: "-reverse", args: "-reverse", err: "option -reverse: varena plays every opening twice, the first engine White in the first game of each pair; there is no reversed schedule"},
	{tools: "both", opt: "-tournament roundrobin", args: "-tournament round-robin", yaml: "tournament:\n  games: 2"},
	{tools: "both", opt: "-tournament gauntlet", args: "-tournament gauntlet", yaml: "  type: gauntlet\n  challenger: a"},
	{tools: "cutechess-cli", opt: "-tournament knockout", args: "-tournament knockout -seeds 2", yaml: "  type: knockout\n  games: 2\n  seeds: 2"},
	{tools: "TCEC's cutechess-cli", opt: "-tournament swiss-tcec", args: "-tournament swiss-tcec -rounds 5", yaml: "  type: swiss\n  games: 2\n  rounds: 5"},
	{tools: "cutechess-cli", opt: "-tournament pyramid", args: "-tournament pyramid", err: "-tournament pyramid: varena plays roundrobin, gauntlet, knockout and swiss-tcec (and -sprt for two engines)"},
	{tools: "both", opt: "-seeds", args: "-tournament gauntlet -seeds 2", err: "-seeds 2: a varena gauntlet has one challenger, the first engine; give -seeds 1 (or -tournament knockout)"},
	{tools: "both", opt: "-wait", args: "-wait 100", note: "-wait: varena starts a game as soon as a worker is free; ignored"},
	{tools: "both", opt: "-srand", args: "-srand 42", yaml: "seed: 42"},

	// Openings.
	{tools: "both", opt: "-openings file=", args: "-openings file=b.epd", yaml: "openings:\n  file: b.epd"},
	{tools: "both", opt: "-openings format=epd", args: "-openings file=b.pgn format=epd", yaml: "  file: b.pgn\n  format: epd"},
	{tools: "both", opt: "-openings format=pgn", args: "-openings file=b.txt format=pgn", yaml: "  file: b.txt\n  format: pgn"},
	{tools: "both", opt: "-openings order=", args: "-openings file=b.epd order=random", yaml: "  order: random"},
	{tools: "both", opt: "-openings plies=", args: "-openings file=b.pgn plies=8", yaml: "  file: b.pgn\n  plies: 8"},
	{tools: "both", opt: "-openings plies= (EPD)", args: "-openings file=b.epd plies=8", note: "-openings plies=8: an EPD opening is a position without moves; plies applies to PGN books, ignored"},
	{tools: "varena", opt: "-openings plies= (no file)", args: "-openings plies=6", yaml: "openings:\n  plies: 6"},
	{tools: "varena", opt: "-openings plies=0 (no file)", args: "-openings plies=0", err: "-openings plies=0: without a book, plies=N is N random plies from the start position; give 1 or more (or leave -openings out for the variant's built-in book)"},
	{tools: "both", opt: "-openings start=", args: "-openings file=b.epd start=5", yaml: "  start: 5"},
	{tools: "both", opt: "-openings policy=round", args: "-openings file=b.epd policy=round", yaml: "  file: b.epd"},
	{tools: "cutechess-cli", opt: "-openings policy=default", args: "-openings file=b.epd policy=default -games 4", yaml: "  games: 4"},
	{tools: "cutechess-cli", opt: "-openings policy=encounter", args: "-openings file=b.epd policy=encounter -games 4",
		err: "-openings policy=encounter with -games 4: varena gives each pair of games an opening of its own (policy=default); with -games 2 the policies agree"},
	{tools: "cutechess-cli", opt: "-bookmode", args: "-bookmode ram", err: "option -bookmode: varena reads no Polyglot books; give openings with -openings file=F.epd (or F.pgn)"},

	// Adjudication.
	{tools: "both", opt: "-draw movenumber=", args: "-draw movenumber=34 movecount=8 score=20", yaml: "  draw:\n    move_number: 34\n    moves: 8\n    score: 20"},
	{tools: "both", opt: "-draw movecount=", args: "-draw movecount=8", yaml: "  draw:\n    moves: 8"},
	{tools: "both", opt: "-draw score=", args: "-draw movecount=8 score=10", yaml: "    score: 10"},
	{tools: "both", opt: "-resign movecount=", args: "-resign movecount=3 score=600", yaml: "  resign:\n    moves: 3\n    score: 600"},
	{tools: "both", opt: "-resign score=", args: "-resign movecount=3 score=500", yaml: "    score: 500"},
	{tools: "both", opt: "-resign twosided=", args: "-resign movecount=3 score=600 twosided=false", note: "-resign twosided=false: varena resigns a game only when both engines agree (twosided=true)"},
	{tools: "both", opt: "-maxmoves", args: "-maxmoves 150", yaml: "  max_plies: 300"},
	{tools: "both", opt: "-tb", args: "-tb /syzygy", err: "option -tb: " + noTablebases},
	{tools: "both", opt: "-tbpieces", args: "-tbpieces 6", err: "option -tbpieces: " + noTablebases},
	{tools: "both", opt: "-tbignore50", args: "-tbignore50", err: "option -tbignore50: " + noTablebases},
	{tools: "fastchess", opt: "-tbadjudicate", args: "-tbadjudicate BOTH", err: "option -tbadjudicate: " + noTablebases},

	// Statistics.
	{tools: "both", opt: "-sprt elo0= elo1= alpha= beta=", args: "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 -rounds 100", yaml: "  type: sprt\n  games: 200\n  rounds: 1\n\nsprt:\n  elo1: 5\n  alpha: 0.05\n  beta: 0.1"},
	{tools: "fastchess", opt: "-sprt model=normalized", args: "-sprt elo0=0 elo1=5 model=normalized", yaml: "  model: normalized"},
	{tools: "fastchess", opt: "-sprt model=logistic", args: "-sprt elo0=0 elo1=5 model=logistic", yaml: "  model: logistic"},
	{tools: "fastchess", opt: "-sprt model=bayesian", args: "-sprt elo0=0 elo1=5 model=bayesian", err: "-sprt model=bayesian: want normalized or logistic"},
	{tools: "both", opt: "-ratinginterval", args: "-ratinginterval 5", check: func(m *matchSetup) bool { return m.ratingInterval == 5 }},
	{tools: "fastchess", opt: "-scoreinterval", args: "-scoreinterval 3", check: func(m *matchSetup) bool { return m.scoreInterval == 3 }},
	{tools: "cutechess-cli", opt: "-outcomeinterval", args: "-outcomeinterval 3", err: "option -outcomeinterval: give -ratinginterval N (and -scoreinterval N for cutechess output)"},
	{tools: "fastchess", opt: "-report penta=", args: "-report penta=false", check: func(m *matchSetup) bool { return !m.penta }},
	{tools: "fastchess", opt: "-output format=", args: "-output format=cutechess", check: func(m *matchSetup) bool { return m.format == "cutechess" }},
	{tools: "cutechess-cli", opt: "-resultformat", args: "-resultformat per-color", err: "option -resultformat: give -output format=cutechess or fastchess"},

	// PGN and other files.
	{tools: "cutechess-cli", opt: "-pgnout FILE", args: "-pgnout g.pgn", check: func(m *matchSetup) bool { return m.pgnOut == "g.pgn" && m.pgnAppend }},
	{tools: "cutechess-cli", opt: "-pgnout FILE fi", args: "-pgnout g.pgn fi", check: func(m *matchSetup) bool { return m.pgnOut == "g.pgn" }},
	{tools: "cutechess-cli", opt: "-pgnout FILE min", args: "-pgnout g.pgn min", note: "-pgnout min: varena's PGN keeps its tags and move comments; min ignored"},
	{tools: "fastchess", opt: "-pgnout file=", args: "-pgnout file=g.pgn", check: func(m *matchSetup) bool { return m.pgnOut == "g.pgn" }},
	{tools: "fastchess", opt: "-pgnout append=", args: "-pgnout file=g.pgn append=false", check: func(m *matchSetup) bool { return !m.pgnAppend }},
	{tools: "fastchess", opt: "-pgnout notation=san", args: "-pgnout file=g.pgn notation=san", check: func(m *matchSetup) bool { return len(m.notes) == 0 }},
	{tools: "fastchess", opt: "-pgnout notation=lan", args: "-pgnout file=g.pgn notation=lan", note: "-pgnout notation=lan: varena's PGN is in SAN; ignored"},
	{tools: "fastchess", opt: "-pgnout nodes=", args: "-pgnout file=g.pgn nodes=true", note: "-pgnout nodes=true: varena's move comments hold the score, depth and time only; ignored"},
	{tools: "fastchess", opt: "-pgnout seldepth=", args: "-pgnout file=g.pgn seldepth=true", note: "-pgnout seldepth=true: varena's move comments hold the score, depth and time only; ignored"},
	{tools: "fastchess", opt: "-pgnout nps=", args: "-pgnout file=g.pgn nps=true", note: "-pgnout nps=true: varena's move comments hold the score, depth and time only; ignored"},
	{tools: "fastchess", opt: "-pgnout hashfull=", args: "-pgnout file=g.pgn hashfull=true", note: "-pgnout hashfull=true: varena's move comments hold the score, depth and time only; ignored"},
	{tools: "fastchess", opt: "-pgnout tbhits=", args: "-pgnout file=g.pgn tbhits=true", note: "-pgnout tbhits=true: varena's move comments hold the score, depth and time only; ignored"},
	{tools: "fastchess", opt: "-pgnout pv=", args: "-pgnout file=g.pgn pv=true", note: "-pgnout pv=true: varena's move comments hold the score, depth and time only; ignored"},
	{tools: "fastchess", opt: "-pgnout timeleft=", args: "-pgnout file=g.pgn timeleft=true", note: "-pgnout timeleft=true: varena's move comments hold the score, depth and time only; ignored"},
	{tools: "fastchess", opt: "-pgnout latency=", args: "-pgnout file=g.pgn latency=true", note: "-pgnout latency=true: varena's move comments hold the score, depth and time only; ignored"},
	{tools: "fastchess", opt: "-pgnout min=", args: "-pgnout file=g.pgn min=true", note: "-pgnout min=true: varena's PGN keeps its tags and move comments; ignored"},
	{tools: "fastchess", opt: "-pgnout match_line=", args: "-pgnout file=g.pgn match_line=x", err: "-pgnout match_line=x: varena does not copy engine output into its PGN; read the protocol log (-log file=F)"},
	{tools: "both", opt: "-epdout", args: "-epdout file=e.epd", err: "option -epdout: varena keeps every game in games.pgn and journal.jsonl of the output directory"},
	{tools: "both", opt: "-event", args: "-event 'my test'", yaml: "name: my_test"},
	{tools: "both", opt: "-site", args: "-site here", note: "-site: varena writes [Site \"?\"] in every game; ignored"},
	{tools: "fastchess", opt: "-crc32 pgn=", args: "-pgnout file=g.pgn -crc32 pgn=true", check: func(m *matchSetup) bool { return m.crc32 }},

	// Recovery and tests.
	{tools: "fastchess", opt: "-config", args: "-config file=c.json", err: "option -config: varena resumes from its output directory: run the same command again with the same -out (or save -print-yaml and run that file)"},
	{tools: "both", opt: "-recover", args: "-recover", check: func(m *matchSetup) bool { return len(m.notes) == 0 }},
	{tools: "fastchess", opt: "-autosaveinterval", args: "-autosaveinterval 20", check: func(m *matchSetup) bool { return len(m.notes) == 0 }},
	{tools: "fastchess", opt: "-autosaveinterval 0", args: "-autosaveinterval 0", note: "-autosaveinterval 0: varena records every game as it ends (its journal, which resumes the run); it cannot be turned off"},
	{tools: "fastchess", opt: "-testEnv", args: "-testEnv", check: func(m *matchSetup) bool { return len(m.notes) == 0 }},
	{tools: "fastchess", opt: "-compliance", args: "--compliance ./engine", err: "option --compliance: varena has no UCI compliance check; play a short run (-rounds 1) and read the protocol log (-log file=F)"},
	{tools: "fastchess", opt: "-check-mate-pvs", args: "-check-mate-pvs", err: "option -check-mate-pvs: varena does not check the engines' principal variations"},
	{tools: "fastchess", opt: "-show-latency", args: "-show-latency", err: "option -show-latency: varena does not measure the engines' latency; time overruns within the margin are reported at the end of the run"},
	{tools: "fastchess", opt: "-strict", args: "-strict", err: "option -strict: varena does not stop a run on a warning; read its Warning lines (a crash, a time loss and an illegal move end the game and are counted)"},
	{tools: "cutechess-cli", opt: "-debug", args: "-debug", err: "option -debug: give -log file=FILE: every line sent to and read from the engines, with the time and the game id (their stderr is in <out>/<engine>.log)"},
	{tools: "fastchess", opt: "-log file=", args: "-log file=p.log", check: func(m *matchSetup) bool { return m.log != nil && m.log.file == "p.log" && m.log.append }},
	{tools: "fastchess", opt: "-log append=", args: "-log file=p.log append=false", check: func(m *matchSetup) bool { return m.log != nil && !m.log.append }},
	{tools: "fastchess", opt: "-log compress=", args: "-log file=p.log compress=true", err: "-log compress=true: varena writes the log uncompressed; compress it with gzip after the run"},
	{tools: "fastchess", opt: "-log realtime=", args: "-log file=p.log realtime=false", note: "-log realtime=false: varena writes every line as it happens; ignored"},
	{tools: "fastchess", opt: "-log level=", args: "-log file=p.log level=trace", note: "-log level=trace: varena's log holds every line to and from the engines, whatever the level"},
	{tools: "fastchess", opt: "-log engine=", args: "-log file=p.log engine=true", check: func(m *matchSetup) bool { return len(m.notes) == 0 }},
	{tools: "fastchess", opt: "-use-affinity", args: "-use-affinity", err: "option -use-affinity: varena leaves CPU placement to the system"},
	{tools: "fastchess", opt: "-startup-ms", args: "-startup-ms 10000", check: func(m *matchSetup) bool { return len(m.notes) == 0 }},
	{tools: "fastchess", opt: "-ucinewgame-ms", args: "-ucinewgame-ms 60000", err: "-ucinewgame-ms 60000: varena waits 10000 ms for an engine's handshake and for each isready; give 10000 or leave it out"},
	{tools: "fastchess", opt: "-ping-ms", args: "-ping-ms 60000", err: "-ping-ms 60000: varena waits 10000 ms for an engine's handshake and for each isready; give 10000 or leave it out"},
}

// TestOptionTable: each option of the two tools' manuals is translated
// as its row says, or refused with its row's line.
func TestOptionTable(t *testing.T) {
	seen := map[string]bool{}
	for _, row := range optionTable {
		t.Run(row.opt, func(t *testing.T) {
			if seen[row.opt] {
				t.Fatalf("two rows for %s", row.opt)
			}
			seen[row.opt] = true
			line := row.args
			if !row.own {
				line = matchBase + row.args
			}
			m, err := parseMatch(splitLine(t, line))
			var r *configs.Run
			if err == nil && !m.showVersion && !m.showHelp {
				r, err = m.build()
			}
			if row.err != "" {
				// The built-in variants.
				want := strings.ReplaceAll(row.err, "{known}", strings.Join(variants.Playable(), ", "))
				if err == nil || err.Error() != want {
					t.Fatalf("error\n%v\nwant\n%s", err, want)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v", err)
			}
			if row.yaml != "" {
				data, err := configs.MarshalRun(r)
				if err != nil {
					t.Fatal(err)
				}
				for _, piece := range strings.Split(row.yaml, "\n\n") {
					if !strings.Contains(string(data), piece+"\n") {
						t.Fatalf("YAML:\n%s\nlacks:\n%s", data, piece)
					}
				}
			}
			if row.note != "" && !slices.Contains(m.notes, row.note) {
				t.Fatalf("notes %q lack %q", m.notes, row.note)
			}
			if row.check != nil && !row.check(m) {
				t.Fatalf("setup %+v", m)
			}
			if row.yaml == "" && row.note == "" && row.check == nil {
				t.Fatal("the row says nothing varena does")
			}
		})
	}
}

// splitLine splits a test's command line as a shell would.
func splitLine(t *testing.T, line string) []string {
	t.Helper()
	args, err := splitArgs(line)
	if err != nil {
		t.Fatal(err)
	}
	return args
}

// docOption is an option cell of docs/ecosystem.md's table.
var docOption = regexp.MustCompile("^\\| `([^`]+)` \\|")

// TestOptionTableDoc: docs/ecosystem.md's table of options and the test
// table name the same options.
func TestOptionTableDoc(t *testing.T) {
	data, err := os.ReadFile("../../docs/ecosystem.md")
	if err != nil {
		t.Fatal(err)
	}
	inDoc := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if m := docOption.FindStringSubmatch(line); m != nil {
			inDoc[m[1]] = true
		}
	}
	for _, row := range optionTable {
		if !inDoc[row.opt] {
			t.Errorf("docs/ecosystem.md's table lacks %s", row.opt)
		}
		delete(inDoc, row.opt)
	}
	for opt := range inDoc {
		t.Errorf("docs/ecosystem.md's table has %s, which the test table lacks", opt)
	}
}
