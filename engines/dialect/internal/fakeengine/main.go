// Command fakeengine is a USI or UCCI engine that misbehaves on purpose,
// for the tests of engines/dialect and of the arena. It knows the
// variants of engines/variants and, when it behaves, plays the first
// capture in generation order, else the first legal move, at once, in
// the dialect's notation.
//
//	fakeengine -proto usi|ucci [-mode MODE] [-after N] [-delay D] [-variants LIST]
//
// The fault starts after N good moves (-after, default 0) of the
// process; a restarted process counts from 0 again. Modes:
//
//	ok          no fault
//	crash       exits with status 3 when asked for the move
//	hang        stops answering anything when asked for the move
//	garbage     answers go with lines of neither dialect and a bare "bestmove"
//	badmove     answers "bestmove xyz9" (not move text)
//	illegal     answers a well-formed move that is not legal
//	varenamove  answers with the move in varena's notation, not the dialect's
//	resign      answers "bestmove resign"
//	win         answers "bestmove win"
//	nobestmove  answers "nobestmove"
//	mate        a USI "score mate 3" (plies) before each bestmove
//	noinit      exits with status 4 instead of usiok or ucciok
//	noquit      ignores quit (the client must kill it)
//
// -variants replaces the list of its variant option (USI_Variant in USI,
// UCI_Variant in UCCI, as Fairy-Stockfish names them; "" offers none).
// It prints every command it reads that is not one of the dialect's as
// "info string unknown: ..." and every fault on stderr.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"varena/engines"
	"varena/engines/dialect"
	"varena/engines/variants"
)

func main() {
	proto := flag.String("proto", "usi", "usi or ucci")
	mode := flag.String("mode", "ok", "fault: ok crash hang garbage badmove illegal varenamove resign win nobestmove mate noinit noquit")
	after := flag.Int("after", 0, "good moves before the fault")
	delay := flag.Duration("delay", time.Second, "unused; kept for the faulty engine's flags")
	vars := flag.String("variants", "", "variant option values, comma-separated (default: every variant the dialect names)")
	flag.Parse()
	_ = delay
	e := &engine{mode: *mode, after: *after, out: bufio.NewWriter(os.Stdout)}
	switch *proto {
	case "usi":
		e.proto = dialect.USI
	case "ucci":
		e.proto = dialect.UCCI
	default:
		fmt.Fprintln(os.Stderr, "fakeengine: -proto usi or ucci")
		os.Exit(2)
	}
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "variants" {
			e.varsSet = true
		}
	})
	if e.varsSet && *vars != "" {
		e.vars = strings.Split(*vars, ",")
	}
	if !e.varsSet {
		for _, name := range variants.Playable() {
			if v, err := variants.ByName(name); err == nil {
				if _, err := e.toEngine(v, "a1a1"); err == nil {
					e.vars = append(e.vars, v.Name)
				}
			}
		}
	}
	e.variant = variants.All[0]
	if len(e.vars) > 0 {
		if v, err := variants.ByName(e.vars[0]); err == nil {
			e.variant = v
		}
	}
	e.game = engines.NewGame(e.variant.StartPosition())
	e.in = bufio.NewScanner(os.Stdin)
	e.in.Buffer(make([]byte, 64<<10), 16<<20)
	for e.in.Scan() {
		if !e.handle(strings.Fields(e.in.Text())) {
			return
		}
		e.out.Flush()
	}
}

type engine struct {
	proto   dialect.Protocol
	mode    string
	after   int
	vars    []string
	varsSet bool
	variant *engines.Variant
	game    *engines.Game
	moves   int
	hung    bool
	in      *bufio.Scanner
	out     *bufio.Writer
}

func (e *engine) println(s string) { fmt.Fprintln(e.out, s) }

func (e *engine) announce(what string) { fmt.Fprintln(os.Stderr, "fakeengine: "+what) }

func (e *engine) toEngine(v *engines.Variant, move string) (string, error) {
	if e.proto == dialect.USI {
		return dialect.ToUSI(move, v.Geometry.Files(), v.Geometry.Ranks())
	}
	return dialect.ToUCCI(move, v.Geometry.Files(), v.Geometry.Ranks())
}

func (e *engine) fromEngine(v *engines.Variant, move string) (string, error) {
	if e.proto == dialect.USI {
		return dialect.FromUSI(move, v.Geometry.Files(), v.Geometry.Ranks())
	}
	return dialect.FromUCCI(move, v.Geometry.Files(), v.Geometry.Ranks())
}

func (e *engine) handle(f []string) bool {
	if len(f) == 0 {
		return true
	}
	if e.hung && f[0] != "quit" {
		return true
	}
	hello := e.proto.String()
	switch f[0] {
	case hello:
		if e.mode == "noinit" {
			e.announce("exit before " + hello + "ok")
			e.out.Flush()
			os.Exit(4)
		}
		e.println("id name fakeengine " + e.proto.String() + " " + e.mode)
		e.println("id author the varena authors")
		name := "option name "
		varOpt := "USI_Variant"
		if e.proto == dialect.UCCI {
			name, varOpt = "option ", "UCI_Variant"
		}
		if len(e.vars) > 0 {
			e.println(name + varOpt + " type combo default " + e.vars[0] + " var " + strings.Join(e.vars, " var "))
		}
		hash := "USI_Hash"
		if e.proto == dialect.UCCI {
			hash = "Hash"
		}
		e.println(name + hash + " type spin default 16 min 1 max 1024")
		e.println(hello + "ok")
	case "isready":
		e.println("readyok")
	case "setoption":
		// USI: setoption name N value V; UCCI: setoption N V.
		args := f[1:]
		if e.proto == dialect.USI && len(args) == 4 && args[0] == "name" && args[2] == "value" {
			args = []string{args[1], args[3]}
		}
		if len(args) == 2 && strings.HasSuffix(strings.ToLower(args[0]), "_variant") {
			if v, err := variants.ByName(args[1]); err == nil {
				e.variant = v
				e.game = engines.NewGame(v.StartPosition())
			} else {
				e.println("info string " + err.Error())
			}
		}
	case "usinewgame", "uccinewgame", "gameover":
		if e.proto != dialect.USI {
			e.println("info string unknown: " + strings.Join(f, " "))
		}
	case "position":
		e.position(f[1:])
	case "go":
		return e.goCmd()
	case "stop":
	case "quit":
		if e.mode == "noquit" {
			e.announce("ignoring quit")
			return true
		}
		return false
	default:
		e.println("info string unknown: " + strings.Join(f, " "))
	}
	return true
}

func (e *engine) position(args []string) {
	mi := len(args)
	for i, a := range args {
		if a == "moves" {
			mi = i
		}
	}
	pos := e.variant.StartPosition()
	if len(args) > 0 && args[0] == "fen" {
		p, err := engines.ParseFEN(e.variant, strings.Join(args[1:mi], " "))
		if err != nil {
			e.println("info string " + err.Error())
			return
		}
		pos = p
	}
	g := engines.NewGame(pos)
	if mi < len(args) {
		for _, text := range args[mi+1:] {
			ours, err := e.fromEngine(e.variant, text)
			if err != nil {
				e.println("info string " + err.Error())
				return
			}
			m, err := g.Position().ParseUCIMove(ours)
			if err != nil {
				e.println("info string " + err.Error())
				return
			}
			g.Play(m)
		}
	}
	e.game = g
}

// choose returns the first capture, else the first legal move.
func (e *engine) choose() (engines.Move, bool) {
	pos := e.game.Position()
	moves := pos.GenerateMoves(nil)
	if len(moves) == 0 {
		return engines.NullMove, false
	}
	for _, m := range moves {
		if pos.IsCapture(m) {
			return m, true
		}
	}
	return moves[0], true
}

func (e *engine) goCmd() bool {
	pos := e.game.Position()
	m, ok := e.choose()
	if !ok {
		if e.proto == dialect.USI {
			e.println("bestmove resign")
		} else {
			e.println("nobestmove")
		}
		return true
	}
	ours := e.variant.UCI(m)
	best, err := e.toEngine(e.variant, ours)
	if err != nil {
		e.println("info string " + err.Error())
	}
	mode := "ok"
	if e.moves >= e.after {
		mode = e.mode
	}
	switch mode {
	case "crash":
		e.announce("crash")
		e.out.Flush()
		os.Exit(3)
	case "hang":
		e.announce("hang")
		e.hung = true
		return true
	case "garbage":
		e.announce("garbage")
		e.println("Hello from the fake engine!")
		e.println("info depth banana")
		e.println("bestmove")
		return true
	case "badmove":
		e.println("bestmove xyz9")
		return true
	case "illegal":
		e.println("bestmove " + e.illegal(pos))
		return true
	case "varenamove":
		if ours != best {
			e.println("bestmove " + ours)
			return true
		}
	case "resign":
		e.println("bestmove resign")
		return true
	case "win":
		e.println("bestmove win")
		return true
	case "nobestmove":
		e.println("nobestmove")
		return true
	case "mate":
		e.println("info depth 3 score mate 3 nodes 7 pv " + best)
	}
	if mode != "mate" {
		e.println("info depth 1 seldepth 1 score cp 0 nodes 1 time 0 pv " + best)
	}
	e.println("bestmove " + best)
	e.moves++
	return true
}

// illegal returns move text in the dialect that names two squares of
// the board but no legal move.
func (e *engine) illegal(pos *engines.Position) string {
	g := pos.Geometry()
	for from := range engines.Square(g.NumSquares()) {
		for to := range engines.Square(g.NumSquares()) {
			text := g.SquareName(from) + g.SquareName(to)
			if _, err := pos.ParseUCIMove(text); err != nil && from != to {
				if out, err := e.toEngine(e.variant, text); err == nil {
					return out
				}
			}
		}
	}
	return "a1a1"
}
