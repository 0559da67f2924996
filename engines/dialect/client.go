package dialect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"varena/engines"
	"varena/engines/internal/proc"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/uci"
)

// Protocol is the dialect an engine speaks.
type Protocol int

const (
	// USI is the Universal Shogi Interface.
	USI Protocol = iota + 1
	// UCCI is the Universal Chinese Chess Interface.
	UCCI
)

func (p Protocol) String() string {
	switch p {
	case USI:
		return "usi"
	case UCCI:
		return "ucci"
	}
	return fmt.Sprintf("protocol(%d)", int(p))
}

// DefaultVariant is what an engine of the protocol plays when it offers
// no variant option: shogi for USI, xiangqi for UCCI.
func (p Protocol) DefaultVariant() string {
	if p == USI {
		return "shogi"
	}
	return "xiangqi"
}

// EngineConfig describes an external USI or UCCI engine. Zero durations
// take their defaults.
type EngineConfig struct {
	Protocol Protocol // USI or UCCI
	Name     string   // the name the tournament knows it by (default: its "id name")
	Command  string   // the program
	Args     []string // its arguments
	Dir      string   // its working directory (default: ours)
	Env      []string // added to our environment, "KEY=value"
	// Options are set after the handshake, by name (matched ignoring
	// case, "_" and " " alike; in USI a name the engine offers only with
	// a "USI_" prefix, USI_Hash for Hash, is found too). Each must be
	// one the engine offers. VariantPath is set first and the handshake
	// done again, since it adds variants.
	Options map[string]string
	// VariantName maps our variant names to the engine's names where
	// they differ. For an engine without a variant option, an entry
	// asserts that it plays the variant.
	VariantName map[string]string

	InitTimeout   time.Duration // for the handshake and each isready (default 10 s)
	MoveMargin    time.Duration // allowed beyond a move's time budget (default 1 s)
	SearchTimeout time.Duration // a move without time budget (depth, nodes) (default 60 s)
	StopGrace     time.Duration // waiting for bestmove after "stop" (default 500 ms)
	StderrLog     io.Writer     // the engine's stderr (default: discarded)
	// ProtocolLog, when set, is called with every line sent to the
	// engine (sent true, before it is written) and read from it, in order.
	ProtocolLog func(sent bool, line string)
}

// Client defaults.
const (
	DefaultInitTimeout   = 10 * time.Second
	DefaultMoveMargin    = time.Second
	DefaultSearchTimeout = 60 * time.Second
	DefaultStopGrace     = 500 * time.Millisecond
	quitTimeout          = time.Second
	writeTimeout         = 2 * time.Second
)

// ErrUnsupportedVariant is returned (wrapped) by NewGame and Move for a
// variant the engine does not play.
var ErrUnsupportedVariant = errors.New("variant not supported by the engine")

var _ player.Player = (*Engine)(nil)

// Engine is an external USI or UCCI engine run as a player.Player. Its
// methods may not run concurrently; a Move is abandoned by cancelling
// its context.
//
// Every wait has a deadline: the handshake and isready InitTimeout, a
// move its time budget (the mover's clock, or the time per move) plus
// MoveMargin, or SearchTimeout without one. At the deadline the engine
// is told "stop" and gets StopGrace, else it is killed. Failures are
// *player.Fault values; "bestmove resign" and "bestmove win" are
// *player.Claim values for the referee. After a crash or a kill the
// next NewGame or Move starts the program again.
type Engine struct {
	cfg EngineConfig
	ctx context.Context

	label string

	mu       sync.Mutex
	proc     *proc.Process
	id       string
	options  []uci.Option
	variant  *engines.Variant // the variant the running process is set to
	restarts int
	closed   bool
	millis   bool // UCCI: times in milliseconds (else seconds)
	swapped  bool // USI: the engine reads wtime as the first player's (usiClockSwapped)

	// The last game the engine moved in and its side there, for USI's
	// gameover at the next game; resigned when it resigned it.
	last     *engines.Game
	lastSide engines.Color
	resigned bool
}

// Start runs the engine program and does the handshake ("usi" ...
// "usiok" or "ucci" ... "ucciok", the options, "isready" ... "readyok").
// ctx bounds the life of the engine's processes. Failures of the
// program are *player.Fault values; a bad configuration is a plain
// error.
func Start(ctx context.Context, cfg EngineConfig) (*Engine, error) {
	if cfg.Protocol != USI && cfg.Protocol != UCCI {
		return nil, fmt.Errorf("dialect: unknown protocol %v", cfg.Protocol)
	}
	if cfg.Command == "" {
		return nil, fmt.Errorf("%v: engine without a command", cfg.Protocol)
	}
	for d, def := range map[*time.Duration]time.Duration{
		&cfg.InitTimeout: DefaultInitTimeout, &cfg.MoveMargin: DefaultMoveMargin,
		&cfg.SearchTimeout: DefaultSearchTimeout, &cfg.StopGrace: DefaultStopGrace,
	} {
		if *d <= 0 {
			*d = def
		}
	}
	e := &Engine{cfg: cfg, ctx: ctx}
	if err := e.launch(ctx); err != nil {
		return nil, err
	}
	e.label = e.name()
	return e, nil
}

// Name returns the configured name, else the engine's "id name", else
// the program's file name. It is fixed once Start returns.
func (e *Engine) Name() string { return e.name() }

func (e *Engine) name() string {
	switch {
	case e.label != "":
		return e.label
	case e.cfg.Name != "":
		return e.cfg.Name
	case e.id != "":
		return e.id
	}
	return filepath.Base(e.cfg.Command)
}

// Protocol returns the dialect the engine speaks.
func (e *Engine) Protocol() Protocol { return e.cfg.Protocol }

// ID returns the name the engine gave in "id name".
func (e *Engine) ID() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.id
}

// Options returns the options the engine offered in its last handshake.
func (e *Engine) Options() []uci.Option {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.options)
}

// Variants returns the values of the engine's variant option (USI_Variant
// or UCI_Variant; nil without one).
func (e *Engine) Variants() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if o, ok := e.variantOption(); ok {
		return slices.Clone(o.Vars)
	}
	return nil
}

// Supports reports whether the engine plays v: a variant its variant
// option lists (or VariantName maps), else the protocol's own (shogi,
// xiangqi), on a board the protocol's notation can name.
func (e *Engine) Supports(v *engines.Variant) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	_, _, err := e.variantName(v)
	return err == nil
}

// Restarts returns how many times the program was started again after a
// crash or a kill.
func (e *Engine) Restarts() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.restarts
}

// option finds an offered option by name: case, "_" and " " do not
// matter; in USI, "USI_"+name is tried too.
func (e *Engine) option(name string) (uci.Option, bool) {
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, " ", "_")) }
	want := []string{norm(name)}
	if e.cfg.Protocol == USI {
		want = append(want, "usi_"+norm(name))
	}
	for _, w := range want {
		for _, o := range e.options {
			if norm(o.Name) == w {
				return o, true
			}
		}
	}
	return uci.Option{}, false
}

func (e *Engine) variantOption() (uci.Option, bool) {
	if o, ok := e.option("USI_Variant"); ok {
		return o, true
	}
	return e.option("UCI_Variant")
}

// variantName returns the engine's name for v and whether the variant
// option is to be set.
func (e *Engine) variantName(v *engines.Variant) (name string, set bool, err error) {
	g := v.Geometry
	if err := e.fits(g.Files(), g.Ranks()); err != nil {
		return "", false, fmt.Errorf("%w: %s: %s: %v", ErrUnsupportedVariant, e.name(), v.Name, err)
	}
	name, mapped := e.cfg.VariantName[v.Name]
	if !mapped {
		name = v.Name
	}
	o, ok := e.variantOption()
	if !ok {
		if mapped || slices.Contains(v.Names(), e.cfg.Protocol.DefaultVariant()) {
			return name, false, nil
		}
		return "", false, fmt.Errorf("%w: %s has no variant option and plays %s only (map %s in variant_names if it plays it anyway)",
			ErrUnsupportedVariant, e.name(), e.cfg.Protocol.DefaultVariant(), v.Name)
	}
	if !mapped && !slices.Contains(o.Vars, name) {
		for _, alias := range v.Aliases {
			if slices.Contains(o.Vars, alias) {
				return alias, true, nil
			}
		}
	}
	if !slices.Contains(o.Vars, name) {
		return "", false, fmt.Errorf("%w: %s does not offer %s %s", ErrUnsupportedVariant, e.name(), o.Name, name)
	}
	return name, true, nil
}

// fits reports whether the protocol's notation names the squares of a
// files x ranks board.
func (e *Engine) fits(files, ranks int) error {
	if e.cfg.Protocol == USI {
		return usiBoard(files, ranks)
	}
	return ucciBoard(files, ranks)
}

// toEngine and fromEngine convert move text between varena's notation
// and the engine's.
func (e *Engine) toEngine(g *engines.Geometry, move string) (string, error) {
	if e.cfg.Protocol == USI {
		return ToUSI(move, g.Files(), g.Ranks())
	}
	return ToUCCI(move, g.Files(), g.Ranks())
}

func (e *Engine) fromEngine(g *engines.Geometry, move string) (string, error) {
	if e.cfg.Protocol == USI {
		return FromUSI(move, g.Files(), g.Ranks())
	}
	return FromUCCI(move, g.Files(), g.Ranks())
}

func (e *Engine) fault(kind player.FaultKind, format string, args ...any) *player.Fault {
	return &player.Fault{Player: e.name(), Kind: kind, Err: fmt.Errorf(format, args...)}
}

// kill ends the running process, if any; the next request restarts it.
func (e *Engine) kill() {
	if e.proc != nil {
		e.proc.Kill()
		e.proc, e.variant, e.last = nil, nil, nil
	}
}

// send writes a line to the engine; a failure kills it.
func (e *Engine) send(line string) error {
	err := e.proc.Send(line, writeTimeout)
	if err == nil {
		return nil
	}
	kind := player.Crash
	if errors.Is(err, os.ErrDeadlineExceeded) {
		kind = player.Timeout
	}
	status := ""
	if kind == player.Crash {
		status = " (" + e.proc.ExitStatus() + ")"
	}
	e.kill()
	return e.fault(kind, "writing %q: %v%s", line, err, status)
}

// readErr turns a failed read into a fault (the process killed).
func (e *Engine) readErr(ctx context.Context, err error, what string) error {
	switch {
	case errors.Is(err, proc.ErrEOF):
		status := e.proc.ExitStatus()
		e.kill()
		return e.fault(player.Crash, "exited while we waited for %s (%s)", what, status)
	case errors.Is(err, proc.ErrDeadline):
		e.kill()
		return e.fault(player.Timeout, "no %s within %v; killed", what, e.cfg.InitTimeout)
	case ctx.Err() != nil:
		e.kill()
		return ctx.Err()
	}
	e.kill()
	return e.fault(player.Protocol, "waiting for %s: %v", what, err)
}

// await reads lines until the line what, within InitTimeout, handing the
// others to match.
func (e *Engine) await(ctx context.Context, what string, match func(line string)) error {
	deadline := time.Now().Add(e.cfg.InitTimeout)
	for {
		line, err := e.proc.Next(ctx, deadline)
		if err != nil {
			return e.readErr(ctx, err, what)
		}
		if strings.TrimSpace(line) == what {
			return nil
		}
		if match != nil {
			match(line)
		}
	}
}

// sync sends isready and waits for readyok.
func (e *Engine) sync(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	return e.await(ctx, "readyok", nil)
}

// launch starts the program and does the handshake and the options.
func (e *Engine) launch(ctx context.Context) error {
	p, err := proc.Start(e.ctx, proc.Spec{Command: e.cfg.Command, Args: e.cfg.Args, Dir: e.cfg.Dir,
		Env: e.cfg.Env, Stderr: e.cfg.StderrLog, Protocol: e.cfg.ProtocolLog})
	if err != nil {
		return e.fault(player.Crash, "starting %s: %w", e.cfg.Command, err)
	}
	e.proc, e.variant, e.last = p, nil, nil
	if err := e.handshake(ctx); err != nil {
		return err
	}
	names := make([]string, 0, len(e.cfg.Options))
	for name := range e.cfg.Options {
		names = append(names, name)
	}
	// VariantPath first: it changes the variants offered.
	slices.SortFunc(names, func(a, b string) int {
		va, vb := strings.EqualFold(a, "VariantPath"), strings.EqualFold(b, "VariantPath")
		switch {
		case va && !vb:
			return -1
		case vb && !va:
			return 1
		}
		return strings.Compare(a, b)
	})
	variantPath := false
	for _, name := range names {
		o, ok := e.option(name)
		if !ok {
			e.kill()
			return fmt.Errorf("%v: %s offers no option %q", e.cfg.Protocol, e.name(), name)
		}
		if err := e.send(e.setOptionLine(o, e.cfg.Options[name])); err != nil {
			return err
		}
		variantPath = variantPath || strings.EqualFold(name, "VariantPath")
	}
	if variantPath {
		if err := e.handshake(ctx); err != nil {
			return err
		}
	}
	return e.sync(ctx)
}

// handshake sends "usi" or "ucci" and records the id and the options up
// to "usiok" or "ucciok". A UCCI engine that offers usemillisec is told
// to take milliseconds.
func (e *Engine) handshake(ctx context.Context) error {
	hello := e.cfg.Protocol.String()
	if err := e.send(hello); err != nil {
		return err
	}
	var opts []uci.Option
	err := e.await(ctx, hello+"ok", func(line string) {
		switch {
		case strings.HasPrefix(line, "id name "):
			e.id = strings.TrimSpace(strings.TrimPrefix(line, "id name "))
		case strings.HasPrefix(line, "option "):
			if o, err := ParseOption(e.cfg.Protocol, line); err == nil {
				opts = append(opts, o)
			}
		}
	})
	if err != nil {
		return err
	}
	e.options = opts
	e.swapped = e.cfg.Protocol == USI && usiClockSwapped(e.id)
	if e.cfg.Protocol == UCCI {
		// UCCI counts time in seconds unless the engine takes
		// usemillisec; Fairy-Stockfish 11.1 counts in milliseconds
		// without offering it.
		e.millis = strings.HasPrefix(e.id, "Fairy-Stockfish")
		if o, ok := e.option("usemillisec"); ok {
			e.millis = true
			if err := e.send(e.setOptionLine(o, "true")); err != nil {
				return err
			}
		}
	}
	return nil
}

// usiClockSwapped reports whether an engine, by its id name, reads the
// clocks of USI's go the other way round: wtime and winc as the first
// player's. Fairy-Stockfish did until March 2021 (its issue 269, "Time
// losses when using USI protocol"): its releases before 13.1, 11.1 the
// Debian package among them, think on the opponent's clock and lose on
// time when theirs is the shorter. Its development builds name their
// build date (DDMMYY), not their source's: they are taken as fixed.
func usiClockSwapped(id string) bool {
	f := strings.Fields(id)
	if len(f) < 2 || f[0] != "Fairy-Stockfish" {
		return false
	}
	major, minor, _ := strings.Cut(f[1], ".")
	minor, _, _ = strings.Cut(minor, ".")
	maj, err := strconv.Atoi(major)
	if err != nil || len(major) > 2 {
		return false // a development build's date, or no version
	}
	mnr := 0
	if minor != "" {
		if mnr, err = strconv.Atoi(minor); err != nil {
			return false
		}
	}
	return maj < 13 || maj == 13 && mnr < 1
}

// setOptionLine writes "setoption name N value V" (USI) or "setoption N
// V" (UCCI).
func (e *Engine) setOptionLine(o uci.Option, value string) string {
	if o.Type == "string" && value == "" {
		value = "<empty>"
	}
	if e.cfg.Protocol == UCCI {
		if o.Type == "button" {
			return "setoption " + o.Name
		}
		return "setoption " + o.Name + " " + value
	}
	if o.Type == "button" {
		return "setoption name " + o.Name
	}
	return "setoption name " + o.Name + " value " + value
}

// ensure restarts the program if it is not running and sets its variant.
func (e *Engine) ensure(ctx context.Context, v *engines.Variant) error {
	if e.closed {
		return fmt.Errorf("%v: %s is closed", e.cfg.Protocol, e.name())
	}
	name, set, err := e.variantName(v)
	if err != nil {
		return err
	}
	if e.proc != nil && e.proc.HasExited() {
		e.kill() // it died between requests: start it again
	}
	if e.proc == nil {
		if err := e.launch(ctx); err != nil {
			return err
		}
		e.restarts++
	}
	if e.variant == v {
		return nil
	}
	if set {
		o, _ := e.variantOption()
		if err := e.send(e.setOptionLine(o, name)); err != nil {
			return err
		}
	}
	if err := e.newGame(); err != nil {
		return err
	}
	if err := e.sync(ctx); err != nil {
		return err
	}
	e.variant = v
	return nil
}

// newGame sends usinewgame or uccinewgame (the latter in some
// descriptions of UCCI, not in all; Fairy-Stockfish clears its tables on
// it, and an engine ignores a command it does not know).
func (e *Engine) newGame() error {
	return e.send(e.cfg.Protocol.String() + "newgame")
}

// gameOver tells a USI engine how its last game ended, when it is known:
// by the rules, or its own resignation. A game ended otherwise (an
// adjudication, the opponent's fault) is not told.
func (e *Engine) gameOver() error {
	g, side, resigned := e.last, e.lastSide, e.resigned
	e.last, e.resigned = nil, false
	if e.cfg.Protocol != USI || g == nil || e.proc == nil {
		return nil
	}
	word := ""
	switch r := g.Outcome().Result; {
	case resigned:
		word = "lose"
	case r == engines.Draw:
		word = "draw"
	case r.Decisive() && r.Winner() == side:
		word = "win"
	case r.Decisive():
		word = "lose"
	default:
		return nil
	}
	return e.send("gameover " + word)
}

// NewGame prepares the engine for a game of v: gameover for the last
// game (USI), the variant when it changes, usinewgame or uccinewgame and
// isready.
// It restarts a crashed engine.
func (e *Engine) NewGame(ctx context.Context, v *engines.Variant) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.proc != nil && !e.proc.HasExited() {
		if err := e.gameOver(); err != nil {
			return err
		}
	}
	fresh := e.variant != v
	if err := e.ensure(ctx, v); err != nil {
		return err
	}
	if fresh {
		return nil // ensure has just begun the game
	}
	if err := e.newGame(); err != nil {
		return err
	}
	return e.sync(ctx)
}

// Move sends the game ("position ... moves ...") and the limits ("go
// ...") and returns the engine's bestmove with what its last complete
// info line said.
func (e *Engine) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	pos := req.Game.Position()
	if err := e.ensure(ctx, pos.Variant()); err != nil {
		return player.Reply{}, err
	}
	if e.last != req.Game && e.last != nil {
		if err := e.gameOver(); err != nil {
			return player.Reply{}, err
		}
	}
	e.last, e.lastSide = req.Game, pos.SideToMove()
	position, err := e.positionCommand(req.Game)
	if err != nil {
		return player.Reply{}, fmt.Errorf("%v: %s: %w", e.cfg.Protocol, e.name(), err)
	}
	goLine, budget := e.goCommand(req.Limits, pos.SideToMove())
	limit := e.cfg.SearchTimeout
	if budget > 0 {
		limit = budget + e.cfg.MoveMargin
	}
	e.proc.Drain()
	start := time.Now()
	if err := e.send(position + "\n" + goLine); err != nil {
		return player.Reply{}, err
	}
	deadline := start.Add(limit)
	stopped := false
	var infos infoState
	for {
		line, err := e.proc.Next(ctx, deadline)
		switch {
		case err == nil:
		case errors.Is(err, proc.ErrDeadline) && !stopped:
			if err := e.send("stop"); err != nil {
				return player.Reply{}, err
			}
			stopped, deadline = true, time.Now().Add(e.cfg.StopGrace)
			continue
		case errors.Is(err, proc.ErrDeadline):
			e.kill()
			return player.Reply{}, e.fault(player.Timeout, "no bestmove %v after %q, nor %v after stop; killed",
				limit, goLine, e.cfg.StopGrace)
		case errors.Is(err, proc.ErrEOF):
			status := e.proc.ExitStatus()
			e.kill()
			return player.Reply{}, e.fault(player.Crash, "exited while thinking (%s)", status)
		case ctx.Err() != nil:
			e.abandon(stopped)
			return player.Reply{}, ctx.Err()
		default:
			e.kill()
			return player.Reply{}, e.fault(player.Protocol, "%v", err)
		}
		b, ok := ParseBestMove(line)
		if !ok {
			if in, err := ParseInfo(e.cfg.Protocol, line); err == nil {
				infos.add(in)
			}
			continue
		}
		elapsed := time.Since(start)
		if stopped && budget > 0 {
			return player.Reply{}, e.fault(player.Timeout, "move after %v, over the budget %v + margin %v (%q)",
				elapsed.Round(time.Millisecond), budget, e.cfg.MoveMargin, goLine)
		}
		return e.reply(pos, b, &infos, elapsed)
	}
}

// abandon stops a search whose caller went away: the engine gets
// StopGrace to answer "stop", else it is killed.
func (e *Engine) abandon(stopped bool) {
	if !stopped && e.send("stop") != nil {
		return
	}
	deadline := time.Now().Add(e.cfg.StopGrace)
	for {
		line, err := e.proc.Next(context.Background(), deadline)
		if err != nil {
			e.kill()
			return
		}
		if _, ok := ParseBestMove(line); ok {
			return
		}
	}
}

// reply turns a bestmove into a Reply, checking the move; a resignation
// or a win declared is a *player.Claim.
func (e *Engine) reply(pos *engines.Position, b BestMove, infos *infoState, elapsed time.Duration) (player.Reply, error) {
	us := pos.SideToMove()
	switch {
	case b.None:
		if pos.CountMoves() == 0 {
			return player.Reply{Time: elapsed}, nil
		}
		return player.Reply{}, e.fault(player.IllegalMove, "%q in %s, which has legal moves", b.Text, pos.FEN())
	case b.Move == "":
		return player.Reply{}, e.fault(player.Protocol, "bestmove without a move")
	case b.Resign && b.Move == "resign":
		e.resigned = true
		return player.Reply{}, &player.Claim{Player: e.name(), Resign: true, Text: b.Text}
	case b.Win:
		return player.Reply{}, &player.Claim{Player: e.name(), Result: winOf(us), Reason: "declares a win", Text: b.Text}
	}
	r := player.Reply{Time: elapsed, Nodes: infos.nodes}
	in, scored := infos.best()
	if scored {
		r.HasScore, r.Score, r.Depth = true, in.Score.Search(), in.Depth
	}
	m, err := e.parseMove(pos, b.Move)
	if err != nil {
		return player.Reply{}, e.fault(player.IllegalMove, "bestmove: %w", err)
	}
	r.Move = m
	if b.Resign { // UCCI: a move, then resign
		e.resigned = true
		r.Claim = &player.Claim{Player: e.name(), Resign: true, Text: b.Text}
	}
	return r, nil
}

// parseMove reads a move in the engine's notation and returns the legal
// move it names.
func (e *Engine) parseMove(pos *engines.Position, text string) (engines.Move, error) {
	ours, err := e.fromEngine(pos.Geometry(), text)
	if err != nil {
		return engines.NullMove, err
	}
	m, err := pos.ParseUCIMove(ours)
	if err != nil {
		return engines.NullMove, fmt.Errorf("%s (%s in varena's notation): %w", text, ours, err)
	}
	return m, nil
}

func winOf(c engines.Color) engines.Result {
	if c == engines.White {
		return engines.WhiteWins
	}
	return engines.BlackWins
}

// positionCommand writes the game: "position startpos" when it began at
// its variant's initial position, else "position sfen SFEN" (USI) or
// "position fen FEN" (UCCI, and USI for a position with castling or en
// passant rights, which SFEN cannot carry: Fairy-Stockfish takes it),
// then the moves in the engine's notation.
func (e *Engine) positionCommand(game *engines.Game) (string, error) {
	var b strings.Builder
	start := game.Start()
	v := start.Variant()
	switch fen := start.FEN(); {
	case v.IsStart(&start):
		b.WriteString("position startpos")
	case e.cfg.Protocol == USI:
		if sfen, ok := SFEN(fen); ok {
			b.WriteString("position sfen " + sfen)
		} else {
			b.WriteString("position fen " + fen)
		}
	default:
		b.WriteString("position fen " + fen)
	}
	if len(game.Moves()) > 0 {
		b.WriteString(" moves")
	}
	g := v.Geometry
	for _, m := range game.Moves() {
		text, err := e.toEngine(g, v.UCI(m))
		if err != nil {
			return "", err
		}
		b.WriteString(" " + text)
	}
	return b.String(), nil
}

// goCommand returns the "go" line for lim and the move's time budget:
// the time per move, else the mover's clock (0: no time limit).
//
// USI: a clock as "btime" (the first player's, sente's: varena's White)
// and "wtime", with "binc" and "winc" or "byoyomi 0" (the other way
// round for an engine that reads them so, usiClockSwapped); a time per
// move as
// "btime 0 wtime 0 byoyomi T"; "depth", "nodes" as Fairy-Stockfish takes
// them; else "infinite". UCCI: a clock as "time", "increment", "opptime",
// "oppincrement" (the mover's first; milliseconds, or seconds for an
// engine without usemillisec), a time per move as "time T movestogo 1";
// "depth", "nodes", else "depth infinite".
func (e *Engine) goCommand(lim limits.Limits, side engines.Color) (string, time.Duration) {
	var b strings.Builder
	b.WriteString("go")
	ms := func(d time.Duration) string { return strconv.FormatInt(max(d.Milliseconds(), 1), 10) }
	clock := lim.WTime > 0 || lim.BTime > 0
	if e.cfg.Protocol == USI {
		switch {
		case clock:
			first, second, firstInc, secondInc := lim.WTime, lim.BTime, lim.WInc, lim.BInc
			if e.swapped {
				first, second, firstInc, secondInc = second, first, secondInc, firstInc
			}
			b.WriteString(" btime " + ms(first) + " wtime " + ms(second))
			if lim.WInc > 0 || lim.BInc > 0 {
				b.WriteString(" binc " + ms(firstInc) + " winc " + ms(secondInc))
			} else {
				b.WriteString(" byoyomi 0")
			}
		case lim.MoveTime > 0:
			b.WriteString(" btime 0 wtime 0 byoyomi " + ms(lim.MoveTime))
		}
	} else {
		t := ms
		if !e.millis {
			t = func(d time.Duration) string { return strconv.FormatInt(max(int64(d/time.Second), 1), 10) }
		}
		own, other, inc, otherInc := lim.WTime, lim.BTime, lim.WInc, lim.BInc
		if side == engines.Black {
			own, other, inc, otherInc = other, own, otherInc, inc
		}
		switch {
		case clock:
			b.WriteString(" time " + t(own))
			if lim.MovesToGo > 0 {
				b.WriteString(" movestogo " + strconv.Itoa(lim.MovesToGo))
			}
			b.WriteString(" increment " + strconv.FormatInt(inc.Milliseconds()/unit(e.millis), 10))
			b.WriteString(" opptime " + t(other) + " oppincrement " + strconv.FormatInt(otherInc.Milliseconds()/unit(e.millis), 10))
		case lim.MoveTime > 0:
			b.WriteString(" time " + t(lim.MoveTime) + " movestogo 1")
		}
	}
	if lim.Depth > 0 {
		b.WriteString(" depth " + strconv.Itoa(lim.Depth))
	}
	if lim.Nodes > 0 {
		b.WriteString(" nodes " + strconv.FormatInt(lim.Nodes, 10))
	}
	if b.Len() == len("go") {
		if e.cfg.Protocol == USI {
			b.WriteString(" infinite")
		} else {
			b.WriteString(" depth infinite")
		}
	}
	budget := lim.WTime
	if side == engines.Black {
		budget = lim.BTime
	}
	if lim.MoveTime > 0 && (budget <= 0 || lim.MoveTime < budget) {
		budget = lim.MoveTime
	}
	return b.String(), max(budget, 0)
}

// unit is the milliseconds of UCCI's time unit.
func unit(millis bool) int64 {
	if millis {
		return 1
	}
	return 1000
}

// infoState keeps what the info lines of one search said.
type infoState struct {
	complete, scored       uci.Info // the last line with depth, exact score and pv; with an exact score
	hasComplete, hasScored bool
	nodes                  int64
}

func (st *infoState) add(in uci.Info) {
	if in.MultiPV > 1 {
		return
	}
	st.nodes = max(st.nodes, in.Nodes)
	if in.Score.Kind == uci.NoScore || in.Score.Bound != uci.Exact {
		return
	}
	st.scored, st.hasScored = in, true
	if in.Depth > 0 && len(in.PV) > 0 {
		st.complete, st.hasComplete = in, true
	}
}

func (st *infoState) best() (uci.Info, bool) {
	if st.hasComplete {
		return st.complete, true
	}
	return st.scored, st.hasScored
}

// Close tells a USI engine how its last game ended, sends "quit", gives
// the engine a second to exit, then kills it.
func (e *Engine) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	e.closed = true
	p := e.proc
	if p == nil {
		return nil
	}
	if !p.HasExited() {
		e.gameOver()
	}
	if e.proc == nil { // gameover failed and killed it
		return nil
	}
	e.proc = nil
	if p.Send("quit", writeTimeout) == nil {
		select {
		case <-p.Exited():
		case <-time.After(quitTimeout):
		}
	}
	p.Kill()
	return nil
}
