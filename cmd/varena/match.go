package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"varena/arena/console"
	"varena/configs"
	"varena/engines/uci"
	"varena/engines/variants"
)

// The command line of cutechess-cli and fastchess, read into a run.
//
// `varena run -engine cmd=A name=A -engine cmd=B name=B -each tc=10+0.1
// -rounds 50 -repeat -variant extinction` builds the configs.Run that a
// YAML file would give (see -print-yaml), so the journal, resume,
// fingerprint, report and live view behave the same. Options come from
// one table (matchOptions), engine keys from another (engineKeys); an
// option varena does not take is refused in one line saying what varena
// offers instead, and a value it cannot read names the option and the
// value. docs/ecosystem.md lists them for users.

// matchSetup is what a cutechess-style command line says: the run, and
// how to report it.
type matchSetup struct {
	run     configs.Run
	engines []*engineSpec
	each    []string // -each's key=value tokens, applied before each engine's own

	games, rounds int
	seeds         int  // -seeds: a knockout's seeded engines
	seedsSet      bool // -seeds given
	roundsSet     bool // -rounds given
	repeat        bool
	tournament    string
	sprt          *configs.SPRT
	event         string

	out, shard, peers, serve string
	quiet, printYAML         bool
	showVersion, showHelp    bool

	// variant is -variant (default standard, as in cutechess-cli and
	// fastchess), variantFile -variant-file: a variants.ini whose
	// sections -variant may name.
	variant, variantFile string

	// Output (see console.go).
	format         string // console.Fastchess (default), console.Cutechess, or "" for varena's own
	ratingInterval int
	scoreInterval  int
	penta          bool
	pgnOut         string // a copy of games.pgn made at the end
	crc32          bool   // print "... has CRC32: X" for pgnOut

	// log is -log's file, and whether to append to it (append=, true by
	// default as in fastchess; false empties the file first).
	log *matchLog

	// policy is -openings policy= (cutechess-cli: default, encounter,
	// round); build checks that varena's schedule is that policy.
	policy string
	// pgnAppend is -pgnout append= (default true): the games this
	// invocation plays are added to the file, else the file is the run's
	// whole PGN.
	pgnAppend bool

	notes []string // options taken without effect, printed on stderr
}

// matchLog is -log file= append=.
type matchLog struct {
	file   string
	append bool
}

// engineSpec is one -engine's key=value tokens.
type engineSpec struct {
	tokens []string
}

// optKind says what follows an option.
type optKind int

const (
	optFlag   optKind = iota // nothing: -repeat
	optValue                 // one value: -rounds 10
	optKeys                  // key=value tokens up to the next option: -engine cmd=x name=y
	optMaybe                 // like optKeys, or a bare value: -pgnout FILE or -pgnout file=FILE
	optRefuse                // not taken: the handler's message says what instead
	optCount                 // nothing, or a whole number: -repeat or -repeat 2
)

// matchOption is one option of the table.
type matchOption struct {
	name string
	kind optKind
	// set applies the option; args are its value (optValue), its tokens
	// (optKeys, optMaybe) or nil.
	set func(m *matchSetup, args []string) error
	// instead, for optRefuse: what varena offers.
	instead string
}

// matchOptions is the table of the options taken, in the order of
// docs/ecosystem.md. Names are matched without the leading dash(es).
var matchOptions = []matchOption{
	// Engines.
	{name: "engine", kind: optKeys, set: func(m *matchSetup, a []string) error {
		m.engines = append(m.engines, &engineSpec{tokens: a})
		return nil
	}},
	{name: "each", kind: optKeys, set: func(m *matchSetup, a []string) error {
		m.each = append(m.each, a...)
		return nil
	}},
	// Schedule.
	{name: "variant", kind: optValue, set: func(m *matchSetup, a []string) error { m.variant = a[0]; return nil }},
	{name: "variant-file", kind: optValue, set: func(m *matchSetup, a []string) error { m.variantFile = a[0]; return nil }},
	{name: "games", kind: optValue, set: intOpt("games", 1, func(m *matchSetup, n int) { m.games = n })},
	{name: "rounds", kind: optValue, set: intOpt("rounds", 1, func(m *matchSetup, n int) { m.rounds, m.roundsSet = n, true })},
	{name: "repeat", kind: optCount, set: func(m *matchSetup, a []string) error {
		// cutechess-cli: -repeat [N], each opening N times (2 without N);
		// fastchess: -repeat [N], N games a round.
		if len(a) == 1 && a[0] != "2" {
			return fmt.Errorf("-repeat %s: varena plays each opening twice, colours reversed (-repeat or -repeat 2)", a[0])
		}
		m.repeat = true
		return nil
	}},
	{name: "concurrency", kind: optValue, set: intOpt("concurrency", 1, func(m *matchSetup, n int) { m.run.Concurrency = n })},
	{name: "tournament", kind: optValue, set: func(m *matchSetup, a []string) error {
		switch a[0] {
		case "roundrobin", "round-robin":
			m.tournament = configs.RoundRobin
		case "gauntlet":
			m.tournament = configs.Gauntlet
		case "knockout":
			m.tournament = configs.Knockout
		case "swiss", "swiss-tcec": // swiss-tcec: the name in TCEC's cutechess fork
			m.tournament = configs.Swiss
		default:
			return fmt.Errorf("-tournament %s: varena plays roundrobin, gauntlet, knockout and swiss-tcec (and -sprt for two engines)", a[0])
		}
		return nil
	}},
	{name: "seeds", kind: optValue, set: func(m *matchSetup, a []string) error {
		n, err := strconv.Atoi(a[0])
		if err != nil || n < 0 {
			return fmt.Errorf("-seeds %q: want a whole number 0 or more", a[0])
		}
		m.seeds, m.seedsSet = n, true
		return nil
	}},
	{name: "srand", kind: optValue, set: func(m *matchSetup, a []string) error {
		n, err := strconv.ParseUint(a[0], 10, 64)
		if err != nil {
			return fmt.Errorf("-srand %q: want a whole number 0 or more", a[0])
		}
		m.run.Seed = n
		return nil
	}},
	{name: "wait", kind: optValue, set: func(m *matchSetup, a []string) error {
		if _, err := strconv.Atoi(a[0]); err != nil {
			return fmt.Errorf("-wait %q: want milliseconds", a[0])
		}
		m.note("-wait: varena starts a game as soon as a worker is free; ignored")
		return nil
	}},
	// Openings.
	{name: "openings", kind: optKeys, set: setOpenings},
	// Adjudication.
	{name: "draw", kind: optKeys, set: setDraw},
	{name: "resign", kind: optKeys, set: setResign},
	{name: "maxmoves", kind: optValue, set: intOpt("maxmoves", 1, func(m *matchSetup, n int) { m.run.Adjudication.MaxPlies = 2 * n })},
	// Statistics.
	{name: "sprt", kind: optKeys, set: setSPRT},
	// Output.
	{name: "pgnout", kind: optMaybe, set: setPGNOut},
	{name: "event", kind: optValue, set: func(m *matchSetup, a []string) error { m.event = a[0]; return nil }},
	{name: "site", kind: optValue, set: func(m *matchSetup, a []string) error {
		m.note("-site: varena writes [Site \"?\"] in every game; ignored")
		return nil
	}},
	{name: "ratinginterval", kind: optValue, set: intOpt("ratinginterval", 0, func(m *matchSetup, n int) { m.ratingInterval = n })},
	{name: "scoreinterval", kind: optValue, set: intOpt("scoreinterval", 0, func(m *matchSetup, n int) { m.scoreInterval = n })},
	{name: "report", kind: optKeys, set: func(m *matchSetup, a []string) error {
		return keyValues("report", a, map[string]func(string) error{
			"penta": boolKey("report", "penta", func(b bool) { m.penta = b }),
		})
	}},
	{name: "output", kind: optKeys, set: func(m *matchSetup, a []string) error {
		return keyValues("output", a, map[string]func(string) error{
			"format": func(v string) error {
				switch v {
				case console.Fastchess, console.Cutechess:
					m.format = v
				case "varena":
					m.format = "" // varena's progress and standings
				default:
					return fmt.Errorf("-output format=%s: want fastchess, cutechess or varena", v)
				}
				return nil
			},
		})
	}},
	{name: "crc32", kind: optKeys, set: func(m *matchSetup, a []string) error {
		return keyValues("crc32", a, map[string]func(string) error{
			"pgn": boolKey("crc32", "pgn", func(b bool) { m.crc32 = b }),
		})
	}},
	{name: "log", kind: optKeys, set: setLog},
	// fastchess's -testEnv writes its report of an illegal PV on one
	// line for the framework's log; varena's warnings are one line each.
	{name: "testEnv", kind: optFlag, set: func(*matchSetup, []string) error { return nil }},
	{name: "version", kind: optFlag, set: func(m *matchSetup, _ []string) error { m.showVersion = true; return nil }},
	{name: "v", kind: optFlag, set: func(m *matchSetup, _ []string) error { m.showVersion = true; return nil }},
	{name: "help", kind: optFlag, set: func(m *matchSetup, _ []string) error { m.showHelp = true; return nil }},
	// Recovery.
	{name: "recover", kind: optFlag, set: func(*matchSetup, []string) error {
		return nil // varena always restarts a crashed engine for the next game
	}},
	{name: "autosaveinterval", kind: optValue, set: intOpt("autosaveinterval", 0, func(m *matchSetup, n int) {
		// fastchess saves the tournament's state every N games for
		// -config; varena's journal records every game as it ends, which
		// a run on the same -out resumes from.
		if n == 0 {
			m.note("-autosaveinterval 0: varena records every game as it ends (its journal, which resumes the run); it cannot be turned off")
		}
	})},
	// Engine timeouts: varena waits 10 s for the handshake and for each
	// isready, fastchess's -startup-ms default.
	{name: "startup-ms", kind: optValue, set: timeoutOpt("startup-ms")},
	{name: "ucinewgame-ms", kind: optValue, set: timeoutOpt("ucinewgame-ms")},
	{name: "ping-ms", kind: optValue, set: timeoutOpt("ping-ms")},
	// varena's own.
	{name: "out", kind: optValue, set: func(m *matchSetup, a []string) error { m.out = a[0]; return nil }},
	{name: "shard", kind: optValue, set: func(m *matchSetup, a []string) error { m.shard = a[0]; return nil }},
	{name: "peers", kind: optValue, set: func(m *matchSetup, a []string) error { m.peers = a[0]; return nil }},
	{name: "serve", kind: optValue, set: func(m *matchSetup, a []string) error { m.serve = a[0]; return nil }},
	{name: "quiet", kind: optFlag, set: func(m *matchSetup, _ []string) error { m.quiet = true; return nil }},
	{name: "print-yaml", kind: optFlag, set: func(m *matchSetup, _ []string) error { m.printYAML = true; return nil }},

	// Refused, with what varena offers instead.
	{name: "noswap", kind: optRefuse, instead: "varena plays every opening twice with colours reversed; there is no -noswap"},
	{name: "config", kind: optRefuse, instead: "varena resumes from its output directory: run the same command again with the same -out (or save -print-yaml and run that file)"},
	{name: "epdout", kind: optRefuse, instead: "varena keeps every game in games.pgn and journal.jsonl of the output directory"},
	{name: "tb", kind: optRefuse, instead: noTablebases},
	{name: "tbpieces", kind: optRefuse, instead: noTablebases},
	{name: "tbignore50", kind: optRefuse, instead: noTablebases},
	{name: "bookmode", kind: optRefuse, instead: "varena reads no Polyglot books; give openings with -openings file=F.epd (or F.pgn)"},
	{name: "debug", kind: optRefuse, instead: "give -log file=FILE: every line sent to and read from the engines, with the time and the game id (their stderr is in <out>/<engine>.log)"},
	{name: "quick", kind: optRefuse, instead: "give -engine twice, -each tc=... and -rounds"},
	{name: "use-affinity", kind: optRefuse, instead: "varena leaves CPU placement to the system"},
	{name: "affinity", kind: optRefuse, instead: "varena leaves CPU placement to the system"},
	{name: "force-concurrency", kind: optRefuse, instead: "give -concurrency N"},
	{name: "resultformat", kind: optRefuse, instead: "give -output format=cutechess or fastchess"},
	{name: "sample", kind: optRefuse, instead: "training data comes from 'varena datagen'"},
	{name: "reverse", kind: optRefuse, instead: "varena plays every opening twice, the first engine White in the first game of each pair; there is no reversed schedule"},
	{name: "engines", kind: optRefuse, instead: "varena has no engines.json; give each engine with -engine cmd=..."},
	{name: "tbadjudicate", kind: optRefuse, instead: noTablebases},
	{name: "outcomeinterval", kind: optRefuse, instead: "give -ratinginterval N (and -scoreinterval N for cutechess output)"},
	{name: "strict", kind: optRefuse, instead: "varena does not stop a run on a warning; read its Warning lines (a crash, a time loss and an illegal move end the game and are counted)"},
	{name: "check-mate-pvs", kind: optRefuse, instead: "varena does not check the engines' principal variations"},
	{name: "show-latency", kind: optRefuse, instead: "varena does not measure the engines' latency; time overruns within the margin are reported at the end of the run"},
	{name: "compliance", kind: optRefuse, instead: "varena has no UCI compliance check; play a short run (-rounds 1) and read the protocol log (-log file=F)"},
}

// noTablebases is why the -tb options are refused.
const noTablebases = "varena adjudicates no game by tablebases (its -draw, -resign and -maxmoves adjudicate)"

// matchOption finds an option by name ("-engine", "--engine", "engine").
func lookupOption(arg string) *matchOption {
	name := strings.TrimLeft(arg, "-")
	if name == arg || name == "" {
		return nil
	}
	for i := range matchOptions {
		if matchOptions[i].name == name {
			return &matchOptions[i]
		}
	}
	return nil
}

// isMatchLine reports whether args are a cutechess/fastchess command line
// rather than `run [CONFIG.yaml] [flags]`: they hold -engine, -each or
// -output (which the binary linked as fastchess or cutechess-cli puts
// first), or are the tools' -version.
func isMatchLine(args []string) bool {
	if len(args) == 1 && (args[0] == "-version" || args[0] == "--version") {
		return true
	}
	for _, a := range args {
		switch strings.TrimLeft(a, "-") {
		case "engine", "each", "output":
			if strings.HasPrefix(a, "-") {
				return true
			}
		}
	}
	return false
}

// matchHelp is the help of the command line as the tool of format
// (fastchess or cutechess-cli) reads it: the options varena takes and
// those it refuses, from matchOptions and engineKeys.
func matchHelp(format string) string {
	tool := "fastchess"
	if format == console.Cutechess {
		tool = "cutechess-cli"
	} else if format == "" {
		tool = "varena run"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s -engine cmd=A [KEY=VALUE...] -engine cmd=B [KEY=VALUE...] [-each KEY=VALUE...] [OPTIONS]\n\n", tool)
	b.WriteString("varena plays the match this command line describes, judging every move\n")
	b.WriteString("itself, and prints what " + tool + " prints. Without -variant it plays\n")
	b.WriteString("standard chess. docs/ecosystem.md says what each option does.\n\n")
	b.WriteString("engine keys (-engine, -each):\n")
	writeWords(&b, append(sortedNames(engineKeys), "option.NAME"), "", "=")
	var taken, refused []string
	for _, o := range matchOptions {
		if o.kind == optRefuse {
			refused = append(refused, "-"+o.name)
		} else {
			taken = append(taken, "-"+o.name)
		}
	}
	b.WriteString("\noptions:\n")
	writeWords(&b, taken, "", "")
	b.WriteString("\nrefused, with what to use instead:\n")
	writeWords(&b, refused, "", "")
	return b.String()
}

// writeWords writes words, each with prefix and suffix, in lines of at
// most 72 characters indented by two spaces.
func writeWords(b *strings.Builder, words []string, prefix, suffix string) {
	line := 0
	for _, w := range words {
		w = prefix + w + suffix
		if line > 0 && line+1+len(w) > 72 {
			b.WriteString("\n")
			line = 0
		}
		if line == 0 {
			b.WriteString("  ")
			line = 2
		} else {
			b.WriteString(" ")
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	b.WriteString("\n")
}

func (m *matchSetup) note(format string, args ...any) {
	m.notes = append(m.notes, fmt.Sprintf(format, args...))
}

// parseMatch reads a cutechess-cli/fastchess command line (the arguments
// after "run") into a setup. The run is not validated yet: see build.
func parseMatch(args []string) (*matchSetup, error) {
	m := &matchSetup{rounds: 1, penta: true, ratingInterval: 10, format: console.Fastchess, pgnAppend: true}
	for i := 0; i < len(args); {
		arg := args[i]
		o := lookupOption(arg)
		if o == nil {
			if strings.HasPrefix(arg, "-") {
				return nil, fmt.Errorf("option %s: not a cutechess-cli or fastchess option varena takes (see docs/ecosystem.md)", arg)
			}
			return nil, fmt.Errorf("%q: a value without its option (options start with -, e.g. -engine cmd=%s)", arg, arg)
		}
		i++
		var vals []string
		switch o.kind {
		case optRefuse:
			return nil, fmt.Errorf("option %s: %s", arg, o.instead)
		case optValue:
			if i >= len(args) {
				return nil, fmt.Errorf("option %s: needs a value", arg)
			}
			vals = []string{args[i]}
			i++
		case optCount:
			if i < len(args) && args[i] != "" && strings.Trim(args[i], "0123456789") == "" {
				vals = []string{args[i]}
				i++
			}
		case optKeys, optMaybe:
			for i < len(args) && lookupOption(args[i]) == nil && !strings.HasPrefix(args[i], "-") {
				vals = append(vals, args[i])
				i++
			}
			if len(vals) == 0 && o.kind == optKeys && o.name != "engine" {
				return nil, fmt.Errorf("option %s: needs key=value settings", arg)
			}
		}
		if err := o.set(m, vals); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// intOpt returns the setter of an option holding a whole number >= low.
func intOpt(name string, low int, set func(m *matchSetup, n int)) func(*matchSetup, []string) error {
	return func(m *matchSetup, a []string) error {
		n, err := strconv.Atoi(a[0])
		if err != nil || n < low {
			return fmt.Errorf("-%s %q: want a whole number %d or more", name, a[0], low)
		}
		set(m, n)
		return nil
	}
}

// keyValues applies key=value tokens of an option through its keys.
func keyValues(opt string, tokens []string, keys map[string]func(string) error) error {
	for _, t := range tokens {
		k, v, ok := strings.Cut(t, "=")
		if !ok {
			return fmt.Errorf("-%s %s: want key=value", opt, t)
		}
		set, known := keys[k]
		if !known {
			return fmt.Errorf("-%s %s: unknown key %q (known: %s)", opt, t, k, strings.Join(sortedNames(keys), ", "))
		}
		if err := set(v); err != nil {
			return err
		}
	}
	return nil
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

func boolKey(opt, key string, set func(bool)) func(string) error {
	return func(v string) error {
		switch v {
		case "true", "on", "1":
			set(true)
		case "false", "off", "0":
			set(false)
		default:
			return fmt.Errorf("-%s %s=%s: want true or false", opt, key, v)
		}
		return nil
	}
}

func intKey(opt, key string, low int, set func(int)) func(string) error {
	return func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < low {
			return fmt.Errorf("-%s %s=%s: want a whole number %d or more", opt, key, v, low)
		}
		set(n)
		return nil
	}
}

func floatKey(opt, key string, set func(float64)) func(string) error {
	return func(v string) error {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x != x {
			return fmt.Errorf("-%s %s=%s: want a number", opt, key, v)
		}
		set(x)
		return nil
	}
}

func setOpenings(m *matchSetup, a []string) error {
	o := &m.run.Openings
	plies, pliesSet := 0, false
	err := keyValues("openings", a, map[string]func(string) error{
		"file": func(v string) error { o.File = v; return nil },
		"format": func(v string) error {
			if v != configs.FormatEPD && v != configs.FormatPGN {
				return fmt.Errorf("-openings format=%s: want epd or pgn", v)
			}
			o.Format = v
			return nil
		},
		"order": func(v string) error {
			if v != configs.OrderRandom && v != configs.OrderSequential {
				return fmt.Errorf("-openings order=%s: want random or sequential", v)
			}
			o.Order = v
			return nil
		},
		"plies": intKey("openings", "plies", 0, func(n int) { plies, pliesSet = n, true }),
		"policy": func(v string) error {
			switch v {
			case "default", "encounter", "round":
				m.policy = v
				return nil
			}
			return fmt.Errorf("-openings policy=%s: want default, encounter or round", v)
		},
		"start": intKey("openings", "start", 1, func(n int) { o.Start = n }),
	})
	if err != nil {
		return err
	}
	switch {
	case o.File == "" && pliesSet && plies == 0:
		return errors.New("-openings plies=0: without a book, plies=N is N random plies from the start position; give 1 or more (or leave -openings out for the variant's built-in book)")
	case o.File == "" && pliesSet:
		o.Plies = &plies // no book: random plies from the start position
	case o.File == "" && len(a) > 0:
		return errors.New("-openings: needs file=BOOK (an EPD or PGN book; or plies=N alone for random openings)")
	case pliesSet && bookFormat(o) == configs.FormatPGN:
		o.Plies = &plies // the first plies of each game (0: all)
	case pliesSet && plies > 0:
		m.note("-openings plies=%d: an EPD opening is a position without moves; plies applies to PGN books, ignored", plies)
	}
	return nil
}

// bookFormat is the format of the openings' book: format=, else pgn for a
// file named *.pgn, else epd (the run config's rule).
func bookFormat(o *configs.Openings) string {
	if o.Format != "" {
		return o.Format
	}
	if strings.HasSuffix(strings.ToLower(o.File), ".pgn") {
		return configs.FormatPGN
	}
	return configs.FormatEPD
}

func setDraw(m *matchSetup, a []string) error {
	d := &configs.DrawRule{}
	err := keyValues("draw", a, map[string]func(string) error{
		"movenumber": intKey("draw", "movenumber", 0, func(n int) { d.MoveNumber = n }),
		"movecount":  intKey("draw", "movecount", 1, func(n int) { d.Moves = n }),
		"score":      intKey("draw", "score", 0, func(n int) { d.Score = n }),
	})
	m.run.Adjudication.Draw = d
	return err
}

func setResign(m *matchSetup, a []string) error {
	r := &configs.Resign{}
	err := keyValues("resign", a, map[string]func(string) error{
		"movecount": intKey("resign", "movecount", 1, func(n int) { r.Moves = n }),
		"score":     intKey("resign", "score", 1, func(n int) { r.Score = n }),
		"twosided": boolKey("resign", "twosided", func(b bool) {
			if !b {
				m.note("-resign twosided=false: varena resigns a game only when both engines agree (twosided=true)")
			}
		}),
	})
	m.run.Adjudication.Resign = r
	return err
}

func setSPRT(m *matchSetup, a []string) error {
	s := &configs.SPRT{}
	err := keyValues("sprt", a, map[string]func(string) error{
		"elo0":  floatKey("sprt", "elo0", func(x float64) { s.Elo0 = x }),
		"elo1":  floatKey("sprt", "elo1", func(x float64) { s.Elo1 = x }),
		"alpha": floatKey("sprt", "alpha", func(x float64) { s.Alpha = x }),
		"beta":  floatKey("sprt", "beta", func(x float64) { s.Beta = x }),
		"model": func(v string) error {
			if v != configs.ModelNormalized && v != configs.ModelLogistic {
				return fmt.Errorf("-sprt model=%s: want normalized or logistic", v)
			}
			s.Model = v
			return nil
		},
	})
	m.sprt = s
	return err
}

func setPGNOut(m *matchSetup, a []string) error {
	if len(a) == 0 {
		return errors.New("-pgnout: needs a file (-pgnout FILE or -pgnout file=FILE)")
	}
	if !strings.Contains(a[0], "=") { // cutechess-cli: -pgnout FILE [min] [fi]
		m.pgnOut = a[0]
		for _, w := range a[1:] {
			switch w {
			case "fi": // only finished games: varena's PGN holds no other
			case "min":
				m.note("-pgnout min: varena's PGN keeps its tags and move comments; min ignored")
			default:
				return fmt.Errorf("-pgnout %s: want min or fi after the file", w)
			}
		}
		return nil
	}
	// fastchess: key=value. The comments of varena's PGN carry score,
	// depth and time, as cutechess-cli's; other data is not recorded.
	extra := func(key string) func(string) error {
		return boolKey("pgnout", key, func(b bool) {
			if b {
				m.note("-pgnout %s=true: varena's move comments hold the score, depth and time only; ignored", key)
			}
		})
	}
	err := keyValues("pgnout", a, map[string]func(string) error{
		"file": func(v string) error { m.pgnOut = v; return nil },
		"notation": func(v string) error {
			switch v {
			case "san":
			case "lan", "uci":
				m.note("-pgnout notation=%s: varena's PGN is in SAN; ignored", v)
			default:
				return fmt.Errorf("-pgnout notation=%s: want san, lan or uci", v)
			}
			return nil
		},
		"append":   boolKey("pgnout", "append", func(b bool) { m.pgnAppend = b }),
		"nodes":    extra("nodes"),
		"seldepth": extra("seldepth"),
		"nps":      extra("nps"),
		"hashfull": extra("hashfull"),
		"tbhits":   extra("tbhits"),
		"pv":       extra("pv"),
		"timeleft": extra("timeleft"),
		"latency":  extra("latency"),
		"min": boolKey("pgnout", "min", func(b bool) {
			if b {
				m.note("-pgnout min=true: varena's PGN keeps its tags and move comments; ignored")
			}
		}),
		"match_line": func(v string) error {
			return fmt.Errorf("-pgnout match_line=%s: varena does not copy engine output into its PGN; read the protocol log (-log file=F)", v)
		},
	})
	if err == nil && m.pgnOut == "" {
		return errors.New("-pgnout: needs file=FILE")
	}
	return err
}

// setLog reads -log file= append= compress= realtime= level= engine=.
func setLog(m *matchSetup, a []string) error {
	l := &matchLog{append: true}
	err := keyValues("log", a, map[string]func(string) error{
		"file":   func(v string) error { l.file = v; return nil },
		"append": boolKey("log", "append", func(b bool) { l.append = b }),
		"compress": func(v string) error {
			compress := false
			if err := boolKey("log", "compress", func(b bool) { compress = b })(v); err != nil {
				return err
			}
			if compress {
				return fmt.Errorf("-log compress=%s: varena writes the log uncompressed; compress it with gzip after the run", v)
			}
			return nil
		},
		"realtime": boolKey("log", "realtime", func(b bool) {
			if !b {
				m.note("-log realtime=false: varena writes every line as it happens; ignored")
			}
		}),
		// fastchess's level is that of its own messages; varena's log
		// holds the engines' lines, which fastchess logs with engine=true.
		"level": func(v string) error {
			switch v {
			case "trace", "info", "warn", "err", "fatal":
				m.note("-log level=%s: varena's log holds every line to and from the engines, whatever the level", v)
				return nil
			}
			return fmt.Errorf("-log level=%s: want trace, info, warn, err or fatal", v)
		},
		"engine": boolKey("log", "engine", func(b bool) {
			if !b {
				m.note("-log engine=false: varena's log is the engines' lines; they are logged")
			}
		}),
	})
	if err != nil {
		return err
	}
	if l.file == "" {
		return errors.New("-log: needs file=FILE")
	}
	m.log = l
	return nil
}

// timeoutOpt is -startup-ms, -ucinewgame-ms and -ping-ms: varena waits
// 10 s (uci.DefaultInitTimeout) for the handshake and every isready.
func timeoutOpt(name string) func(*matchSetup, []string) error {
	return func(m *matchSetup, a []string) error {
		n, err := strconv.Atoi(a[0])
		if err != nil || n < 1 {
			return fmt.Errorf("-%s %q: want milliseconds, 1 or more", name, a[0])
		}
		if want := int(uci.DefaultInitTimeout / time.Millisecond); n != want {
			return fmt.Errorf("-%s %d: varena waits %d ms for an engine's handshake and for each isready; give %d or leave it out", name, n, want, want)
		}
		return nil
	}
}

// engineKeys are the keys of -engine and -each.
var engineKeys = map[string]func(e *engineBuild, v string) error{
	"cmd":  func(e *engineBuild, v string) error { e.eng.Command = v; return nil },
	"name": func(e *engineBuild, v string) error { e.eng.Name = v; return nil },
	"dir":  func(e *engineBuild, v string) error { e.eng.Dir = v; return nil },
	"args": func(e *engineBuild, v string) error {
		args, err := splitArgs(v)
		e.eng.Args = args
		return err
	},
	// cutechess-cli's arg=ARG: one argument more, as it stands.
	"arg": func(e *engineBuild, v string) error { e.eng.Args = append(e.eng.Args, v); return nil },
	"proto": func(e *engineBuild, v string) error {
		switch v {
		case "uci":
			e.eng.Kind = configs.KindUCI
		case "xboard":
			e.eng.Kind = configs.KindXboard
		case "usi":
			e.eng.Kind = configs.KindUSI
		case "ucci":
			e.eng.Kind = configs.KindUCCI
		default:
			return fmt.Errorf("proto=%s: want uci, xboard, usi or ucci", v)
		}
		return nil
	},
	"tc": func(e *engineBuild, v string) error {
		if v == "inf" || v == "infinite" {
			e.clock = ""
			return nil
		}
		if _, _, _, err := configs.ParseClock(v); err != nil {
			return fmt.Errorf("tc=%s: %w", v, err)
		}
		e.clock = v
		return nil
	},
	"st": func(e *engineBuild, v string) error {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || !(x > 0) {
			return fmt.Errorf("st=%s: want seconds a move, more than 0", v)
		}
		e.moveTime = x
		return nil
	},
	"nodes": func(e *engineBuild, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return fmt.Errorf("nodes=%s: want a whole number 1 or more", v)
		}
		e.nodes = n
		return nil
	},
	"depth": depthKey("depth"),
	"plies": depthKey("plies"),
	"timemargin": func(e *engineBuild, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("timemargin=%s: want milliseconds, 0 or more", v)
		}
		e.margin = configs.Seconds(float64(n) / 1000)
		return nil
	},
	"restart": func(e *engineBuild, v string) error {
		switch v {
		case "on":
			e.eng.Restart = configs.RestartAlways
		case "off", "auto":
			// cutechess-cli's auto leaves a UCI engine running between
			// games, as off does; both start a crashed one again.
			e.eng.Restart = configs.RestartOnCrash
		default:
			return fmt.Errorf("restart=%s: want on, off or auto", v)
		}
		return nil
	},
	// ponder (cutechess-cli's, bare) turns pondering on; ponder=true or
	// false sets it.
	"ponder": func(e *engineBuild, v string) error {
		switch v {
		case "", "true", "on", "1":
			e.eng.Ponder = true
		case "false", "off", "0":
			e.eng.Ponder = false
		default:
			return fmt.Errorf("ponder=%s: want true or false (or ponder alone)", v)
		}
		return nil
	},
}

// engineRefused are the engine keys of cutechess-cli varena does not
// take, with what it offers instead.
var engineRefused = map[string]string{
	"conf":      "varena has no engines.json; give the engine with cmd= and its other keys",
	"initstr":   "varena sends an engine nothing before the UCI handshake; set options with option.NAME=VALUE",
	"stderr":    "varena writes each engine's stderr to <out>/<engine>.log",
	"trust":     "varena judges every game's end by the rules itself",
	"tscale":    "varena's engine timeouts are fixed (10 s for the handshake and each isready)",
	"book":      "varena reads no Polyglot books; give openings with -openings file=F.epd (or F.pgn)",
	"bookdepth": "varena reads no Polyglot books; give openings with -openings file=F.pgn plies=N",
	"whitepov":  "varena reads every engine's score from the side to move's view",
}

// depthKey is depth= and plies=, both a depth limit.
func depthKey(key string) func(e *engineBuild, v string) error {
	return func(e *engineBuild, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("%s=%s: want a whole number 1 or more", key, v)
		}
		e.depth = n
		return nil
	}
}

// engineBuild gathers one engine's keys before they become an Engine.
type engineBuild struct {
	eng      configs.Engine
	clock    string
	moveTime float64
	nodes    int64
	depth    int
	margin   *float64
}

// apply sets one token: key=value, option.NAME=VALUE, or a bare "ponder".
func (e *engineBuild) apply(tok string) error {
	k, v, ok := strings.Cut(tok, "=")
	if name, isOpt := strings.CutPrefix(k, "option."); isOpt && ok {
		if name == "" {
			return fmt.Errorf("%s: option without a name", tok)
		}
		if e.eng.Options == nil {
			e.eng.Options = map[string]string{}
		}
		e.eng.Options[name] = v
		return nil
	}
	if why, refused := engineRefused[k]; refused {
		return fmt.Errorf("%s: %s", tok, why)
	}
	if !ok && tok != "ponder" {
		return fmt.Errorf("%s: want key=value (cmd=, name=, tc=, nodes=, option.NAME=VALUE...)", tok)
	}
	set, known := engineKeys[k]
	if !known {
		return fmt.Errorf("%s: unknown engine key %q (known: %s, option.NAME)", tok, k, strings.Join(sortedNames(engineKeys), ", "))
	}
	return set(e, v)
}

// timeControl returns the engine's limit. A fixed limit (nodes=, depth=,
// st=) given with tc= wins: varena's engines have one limit a move, and
// the fixed one is what makes such a line reproducible (fishtest's and
// OpenBench's nodes= lines also carry a tc=). The note says so.
func (e *engineBuild) timeControl() (configs.TimeControl, string) {
	tc := configs.TimeControl{Margin: e.margin}
	fixed := ""
	switch {
	case e.nodes > 0:
		tc.Nodes, fixed = e.nodes, fmt.Sprintf("nodes=%d", e.nodes)
	case e.depth > 0:
		tc.Depth, fixed = e.depth, fmt.Sprintf("depth=%d", e.depth)
	case e.moveTime > 0:
		tc.MoveTime, fixed = e.moveTime, fmt.Sprintf("st=%g", e.moveTime)
	default:
		tc.Clock = e.clock
		return tc, ""
	}
	if tc.Depth > 0 || tc.Nodes > 0 {
		tc.Margin = nil // margins are for clocks and movetime
	}
	if e.clock != "" {
		return tc, fmt.Sprintf("engine %s: %s with tc=%s: varena gives one limit a move, %s", e.eng.Name, fixed, e.clock, fixed)
	}
	return tc, ""
}

// splitArgs splits args="..." as a shell would, with quotes ("a b" or
// 'a b') holding spaces.
func splitArgs(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, quote := false, rune(0)
	for _, c := range s {
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(c)
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("args=%s: unclosed quote", s)
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// build completes the run of the setup: engines from -each and -engine,
// the tournament, its name. It returns the run as YAML, to be validated
// by configs.ParseAt like a file.
func (m *matchSetup) build() (*configs.Run, error) {
	r := m.run
	if len(m.engines) < 2 {
		return nil, fmt.Errorf("-engine: need at least two engines, have %d", len(m.engines))
	}
	var tcs []configs.TimeControl
	seen := map[string]int{}
	for i, spec := range m.engines {
		b := &engineBuild{eng: configs.Engine{Kind: configs.KindUCI}}
		for _, tok := range append(slices.Clone(m.each), spec.tokens...) {
			if err := b.apply(tok); err != nil {
				return nil, fmt.Errorf("-engine %d: %w", i+1, err)
			}
		}
		if b.eng.Command == "" {
			return nil, fmt.Errorf("-engine %d: needs cmd=COMMAND", i+1)
		}
		if b.eng.Name == "" {
			b.eng.Name = strings.TrimSuffix(filepath.Base(b.eng.Command), ".exe")
		}
		if n := seen[b.eng.Name]; n > 0 {
			b.eng.Name = fmt.Sprintf("%s-%d", b.eng.Name, n+1)
		}
		seen[b.eng.Name]++
		if !configs.ValidName(b.eng.Name) {
			return nil, fmt.Errorf("-engine %d: name=%s: %s", i+1, b.eng.Name, configs.NameRule)
		}
		tc, note := b.timeControl()
		if note != "" {
			m.note("%s", note)
		}
		if tc.IsZero() {
			return nil, fmt.Errorf("-engine %d (%s): needs a limit: tc=, st=, nodes= or depth= (here or in -each)", i+1, b.eng.Name)
		}
		tcs = append(tcs, tc)
		r.Engines = append(r.Engines, b.eng)
	}
	// One time control for all, or each engine its own.
	same := true
	for _, tc := range tcs[1:] {
		same = same && tc == tcs[0]
	}
	if same {
		r.TimeControl = tcs[0]
	} else {
		for i := range r.Engines {
			r.Engines[i].TimeControl = &tcs[i]
		}
	}

	variant, err := m.resolveVariant()
	if err != nil {
		return nil, err
	}
	r.Variant, r.VariantFile = variant, m.variantFile
	games := m.games
	if games == 0 {
		games = 1
	}
	if m.repeat && games == 1 {
		games = 2
	}
	if games%2 != 0 {
		return nil, fmt.Errorf("-games %d: varena plays each opening twice with colours reversed; give an even number (or -repeat with -games 1)", games)
	}
	r.Tournament.Games, r.Tournament.Rounds = games, m.rounds
	r.Tournament.Type = m.tournament
	if m.sprt != nil {
		if m.tournament != "" {
			return nil, fmt.Errorf("-sprt with -tournament %s: an SPRT is a match of two engines", m.tournament)
		}
		r.Tournament.Type = configs.SPRTTest
		r.SPRT = m.sprt
		// fastchess plays -rounds to the end or to the decision: the
		// games are the SPRT's limit.
		r.Tournament.Games, r.Tournament.Rounds = games*m.rounds, 1
	}
	if err := m.checkPolicy(games); err != nil {
		return nil, err
	}
	switch {
	case m.seeds > 0 && r.Tournament.Type == configs.Knockout:
		r.Tournament.Seeds = m.seeds // cutechess-cli: the first N engines are seeded
	case m.seedsSet && m.seeds != 1 && r.Tournament.Type != configs.Knockout:
		return nil, fmt.Errorf("-seeds %d: a varena gauntlet has one challenger, the first engine; give -seeds 1 (or -tournament knockout)", m.seeds)
	}
	if r.Tournament.Type == configs.Knockout || r.Tournament.Type == configs.Swiss && !m.roundsSet {
		r.Tournament.Rounds = 0 // the bracket's; a Swiss's default
	}
	if r.Tournament.Type == configs.Gauntlet {
		r.Tournament.Challenger = r.Engines[0].Name
	}
	if r.Tournament.Type == configs.RoundRobin {
		r.Tournament.Type = "" // the default
	}
	r.Name = runName(m.event, r.Engines)
	if r.Openings.Order == configs.OrderSequential {
		r.Openings.Order = "" // the default
	}
	return &r, nil
}

// checkPolicy checks -openings policy= against varena's schedule, which
// gives each pair of games (one opening, colours reversed) an opening of
// its own: cutechess-cli's default policy. encounter (an opening for
// each encounter) is the same when an encounter is one pair, round (an
// opening for each round, fastchess's only policy) when a round is too.
func (m *matchSetup) checkPolicy(games int) error {
	switch {
	case m.policy == "" || m.policy == "default":
		return nil
	case games != 2:
		return fmt.Errorf("-openings policy=%s with -games %d: varena gives each pair of games an opening of its own (policy=default); with -games 2 the policies agree", m.policy, games)
	case m.policy == "round" && len(m.engines) > 2:
		return fmt.Errorf("-openings policy=round with %d engines: varena gives each pair of games an opening of its own, not each round (policy=default or encounter)", len(m.engines))
	}
	return nil
}

// resolveVariant returns the run's variant: -variant by any name varena
// plays it under (standard when not given, as in cutechess-cli and
// fastchess), or, with -variant-file, the name as given for the run's
// validation to check among the file's sections.
func (m *matchSetup) resolveVariant() (string, error) {
	name := m.variant
	if name == "" {
		name = "standard"
	}
	if m.variantFile != "" {
		return name, nil
	}
	v, err := variants.ByName(name) // Fairy-Stockfish's built-ins among them
	if err != nil {
		return "", fmt.Errorf("-variant %s: %w (a variants.ini's sections with -variant-file FILE)", name, err)
	}
	return v.Name, nil // chess is standard, chess960 fischerandom
}

// runName makes the run's name (its output folder and PGN Event) from
// -event, kept to the characters a name may hold, else from the first
// two engines.
func runName(event string, engines []configs.Engine) string {
	if event == "" {
		event = engines[0].Name + "-vs-" + engines[1].Name
	}
	name := strings.Map(func(c rune) rune {
		if configs.ValidName(string(c)) {
			return c
		}
		return '_'
	}, strings.TrimLeft(event, "."))
	if len(name) > 64 {
		name = name[:64]
	}
	if name == "" {
		name = "match"
	}
	return name
}
