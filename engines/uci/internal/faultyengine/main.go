package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"varena/engines"
	"varena/engines/variants"
)

func main() {
	mode := flag.String("mode", "ok", "fault: ok crash die hang stall garbage badmove illegal slow longinfo comment slowinit noinit noquit")
	after := flag.Int("after", 0, "good moves before the fault")
	delay := flag.Duration("delay", time.Second, "wait of the slow and slowinit modes")
	vars := flag.String("variants", strings.Join(variants.Names(), ","), "UCI_Variant values, comma-separated")
	flag.Parse()
	e := &engine{mode: *mode, after: *after, delay: *delay, variant: variants.All[0], out: bufio.NewWriter(os.Stdout)}
	if *vars != "" {
		e.vars = strings.Split(*vars, ",")
	}
	e.game = start(e.variant)
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
	mode    string
	after   int
	delay   time.Duration
	vars    []string
	variant *engines.Variant
	game    *engines.Game
	moves   int  // good moves played
	hung    bool // hang mode reached
	in      *bufio.Scanner
	out     *bufio.Writer
}

func (e *engine) println(s string) { fmt.Fprintln(e.out, s) }

func (e *engine) announce(what string) {
	fmt.Fprintf(os.Stderr, "faultyengine: %s after %d moves\n", what, e.moves)
}

func start(v *engines.Variant) *engines.Game {
	pos, err := engines.ParseFEN(v, v.StartFEN)
	if err != nil {
		panic(err)
	}
	return engines.NewGame(pos)
}

// handle runs one command; false ends the program.
func (e *engine) handle(f []string) bool {
	if len(f) == 0 {
		return true
	}
	if e.hung {
		return f[0] != "quit"
	}
	switch f[0] {
	case "uci":
		switch e.mode {
		case "slowinit":
			e.announce("slow handshake")
			time.Sleep(e.delay)
		case "noinit":
			e.announce("exit in the handshake")
			os.Exit(4)
		}
		e.println("id name faultyengine " + e.mode)
		e.println("id author the varena authors")
		if len(e.vars) > 0 {
			e.println("option name UCI_Variant type combo default " + e.vars[0] + " var " + strings.Join(e.vars, " var "))
		}
		e.println("option name Hash type spin default 16 min 1 max 1024")
		e.println("uciok")
	case "isready":
		e.println("readyok")
	case "setoption":
		if len(f) == 5 && f[1] == "name" && strings.EqualFold(f[2], "UCI_Variant") && f[3] == "value" {
			if v, err := variants.ByName(f[4]); err == nil {
				e.variant = v
				e.game = start(v)
			}
		}
	case "ucinewgame":
		e.game = start(e.variant)
	case "position":
		e.position(f[1:])
	case "go":
		return e.goCmd()
	case "quit":
		if e.mode == "noquit" {
			e.announce("ignoring quit")
			return true
		}
		return false
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
	pos, err := engines.ParseFEN(e.variant, e.variant.StartFEN)
	if len(args) > 0 && args[0] == "fen" {
		pos, err = engines.ParseFEN(e.variant, strings.Join(args[1:mi], " "))
	}
	if err != nil {
		e.println("info string " + err.Error())
		return
	}
	g := engines.NewGame(pos)
	if mi < len(args) {
		for _, text := range args[mi+1:] {
			m, err := g.Position().ParseUCIMove(text)
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
	g := pos.Geometry()
	m, ok := e.choose()
	best := "0000"
	if ok {
		best = g.UCI(m)
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
	case "stall":
		e.announce("stall until stop")
		e.out.Flush()
		for e.in.Scan() && strings.TrimSpace(e.in.Text()) != "stop" {
		}
	case "garbage":
		e.announce("garbage")
		e.println("Hello from the faulty engine!")
		e.println("info depth banana")
		e.println("bestmove")
		return true
	case "badmove":
		e.announce("bad move text")
		e.println("bestmove xyz9")
		return true
	case "illegal":
		e.announce("illegal move")
		e.println("bestmove " + illegal(pos))
		return true
	case "slow":
		time.Sleep(e.delay)
	case "longinfo":
		pv := strings.Repeat(" "+best, 300_000/(len(best)+1))
		e.println("info depth 1 score cp 1 nodes 1 pv" + pv)
	case "comment":
		// Not a fault: text to keep with the move, in two lines, and a
		// string that only starts alike.
		e.println(fmt.Sprintf("info string pgncomment move %d,", e.moves+1))
		e.println("info string pgncommentary is not one")
		e.println("info string pgncomment {from the faulty engine}")
	}
	e.println("info depth 1 seldepth 1 score cp 0 nodes 1 time 0 pv " + best)
	e.println("bestmove " + best)
	e.moves++
	if e.mode == "die" && e.moves >= max(e.after, 1) {
		e.announce("exit between moves")
		e.out.Flush()
		os.Exit(5)
	}
	return true
}

// illegal returns move text that names two squares of the board but no
// legal move.
func illegal(pos *engines.Position) string {
	g := pos.Geometry()
	for from := range engines.Square(g.NumSquares()) {
		for to := range engines.Square(g.NumSquares()) {
			text := g.SquareName(from) + g.SquareName(to)
			if _, err := pos.ParseUCIMove(text); err != nil && from != to {
				return text
			}
		}
	}
	return "a1a1"
}
