package configs_test

import (
	"strings"
	"testing"
	"time"

	"varena/configs"
	"varena/engines/search"
)

// brokenRuns are runs with mistakes and the exact messages they give,
// one per line. "t.yaml" names them.
var brokenRuns = []struct {
	name string
	yaml string
	want string
}{
	{
		name: "unknown key, a likely typo",
		yaml: `variant: extinction
time_control: {depth: 2}
engines:
  - {name: a, kind: random}
  - {name: b, kind: random, sed: 3}
`,
		want: `t.yaml:5: unknown key "sed" in engine (did you mean "seed"?)`,
	},
	{
		name: "engine names that would become paths",
		yaml: `variant: extinction
engines:
  - {name: ../../escaped, kind: random}
  - {name: .hidden, kind: random}
  - {name: "a b", kind: random}
  - {name: ok_1.2-x+y, kind: random}
  - {name: ` + strings.Repeat("n", 65) + `, kind: random}
`,
		want: `t.yaml:3: engine name "../../escaped": use letters, digits and . _ - + only, at most 64 characters, not starting with a dot
t.yaml:4: engine name ".hidden": use letters, digits and . _ - + only, at most 64 characters, not starting with a dot
t.yaml:5: engine name "a b": use letters, digits and . _ - + only, at most 64 characters, not starting with a dot
t.yaml:7: engine name "` + strings.Repeat("n", 65) + `": use letters, digits and . _ - + only, at most 64 characters, not starting with a dot`,
	},
	{
		name: "a run name that would become a path",
		yaml: `name: ../up
variant: extinction
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:1: name "../up": use letters, digits and . _ - + only, at most 64 characters, not starting with a dot`,
	},
	{
		name: "unknown key, nothing near",
		yaml: `variant: extinction
tournament: {type: round-robin, pairings: 3}
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: unknown key "pairings" in tournament (known: type, challenger, games, rounds, seeds, adaptive)`,
	},
	{
		name: "adaptive outside a round robin of three, and its LOS",
		yaml: `variant: extinction
tournament:
  type: gauntlet
  challenger: a
  adaptive: {los: 1.5}
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:5: tournament.adaptive is only for a round robin
t.yaml:5: tournament.adaptive.los: 1.5; want a likelihood above 0.5 and below 1 (such as 0.95)`,
	},
	{
		name: "adaptive with two engines",
		yaml: `variant: extinction
tournament: {adaptive: {}}
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: tournament.adaptive: a ranking of 2 engines has nothing to settle but one match; play it as an sprt`,
	},
	{
		name: "unknown keys and invalid values together",
		yaml: `variantt: extinction
tournament:
  games: 3
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:1: unknown key "variantt" in run (did you mean "variant"?)
t.yaml:1: no variant: set variant (one) or variants (a list)
t.yaml:3: tournament.games: 3 is odd; each opening is played twice, colours reversed, so games must be even`,
	},
	{
		name: "wrong types",
		yaml: `variant: extinction
tournament:
  games: two
  rounds: [1]
engines: [{name: a, kind: random, seed: -1}, {name: b, kind: random}]
`,
		want: "t.yaml:3: games: want a whole number, have \"two\"\n" +
			"t.yaml:4: rounds: want a whole number, have a list\n" +
			"t.yaml:5: seed: want a whole number, 0 or more, have \"-1\"",
	},
	{
		// yaml.v3 cuts a fraction to a whole number silently (games: 4.5
		// played 4 a pairing); a whole float (1e3, 20.0) is the number.
		name: "fractions for whole numbers",
		yaml: `variant: extinction
tournament:
  games: 4.5
  rounds: 1e3
time_control: {nodes: 3000.7}
engines: [{name: a, kind: alphabeta, hash: 16.0}, {name: b, kind: random, seed: 1.5}]
`,
		want: "t.yaml:3: games: want a whole number, have 4.5\n" +
			"t.yaml:5: nodes: want a whole number, have 3000.7\n" +
			"t.yaml:6: seed: want a whole number, have 1.5",
	},
	{
		// Bounded as varena uci -hash is: hash 1000000000 panicked in
		// makeslice after the output directory was made.
		name: "hash and concurrency beyond their bounds",
		yaml: `variant: extinction
concurrency: 100000000
time_control: {depth: 1}
engines:
  - {name: a, kind: alphabeta, hash: 1000000000}
  - {name: b, kind: alphabeta, hash: 4096}
`,
		want: "t.yaml:2: concurrency: 100000000 is more than 1024 games at once\n" +
			"t.yaml:5: engine \"a\": hash 1000000000 MB is more than 4096 MB",
	},
	{
		// Threads as varena uci's option bounds them (search.MaxThreads),
		// for the built-in engine only.
		name: "threads",
		yaml: `variant: extinction
time_control: {depth: 1}
engines:
  - {name: a, kind: alphabeta, threads: 257}
  - {name: b, kind: alphabeta, threads: 0}
  - {name: c, kind: alphabeta, threads: -2}
  - {name: d, kind: random, threads: 2}
  - {name: e, kind: alphabeta, threads: 256}
`,
		want: "t.yaml:4: engine \"a\": threads 257; want 1 to 256 (leave the key out for 1)\n" +
			"t.yaml:5: engine \"b\": threads 0; want 1 to 256 (leave the key out for 1)\n" +
			"t.yaml:6: engine \"c\": threads -2; want 1 to 256 (leave the key out for 1)\n" +
			"t.yaml:7: engine \"d\": threads is for alphabeta engines, not random",
	},
	{
		// A plain scalar folded over a blank line holds a line break:
		// the message stays one line (FuzzParse found it).
		name: "value over two lines",
		yaml: "seed: 0\n\n 00\n",
		want: `t.yaml:1: seed: want a whole number, 0 or more, have "0\n00"`,
	},
	{
		name: "other wrong types",
		yaml: `variant: extinction
time_control: {movetime: fast, depth: {x: 1}}
engines: [{name: a, kind: random, plays: extinction}, {name: b, kind: [random], options: 3}]
`,
		want: "t.yaml:2: movetime: want a number, have \"fast\"\n" +
			"t.yaml:2: depth: want a whole number, have a mapping\n" +
			"t.yaml:3: plays: want a list, have \"extinction\"\n" +
			"t.yaml:3: kind: want a word or text, have a list\n" +
			"t.yaml:3: options: want a mapping of names to values, have \"3\"",
	},
	{
		name: "tab in the indentation",
		yaml: "variant: extinction\ntournament:\n  type: round-robin\n\tgames: 2\n",
		want: "t.yaml:4: a tab in the indentation; YAML indents with spaces only",
	},
	{
		name: "tab first",
		yaml: "variant: extinction\ntournament:\n\tgames: 2\n",
		want: "t.yaml:3: a tab in the indentation; YAML indents with spaces only",
	},
	{
		// A zero that would read as "not given" and become the default.
		name: "explicit zeros",
		yaml: `variant: extinction
tournament: {games: 0, rounds: 0}
time_control: {movetime: 0.5, margin: 0}
engines:
  - {name: a, kind: alphabeta, hash: 0, time_control: {depth: 0}}
  - {name: b, kind: random, seed: 0}
  - {name: c, kind: uci, command: x, time_control: {nodes: 0}}
  - {name: d, kind: uci, command: x, time_control: {movetime: 0}}
`,
		want: "t.yaml:2: tournament.games: 0 games; want an even number, 2 or more (leave the key out for 2)\n" +
			"t.yaml:2: tournament.rounds: 0 rounds; want 1 or more (leave the key out for 1)\n" +
			"t.yaml:5: engine \"a\": hash 0; want 1 MB or more (leave the key out for 16)\n" +
			"t.yaml:5: engine \"a\": time_control.depth: 0 is not positive\n" +
			"t.yaml:6: engine \"b\": seed 0 means the run's seed; leave the key out for that, or give another number\n" +
			"t.yaml:7: engine \"c\": time_control.nodes: 0 is not positive\n" +
			"t.yaml:8: engine \"d\": time_control.movetime: 0 is not a positive number of seconds",
	},
	{
		name: "sprt zeros",
		yaml: `variant: extinction
tournament: {type: sprt, games: 0}
time_control: {nodes: 1000}
sprt: {elo0: 0, elo1: 5, alpha: 0, beta: 0}
engines: [{name: a, kind: alphabeta}, {name: b, kind: alphabeta}]
`,
		want: "t.yaml:2: tournament.games: 0 games; want an even number, 2 or more (leave the key out for 20000)\n" +
			"t.yaml:4: sprt.alpha: 0 is not between 0 and 1 (both excluded)\n" +
			"t.yaml:4: sprt.beta: 0 is not between 0 and 1 (both excluded)",
	},
	{
		name: "a list where a mapping belongs",
		yaml: `variant: extinction
openings: [a, b]
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: openings: want a mapping of keys to values, have a list`,
	},
	{
		name: "key given twice",
		yaml: `variant: extinction
variant: evolution
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: variant given twice (first at line 1)`,
	},
	{
		name: "yaml syntax",
		yaml: "variant: extinction\nengines: [{name: a\n",
		want: `t.yaml:2: did not find expected ',' or '}'`,
	},
	{
		name: "not a mapping",
		yaml: "just words\n",
		want: `t.yaml:1: run: want a mapping of keys to values, have "just words"`,
	},
	{
		name: "two documents",
		yaml: "variant: extinction\n---\nvariant: evolution\n",
		want: `t.yaml:2: more than one YAML document; a run file holds one run`,
	},
	{
		name: "empty file",
		yaml: "",
		want: `t.yaml:1: no variant: set variant (one) or variants (a list)
t.yaml:1: engines: need at least two, have 0`,
	},
	{
		name: "unknown variant",
		yaml: `variant: shogi
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:1: variant: unknown variant "shogi" (known: extinction, losalamos-bunkers, evolution, standard, fischerandom, losalamos-extinction)`,
	},
	{
		name: "variants: both, duplicate, unknown, no name, schedule",
		yaml: `variant: extinction
variants:
  - evolution
  - atomic
  - evolution
  - ~
variant_schedule: some
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: variant and variants both set: give one of them
t.yaml:4: variants: unknown variant "atomic" (known: extinction, losalamos-bunkers, evolution, standard, fischerandom, losalamos-extinction)
t.yaml:5: variants: evolution listed twice
t.yaml:6: variants: entry 4 has no name
t.yaml:7: variant_schedule: unknown schedule "some" (known: all, assigned)`,
	},
	{
		name: "variant_schedule with one variant",
		yaml: `variant: extinction
variant_schedule: all
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: variant_schedule is for runs with several variants`,
	},
	{
		name: "per-variant openings and time control",
		yaml: `variants:
  - name: extinction
    openings: {file: ../openings/none.epd, order: shuffled}
    time_control: {}
  - evolution
openings: {file: ../openings/losalamos-bunkers.epd}
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:3: variant "extinction": openings.order: unknown order "shuffled" (known: sequential, random)
t.yaml:3: variant "extinction": openings.file: ../openings/none.epd not found
t.yaml:4: variant "extinction": time_control: no limit; set one of depth, nodes, movetime or clock
t.yaml:6: openings.file with several variants: a file holds positions of one variant; give each variant its own openings`,
	},
	{
		name: "odd games, negative rounds, unknown type",
		yaml: `variant: extinction
tournament:
  type: dutch
  games: 5
  rounds: -1
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:3: tournament.type: unknown type "dutch" (known: round-robin, gauntlet, sprt, swiss, knockout)
t.yaml:4: tournament.games: 5 is odd; each opening is played twice, colours reversed, so games must be even
t.yaml:5: tournament.rounds: -1 is negative`,
	},
	{
		name: "swiss: too many rounds, seeds",
		yaml: `variant: extinction
tournament:
  type: swiss
  rounds: 4
  seeds: 2
engines: [{name: a, kind: random}, {name: b, kind: random}, {name: c, kind: random}]
`,
		want: `t.yaml:4: tournament.rounds: 4 rounds of a Swiss of 3 engines; at most 3, when every engine has met every other
t.yaml:5: tournament.seeds is only for tournament type knockout`,
	},
	{
		name: "unknown engine as challenger",
		yaml: `variant: extinction
tournament: {type: gauntlet, challenger: stockfish}
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: tournament.challenger: no engine named "stockfish" (engines: a, b)`,
	},
	{
		name: "gauntlet without challenger, challenger without gauntlet",
		yaml: `variant: extinction
tournament: {type: gauntlet}
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: tournament: a gauntlet needs a challenger (the name of one of the engines)`,
	},
	{
		name: "challenger in a round-robin",
		yaml: `variant: extinction
tournament: {challenger: a}
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: tournament.challenger is only for tournament type gauntlet`,
	},
	{
		name: "sprt with three engines and no sprt block",
		yaml: `variant: extinction
tournament: {type: sprt}
time_control: {nodes: 1000}
engines:
  - {name: a, kind: alphabeta}
  - {name: b, kind: alphabeta}
  - {name: c, kind: alphabeta}
`,
		want: `t.yaml:2: tournament type sprt needs an sprt block (elo0, elo1)
t.yaml:4: tournament type sprt needs exactly two engines (the first is tested against the second), have 3`,
	},
	{
		name: "sprt values",
		yaml: `variant: extinction
tournament: {type: sprt, games: 101}
time_control: {nodes: 1000}
sprt:
  elo0: 5
  elo1: 0
  alpha: 1.5
  beta: -0.1
  model: bayes
engines: [{name: a, kind: alphabeta}, {name: b, kind: alphabeta}]
`,
		want: `t.yaml:2: tournament.games: 101 is odd; each opening is played twice, colours reversed, so games must be even
t.yaml:6: sprt: elo0 (5) must be below elo1 (0)
t.yaml:7: sprt.alpha: 1.5 is not between 0 and 1 (both excluded)
t.yaml:8: sprt.beta: -0.1 is not between 0 and 1 (both excluded)
t.yaml:9: sprt.model: unknown model "bayes" (known: normalized, logistic)`,
	},
	{
		name: "sprt infinite, alpha+beta",
		yaml: `variant: extinction
tournament: {type: sprt}
time_control: {nodes: 1000}
sprt: {elo0: .nan, elo1: .inf, alpha: 0.5, beta: 0.5}
engines: [{name: a, kind: alphabeta}, {name: b, kind: alphabeta}]
`,
		want: `t.yaml:4: sprt.elo0: NaN is not a finite number
t.yaml:4: sprt.elo1: +Inf is not a finite number
t.yaml:4: sprt: alpha + beta (1) must be below 1`,
	},
	{
		name: "sprt block in a round-robin",
		yaml: `variant: extinction
sprt: {elo0: 0, elo1: 5}
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:2: sprt is only for tournament type sprt`,
	},
	{
		name: "missing time control",
		yaml: `variant: extinction
engines:
  - {name: a, kind: alphabeta}
  - {name: b, kind: uci, command: sf}
  - {name: c, kind: random}
`,
		want: `t.yaml:1: no time control: set time_control (one of depth, nodes, movetime, clock) for the run or for every engine`,
	},
	{
		name: "one engine without time control",
		yaml: `variant: extinction
engines:
  - {name: a, kind: alphabeta, time_control: {depth: 3}}
  - {name: b, kind: alphabeta}
`,
		want: `t.yaml:4: engine "b" has no time control: give it a time_control or set one for the run`,
	},
	{
		name: "a variant without time control",
		yaml: `variants: [extinction, {name: evolution, time_control: {depth: 2}}]
engines:
  - {name: a, kind: alphabeta, declines: [extinction]}
  - {name: b, kind: alphabeta}
`,
		want: `t.yaml:4: engine "b" has no time control: give it a time_control or set one for the run`,
	},
	{
		name: "bad clock",
		yaml: `variant: extinction
time_control: {clock: 40/60+x}
engines: [{name: a, kind: alphabeta}, {name: b, kind: alphabeta}]
`,
		want: `t.yaml:2: time_control.clock: bad clock "40/60+x": increment: "x" is not a number of seconds (want [moves/]seconds[+increment], e.g. 40/60+0.6 or 10+0.1)`,
	},
	{
		name: "time control values",
		yaml: `variant: extinction
time_control:
  depth: 3
  movetime: -1
  margin: -2
engines:
  - {name: a, kind: alphabeta, time_control: {nodes: -5}}
  - name: b
    kind: alphabeta
    time_control: {}
`,
		want: `t.yaml:4: time_control: depth and movetime set; give only one of depth, nodes, movetime and clock
t.yaml:4: time_control.movetime: -1 is not a positive number of seconds
t.yaml:5: time_control.margin: -2 is not a number of seconds >= 0
t.yaml:7: engine "a": time_control.nodes: -5 is not positive
t.yaml:10: engine "b": time_control: no limit; set one of depth, nodes, movetime or clock`,
	},
	{
		name: "duplicate and missing engine names, kinds",
		yaml: `variant: extinction
time_control: {depth: 2}
engines:
  - name: a
    kind: alphabeta
  - name: a
    kind: random
  - kind: greedy
  - name: c
  - name: d
    kind: lc0
`,
		want: `t.yaml:6: engine name "a" used twice (first at line 4)
t.yaml:8: engine 3 has no name
t.yaml:9: engine "c" has no kind (alphabeta, random, greedy, uci, xboard, usi or ucci)
t.yaml:11: engine "d": unknown kind "lc0" (known: alphabeta, random, greedy, uci, xboard, usi, ucci)`,
	},
	{
		name: "too few engines",
		yaml: `variant: extinction
engines: [{name: a, kind: random}]
`,
		want: `t.yaml:2: engines: need at least two, have 1`,
	},
	{
		name: "keys for other kinds",
		yaml: `variant: extinction
time_control: {depth: 2}
engines:
  - name: a
    kind: alphabeta
    command: ./a
    options: {Hash: 16}
    seed: 4
  - name: b
    kind: uci
    hash: 16
    weights: {extinction: w.yaml}
  - name: c
    kind: random
    restart: always
    hash: -1
    history: game
`,
		want: `t.yaml:6: engine "a": command is for uci, xboard, usi and ucci engines, not alphabeta
t.yaml:8: engine "a": seed is for random and greedy engines, not alphabeta
t.yaml:9: engine "b": kind uci needs a command
t.yaml:11: engine "b": hash is for alphabeta engines, not uci
t.yaml:12: engine "b": weights is for alphabeta and greedy engines, not uci
t.yaml:12: engine "b": weights for extinction: w.yaml not found
t.yaml:15: engine "c": restart is for uci, xboard, usi and ucci engines, not random
t.yaml:16: engine "c": hash is for alphabeta engines, not random
t.yaml:16: engine "c": hash -1 is negative
t.yaml:17: engine "c": history is for uci engines, not random`,
	},
	{
		name: "weights, restart, plays and declines",
		yaml: `variant: extinction
time_control: {depth: 2}
engines:
  - name: a
    kind: alphabeta
    weights:
      shogi: ../weights/extinction.yaml
      extinction: ""
      # evolution: the shipped weights
  - name: b
    kind: uci
    command: sf
    restart: never
    variant_names: {extinction: "", xiangqi: x}
    plays: [evolution, shogi]
    declines: [evolution]
    history: recent
`,
		want: `t.yaml:7: engine "a": weights: unknown variant "shogi" (known: extinction, losalamos-bunkers, evolution, standard, fischerandom, losalamos-extinction)
t.yaml:8: engine "a": weights for extinction: no file given
t.yaml:10: engine "b" plays none of the run's variants (extinction)
t.yaml:13: engine "b": unknown restart "never" (known: on-crash, always)
t.yaml:14: engine "b": variant_names: no name given for extinction
t.yaml:14: engine "b": variant_names: unknown variant "xiangqi" (known: extinction, losalamos-bunkers, evolution, standard, fischerandom, losalamos-extinction)
t.yaml:15: engine "b": plays: unknown variant "shogi" (known: extinction, losalamos-bunkers, evolution, standard, fischerandom, losalamos-extinction)
t.yaml:16: engine "b": evolution both in plays and in declines
t.yaml:17: engine "b": unknown history "recent" (known: game, reversible, none)`,
	},
	{
		name: "openings",
		yaml: `variant: extinction
openings:
  file: nowhere.epd
  order: shuffled
  plies: -2
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:3: openings.file: nowhere.epd not found
t.yaml:4: openings.order: unknown order "shuffled" (known: sequential, random)
t.yaml:5: openings.plies: -2 is negative
t.yaml:5: openings: file and plies both given; give one (plies makes random openings, or with format: pgn, plays that many plies of each game)`,
	},
	{
		name: "openings format and start",
		yaml: `variant: extinction
openings:
  file: ../openings/losalamos-bunkers.epd
  format: fen
  start: -1
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:4: openings.format: unknown format "fen" (known: epd, pgn)
t.yaml:5: openings.start: -1 is negative`,
	},
	{
		name: "openings format and start without a file",
		yaml: `variants: [extinction, {name: evolution, openings: {format: pgn, start: 3, plies: 2}}]
engines: [{name: a, kind: random}, {name: b, kind: random}]
`,
		want: `t.yaml:1: variant "evolution": openings.format without a file: it says how to read the file
t.yaml:1: variant "evolution": openings.start: a line of a book; give file too`,
	},
	{
		name: "adjudication",
		yaml: `variant: extinction
adjudication:
  max_plies: -1
  draw: {move_number: -3}
  resign:
    moves: 2
    score: -100
engines: [{name: a, kind: random}, {name: b, kind: random}]
concurrency: -1
`,
		want: `t.yaml:3: adjudication.max_plies: -1 is negative
t.yaml:4: adjudication.draw.move_number: -3 is negative
t.yaml:4: adjudication.draw.moves must be positive, have 0
t.yaml:4: adjudication.draw.score must be positive, have 0
t.yaml:7: adjudication.resign.score must be positive, have -100
t.yaml:9: concurrency: -1 is negative (0 means one worker per CPU)`,
	},
}

func TestBrokenRuns(t *testing.T) {
	for _, c := range brokenRuns {
		t.Run(c.name, func(t *testing.T) {
			r, err := configs.Parse("t.yaml", []byte(c.yaml), check)
			if err == nil {
				t.Fatalf("no error; run %+v", r)
			}
			if r != nil {
				t.Errorf("a run (%+v) with the error", r)
			}
			if got := err.Error(); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestMergeKeys(t *testing.T) {
	_, err := configs.Parse("t.yaml", []byte(`
variant: extinction
time_control: &tc {depth: 3}
x-templates: 1
engines:
  - &ab {name: a, kind: alphabeta, hash: 8}
  - <<: *ab
    name: b
    time_control: *tc
`), check)
	if err == nil || err.Error() != `t.yaml:4: unknown key "x-templates" in run (known: name, variant, variants, variant_file, variant_schedule, out, seed, concurrency, protocol_log, tournament, openings, time_control, adjudication, sprt, engines)` {
		t.Fatalf("got %v", err)
	}
	r, err := configs.Parse("t.yaml", []byte(`
variant: extinction
time_control: &tc {depth: 3}
engines:
  - &ab {name: a, kind: alphabeta, hash: 8}
  - <<: *ab
    name: b
    time_control: *tc
`), check)
	if err != nil {
		t.Fatal(err)
	}
	if b := r.Engines[1]; b.Name != "b" || b.Kind != "alphabeta" || b.Hash != 8 || b.TimeControl == nil || b.TimeControl.Depth != 3 {
		t.Errorf("merged engine: %+v", b)
	}
}

func TestParseClock(t *testing.T) {
	for _, c := range []struct {
		in        string
		moves     int
		base, inc time.Duration
		err       string
		pgn       string // TimeControl.String
	}{
		{in: "40/60+0.6", moves: 40, base: 60 * time.Second, inc: 600 * time.Millisecond, pgn: "40/60+0.6"},
		{in: "60+0.6", base: 60 * time.Second, inc: 600 * time.Millisecond, pgn: "60+0.6"},
		{in: "60", base: 60 * time.Second, pgn: "60"},
		{in: "40/60", moves: 40, base: 60 * time.Second, pgn: "40/60"},
		{in: "10+0.1", base: 10 * time.Second, inc: 100 * time.Millisecond, pgn: "10+0.1"},
		{in: "0.5", base: 500 * time.Millisecond, pgn: "0.5"},
		{in: ".5+.05", base: 500 * time.Millisecond, inc: 50 * time.Millisecond, pgn: "0.5+0.05"},
		{in: "1:30+1", base: 90 * time.Second, inc: time.Second, pgn: "90+1"},
		{in: "0:30", base: 30 * time.Second, pgn: "30"},
		{in: "60+0", base: 60 * time.Second, pgn: "60"},
		{in: "", err: `bad clock "": time: "" is not a number of seconds`},
		{in: "abc", err: `bad clock "abc": time: "abc" is not a number of seconds`},
		{in: "40/", err: `bad clock "40/": time: "" is not a number of seconds`},
		{in: "/60", err: `bad clock "/60": moves "" is not a whole number`},
		{in: "x/60", err: `bad clock "x/60": moves "x" is not a whole number`},
		{in: "0/60", err: `bad clock "0/60": moves must be positive`},
		{in: "-5", err: `bad clock "-5": time: "-5" is not a number of seconds`},
		{in: "0", err: `bad clock "0": time must be positive`},
		{in: "0+1", err: `bad clock "0+1": time must be positive`},
		{in: "60+", err: `bad clock "60+": increment: "" is not a number of seconds`},
		{in: "60+0.6+1", err: `bad clock "60+0.6+1": increment: "0.6+1" is not a number of seconds`},
		{in: "1e3", err: `bad clock "1e3": time: "1e3" is not a number of seconds`},
		{in: " 60", err: `bad clock " 60": time: " 60" is not a number of seconds`},
		{in: "1:5", err: `bad clock "1:5": time: seconds after a colon must be two digits below 60`},
		{in: "1:75", err: `bad clock "1:75": time: seconds after a colon must be two digits below 60`},
		{in: "1.5:00", err: `bad clock "1.5:00": time: minutes "1.5" are not a whole number`},
		{in: "9999999", err: `bad clock "9999999": time: 9.999999e+06 s is too long`},
		{in: "40/inf", err: `bad clock "40/inf": time: "inf" is not a number of seconds`},
	} {
		moves, base, inc, err := configs.ParseClock(c.in)
		if c.err != "" {
			want := c.err + " (want [moves/]seconds[+increment], e.g. 40/60+0.6 or 10+0.1)"
			if err == nil || err.Error() != want {
				t.Errorf("ParseClock(%q) error = %v, want %s", c.in, err, want)
			}
			continue
		}
		if err != nil || moves != c.moves || base != c.base || inc != c.inc {
			t.Errorf("ParseClock(%q) = %d, %v, %v, %v; want %d, %v, %v", c.in, moves, base, inc, err, c.moves, c.base, c.inc)
		}
		if got := (configs.TimeControl{Clock: c.in}).String(); got != c.pgn {
			t.Errorf("TimeControl{Clock: %q}.String() = %q, want %q", c.in, got, c.pgn)
		}
	}
}

func TestTimeControlString(t *testing.T) {
	for _, c := range []struct {
		tc   configs.TimeControl
		kind string
		want string
	}{
		{configs.TimeControl{}, "", "-"},
		{configs.TimeControl{Depth: 6}, "depth", "depth=6"},
		{configs.TimeControl{Nodes: 20000}, "nodes", "nodes=20000"},
		{configs.TimeControl{MoveTime: 0.1, Margin: configs.Seconds(1)}, "movetime", "movetime=0.1"},
		{configs.TimeControl{Clock: "40/60+0.6"}, "clock", "40/60+0.6"},
		{configs.TimeControl{Clock: "x", Moves: 40, Base: time.Minute}, "clock", "40/60"}, // parsed values win
		{configs.TimeControl{Clock: "garbage"}, "clock", "garbage"},
	} {
		if got := c.tc.String(); got != c.want {
			t.Errorf("%+v.String() = %q, want %q", c.tc, got, c.want)
		}
		if got := c.tc.Kind(); got != c.kind {
			t.Errorf("%+v.Kind() = %q, want %q", c.tc, got, c.kind)
		}
	}
	tc := configs.TimeControl{MoveTime: 0.25, Margin: configs.Seconds(1.5)}
	if tc.MoveDuration() != 250*time.Millisecond || tc.MarginDuration() != 1500*time.Millisecond {
		t.Errorf("durations %v %v", tc.MoveDuration(), tc.MarginDuration())
	}
}

// Messages each start with the file name and a line.
func TestErrorForm(t *testing.T) {
	for _, c := range brokenRuns {
		_, err := configs.Parse("dir/t.yaml", []byte(c.yaml), check)
		for _, line := range strings.Split(err.Error(), "\n") {
			rest, ok := strings.CutPrefix(line, "dir/t.yaml:")
			if !ok || rest == "" || rest[0] < '1' || rest[0] > '9' {
				t.Errorf("%s: %q is not FILE:LINE: message", c.name, line)
			}
		}
	}
}

// FuzzParseClock: a clock string from a config or the command line never
// panics; one that parses has a positive time, and its canonical form
// (the PGN TimeControl value) reads back to the same clock.
func FuzzParseClock(f *testing.F) {
	for _, s := range []string{"40/60+0.6", "60+0.6", "1:30+1", ".5+.05", "0:30", "40/", "x/60", "-5", "1e9", "99999999999999", "1:1:1", "+", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, base, inc, err := configs.ParseClock(s)
		if err != nil {
			return
		}
		if base <= 0 || inc < 0 || moves < 0 {
			t.Fatalf("ParseClock(%q) = %d, %v, %v", s, moves, base, inc)
		}
		canon := configs.TimeControl{Clock: s}.String()
		m2, b2, i2, err := configs.ParseClock(canon)
		if err != nil || m2 != moves || b2 != base || i2 != inc {
			t.Fatalf("ParseClock(%q) = %d, %v, %v; its form %q reads %d, %v, %v, %v", s, moves, base, inc, canon, m2, b2, i2, err)
		}
	})
}

// A built-in engine's options are search parameters, checked by the
// Checker's SearchOption with the line of each.
func TestSearchOptions(t *testing.T) {
	chk := check
	chk.SearchOption = search.CheckParam
	r, err := configs.Parse("t.yaml", []byte(`
variant: extinction
time_control: {nodes: 1000}
engines:
  - {name: a, kind: alphabeta, options: {FutilityMargin: "180", lmrbase: 60}}
  - {name: b, kind: random}
`), chk)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Engines[0].Options["FutilityMargin"]; got != "180" {
		t.Errorf("options: %v", r.Engines[0].Options)
	}
	_, err = configs.Parse("t.yaml", []byte(`
variant: extinction
time_control: {nodes: 1000}
engines:
  - name: a
    kind: alphabeta
    options:
      FutilityMargin: 10
      Bogus: 3
  - {name: b, kind: greedy, options: {FutilityMargin: 100}}
`), chk)
	want := `t.yaml:8: engine "a": options: search parameter FutilityMargin: 10 out of range 50-500
t.yaml:9: engine "a": options: unknown search parameter "Bogus" (known: ` + strings.Join(search.ParamNames(), ", ") + `)
t.yaml:10: engine "b": options is for uci, xboard, usi, ucci and alphabeta engines, not greedy`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// TestMaxThreads: a run config bounds an alphabeta engine's threads as
// the searcher does.
func TestMaxThreads(t *testing.T) {
	if configs.MaxThreads != search.MaxThreads {
		t.Errorf("configs.MaxThreads %d, search.MaxThreads %d", configs.MaxThreads, search.MaxThreads)
	}
}
