package xboard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"varena/engines"
	"varena/engines/chess"
	"varena/engines/fairy"
	"varena/engines/limits"
	"varena/engines/search"
	"varena/engines/variants"
)

// ServerOptions configure Serve. Zero fields take their defaults.
type ServerOptions struct {
	// Variant is the variant of "new" until a "variant" command (default:
	// standard chess, xboard's normal).
	Variant string
	// Hash is the transposition table in MB (default 16); "memory N"
	// changes it.
	Hash int
	// Variants holds the variants the server plays: the built-ins (nil)
	// and the sections of a variants.ini (varena xboard -variant-file).
	Variants *variants.Set
}

const (
	defaultHash   = 16
	maxHash       = 4096
	maxInputLine  = 1 << 20
	defaultBase   = 5 * time.Minute // xboard's default level 40 5 0
	defaultPeriod = 40
	moveOverhead  = 50 * time.Millisecond // off each increment, for the GUI's delays
)

// Serve speaks xboard (protocol 2) on in and out: varena's engine for
// XBoard, cutechess-cli and other GUIs. It returns nil after "quit" or at
// the end of in, ctx.Err() when ctx ends, or the error of a failed
// write. Lines are read in a goroutine that feeds a select loop; a
// search runs in its own goroutine, so that "?", "force", "ping" and
// "quit" are answered while it runs. A bad line is answered with
// "Error (...): LINE", a move that is not legal with "Illegal move: X";
// neither changes anything.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts ServerOptions) error {
	s, err := newServer(opts, out)
	if err != nil {
		return err
	}
	lines := make(chan string)
	readErr := make(chan error, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		readErr <- readInput(in, func(l string) bool {
			select {
			case lines <- l:
				return true
			case <-stop:
				return false
			}
		})
		close(lines)
	}()
	for {
		var done <-chan search.Result
		if s.job != nil {
			done = s.job.done
		}
		select {
		case <-ctx.Done():
			s.abort()
			return ctx.Err()
		case res := <-done:
			s.finish(res)
		case l, ok := <-lines:
			if !ok {
				s.abort()
				if err := <-readErr; err != nil && !errors.Is(err, io.EOF) {
					return fmt.Errorf("xboard: reading commands: %w", err)
				}
				return s.out.error()
			}
			if s.handle(l) {
				s.abort()
				return s.out.error()
			}
		}
		if err := s.out.error(); err != nil {
			s.abort()
			return err
		}
	}
}

// readInput calls emit with each line of r; a line over maxInputLine is
// given as "" (skipped).
func readInput(r io.Reader, emit func(string) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	long := false
	for {
		chunk, more, err := br.ReadLine()
		if err != nil {
			return err
		}
		if !long {
			buf = append(buf, chunk...)
			if len(buf) > maxInputLine {
				long, buf = true, buf[:0]
			}
		}
		if more {
			continue
		}
		text := string(buf)
		if long {
			text = ""
		}
		buf, long = buf[:0], false
		if !emit(text) {
			return nil
		}
	}
}

// writer writes whole lines from several goroutines and keeps the first
// error.
type writer struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (w *writer) println(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		_, w.err = io.WriteString(w.w, s+"\n")
	}
}

func (w *writer) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// server is one session's state; only the select loop touches it.
type server struct {
	out      *writer
	variants *variants.Set    // the variants it plays besides the built-ins
	initial  *engines.Variant // of "new"
	variant  *engines.Variant
	game     *engines.Game
	searcher *search.Searcher
	weights  map[*engines.Variant]*search.Weights
	hash     int

	force  bool
	engine engines.Color // the side the engine plays when not in force mode
	post   bool
	ponder bool // "hard"

	// Time control: level (mps moves per base, inc), st, sd, nps; the
	// clocks of time and otim.
	mps         int
	base, inc   time.Duration
	moveTime    time.Duration
	depth       int
	nps         int64
	own, other  time.Duration
	clocksGiven bool

	job *job
}

// job is a search in its own goroutine: a move search or a ponder
// search (whose result is thrown away).
type job struct {
	cancel    context.CancelFunc
	done      chan search.Result
	game      *engines.Game
	pondering bool
	discard   bool // aborted: no move is printed
}

func newServer(opts ServerOptions, out io.Writer) (*server, error) {
	s := &server{out: &writer{w: out}, variants: opts.Variants, hash: opts.Hash, weights: map[*engines.Variant]*search.Weights{},
		initial: chess.Standard, post: true}
	if s.hash == 0 {
		s.hash = defaultHash
	}
	if s.hash < 1 || s.hash > maxHash {
		return nil, fmt.Errorf("xboard: hash %d MB out of range 1-%d", s.hash, maxHash)
	}
	if opts.Variant != "" {
		v, err := s.variantByName(opts.Variant)
		if err != nil {
			return nil, fmt.Errorf("xboard: %w", err)
		}
		s.initial = v
	}
	s.searcher = search.New(s.weightsFor(s.initial), s.hash)
	s.newGame()
	return s, nil
}

// weightsFor returns v's built-in weights, or weights derived from its
// rules for a variant without any.
func (s *server) weightsFor(v *engines.Variant) *search.Weights {
	if w, ok := s.weights[v]; ok {
		return w
	}
	w, err := search.DefaultWeights(v)
	if err != nil {
		w = search.DerivedWeights(v)
	}
	s.weights[v] = w
	return w
}

func (s *server) newGame() {
	s.setVariant(s.initial)
	s.force, s.engine = false, engines.Black
	s.mps, s.base, s.inc = defaultPeriod, defaultBase, 0
	s.moveTime, s.depth, s.nps = 0, 0, 0
	s.clocksGiven = false
	s.searcher.NewGame()
}

func (s *server) setVariant(v *engines.Variant) {
	s.variant = v
	s.game = engines.NewGame(v.StartPosition())
	s.searcher.SetWeights(s.weightsFor(v))
}

// served lists the variants the server plays: varena's own and those of
// set (Set.Names), then Fairy-Stockfish's built-in variants that
// engines/fairy describes and the engine can play (kingofthehill,
// 3check, shatranj, makruk, knightmate...), made once.
func served(set *variants.Set) []*engines.Variant {
	var vs []*engines.Variant
	for _, n := range set.Names() {
		if v, err := set.ByName(n); err == nil {
			vs = append(vs, v)
		}
	}
	return append(vs, fairyBuiltins()...)
}

var fairyBuiltins = sync.OnceValue(func() []*engines.Variant {
	var vs []*engines.Variant
	for _, d := range fairy.Builtins() {
		if variants.Builtin(d.Name) || d.Name == "fairy" {
			continue // varena's own (chess, extinction, ...); XBoard's fairy is another game
		}
		if v, err := d.Variant(); err == nil {
			vs = append(vs, v)
		}
	}
	return vs
})

// ServerVariants returns the variants feature of a server that plays
// the variants of set (nil: the built-ins): each variant under its
// xboard name (XboardNames' first).
func ServerVariants(set *variants.Set) []string {
	var names []string
	for _, v := range served(set) {
		if x := XboardNames(v)[0]; !slices.Contains(names, x) {
			names = append(names, x)
		}
	}
	return names
}

// variantByName finds a variant the server plays by any of its names.
func (s *server) variantByName(name string) (*engines.Variant, error) {
	for _, v := range served(s.variants) {
		if slices.Contains(XboardNames(v), name) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(ServerVariants(s.variants), ", "))
}

// handle runs one command line and reports whether it was "quit".
func (s *server) handle(line string) (quit bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	cmd, args := f[0], f[1:]
	arg := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), cmd))
	switch cmd {
	case "quit":
		return true
	case "xboard", "accepted", "rejected", "computer", "name", "rating", "ics", "random", "draw", "hint", "bk", "exit", "easy", "hard", "post", "nopost", "otim", "time":
		s.setting(cmd, args, line)
	case "protover":
		// done=0 first: the variants list lowers every variant it names
		// (a fraction of a second, more on a loaded machine), and a GUI
		// that hears nothing for 2 s takes the engine for protocol 1.
		s.out.println("feature done=0")
		s.out.println(`feature myname="varena" setboard=1 usermove=1 ping=1 san=0 colors=0 sigint=0 sigterm=0 ` +
			`time=1 draw=0 reuse=1 analyze=0 memory=1 smp=1 variants="` + strings.Join(ServerVariants(s.variants), ",") + `"`)
		s.out.println("feature done=1")
	case "new":
		s.abort()
		s.newGame()
	case "variant":
		s.abort()
		v, err := s.variantByName(arg)
		if err != nil {
			s.errorf(err.Error(), line)
			return false
		}
		s.setVariant(v)
	case "force":
		s.abort()
		s.force = true
	case "go":
		s.abort()
		s.force, s.engine = false, s.game.Position().SideToMove()
		s.think()
	case "playother":
		s.abort()
		s.force, s.engine = false, s.game.Position().SideToMove().Other()
		s.startPonder()
	case "usermove":
		s.userMove(arg, line)
	case "?":
		if s.job != nil && !s.job.pondering {
			s.job.cancel()
		}
	case "ping":
		s.out.println("pong " + arg)
	case "result":
		s.abort()
		s.force = true
	case "setboard":
		s.abort()
		pos, err := ParseFEN(s.variant, arg)
		if err != nil {
			s.out.println("tellusererror Illegal position")
			s.errorf("bad FEN: "+err.Error(), line)
			return false
		}
		s.game = engines.NewGame(pos)
	case "undo", "remove":
		s.abort()
		n := 1
		if cmd == "remove" {
			n = 2
		}
		s.takeBack(n, line)
	case "level":
		s.level(args, line)
	case "st":
		x, err := strconv.ParseFloat(arg, 64)
		if err != nil || !(x > 0) || x > 1e6 {
			s.errorf("want seconds a move", line)
			return false
		}
		s.moveTime, s.mps = time.Duration(x*float64(time.Second)), 0
	case "sd":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			s.errorf("want a depth of 1 or more", line)
			return false
		}
		s.depth = min(n, limits.MaxPly)
	case "nps":
		n, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || n < 1 {
			s.errorf("want nodes a second, 1 or more", line)
			return false
		}
		s.nps = n
	case "memory":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 || n > maxHash {
			s.errorf(fmt.Sprintf("want MB from 1 to %d", maxHash), line)
			return false
		}
		s.abort()
		if n != s.hash {
			s.hash = n
			s.searcher.SetHash(n)
		}
	case "cores":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			s.errorf("want a number of cores", line)
			return false
		}
		s.abort()
		s.searcher.SetThreads(min(n, search.MaxThreads))
	default:
		// A bare move, as protocol 1 GUIs send them.
		if _, err := ParseMove(s.game.Position(), cmd); err == nil && len(f) == 1 {
			s.userMove(cmd, line)
			return false
		}
		s.errorf("unknown command", line)
	}
	return false
}

// setting handles the commands that set a flag or a clock, or need no
// answer.
func (s *server) setting(cmd string, args []string, line string) {
	switch cmd {
	case "easy":
		s.ponder = false
		if s.job != nil && s.job.pondering {
			s.abort()
		}
	case "hard":
		s.ponder = true
	case "post":
		s.post = true
	case "nopost":
		s.post = false
	case "time", "otim":
		if len(args) != 1 {
			s.errorf("want centiseconds", line)
			return
		}
		n, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil {
			s.errorf("want centiseconds", line)
			return
		}
		d := time.Duration(max(min(n, 1e8), 0)) * 10 * time.Millisecond
		if cmd == "time" {
			s.own = d
		} else {
			s.other = d
		}
		s.clocksGiven = true
	}
}

func (s *server) errorf(reason, line string) {
	s.out.println("Error (" + reason + "): " + line)
}

// level reads "level MPS BASE INC", BASE in minutes or minutes:seconds.
func (s *server) level(args []string, line string) {
	if len(args) != 3 {
		s.errorf("want level MPS BASE INC", line)
		return
	}
	mps, err1 := strconv.Atoi(args[0])
	var base float64
	var err2 error
	if m, sec, ok := strings.Cut(args[1], ":"); ok {
		var mm, ss float64
		mm, err2 = strconv.ParseFloat(m, 64)
		if err2 == nil {
			ss, err2 = strconv.ParseFloat(sec, 64)
		}
		base = 60*mm + ss
	} else {
		base, err2 = strconv.ParseFloat(args[1], 64)
		base *= 60
	}
	inc, err3 := strconv.ParseFloat(args[2], 64)
	if err1 != nil || err2 != nil || err3 != nil || mps < 0 || !(base >= 0) || !(inc >= 0) || base > 1e6 || inc > 1e6 {
		s.errorf("bad number", line)
		return
	}
	s.mps, s.base, s.inc = mps, time.Duration(base*float64(time.Second)), time.Duration(inc*float64(time.Second))
	s.moveTime = 0
	if !s.clocksGiven {
		s.own, s.other = s.base, s.base
	}
}

// takeBack takes back n plies.
func (s *server) takeBack(n int, line string) {
	moves := s.game.Moves()
	if len(moves) < n {
		s.errorf("no moves to take back", line)
		return
	}
	g := engines.NewGame(s.game.Start())
	for _, m := range moves[:len(moves)-n] {
		g.Play(m)
	}
	s.game = g
}

// userMove plays the opponent's move and, when the engine is to move
// then, starts its search.
func (s *server) userMove(text, line string) {
	if s.job != nil {
		s.abort() // a ponder search
	}
	pos := s.game.Position()
	m, err := ParseMove(pos, text)
	if err != nil || !pos.IsLegal(m) {
		s.out.println("Illegal move: " + text)
		return
	}
	s.game.Play(m)
	if s.gameOver() {
		return
	}
	if !s.force && s.game.Position().SideToMove() == s.engine {
		s.think()
	}
}

// gameOver prints the result when the rules have ended the game.
func (s *server) gameOver() bool {
	o := s.game.Outcome()
	if o.Result == engines.Ongoing {
		return false
	}
	s.out.println(o.Result.String() + " {" + o.Reason.String() + "}")
	s.force = true
	return true
}

// limits returns the search limits of the engine's move.
func (s *server) limits() limits.Limits {
	var lim limits.Limits
	pos := s.game.Position()
	switch {
	case s.moveTime > 0 && s.nps > 0:
		lim.Nodes = max(int64(s.moveTime.Seconds()*float64(s.nps)), 1)
	case s.moveTime > 0:
		lim.MoveTime = s.moveTime
	default:
		// A little of the clock, and of each increment, is kept for the
		// GUI's and the pipes' delays: XBoard on a virtual display takes
		// some 40 ms a move of the engine's clock (measured).
		own, other := s.own-min(s.own/2, 100*time.Millisecond), s.other
		if own <= 0 {
			own = time.Millisecond
		}
		inc := max(s.inc-moveOverhead, 0)
		lim.WTime, lim.BTime, lim.WInc, lim.BInc = own, other, inc, inc
		if pos.SideToMove() == engines.Black {
			lim.WTime, lim.BTime = other, own
		}
		if s.mps > 0 {
			start := s.game.Start()
			played := (len(s.game.Moves()) + int(start.SideToMove()^s.engine)) / 2
			lim.MovesToGo = s.mps - played%s.mps
		}
	}
	lim.Depth = s.depth
	if s.depth > 0 && s.moveTime == 0 && !s.clocksGiven {
		lim.WTime, lim.BTime, lim.WInc, lim.BInc, lim.MovesToGo = 0, 0, 0, 0, 0
	}
	return lim
}

// think starts the engine's search for a move.
func (s *server) think() {
	if s.game.Position().CountMoves() == 0 {
		s.gameOver()
		return
	}
	s.start(s.limits(), false)
}

// startPonder searches the position on the opponent's time ("hard"),
// for the table's sake: its result is thrown away.
func (s *server) startPonder() {
	if !s.ponder || s.force || s.game.Outcome().Result != engines.Ongoing {
		return
	}
	s.start(limits.Limits{Infinite: true}, true)
}

func (s *server) start(lim limits.Limits, pondering bool) {
	ctx, cancel := context.WithCancel(context.Background())
	g := engines.NewGame(s.game.Start())
	for _, m := range s.game.Moves() {
		g.Play(m)
	}
	j := &job{cancel: cancel, done: make(chan search.Result, 1), game: g, pondering: pondering}
	s.job = j
	searcher, post, v := s.searcher, s.post && !pondering, s.variant
	go func() {
		res := searcher.Search(ctx, g, lim, func(in search.Info) {
			if post {
				s.out.println(thinkingLine(v, in))
			}
		})
		if lim.Infinite {
			<-ctx.Done()
		}
		j.done <- res
	}()
}

// thinkingLine writes an iteration as "ply score time nodes pv".
func thinkingLine(v *engines.Variant, in search.Info) string {
	score := in.Score
	if n := limits.MateIn(score); n > 0 {
		score = MateScore + n
	} else if n < 0 {
		score = -MateScore + n
	}
	pv := make([]string, len(in.PV))
	for i, m := range in.PV {
		pv[i] = toXboard(v, v.UCI(m))
	}
	return fmt.Sprintf("%d %d %d %d %s", in.Depth, score, in.Time.Milliseconds()/10, in.Nodes, strings.Join(pv, " "))
}

// finish ends a search: a move search prints its move and plays it; a
// ponder or aborted search is dropped.
func (s *server) finish(res search.Result) {
	j := s.job
	s.job = nil
	j.cancel()
	if j.discard || j.pondering || res.Move == engines.NullMove {
		return
	}
	pos := s.game.Position()
	s.out.println("move " + MoveText(pos, res.Move, false))
	s.game.Play(res.Move)
	if !s.gameOver() {
		s.startPonder()
	}
}

// abort stops a running search without a move.
func (s *server) abort() {
	if s.job == nil {
		return
	}
	s.job.discard = true
	s.job.cancel()
	s.finish(<-s.job.done)
}
