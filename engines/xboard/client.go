package xboard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
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

// EngineConfig describes an external xboard engine. Zero durations take
// their defaults.
type EngineConfig struct {
	Name    string   // the name the tournament knows it by (default: its myname)
	Command string   // the program
	Args    []string // its arguments
	Dir     string   // its working directory (default: ours)
	Env     []string // added to our environment, "KEY=value"
	// Options are set after the features, "option NAME=VALUE" for the
	// engine's option features (each must be one the engine declares),
	// and two names of the protocol's own: memory (MB, "memory N") and
	// cores ("cores N"), sent when the engine's features memory=1 and
	// smp=1 say it takes them.
	Options map[string]string
	// VariantName maps our variant names to the engine's names where the
	// usual spellings (XboardNames) do not find them.
	VariantName map[string]string
	// Ponder lets the engine think on the opponent's time ("hard";
	// "easy" otherwise).
	Ponder bool

	InitTimeout time.Duration // for done=1 after done=0, and each ping (default 10 s)
	// ProtoverTimeout is how long features are awaited after "protover
	// 2" (default 8 s, as cutechess-cli; XBoard's 2 s took
	// Fairy-Stockfish, which needs 0.4 s of CPU before its features,
	// for a protocol 1 engine on a loaded machine, its options refused).
	ProtoverTimeout time.Duration
	MoveMargin      time.Duration // allowed beyond a move's time budget (default 1 s)
	SearchTimeout   time.Duration // a move without time budget (depth, nodes) (default 60 s)
	StopGrace       time.Duration // waiting for the move after "?" (default 500 ms)
	StderrLog       io.Writer     // the engine's stderr (default: discarded)
	// Protocol, when set, is called with every line sent to the engine
	// (sent true) and read from it, in order (a protocol log).
	Protocol func(sent bool, line string)
}

// Client defaults.
const (
	DefaultInitTimeout     = 10 * time.Second
	DefaultProtoverTimeout = 8 * time.Second
	DefaultMoveMargin      = time.Second
	DefaultSearchTimeout   = 60 * time.Second
	DefaultStopGrace       = 500 * time.Millisecond
	// DefaultMemory is the hash size (MB) told an engine whose features
	// say memory=1 when the options give none, as XBoard always tells it.
	DefaultMemory = 16
	quitTimeout   = time.Second
	writeTimeout  = 2 * time.Second
)

// ErrUnsupportedVariant is returned (wrapped) by NewGame and Move for a
// variant the engine does not play.
var ErrUnsupportedVariant = errors.New("variant not supported by the engine")

var _ player.Player = (*Engine)(nil)

// features are what the engine said in its feature lines, with the
// protocol's defaults for what it did not say.
type features struct {
	protover int // 1 or 2
	ping     bool
	setboard bool
	san      bool
	usermove bool
	memory   bool
	smp      bool
	nps      bool
	time     bool
	myname   string
	variants []string // nil: not given
	options  []Option
}

func defaultFeatures() features {
	return features{protover: 1, time: true, nps: true}
}

// Engine is an external xboard (CECP) engine run as a player.Player. Its
// methods may not run concurrently; a Move is abandoned by cancelling
// its context.
//
// Every wait has a deadline: the features ProtoverTimeout (InitTimeout
// once the engine said done=0), each ping InitTimeout, a move its time
// budget plus MoveMargin, or SearchTimeout without one. At a move's
// deadline the engine is told "?" (move now) and gets StopGrace, else it
// is killed. Failures are *player.Fault values; a result claim or a
// resignation instead of a move is a *player.Claim. After a crash or a
// kill the next NewGame or Move starts the program again.
type Engine struct {
	cfg EngineConfig
	ctx context.Context

	label string

	mu       sync.Mutex
	proc     *proc.Process
	feat     features
	restarts int
	closed   bool
	pings    int

	// The game the engine holds: set up at its first move, then moves
	// added as they come. force tells whether the engine is in force
	// mode (it then moves only on "go").
	game     *engines.Game
	start    engines.Position
	sent     int
	force    bool
	tcSent   string // the time-control commands sent for the game
	variant  *engines.Variant
	thinking []ThinkingLine
}

// Start runs the engine program and reads its features ("xboard",
// "protover 2", the feature lines up to done=1, each accepted or
// rejected), sets the configured options and, with ping, waits for a
// pong. ctx bounds the life of the engine's processes.
func Start(ctx context.Context, cfg EngineConfig) (*Engine, error) {
	if cfg.Command == "" {
		return nil, errors.New("xboard: engine without a command")
	}
	for d, def := range map[*time.Duration]time.Duration{
		&cfg.InitTimeout: DefaultInitTimeout, &cfg.ProtoverTimeout: DefaultProtoverTimeout,
		&cfg.MoveMargin: DefaultMoveMargin, &cfg.SearchTimeout: DefaultSearchTimeout, &cfg.StopGrace: DefaultStopGrace,
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

// Name returns the configured name, else the engine's myname, else the
// program's file name.
func (e *Engine) Name() string { return e.name() }

func (e *Engine) name() string {
	switch {
	case e.label != "":
		return e.label
	case e.cfg.Name != "":
		return e.cfg.Name
	case e.feat.myname != "":
		return e.feat.myname
	}
	return filepath.Base(e.cfg.Command)
}

// ID returns the engine's myname feature.
func (e *Engine) ID() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.feat.myname
}

// Protover returns the protocol version the engine speaks: 2 when it
// answered "protover 2" with features, else 1.
func (e *Engine) Protover() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.feat.protover
}

// Options returns the options the engine declared.
func (e *Engine) Options() []Option {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.feat.options)
}

// Variants returns the engine's variants feature (nil without one).
func (e *Engine) Variants() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.feat.variants)
}

// Supports reports whether the engine plays v.
func (e *Engine) Supports(v *engines.Variant) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	_, err := variantName(v, e.feat.variants, e.cfg.VariantName)
	return err == nil
}

// Restarts returns how many times the program was started again after a
// crash or a kill.
func (e *Engine) Restarts() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.restarts
}

func (e *Engine) fault(kind player.FaultKind, format string, args ...any) *player.Fault {
	return &player.Fault{Player: e.name(), Kind: kind, Err: fmt.Errorf(format, args...)}
}

// kill ends the running process; the next request restarts it.
func (e *Engine) kill() {
	if e.proc != nil {
		e.proc.Kill()
		e.proc, e.game = nil, nil
	}
}

// send writes lines to the engine; a failure kills it.
func (e *Engine) send(lines ...string) error {
	text := strings.Join(lines, "\n")
	err := e.proc.Send(text, writeTimeout)
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
	return e.fault(kind, "writing %q: %v%s", text, err, status)
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
		return e.fault(player.Timeout, "no %s in time; killed", what)
	case ctx.Err() != nil:
		e.kill()
		return ctx.Err()
	}
	e.kill()
	return e.fault(player.Protocol, "waiting for %s: %v", what, err)
}

// launch starts the program and reads its features.
func (e *Engine) launch(ctx context.Context) error {
	p, err := proc.Start(e.ctx, proc.Spec{Command: e.cfg.Command, Args: e.cfg.Args, Dir: e.cfg.Dir,
		Env: e.cfg.Env, Stderr: e.cfg.StderrLog, Protocol: e.cfg.Protocol})
	if err != nil {
		return e.fault(player.Crash, "starting %s: %w", e.cfg.Command, err)
	}
	e.proc, e.game, e.feat = p, nil, defaultFeatures()
	if err := e.send("xboard", "protover 2"); err != nil {
		return err
	}
	deadline := time.Now().Add(e.cfg.ProtoverTimeout)
	waiting := false // done=0 seen
	for done := false; !done; {
		line, err := e.proc.Next(ctx, deadline)
		switch {
		case err == nil:
		case errors.Is(err, proc.ErrDeadline) && !waiting:
			done = true // protocol 1, or features without done=1: go on, as cutechess-cli does
			continue
		case errors.Is(err, proc.ErrDeadline):
			e.kill()
			return e.fault(player.Timeout, "said feature done=0 but no done=1 within %v; killed", e.cfg.InitTimeout)
		default:
			return e.readErr(ctx, err, "the features")
		}
		if ParseLine(line).Kind != FeatureLine {
			continue
		}
		fs, _ := ParseFeatures(line) // the pairs before a bad one count
		replies := make([]string, 0, len(fs))
		for _, f := range fs {
			ok := e.feat.take(f)
			if f.Name == "done" {
				switch f.Value {
				case "0":
					waiting, deadline = true, time.Now().Add(e.cfg.InitTimeout)
				case "1":
					done = true
				}
			}
			if ok {
				replies = append(replies, "accepted "+f.Name)
			} else {
				replies = append(replies, "rejected "+f.Name)
			}
		}
		if len(replies) > 0 {
			if err := e.send(replies...); err != nil {
				return err
			}
		}
	}
	if err := e.setOptions(ctx, e.cfg.Options); err != nil {
		return err
	}
	if e.feat.memory && !hasOption(e.cfg.Options, "memory") {
		// XBoard always tells an engine with memory=1 its hash size, and
		// some (HaChu) allocate their table only then.
		if err := e.send("memory " + strconv.Itoa(DefaultMemory)); err != nil {
			return err
		}
	}
	return e.sync(ctx)
}

// take records one feature; false rejects it.
func (f *features) take(ft Feature) bool {
	f.protover = 2
	on := ft.Value == "1"
	switch ft.Name {
	case "ping":
		f.ping = on
	case "setboard":
		f.setboard = on
	case "san":
		f.san = on
	case "usermove":
		f.usermove = on
	case "memory":
		f.memory = on
	case "smp":
		f.smp = on
	case "nps":
		f.nps = on
	case "time":
		f.time = on
	case "myname":
		f.myname = ft.Value
	case "variants":
		f.variants = nil
		for v := range strings.SplitSeq(ft.Value, ",") {
			if v = strings.TrimSpace(v); v != "" {
				f.variants = append(f.variants, v)
			}
		}
		if f.variants == nil {
			f.variants = []string{}
		}
	case "option":
		o, err := ParseOption(ft.Value)
		if err != nil {
			return false
		}
		f.options = slices.DeleteFunc(f.options, func(x Option) bool { return x.Name == o.Name })
		f.options = append(f.options, o)
	case "done", "playother", "reuse", "draw", "sigint", "sigterm", "colors", "analyze", "name", "ics",
		"pause", "debug", "exclude", "setscore", "highlight", "egt", "myversion", "smpcores", "xedit", "sjef":
	default:
		return false
	}
	return true
}

// setOptions sends the configured options in name order.
func (e *Engine) setOptions(ctx context.Context, opts map[string]string) error {
	var lines []string
	for _, name := range slices.Sorted(maps.Keys(opts)) {
		value := opts[name]
		switch strings.ToLower(name) {
		case "memory", "cores":
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 1 {
				e.kill()
				return fmt.Errorf("xboard: %s: %s wants a whole number 1 or more, have %q", e.name(), name, value)
			}
			if strings.EqualFold(name, "memory") && !e.feat.memory || strings.EqualFold(name, "cores") && !e.feat.smp {
				e.kill()
				return fmt.Errorf("xboard: %s does not take %s (its features say memory=%v smp=%v%s)", e.name(), strings.ToLower(name), e.feat.memory, e.feat.smp, e.protocol1())
			}
			lines = append(lines, strings.ToLower(name)+" "+strconv.Itoa(n))
			continue
		}
		o, ok := e.option(name)
		if !ok {
			e.kill()
			return fmt.Errorf("xboard: %s offers no option %q (it offers %s%s)", e.name(), name, e.optionNames(), e.protocol1())
		}
		line, err := o.Command(value)
		if err != nil {
			e.kill()
			return fmt.Errorf("xboard: %s: %w", e.name(), err)
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return nil
	}
	return e.send(lines...)
}

// protocol1 explains, for an engine taken for protocol 1, why it has no
// features: an engine too slow to answer "protover 2" is taken so too.
func (e *Engine) protocol1() string {
	if e.feat.protover != 1 {
		return ""
	}
	return fmt.Sprintf("; it sent no features within %v of \"protover 2\" and was taken for a protocol 1 engine", e.cfg.ProtoverTimeout)
}

// hasOption reports whether opts sets name (ignoring case).
func hasOption(opts map[string]string, name string) bool {
	for k := range opts {
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}

func (e *Engine) option(name string) (Option, bool) {
	for _, o := range e.feat.options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

func (e *Engine) optionNames() string {
	names := []string{"memory", "cores"}
	for _, o := range e.feat.options {
		names = append(names, strconv.Quote(o.Name))
	}
	return strings.Join(names, ", ")
}

// SetOptions sets options of a started engine between games, as a tuner
// does; they are kept for a restart.
func (e *Engine) SetOptions(ctx context.Context, opts map[string]string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return fmt.Errorf("xboard: %s is closed", e.name())
	}
	for name := range opts {
		if _, ok := e.option(name); !ok && !strings.EqualFold(name, "memory") && !strings.EqualFold(name, "cores") {
			return fmt.Errorf("xboard: %s offers no option %q", e.name(), name)
		}
	}
	merged := maps.Clone(e.cfg.Options)
	if merged == nil {
		merged = map[string]string{}
	}
	maps.Copy(merged, opts)
	e.cfg.Options = merged
	if e.proc == nil || e.proc.HasExited() {
		return nil
	}
	if err := e.setOptions(ctx, opts); err != nil {
		return err
	}
	return e.sync(ctx)
}

// sync sends "ping N" and waits for "pong N" (engines without ping:
// nothing). Lines before the pong are read as setup answers: "Illegal
// move" (the engine refuses a move of the game) and an "Error" about a
// variant or setboard command are protocol faults.
func (e *Engine) sync(ctx context.Context) error {
	if !e.feat.ping {
		return nil
	}
	e.pings++
	n := e.pings
	if err := e.send("ping " + strconv.Itoa(n)); err != nil {
		return err
	}
	deadline := time.Now().Add(e.cfg.InitTimeout)
	for {
		line, err := e.proc.Next(ctx, deadline)
		if err != nil {
			return e.readErr(ctx, err, "pong "+strconv.Itoa(n))
		}
		l := ParseLine(line)
		switch l.Kind {
		case PongLine:
			if l.Number == n {
				return nil
			}
		case IllegalLine:
			e.kill()
			return e.fault(player.Protocol, "refuses a move of the game: %q", line)
		case ErrorLine:
			if cmd := firstField(l.Text); cmd == "variant" || cmd == "setboard" || cmd == "new" {
				e.kill()
				return e.fault(player.Protocol, "refuses the game's setup: %q", line)
			}
		}
	}
}

// ensure restarts the program if it is not running.
func (e *Engine) ensure(ctx context.Context) error {
	if e.closed {
		return fmt.Errorf("xboard: %s is closed", e.name())
	}
	if e.proc != nil && e.proc.HasExited() {
		e.kill()
	}
	if e.proc == nil {
		if err := e.launch(ctx); err != nil {
			return err
		}
		e.restarts++
	}
	return nil
}

// NewGame checks that the engine plays v and starts it again if it died;
// the game is set up at the engine's first move, when its start position
// and clock are known.
func (e *Engine) NewGame(ctx context.Context, v *engines.Variant) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, err := variantName(v, e.feat.variants, e.cfg.VariantName); err != nil {
		return fmt.Errorf("xboard: %s: %w", e.name(), err)
	}
	if err := e.ensure(ctx); err != nil {
		return err
	}
	e.game = nil
	if !e.force {
		// Leave the last game (the engine may ponder in it).
		if err := e.send("force"); err != nil {
			return err
		}
		e.force = true
	}
	return nil
}

// moveText writes m in pos as the engine reads moves (MoveText).
func (e *Engine) moveText(pos *engines.Position, m engines.Move) string {
	return MoveText(pos, m, e.feat.san)
}

func (e *Engine) userMove(pos *engines.Position, m engines.Move) string {
	if e.feat.usermove {
		return "usermove " + e.moveText(pos, m)
	}
	return e.moveText(pos, m)
}

// setup sends the game: new, variant, force, the start position, the
// time control, post, hard or easy, the moves so far; then a ping.
// stall, when positive, is the game's stall timeout.
func (e *Engine) setup(ctx context.Context, game *engines.Game, lim limits.Limits, stall time.Duration) error {
	start := game.Start()
	v := start.Variant()
	name, err := variantName(v, e.feat.variants, e.cfg.VariantName)
	if err != nil {
		return fmt.Errorf("xboard: %s: %w", e.name(), err)
	}
	lines := []string{"new"}
	if name != "" {
		lines = append(lines, "variant "+name)
	}
	lines = append(lines, "force")
	if !v.IsStart(&start) || strings.Contains(name, "x") && strings.Contains(name, "+") {
		lines = append(lines, e.position(&start)...)
	}
	if stall <= 0 {
		stall = e.cfg.SearchTimeout
	}
	tc := timeControl(lim, start.SideToMove(), stall, e.feat.nps)
	lines = append(lines, tc...)
	lines = append(lines, "post")
	if e.cfg.Ponder {
		lines = append(lines, "hard")
	} else {
		lines = append(lines, "easy")
	}
	pos := start
	for _, m := range game.Moves() {
		lines = append(lines, e.userMove(&pos, m))
		pos = pos.Play(m)
	}
	if err := e.send(lines...); err != nil {
		return err
	}
	e.game, e.start, e.sent, e.force, e.variant = game, start, len(game.Moves()), true, v
	e.tcSent = strings.Join(tc, "; ")
	return e.sync(ctx)
}

// position returns the commands that set up pos: setboard FEN, or the
// edit mode of engines without setboard (a dummy first move before it
// when Black is to move, as XBoard does).
func (e *Engine) position(pos *engines.Position) []string {
	if e.feat.setboard {
		return []string{"setboard " + FEN(pos)}
	}
	var lines []string
	if pos.SideToMove() == engines.Black {
		init := pos.Variant().StartPosition()
		if ms := init.GenerateMoves(nil); len(ms) > 0 {
			lines = append(lines, e.moveText(&init, ms[0]))
		}
	}
	lines = append(lines, "edit", "#")
	g := pos.Geometry()
	for _, c := range []engines.Color{engines.White, engines.Black} {
		if c == engines.Black {
			lines = append(lines, "c")
		}
		for sq := range engines.Square(g.NumSquares()) {
			pc := pos.PieceAt(sq)
			if pc == engines.NoPiece || pc.Color() != c {
				continue
			}
			letter := strings.ToUpper(pieceLetter(pos, sq))
			lines = append(lines, letter+squareName(pos.Variant(), sq))
		}
	}
	return append(lines, ".")
}

// pieceLetter returns XBoard's FEN letter of the piece on sq, read from
// the position's FEN (the one place that knows every variant's letters).
func pieceLetter(pos *engines.Position, sq engines.Square) string {
	g := pos.Geometry()
	board, _, _ := strings.Cut(FEN(pos), " ")
	board, _, _ = strings.Cut(board, "|")
	rows := strings.Split(board, "/")
	r := g.Ranks() - 1 - g.Rank(sq)
	if r < 0 || r >= len(rows) {
		return "?"
	}
	f := 0
	row := rows[r]
	for i := 0; i < len(row); i++ {
		c := row[i]
		if c >= '0' && c <= '9' {
			n := int(c - '0')
			for i+1 < len(row) && row[i+1] >= '0' && row[i+1] <= '9' {
				i++
				n = 10*n + int(row[i]-'0')
			}
			f += n
			continue
		}
		if f == g.File(sq) {
			return string(c)
		}
		f++
	}
	return "?"
}

// timeControl returns the commands for the limits of a game's first
// move: "level MPS BASE INC" for a clock (BASE in minutes:seconds),
// "st S" for a time per move, "sd D" for a depth (with "st" of the
// search timeout, so that the depth decides), "nps N" with "st 1" for
// a node count (an engine that counts N nodes a second searches N).
func timeControl(lim limits.Limits, side engines.Color, searchTimeout time.Duration, nps bool) []string {
	switch {
	case lim.WTime > 0 || lim.BTime > 0:
		base, inc := lim.WTime, lim.WInc
		if side == engines.Black {
			base, inc = lim.BTime, lim.BInc
		}
		secs := int64(math.Ceil(base.Seconds()))
		return []string{fmt.Sprintf("level %d %d:%02d %s", lim.MovesToGo, secs/60, secs%60, seconds(inc))}
	case lim.MoveTime > 0:
		return []string{"st " + seconds(lim.MoveTime)}
	case lim.Depth > 0:
		return []string{"st " + seconds(searchTimeout), "sd " + strconv.Itoa(lim.Depth)}
	case lim.Nodes > 0 && nps:
		return []string{"st 1", "nps " + strconv.FormatInt(lim.Nodes, 10)}
	}
	return []string{"st " + seconds(searchTimeout)}
}

// seconds writes d in seconds: whole, or with up to three decimals.
func seconds(d time.Duration) string {
	return strconv.FormatFloat(math.Round(d.Seconds()*1000)/1000, 'f', -1, 64)
}

// centis writes a clock in centiseconds for time and otim.
func centis(d time.Duration) string {
	return strconv.FormatInt(max(d.Milliseconds()/10, 1), 10)
}

// Move brings the engine up to date with the game and returns its move:
// at the game's first move the setup, then the moves it has not seen
// ("usermove X" while it plays, else in force mode and "go"), "time" and
// "otim" for a clock, and the engine's "move X". A result claim or a
// resignation instead of a move is returned as a *player.Claim; a claim
// right after the move travels in the Reply.
func (e *Engine) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	game := req.Game
	pos := game.Position()
	if err := e.ensure(ctx); err != nil {
		return player.Reply{}, err
	}
	moves := game.Moves()
	if e.game != game || e.sent > len(moves) || e.variant != pos.Variant() {
		if err := e.setup(ctx, game, req.Limits, req.Stall); err != nil {
			return player.Reply{}, err
		}
	}
	budget := moveBudget(req.Limits, pos.SideToMove())
	margin, limit := req.MoveLimits(e.cfg.MoveMargin, e.cfg.SearchTimeout, budget)
	var lines []string
	clock := req.Limits.WTime > 0 || req.Limits.BTime > 0
	if clock && e.feat.time {
		own, other := req.Limits.WTime, req.Limits.BTime
		if pos.SideToMove() == engines.Black {
			own, other = other, own
		}
		lines = append(lines, "time "+centis(own), "otim "+centis(other))
	}
	fresh := moves[e.sent:]
	if !e.force && len(fresh) == 1 {
		// It plays the other side: the opponent's move starts its search.
		before := positionBefore(game, len(moves)-1)
		lines = append(lines, e.userMove(&before, fresh[0]))
	} else {
		if !e.force {
			lines = append(lines, "force")
		}
		for i, m := range fresh {
			before := positionBefore(game, e.sent+i)
			lines = append(lines, e.userMove(&before, m))
		}
		lines = append(lines, "go")
	}
	e.proc.Drain()
	e.thinking = e.thinking[:0]
	start := time.Now()
	if err := e.send(lines...); err != nil {
		return player.Reply{}, err
	}
	e.sent, e.force = len(moves), false
	deadline := start.Add(limit)
	stopped := false
	for {
		line, err := e.proc.Next(ctx, deadline)
		switch {
		case err == nil:
		case errors.Is(err, proc.ErrDeadline) && !stopped:
			if err := e.send("?"); err != nil {
				return player.Reply{}, err
			}
			stopped, deadline = true, time.Now().Add(e.cfg.StopGrace)
			continue
		case errors.Is(err, proc.ErrDeadline):
			e.kill()
			return player.Reply{}, e.fault(player.Timeout, "no move %v after %q, nor %v after \"?\"; killed",
				limit, strings.Join(lines, "; "), e.cfg.StopGrace)
		case errors.Is(err, proc.ErrEOF):
			status := e.proc.ExitStatus()
			e.kill()
			return player.Reply{}, e.fault(player.Crash, "exited while thinking (%s)", status)
		case ctx.Err() != nil:
			e.kill() // an abandoned search: the engine starts afresh
			return player.Reply{}, ctx.Err()
		default:
			e.kill()
			return player.Reply{}, e.fault(player.Protocol, "%v", err)
		}
		l := ParseLine(line)
		switch l.Kind {
		case ThinkLine:
			e.thinking = append(e.thinking, l.Think)
		case MoveLine:
			elapsed := time.Since(start)
			if stopped && budget > 0 {
				e.kill()
				return player.Reply{}, e.fault(player.Timeout, "move after %v, over the budget %v + margin %v (%s)",
					elapsed.Round(time.Millisecond), budget, margin, e.tcSent)
			}
			return e.reply(pos, l.Text, elapsed)
		case ClaimLine, ResignLine:
			e.force = true // it stopped playing; the next game sets up anew
			e.game = nil
			return player.Reply{}, e.claim(l, line)
		case IllegalLine:
			e.kill()
			return player.Reply{}, e.fault(player.Protocol, "refuses a legal move of the game: %q", line)
		case FeatureLine:
			// Features after the handshake (an option list made anew):
			// answered so that the engine does not wait.
			if fs, _ := ParseFeatures(line); len(fs) > 0 {
				var replies []string
				for _, f := range fs {
					if e.feat.take(f) {
						replies = append(replies, "accepted "+f.Name)
					} else {
						replies = append(replies, "rejected "+f.Name)
					}
				}
				if err := e.send(replies...); err != nil {
					return player.Reply{}, err
				}
			}
		}
	}
}

// claim makes a claim or resignation line into a *player.Claim.
func (e *Engine) claim(l Line, line string) *player.Claim {
	c := &player.Claim{Player: e.name(), Text: strings.TrimSpace(line), Reason: l.Reason}
	if l.Kind == ResignLine {
		c.Resign = true
		return c
	}
	c.Result, _ = ClaimResult(l.Result)
	return c
}

// positionBefore returns the game's position before its ply i.
func positionBefore(game *engines.Game, i int) engines.Position {
	pos := game.Start()
	for _, m := range game.Moves()[:i] {
		pos = pos.Play(m)
	}
	return pos
}

// reply reads the engine's move and what its thinking said, and a claim
// already waiting behind the move.
func (e *Engine) reply(pos *engines.Position, text string, elapsed time.Duration) (player.Reply, error) {
	m, err := ParseMove(pos, text)
	if err != nil {
		return player.Reply{}, e.fault(player.IllegalMove, "move %s: %w", text, err)
	}
	if !pos.IsLegal(m) {
		return player.Reply{}, e.fault(player.IllegalMove, "move %s is not legal in %s", text, pos.FEN())
	}
	e.sent++ // the engine knows its own move
	r := player.Reply{Move: m, Time: elapsed}
	if n := len(e.thinking); n > 0 {
		th := e.thinking[n-1]
		r.HasScore, r.Score, r.Depth, r.Nodes = true, searchScore(th.Score), th.Depth, th.Nodes
	}
	// A claim written with the move ("move e2e4" and "1/2-1/2 {...}")
	// is read now, if it is already there.
	for e.proc.Buffered() {
		line, err := e.proc.Next(context.Background(), time.Now().Add(time.Millisecond))
		if err != nil {
			break
		}
		if l := ParseLine(line); l.Kind == ClaimLine || l.Kind == ResignLine {
			r.Claim = e.claim(l, line)
			e.force, e.game = true, nil
			break
		}
	}
	return r, nil
}

// searchScore converts an xboard score (centipawns; 100000+N mate in N)
// to the search's convention.
func searchScore(s int) int {
	switch {
	case s >= MateScore:
		return uci.Score{Kind: uci.MateIn, Value: max(s-MateScore, 1)}.Search()
	case s <= -MateScore:
		return uci.Score{Kind: uci.MateIn, Value: min(s+MateScore, -1)}.Search()
	}
	return uci.Score{Kind: uci.Centipawns, Value: s}.Search()
}

// moveBudget is the time a move may take: movetime, else the mover's
// clock (0: no time limit).
func moveBudget(lim limits.Limits, side engines.Color) time.Duration {
	budget := lim.WTime
	if side == engines.Black {
		budget = lim.BTime
	}
	if lim.MoveTime > 0 && (budget <= 0 || lim.MoveTime < budget) {
		budget = lim.MoveTime
	}
	return max(budget, 0)
}

// Ponder does nothing: an xboard engine told "hard" ponders by itself
// after its move. It is there so that the arena stops it at a game's end
// (StopPonder).
func (e *Engine) Ponder(ctx context.Context, req player.Request) error { return nil }

// StopPonder puts an engine that may be pondering into force mode at the
// end of a game.
func (e *Engine) StopPonder(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.proc == nil || e.force || !e.cfg.Ponder {
		return nil
	}
	e.force, e.game = true, nil
	return e.send("force")
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
