package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/variants"
	"varena/engines/xboard"
)

func main() {
	mode := flag.String("mode", "ok", "fault: ok noinit slowinit nodone nopong crash die hang garbage illegal claim resign concede moveafterclaim claimafter novariant errvariant illegalreply")
	after := flag.Int("after", 0, "good moves before the fault (nopong: pings answered)")
	delay := flag.Duration("delay", time.Second, "wait of the slowinit mode")
	vars := flag.String("variants", "normal,extinction,losalamos-extinction,evolution", "the variants feature; empty: none (protocol 1 features)")
	proto1 := flag.Bool("protover1", false, "send no features at all (a protocol 1 engine)")
	san := flag.Bool("san", false, "feature san=1: moves in SAN both ways")
	usermove := flag.Bool("usermove", true, "feature usermove=1")
	setboard := flag.Bool("setboard", true, "feature setboard=1 (else edit mode)")
	flag.Parse()
	e := &engine{mode: *mode, after: *after, delay: *delay, proto1: *proto1, san: *san, usermove: *usermove,
		setboard: *setboard, variant: chess.Standard, out: bufio.NewWriter(os.Stdout)}
	if *vars != "" {
		e.vars = strings.Split(*vars, ",")
	}
	e.game = engines.NewGame(e.variant.StartPosition())
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 16<<20)
	for in.Scan() {
		if !e.handle(in.Text()) {
			return
		}
		e.out.Flush()
	}
}

// engine is an xboard engine that plays the first capture, else the
// first legal move, and misbehaves as its mode says.
type engine struct {
	mode                            string
	after                           int
	delay                           time.Duration
	proto1, san, usermove, setboard bool
	vars                            []string
	variant                         *engines.Variant
	game                            *engines.Game
	force                           bool
	side                            engines.Color // the side it plays
	moves                           int           // good moves played
	pongs                           int           // pings answered
	hung                            bool
	editing                         bool
	editColor                       engines.Color
	edit                            []string
	out                             *bufio.Writer
}

func (e *engine) println(s string) { fmt.Fprintln(e.out, s) }

func (e *engine) announce(what string) {
	fmt.Fprintf(os.Stderr, "faultyengine: %s after %d moves\n", what, e.moves)
}

func (e *engine) faulty() bool { return e.moves >= e.after }

// handle runs one command; false ends the program.
func (e *engine) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return true
	}
	if e.hung {
		return f[0] != "quit"
	}
	if e.editing {
		e.editLine(f[0])
		return true
	}
	switch f[0] {
	case "protover":
		e.features()
	case "new":
		e.variant, e.force, e.side = chess.Standard, false, engines.Black
		e.game = engines.NewGame(e.variant.StartPosition())
	case "variant":
		if e.mode == "errvariant" {
			e.println("Error (unsupported variant): " + line)
			return true
		}
		if e.mode == "novariant" || len(f) < 2 {
			return true // plays chess whatever it is told
		}
		if v := lookup(f[1]); v != nil {
			e.variant = v
			e.game = engines.NewGame(v.StartPosition())
		}
	case "force":
		e.force = true
	case "setboard":
		pos, err := engines.ParseFEN(e.variant, strings.TrimSpace(strings.TrimPrefix(line, "setboard")))
		if err != nil {
			e.println("tellusererror Illegal position")
			return true
		}
		e.game = engines.NewGame(pos)
	case "edit":
		e.editing, e.editColor, e.edit = true, engines.White, nil
	case "ping":
		if e.mode == "nopong" && e.pongs >= e.after {
			e.announce("no pong")
			return true
		}
		e.pongs++
		e.println("pong " + strings.Join(f[1:], " "))
	case "go":
		e.force, e.side = false, e.game.Position().SideToMove()
		return e.move()
	case "usermove":
		if len(f) < 2 {
			return true
		}
		return e.userMove(f[1])
	case "quit":
		return false
	case "xboard", "accepted", "rejected", "level", "st", "sd", "nps", "time", "otim", "post", "nopost",
		"hard", "easy", "memory", "cores", "option", "result", "computer", "random":
	default:
		if !e.usermove {
			return e.userMove(f[0])
		}
		e.println("Error (unknown command): " + line)
	}
	return true
}

// lookup finds a variant by an xboard name.
func lookup(name string) *engines.Variant {
	for _, n := range variants.Names() {
		v, err := variants.ByName(n)
		if err == nil && slices.Contains(xboard.XboardNames(v), name) {
			return v
		}
	}
	return nil
}

func (e *engine) features() {
	switch e.mode {
	case "noinit":
		e.announce("exit in the handshake")
		os.Exit(4)
	case "slowinit":
		time.Sleep(e.delay)
	}
	if e.proto1 {
		return
	}
	fs := []xboard.Feature{{Name: "myname", Value: "faultyengine " + e.mode, Quoted: true},
		{Name: "ping", Value: "1"}, {Name: "setboard", Value: b(e.setboard)}, {Name: "usermove", Value: b(e.usermove)},
		{Name: "san", Value: b(e.san)}, {Name: "memory", Value: "1"}, {Name: "sigint", Value: "0"},
		{Name: "option", Value: "Depth -spin 3 1 20", Quoted: true}, {Name: "option", Value: "Style -combo *solid /// wild", Quoted: true}}
	if e.vars != nil {
		fs = append(fs, xboard.Feature{Name: "variants", Value: strings.Join(e.vars, ","), Quoted: true})
	}
	if e.mode == "nodone" {
		e.println("feature done=0")
		e.println(xboard.FormatFeatures(fs))
		e.announce("no done=1")
		return
	}
	e.println("feature done=0")
	e.println(xboard.FormatFeatures(fs))
	e.println("feature done=1")
}

func b(on bool) string {
	if on {
		return "1"
	}
	return "0"
}

// editLine reads edit mode: # clears, c switches colour, . ends, Xsq
// puts a piece.
func (e *engine) editLine(cmd string) {
	switch cmd {
	case "#":
		e.edit = nil
	case "c":
		e.editColor = engines.Black
	case ".":
		e.editing = false
		e.setFromEdit()
	default:
		if e.editColor == engines.Black {
			cmd = strings.ToLower(cmd[:1]) + cmd[1:]
		}
		e.edit = append(e.edit, cmd)
	}
}

// setFromEdit makes a FEN of the pieces edit mode placed, side to move
// as before.
func (e *engine) setFromEdit() {
	g := e.variant.Geometry
	board := make([][]byte, g.Ranks())
	for r := range board {
		board[r] = make([]byte, g.Files())
	}
	for _, p := range e.edit {
		sq, err := g.ParseSquare(p[1:])
		if err != nil {
			continue
		}
		board[g.Ranks()-1-g.Rank(sq)][g.File(sq)] = p[0]
	}
	var rows []string
	for _, row := range board {
		s, empty := "", 0
		for _, c := range row {
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				s += fmt.Sprint(empty)
				empty = 0
			}
			s += string(c)
		}
		if empty > 0 {
			s += fmt.Sprint(empty)
		}
		rows = append(rows, s)
	}
	side := "w"
	if e.game.Position().SideToMove() == engines.Black {
		side = "b"
	}
	pos, err := engines.ParseFEN(e.variant, strings.Join(rows, "/")+" "+side+" - - 0 1")
	if err != nil {
		e.println("tellusererror Illegal position: " + err.Error())
		return
	}
	e.game = engines.NewGame(pos)
}

func (e *engine) userMove(text string) bool {
	pos := e.game.Position()
	m, err := xboard.ParseMove(pos, text)
	if err != nil || !pos.IsLegal(m) {
		if e.mode == "novariant" {
			return true // its own game goes on
		}
		e.println("Illegal move: " + text)
		return true
	}
	if e.mode == "illegalreply" && e.faulty() {
		e.announce("refusing a legal move")
		e.println("Illegal move (I do not like it): " + text)
		return true
	}
	e.game.Play(m)
	if !e.force && e.game.Position().SideToMove() == e.side {
		return e.move()
	}
	return true
}

// choose returns a pawn's double step in novariant mode (not legal in
// most variants but chess), else the first capture, else the first move.
func (e *engine) choose() (engines.Move, bool) {
	pos := e.game.Position()
	moves := pos.GenerateMoves(nil)
	if len(moves) == 0 {
		return engines.NullMove, false
	}
	for _, m := range moves {
		if e.mode == "novariant" && pos.MovedType(m) == engines.Pawn {
			if d := pos.Geometry().Rank(m.To()) - pos.Geometry().Rank(m.From()); d == 2 || d == -2 {
				return m, true
			}
		}
	}
	for _, m := range moves {
		if pos.IsCapture(m) {
			return m, true
		}
	}
	return moves[0], true
}

func (e *engine) text(m engines.Move) string {
	pos := e.game.Position()
	if e.san {
		return pos.SAN(m)
	}
	return pos.Variant().UCI(m)
}

// move plays the engine's move, or its fault.
func (e *engine) move() bool {
	m, ok := e.choose()
	if !ok {
		e.println("1/2-1/2 {no moves}")
		return true
	}
	if e.faulty() {
		switch e.mode {
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
			e.println("Hello from the faulty engine!")
			e.println("12 banana 3")
			e.println("move zz99")
			return true
		case "illegal":
			e.announce("illegal move")
			e.println("move " + illegal(e.game.Position()))
			return true
		case "claim":
			e.announce("a claim of its own win")
			if e.side == engines.White {
				e.println("1-0 {I say I won}")
			} else {
				e.println("0-1 {I say I won}")
			}
			return true
		case "resign":
			e.announce("resignation")
			e.println("resign")
			return true
		case "concede":
			e.announce("a claim of the opponent's win")
			if e.side == engines.White {
				e.println("0-1 {I am lost}")
			} else {
				e.println("1-0 {I am lost}")
			}
			return true
		case "moveafterclaim":
			e.announce("a move after a claim")
			e.println("1/2-1/2 {Draw by agreement with myself}")
			e.println("move " + e.text(m))
			e.game.Play(m)
			return true
		}
	}
	e.println("1 12 0 7 " + e.text(m))
	e.println("move " + e.text(m))
	if e.mode == "claimafter" && e.faulty() {
		e.announce("a claim after its move")
		e.println("1/2-1/2 {Draw by repetition}")
	}
	e.game.Play(m)
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
			if _, err := xboard.ParseMove(pos, text); err != nil && from != to {
				return text
			}
		}
	}
	return "a1a1"
}
