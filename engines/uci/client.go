package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"

	"varena/engines"
	"varena/engines/internal/proc"
	"varena/engines/limits"
	"varena/engines/player"
)

// EngineConfig describes an external UCI engine. Zero durations take their
// defaults.
type EngineConfig struct {
	Name    string   // the name the tournament knows it by (default: its "id name")
	Command string   // the program
	Args    []string // its arguments
	Dir     string   // its working directory (default: ours)
	Env     []string // added to our environment, "KEY=value"
	// Options are UCI options to set after the handshake, by name (matched
	// ignoring case, as UCI says). Each must be one the engine offers.
	// Fairy-Stockfish's VariantPath is set first, and the option list is
	// then read again, since it adds variants to UCI_Variant.
	Options map[string]string
	// VariantName maps our variant names to the engine's UCI_Variant
	// values, e.g. "losalamos" -> "losalamos-extinction"; a variant not in
	// the map keeps its own name. For an engine without a UCI_Variant
	// option, an entry here asserts that it plays the variant anyway.
	VariantName map[string]string
	// ReversibleHistory sends, instead of the whole game, the position
	// after the last capture or pawn move (as a FEN) and the moves since:
	// all that repetition and the 50-move rule need. The engine replays a
	// few moves instead of the whole game at every move (a large part of
	// Fairy-Stockfish's time at depth 1). Engines that use the game's
	// earlier history (an opening book keyed by moves, history planes of
	// a network) want the whole game, the default.
	ReversibleHistory bool
	// NoHistory sends each position as a bare FEN without moves, for an
	// engine whose move syntax differs from ours (Fairy-Stockfish's
	// Evolution marks evolutions with "+"): it always gets the right
	// position, at the price of repetitions it cannot see.
	NoHistory bool
	// Ponder says the engine will be asked to ponder: its Ponder option,
	// when it offers one and Options leave it alone, is set true after
	// the handshake, as the protocol asks of a GUI that lets an engine
	// ponder (cutechess-cli does the same).
	Ponder bool

	InitTimeout   time.Duration // for the handshake and each isready (default 10 s)
	MoveMargin    time.Duration // allowed beyond a move's time budget (default 1 s)
	SearchTimeout time.Duration // a move without time budget (depth, nodes) (default 60 s)
	StopGrace     time.Duration // waiting for bestmove after "stop" (default 500 ms)
	StderrLog     io.Writer     // the engine's stderr (default: discarded)
	// Protocol, when set, is called with every line sent to the engine
	// (sent true, before it is written) and read from it, in order, from
	// the goroutine that talks to the engine (a protocol log).
	Protocol func(sent bool, line string)
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
// variant the engine does not offer.
var ErrUnsupportedVariant = errors.New("variant not supported by the engine")

var _ player.Player = (*Engine)(nil)

// Engine is an external UCI engine run as a player.Player. Its methods
// may not run concurrently (Close waits for a running Move); a Move is
// abandoned by cancelling its context.
//
// Every wait for the engine has a deadline: the handshake and isready
// InitTimeout, a move its time budget (movetime, else the mover's clock)
// plus MoveMargin, or SearchTimeout without one. At the deadline the
// engine is told "stop" and gets StopGrace to answer, else it is killed.
// A failure is returned as a *player.Fault. After a crash or a kill the
// next NewGame or Move starts the program again (see Restarts).
type Engine struct {
	cfg EngineConfig
	ctx context.Context // bounds the life of every process of the engine

	label string // the name, fixed by Start

	mu       sync.Mutex
	proc     *proc.Process
	id       string
	options  []Option
	variant  *engines.Variant // the variant the running process is set to
	pos      positionCache    // its reversible field set by Start
	line     []byte           // a move's "position ... go" lines, built anew for each
	goLine   []byte           // a move's "go" line, built anew for each
	restarts int
	closed   bool
	// pondering is the position a ponder search runs on, nil for none
	// (see clientponder.go).
	pondering *ponderKey
	// chess960 is UCI_Chess960 as last set in the running process
	// (false, the UCI default, at its start).
	chess960 bool
}

// Start runs the engine program and does the UCI handshake ("uci" ...
// "uciok", the options, "isready" ... "readyok"). ctx bounds the life of
// the engine's processes: when it ends they are killed. Failures of the
// program are *player.Fault values (Crash, Timeout); a bad configuration
// is a plain error.
func Start(ctx context.Context, cfg EngineConfig) (*Engine, error) {
	if cfg.Command == "" {
		return nil, errors.New("uci: engine without a command")
	}
	if cfg.InitTimeout <= 0 {
		cfg.InitTimeout = DefaultInitTimeout
	}
	if cfg.MoveMargin <= 0 {
		cfg.MoveMargin = DefaultMoveMargin
	}
	if cfg.SearchTimeout <= 0 {
		cfg.SearchTimeout = DefaultSearchTimeout
	}
	if cfg.StopGrace <= 0 {
		cfg.StopGrace = DefaultStopGrace
	}
	e := &Engine{cfg: cfg, ctx: ctx}
	e.pos.reversible = cfg.ReversibleHistory
	e.pos.bare = cfg.NoHistory
	if err := e.launch(ctx); err != nil {
		return nil, err
	}
	e.label = e.name()
	return e, nil
}

// Name returns the configured name, else the engine's "id name", else the
// program's file name.
// It is fixed once Start returns, and safe to call during a Move.
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

// ID returns the name the engine gave in "id name".
func (e *Engine) ID() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.id
}

// Options returns the options the engine offered in its last handshake.
func (e *Engine) Options() []Option {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.options)
}

// Variants returns the values of the engine's UCI_Variant option (nil
// without one): the engine's names of the variants it plays.
func (e *Engine) Variants() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if o, ok := e.option("UCI_Variant"); ok {
		return slices.Clone(o.Vars)
	}
	return nil
}

// Supports reports whether the engine plays v, under the name VariantName
// maps it to.
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

func (e *Engine) option(name string) (Option, bool) {
	for _, o := range e.options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// variantName returns the engine's name for v and whether UCI_Variant is
// to be set. An orthodox chess engine has no UCI_Variant: it plays
// standard chess as it is, and Chess960 when it offers UCI_Chess960 (set
// by ensure); an engine that lists variants may name them by an alias
// (Fairy-Stockfish's chess for standard).
func (e *Engine) variantName(v *engines.Variant) (name string, set bool, err error) {
	name, mapped := e.cfg.VariantName[v.Name]
	if !mapped {
		name = v.Name
	}
	_, chess960 := e.option("UCI_Chess960")
	o, ok := e.option("UCI_Variant")
	if !ok {
		if mapped || v.Orthodox && (!v.Chess960 || chess960) {
			return name, false, nil
		}
		return "", false, fmt.Errorf("%w: %s has no UCI_Variant option (map %s in VariantName if it plays it anyway)", ErrUnsupportedVariant, e.name(), v.Name)
	}
	if !mapped && !slices.Contains(o.Vars, name) {
		for _, alias := range v.Aliases {
			if slices.Contains(o.Vars, alias) {
				return alias, true, nil
			}
		}
		if v.Orthodox && (!v.Chess960 || chess960) {
			return name, false, nil // the engine's variants are extra to chess
		}
	}
	if !slices.Contains(o.Vars, name) {
		return "", false, fmt.Errorf("%w: %s does not offer UCI_Variant %s", ErrUnsupportedVariant, e.name(), name)
	}
	return name, true, nil
}

func (e *Engine) fault(kind player.FaultKind, format string, args ...any) *player.Fault {
	return &player.Fault{Player: e.name(), Kind: kind, Err: fmt.Errorf(format, args...)}
}

// kill ends the running process, if any; the next request restarts it.
func (e *Engine) kill() {
	if e.proc != nil {
		e.proc.Kill()
		e.proc, e.variant, e.pondering = nil, nil, nil
	}
}

// send writes a line to the engine; a failure kills it.
func (e *Engine) send(line string) error {
	if err := e.proc.Send(line, writeTimeout); err != nil {
		return e.writeFailed(err, line)
	}
	return nil
}

// sendBytes is send for a line built in bytes.
func (e *Engine) sendBytes(line []byte) error {
	if err := e.proc.SendBytes(line, writeTimeout); err != nil {
		return e.writeFailed(err, string(line))
	}
	return nil
}

// writeFailed kills the engine after err writing line and returns the
// fault.
func (e *Engine) writeFailed(err error, line string) error {
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

// await reads lines until match accepts one, within InitTimeout. The
// process is killed on any failure.
func (e *Engine) await(ctx context.Context, what string, match func(line string)) error {
	deadline := time.Now().Add(e.cfg.InitTimeout)
	for {
		line, err := e.proc.Next(ctx, deadline)
		switch {
		case err == nil:
			if line == what || strings.HasPrefix(line, what+" ") {
				return nil
			}
			if match != nil {
				match(line)
			}
			continue
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
		default:
			e.kill()
			return e.fault(player.Protocol, "waiting for %s: %v", what, err)
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

// launch starts the program and does the handshake.
func (e *Engine) launch(ctx context.Context) error {
	p, err := proc.Start(e.ctx, proc.Spec{Command: e.cfg.Command, Args: e.cfg.Args, Dir: e.cfg.Dir,
		Env: e.cfg.Env, Stderr: e.cfg.StderrLog, Protocol: e.cfg.Protocol})
	if err != nil {
		return e.fault(player.Crash, "starting %s: %w", e.cfg.Command, err)
	}
	e.proc, e.variant, e.chess960 = p, nil, false
	if err := e.handshake(ctx); err != nil {
		return err
	}
	names := make([]string, 0, len(e.cfg.Options))
	for name := range e.cfg.Options {
		names = append(names, name)
	}
	// VariantPath first: it changes what UCI_Variant accepts.
	sort.Slice(names, func(i, j int) bool {
		vi, vj := strings.EqualFold(names[i], "VariantPath"), strings.EqualFold(names[j], "VariantPath")
		if vi != vj {
			return vi
		}
		return names[i] < names[j]
	})
	variantPath := false
	for _, name := range names {
		o, ok := e.option(name)
		if !ok {
			e.kill()
			return fmt.Errorf("uci: %s offers no option %q", e.name(), name)
		}
		if err := e.send(setOptionLine(o, e.cfg.Options[name])); err != nil {
			return err
		}
		variantPath = variantPath || strings.EqualFold(name, "VariantPath")
	}
	if o, ok := e.option("Ponder"); ok && e.cfg.Ponder && !hasOption(e.cfg.Options, "Ponder") {
		if err := e.send(setOptionLine(o, "true")); err != nil {
			return err
		}
	}
	if variantPath {
		if err := e.handshake(ctx); err != nil {
			return err
		}
	}
	return e.sync(ctx)
}

// handshake sends "uci" and records the id and options up to "uciok".
func (e *Engine) handshake(ctx context.Context) error {
	if err := e.send("uci"); err != nil {
		return err
	}
	var opts []Option
	err := e.await(ctx, "uciok", func(line string) {
		switch {
		case strings.HasPrefix(line, "id name "):
			e.id = strings.TrimSpace(strings.TrimPrefix(line, "id name "))
		case strings.HasPrefix(line, "option "):
			if o, err := ParseOption(line); err == nil {
				opts = append(opts, o)
			}
		}
	})
	if err != nil {
		return err
	}
	e.options = opts
	return nil
}

func setOptionLine(o Option, value string) string {
	switch {
	case o.Type == "button":
		return "setoption name " + o.Name
	case value == "" && o.Type == "string":
		value = "<empty>"
	}
	return "setoption name " + o.Name + " value " + value
}

// ensure restarts the program if it is not running and sets its variant.
func (e *Engine) ensure(ctx context.Context, v *engines.Variant) error {
	if e.closed {
		return fmt.Errorf("uci: %s is closed", e.name())
	}
	if e.proc != nil && e.proc.HasExited() {
		e.kill() // it died between requests: start it again
	}
	if e.proc != nil && e.variant == v {
		return nil // every move of a game: nothing to look up
	}
	name, set, err := e.variantName(v)
	if err != nil {
		return err
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
		if err := e.send("setoption name UCI_Variant value " + name); err != nil {
			return err
		}
	}
	if _, ok := e.option("UCI_Chess960"); ok && (v.Orthodox || e.chess960) {
		// Castling as king takes rook in Chess960, as the king's move
		// otherwise: the notation varena's moves use for the variant.
		// Any other variant has UCI_Chess960 off (a variant of
		// Fairy-Stockfish that castles as in Chess960, caparandom, says
		// so itself): left on after a Chess960 game, Fairy-Stockfish
		// castled king takes rook in hoppelpoppel, an illegal move.
		want := v.Orthodox && v.Chess960
		if err := e.send("setoption name UCI_Chess960 value " + strconv.FormatBool(want)); err != nil {
			return err
		}
		e.chess960 = want
	}
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	if err := e.sync(ctx); err != nil {
		return err
	}
	e.variant = v
	return nil
}

// NewGame prepares the engine for a game of v: UCI_Variant when it
// changes, "ucinewgame" and "isready". It restarts a crashed engine.
func (e *Engine) NewGame(ctx context.Context, v *engines.Variant) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.endPonder(ctx, e.cfg.StopGrace); err != nil {
		return err
	}
	fresh := e.variant != v
	if err := e.ensure(ctx, v); err != nil {
		return err
	}
	if fresh {
		return nil // ensure has just sent ucinewgame
	}
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.sync(ctx)
}

// Move sends the game ("position startpos|fen ... moves ...") and the
// limits ("go ...") and returns the engine's bestmove with what its last
// complete info line said.
func (e *Engine) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	pos := req.Game.Position()
	e.goLine = appendGo(e.goLine[:0], req.Limits)
	goLine, budget := e.goLine, goBudget(req.Limits, pos.SideToMove())
	margin, limit := req.MoveLimits(e.cfg.MoveMargin, e.cfg.SearchTimeout, budget)
	hit, pondered, err := e.takePonder(ctx, req.Game, limit)
	if err != nil {
		return player.Reply{}, err
	}
	if err := e.ensure(ctx, pos.Variant()); err != nil {
		return player.Reply{}, err
	}
	// position and go in one write: one system call per move. After a
	// ponder hit the search under way becomes this move's: its info
	// lines so far are kept.
	start := time.Now()
	if hit {
		err = e.send("ponderhit")
	} else {
		e.proc.Drain()
		e.line = append(append(append(e.line[:0], e.pos.command(req.Game)...), '\n'), goLine...)
		err = e.sendBytes(e.line)
	}
	if err != nil {
		return player.Reply{}, err
	}
	deadline := start.Add(limit)
	stopped := false
	var infos infoState
	for {
		b, err := e.proc.NextBytes(ctx, deadline)
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
		// The line is read where it lies, in the read buffer, as most
		// are info lines that only leave numbers behind: neither add nor
		// reply keeps any part of it, and it is gone at the next read.
		line := unsafe.String(unsafe.SliceData(b), len(b))
		if strings.HasPrefix(line, "info ") { // most lines: not split twice
			infos.add(line)
			continue
		}
		var buf [4]string
		f := appendFields(buf[:0], line, 4) // the keyword, bestmove's move, "ponder" and its move
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "info":
			infos.add(line)
		case "bestmove":
			elapsed := time.Since(start)
			if stopped && budget > 0 {
				return player.Reply{}, e.fault(player.Timeout, "move after %v, over the budget %v + margin %v (%q)",
					elapsed.Round(time.Millisecond), budget, margin, goLine)
			}
			r, err := e.reply(pos, f, &infos, elapsed)
			r.Pondered, r.PonderHit = pondered, hit
			return r, err
		}
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
		if strings.HasPrefix(line, "bestmove") {
			return
		}
	}
}

// reply turns "bestmove M ..." into a Reply, checking the move; its score
// and depth are the last complete info line's.
func (e *Engine) reply(pos *engines.Position, f []string, infos *infoState, elapsed time.Duration) (player.Reply, error) {
	if len(f) < 2 {
		return player.Reply{}, e.fault(player.Protocol, "bestmove without a move")
	}
	r := player.Reply{Time: elapsed, Nodes: infos.nodes, Comment: infos.comment}
	in, scored := infos.best()
	if scored {
		r.HasScore, r.Score, r.Depth = true, in.Score.Search(), in.Depth
	}
	text := f[1]
	if text == "(none)" || text == "0000" {
		if pos.CountMoves() == 0 {
			return r, nil
		}
		return player.Reply{}, e.fault(player.IllegalMove, "bestmove %s in %s, which has legal moves", text, pos.FEN())
	}
	m, err := parseEngineMove(pos, text)
	if err != nil {
		return player.Reply{}, e.fault(player.IllegalMove, "bestmove: %w", err)
	}
	r.Move = m
	if len(f) >= 4 && f[2] == "ponder" {
		after := pos.Play(m)
		if y, err := parseEngineMove(&after, f[3]); err == nil && after.IsLegal(y) {
			r.Ponder = y
		}
	}
	return r, nil
}

// parseEngineMove reads a move as an engine wrote it. Besides our own
// notation it takes a trailing "+" on an Evolution move whose piece
// evolves: Fairy-Stockfish plays an evolution as a forced promotion and
// marks it so ("b2d1+"), the mark of a promotion to the promoted form of
// a piece in its notation.
func parseEngineMove(pos *engines.Position, text string) (engines.Move, error) {
	m, err := pos.ParseUCIMove(text)
	if err == nil || !pos.Variant().Evolution || !strings.HasSuffix(text, "+") {
		return m, err
	}
	bare, err2 := pos.ParseUCIMove(strings.TrimSuffix(text, "+"))
	if err2 != nil || bare.Promotion() != engines.NoPieceType {
		return m, err
	}
	after := pos.Play(bare)
	if after.PieceAt(bare.To()).Type() == pos.MovedType(bare) {
		return m, fmt.Errorf("%s: the piece does not evolve, yet the move is marked + (%w)", text, err)
	}
	return bare, nil
}

// infoState keeps what the info lines of one search said. Each line is
// checked and read for its numbers as it comes, without copies, and only
// the numbers of the lines that may be reported are kept.
type infoState struct {
	complete, scored Info // the last line with depth, exact score and pv; with an exact score
	hasComplete      bool
	hasScored        bool
	nodes            int64
	comment          string // the "info string pgncomment" texts, joined
}

// PGNCommentPrefix starts an "info string" that an engine wants kept
// with its move: "info string pgncomment TEXT" puts TEXT in the move's
// PGN comment (several such lines in one search, joined by spaces, up to
// MaxPGNComment bytes).
const PGNCommentPrefix = "pgncomment"

// MaxPGNComment bounds the text of one move's pgncomment lines, so that a
// chatty engine cannot swell the PGN.
const MaxPGNComment = 1024

func (st *infoState) add(line string) {
	var in Info
	// Read without copies: only a pgncomment string comes back in Text.
	pvLen, err := parseInfo(line, &in, false)
	if err != nil {
		return
	}
	if text, ok := strings.CutPrefix(in.Text, PGNCommentPrefix); ok && (text == "" || text[0] == ' ') {
		st.addComment(strings.TrimSpace(text))
	}
	if in.MultiPV > 1 {
		return
	}
	st.nodes = max(st.nodes, in.Nodes)
	if in.Score.Kind == NoScore || in.Score.Bound != Exact {
		return
	}
	// The PV's words lie in the read buffer; Text is a copy (Join of the
	// words from "pgncomment" on), taken into comment above.
	in.Text, in.PV = "", nil
	st.scored, st.hasScored = in, true
	if in.Depth > 0 && pvLen > 0 {
		st.complete, st.hasComplete = in, true
	}
}

// addComment joins text to the move's comment, within MaxPGNComment.
func (st *infoState) addComment(text string) {
	if text == "" || len(st.comment) >= MaxPGNComment {
		return
	}
	if st.comment != "" {
		text = " " + text
	}
	if len(st.comment)+len(text) > MaxPGNComment {
		text = text[:MaxPGNComment-len(st.comment)]
		for len(text) > 0 && !utf8.ValidString(text) {
			text = text[:len(text)-1] // not in the middle of a character
		}
	}
	st.comment += text
}

// best returns what the last complete line said, else the last line
// with an exact score, and whether there was one.
func (st *infoState) best() (Info, bool) {
	if st.hasComplete {
		return st.complete, true
	}
	return st.scored, st.hasScored
}

// positionCache builds the "position" line of a game move by move: the
// line for move n is the line for move n-1 plus one move, so it is not
// rebuilt (FEN, move texts) from scratch for every move. With reversible
// set, the line starts over at every capture or pawn move, from the FEN
// of the position it led to.
type positionCache struct {
	reversible bool
	bare       bool // the current position as a FEN, no moves

	game  *engines.Game
	moves int              // moves of the game the line covers
	line  []byte           // "position ... [moves ...]"
	since int              // moves listed in line
	pos   engines.Position // after moves (reversible only)
}

// command returns the game's position line, in a buffer of the cache's
// that the next call overwrites.
func (c *positionCache) command(game *engines.Game) []byte {
	if c.bare {
		c.line = append(append(c.line[:0], "position fen "...), game.Position().FEN()...)
		return c.line
	}
	moves := game.Moves()
	if c.game != game || len(moves) < c.moves {
		c.game, c.moves, c.since = game, 0, 0
		c.pos = game.Start()
		c.line = append(c.line[:0], positionPrefix(game)...)
	}
	g := game.Position().Variant()
	for _, m := range moves[c.moves:] {
		if c.reversible {
			c.pos = c.pos.Play(m)
			if c.pos.HalfmoveClock() == 0 {
				c.line = append(append(c.line[:0], "position fen "...), c.pos.FEN()...)
				c.since = 0
				continue
			}
		}
		if c.since == 0 {
			c.line = append(c.line, " moves"...)
		}
		c.line = append(append(c.line, ' '), g.UCI(m)...)
		c.since++
	}
	c.moves = len(moves)
	return c.line
}

// positionPrefix returns "position startpos" when the game began at its
// variant's initial position, else "position fen FEN".
func positionPrefix(game *engines.Game) string {
	start := game.Start()
	if start.Variant().IsStart(&start) {
		return "position startpos"
	}
	return "position fen " + start.FEN()
}

// positionCommand returns "position startpos|fen FEN [moves ...]" for the
// game, whole or from its last irreversible move.
func positionCommand(game *engines.Game, reversible bool) string {
	c := positionCache{reversible: reversible}
	return string(c.command(game))
}

// goCommand returns the "go" line for lim and the move's time budget:
// movetime, else the mover's clock (0: no time limit). Without any limit
// it is "go infinite", which the SearchTimeout stops.
func goCommand(lim limits.Limits, side engines.Color) (string, time.Duration) {
	return string(appendGo(nil, lim)), goBudget(lim, side)
}

// appendGo appends the "go" line for lim to dst: in a buffer the client
// reuses, it costs a move no allocation.
func appendGo(dst []byte, lim limits.Limits) []byte {
	start := len(dst)
	dst = append(dst, "go"...)
	ms := func(dst []byte, key string, d time.Duration) []byte {
		return strconv.AppendInt(append(dst, key...), max(d.Milliseconds(), 1), 10)
	}
	if lim.WTime > 0 || lim.BTime > 0 {
		dst = ms(ms(dst, " wtime ", lim.WTime), " btime ", lim.BTime)
		if lim.WInc > 0 {
			dst = ms(dst, " winc ", lim.WInc)
		}
		if lim.BInc > 0 {
			dst = ms(dst, " binc ", lim.BInc)
		}
		if lim.MovesToGo > 0 {
			dst = strconv.AppendInt(append(dst, " movestogo "...), int64(lim.MovesToGo), 10)
		}
	}
	if lim.MoveTime > 0 {
		dst = ms(dst, " movetime ", lim.MoveTime)
	}
	if lim.Depth > 0 {
		dst = strconv.AppendInt(append(dst, " depth "...), int64(lim.Depth), 10)
	}
	if lim.Nodes > 0 {
		dst = strconv.AppendInt(append(dst, " nodes "...), lim.Nodes, 10)
	}
	if len(dst)-start == len("go") {
		dst = append(dst, " infinite"...)
	}
	return dst
}

// goBudget is the move's time budget of goCommand.
func goBudget(lim limits.Limits, side engines.Color) time.Duration {
	budget := lim.WTime
	if side == engines.Black {
		budget = lim.BTime
	}
	if lim.MoveTime > 0 && (budget <= 0 || lim.MoveTime < budget) {
		budget = lim.MoveTime
	}
	return max(budget, 0)
}

// Close sends "quit", gives the engine a second to exit, then kills it.
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

// hasOption reports whether opts sets the option name (UCI option names
// match ignoring case).
func hasOption(opts map[string]string, name string) bool {
	for k := range opts {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}
