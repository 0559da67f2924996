package uci

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
	"unsafe"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/losalamos"
	"varena/engines/player"
	"varena/engines/search"
	"varena/engines/variants"
)

// The test programs, built on first use into a directory TestMain removes.
var (
	testEngine   string // internal/testengine: Serve as a program
	faultyEngine string // internal/faultyengine
	buildDir     string
	buildOnce    sync.Once
	buildErr     error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	if kids := children(); len(kids) > 0 && code == 0 {
		fmt.Fprintf(os.Stderr, "processes left behind: %v\n", kids)
		code = 1
	}
	os.Exit(code)
}

func build(programs map[string]string) error {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return err
	}
	for out, pkg := range programs {
		cmd := exec.Command(goTool, "build", "-o", out, pkg)
		if msg, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("go build %s: %v\n%s", pkg, err, msg)
		}
	}
	return nil
}

// children returns the ids of our child processes still alive or not
// waited for (zombies), from /proc (nil where there is none).
func children() []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var kids []int
	me := os.Getpid()
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...; comm may hold spaces.
		rest := string(stat[bytes.LastIndexByte(stat, ')')+1:])
		f := strings.Fields(rest)
		if len(f) > 1 && f[1] == strconv.Itoa(me) {
			kids = append(kids, pid)
		}
	}
	return kids
}

// needPrograms builds the test programs once, or skips the test when
// they cannot be built (no go command).
func needPrograms(t *testing.T) {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "uci-test-"); buildErr != nil {
			return
		}
		testEngine = filepath.Join(buildDir, "testengine")
		faultyEngine = filepath.Join(buildDir, "faultyengine")
		buildErr = build(map[string]string{
			testEngine:   "varena/engines/uci/internal/testengine",
			faultyEngine: "varena/engines/uci/internal/faultyengine",
		})
	})
	if errors.Is(buildErr, exec.ErrNotFound) {
		t.Skipf("test programs not built: %v", buildErr)
	}
	if buildErr != nil {
		t.Fatal(buildErr)
	}
}

// startEngine starts an engine and closes it at the end of the test,
// checking that its process was waited for.
func startEngine(t *testing.T, cfg EngineConfig) *Engine {
	t.Helper()
	e, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { closeAndCheck(t, e) })
	return e
}

// closeAndCheck closes e and checks that its last process is gone and
// reaped (no zombie).
func closeAndCheck(t *testing.T, e *Engine) {
	t.Helper()
	e.mu.Lock()
	p := e.proc
	e.mu.Unlock()
	if err := e.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if p == nil {
		return
	}
	if !p.Waited() {
		t.Errorf("process %d not waited for", p.Pid())
	}
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", p.Pid())); err == nil {
		t.Errorf("process %d still in the process table", p.Pid())
	}
}

func faulty(args ...string) EngineConfig {
	return EngineConfig{Command: faultyEngine, Args: args}
}

func gameAt(t testing.TB, v *engines.Variant, fen string) *engines.Game {
	t.Helper()
	if fen == "" {
		fen = v.StartFEN
	}
	pos, err := engines.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return engines.NewGame(pos)
}

// play asks e for n moves in g, checking each, and returns the replies.
func play(t *testing.T, e *Engine, g *engines.Game, n int, lim limits.Limits) []player.Reply {
	t.Helper()
	var replies []player.Reply
	for range n {
		if g.Outcome().Result != engines.Ongoing {
			break
		}
		r, err := e.Move(context.Background(), player.Request{Game: g, Limits: lim})
		if err != nil {
			t.Fatalf("after %d moves: %v", len(g.Moves()), err)
		}
		if _, err := g.Position().ParseUCIMove(g.Position().Geometry().UCI(r.Move)); err != nil {
			t.Fatalf("reply: %v", err)
		}
		g.Play(r.Move)
		replies = append(replies, r)
	}
	return replies
}

// TestClientAgainstServer plays varena's own server (as a program) through
// the client in each variant.
func TestClientAgainstServer(t *testing.T) {
	needPrograms(t)
	var stderr syncBuffer
	e := startEngine(t, EngineConfig{Name: "self", Command: testEngine, Args: []string{"-hash", "4"},
		Options: map[string]string{"hash": "2"}, StderrLog: &stderr})
	if e.Name() != "self" || e.ID() != "varena" {
		t.Errorf("Name %q, ID %q", e.Name(), e.ID())
	}
	if got := e.Variants(); !slices.Equal(got, variants.Playable()) {
		t.Errorf("Variants() = %v, want %v", got, variants.Playable())
	}
	if opts := e.Options(); len(opts) != 7+len(search.ParamTable) || opts[2].Name != "Hash" || opts[2].Max != 4096 {
		t.Errorf("Options() = %+v", opts)
	}
	for _, v := range variants.All {
		t.Run(v.Name, func(t *testing.T) {
			if !e.Supports(v) {
				t.Fatalf("does not support %s", v.Name)
			}
			if err := e.NewGame(context.Background(), v); err != nil {
				t.Fatal(err)
			}
			g := gameAt(t, v, "")
			for i, r := range play(t, e, g, 6, limits.Limits{Depth: 2}) {
				if !r.HasScore || r.Depth != 2 || r.Nodes <= 0 || r.Move == engines.NullMove {
					t.Errorf("move %d: reply %+v", i+1, r)
				}
			}
			// Clocks and movetime.
			play(t, e, g, 2, limits.Limits{WTime: 2 * time.Second, BTime: 2 * time.Second, WInc: 50 * time.Millisecond, BInc: 50 * time.Millisecond})
			start := time.Now()
			play(t, e, g, 1, limits.Limits{MoveTime: 100 * time.Millisecond})
			if d := time.Since(start); d > time.Second {
				t.Errorf("movetime 100 ms took %v", d)
			}
			play(t, e, g, 1, limits.Limits{Nodes: 200})
		})
	}
	if e.Restarts() != 0 {
		t.Errorf("%d restarts", e.Restarts())
	}
	if stderr.String() != "" {
		t.Errorf("stderr: %s", stderr.String())
	}
}

// TestClientPositions checks positions from a FEN (with bunkers), mate
// scores in the search's convention, and a position without moves.
func TestClientPositions(t *testing.T) {
	needPrograms(t)
	e := startEngine(t, EngineConfig{Command: testEngine})
	ext, _ := variants.ByName("extinction")
	tests := []struct {
		name    string
		v       *engines.Variant
		fen     string
		moves   []string
		want    []string // acceptable moves
		mateIn  int
		noMoves bool
	}{
		{"last queen", ext, "rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil, []string{"b2c3", "d2c3", "b1c3"}, 1, false},
		{"bunker capture", losalamos.Variant, "rnQknr/pp1ppp/6/6/PPPPPP/RN1KNR|q1/2/2/2 w - - 0 1", nil, []string{"c6Vc6"}, 1, false},
		{"into the bunker", losalamos.Variant, "", []string{"d1Vd1", "c6Vc6", "Vd1Vc1"}, nil, 0, false},
		{"extinct", ext, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil, nil, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := e.NewGame(context.Background(), tt.v); err != nil {
				t.Fatal(err)
			}
			g := gameAt(t, tt.v, tt.fen)
			for _, text := range tt.moves {
				m, err := g.Position().ParseUCIMove(text)
				if err != nil {
					t.Fatal(err)
				}
				g.Play(m)
			}
			r, err := e.Move(context.Background(), player.Request{Game: g, Limits: limits.Limits{Depth: 3}})
			if err != nil {
				t.Fatal(err)
			}
			if tt.noMoves {
				if r.Move != engines.NullMove {
					t.Fatalf("move %v in a position without moves", r.Move)
				}
				return
			}
			text := g.Position().Geometry().UCI(r.Move)
			if tt.want != nil && !slices.Contains(tt.want, text) {
				t.Errorf("move %s, want one of %v", text, tt.want)
			}
			if tt.mateIn != 0 && (limits.MateIn(r.Score) != tt.mateIn || r.Score != limits.Mate-(2*tt.mateIn-1)) {
				t.Errorf("score %d (mate in %d), want mate in %d", r.Score, limits.MateIn(r.Score), tt.mateIn)
			}
		})
	}
}

func TestPositionAndGoCommands(t *testing.T) {
	ext, _ := variants.ByName("extinction")
	g := gameAt(t, losalamos.Variant, "")
	for _, text := range []string{"d1Vd1", "c6Vc6"} {
		m, _ := g.Position().ParseUCIMove(text)
		g.Play(m)
	}
	if got, want := positionCommand(g, false), "position startpos moves d1Vd1 c6Vc6"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	fen := "rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	if got, want := positionCommand(gameAt(t, ext, fen), false), "position fen "+fen; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// Reversible history: the FEN after the last capture or pawn move,
	// then the moves since.
	g = gameAt(t, ext, "")
	for i, step := range []struct{ move, want string }{
		{"g1f3", "position startpos moves g1f3"},
		{"e7e5", "position fen rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2"},
		{"f3e5", "position fen rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 2"},
		{"b8c6", "position fen rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 2 moves b8c6"},
		{"e5f3", "position fen rnbqkbnr/pppp1ppp/8/4N3/8/8/PPPPPPPP/RNBQKB1R b KQkq - 0 2 moves b8c6 e5f3"},
	} {
		m, err := g.Position().ParseUCIMove(step.move)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
		if got := positionCommand(g, true); got != step.want {
			t.Errorf("after move %d %s: got %q, want %q", i+1, step.move, got, step.want)
		}
	}
	ms := time.Millisecond
	tests := []struct {
		lim    limits.Limits
		side   engines.Color
		want   string
		budget time.Duration
	}{
		{limits.Limits{Depth: 5}, engines.White, "go depth 5", 0},
		{limits.Limits{Nodes: 1000, MoveTime: 300 * ms}, engines.White, "go movetime 300 nodes 1000", 300 * ms},
		{limits.Limits{WTime: 60 * time.Second, BTime: 500 * ms, WInc: ms, BInc: 2 * ms, MovesToGo: 7}, engines.Black,
			"go wtime 60000 btime 500 winc 1 binc 2 movestogo 7", 500 * ms},
		{limits.Limits{WTime: 60 * time.Second, BTime: 500 * ms, MoveTime: 100 * ms}, engines.White,
			"go wtime 60000 btime 500 movetime 100", 100 * ms},
		{limits.Limits{WTime: 300 * time.Microsecond, BTime: -5 * ms}, engines.White, "go wtime 1 btime 1", 300 * time.Microsecond},
		{limits.Limits{}, engines.White, "go infinite", 0},
		{limits.Limits{Infinite: true}, engines.White, "go infinite", 0},
	}
	for _, tt := range tests {
		got, budget := goCommand(tt.lim, tt.side)
		if got != tt.want || budget != tt.budget {
			t.Errorf("%+v: got %q %v, want %q %v", tt.lim, got, budget, tt.want, tt.budget)
		}
		// A move's go line goes after its position line, in the client's
		// buffer: appended there, with no allocation.
		buf := append(make([]byte, 0, 128), "position startpos\n"...)
		allocs := testing.AllocsPerRun(10, func() { buf = appendGo(buf[:len("position startpos\n")], tt.lim) })
		if got := string(buf); allocs != 0 || got != "position startpos\n"+tt.want {
			t.Errorf("%+v: appendGo gave %q with %v allocations; want %q with none", tt.lim, got, allocs, "position startpos\n"+tt.want)
		}
	}
}

// replayPosition plays a "position" command on v's rules and returns the
// position and the number of moves it lists.
func replayPosition(t *testing.T, v *engines.Variant, cmd string) (engines.Position, int) {
	t.Helper()
	head, moves, _ := strings.Cut(cmd, " moves ")
	var pos engines.Position
	switch {
	case head == "position startpos":
		pos = v.StartPosition()
	case strings.HasPrefix(head, "position fen "):
		var err error
		if pos, err = engines.ParseFEN(v, strings.TrimPrefix(head, "position fen ")); err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
	default:
		t.Fatalf("not a position command: %q", cmd)
	}
	n := 0
	for _, text := range strings.Fields(moves) {
		m, err := pos.ParseUCIMove(text)
		if err != nil {
			t.Fatalf("%q: %v", cmd, err)
		}
		pos = pos.Play(m)
		n++
	}
	return pos, n
}

// On random games of every variant, both histories give the game's
// position, the cache built move by move gives what a fresh one gives,
// and the reversible history lists no move before the last capture or
// pawn move, all repetition needs.
func TestPositionHistories(t *testing.T) {
	for _, v := range variants.All {
		rng := rand.New(rand.NewPCG(7, uint64(len(v.Name))))
		for range 10 {
			g := engines.NewGame(v.StartPosition())
			full, rev := positionCache{}, positionCache{reversible: true}
			for ply := 0; ply < 120; ply++ {
				moves := g.Position().GenerateMoves(nil)
				if len(moves) == 0 || g.Outcome().Result != engines.Ongoing {
					break
				}
				g.Play(moves[rng.IntN(len(moves))])
				for _, c := range []*positionCache{&full, &rev} {
					cmd := string(c.command(g))
					if fresh := positionCommand(g, c.reversible); cmd != fresh {
						t.Fatalf("%s: incremental %q, fresh %q", v.Name, cmd, fresh)
					}
					pos, n := replayPosition(t, v, cmd)
					if pos.FEN() != g.Position().FEN() {
						t.Fatalf("%s: %q gives %s, the game is at %s", v.Name, cmd, pos.FEN(), g.Position().FEN())
					}
					if c.reversible && n > g.Position().HalfmoveClock() {
						t.Fatalf("%s: %q lists %d moves, %d since the last capture or pawn move", v.Name, cmd, n, g.Position().HalfmoveClock())
					}
				}
			}
		}
	}
}

// TestClientFaults drives the faulty engine through each fault: the client
// must report the right kind in time, restart after a crash or a kill, and
// keep going otherwise.
func TestClientFaults(t *testing.T) {
	needPrograms(t)
	quick := func(c *EngineConfig) {
		c.MoveMargin, c.StopGrace, c.SearchTimeout = 200*time.Millisecond, 500*time.Millisecond, 400*time.Millisecond
	}
	timed := limits.Limits{MoveTime: 100 * time.Millisecond}
	depth := limits.Limits{Depth: 1}
	const ok = player.FaultKind(0)
	tests := []struct {
		name     string
		args     []string
		lim      limits.Limits
		want     []player.FaultKind // per Move
		restarts int
		text     string // in the fault's message
	}{
		{"ok", []string{"-mode", "ok"}, depth, []player.FaultKind{ok, ok, ok}, 0, ""},
		{"crash", []string{"-mode", "crash", "-after", "1"}, depth, []player.FaultKind{ok, player.Crash, ok, player.Crash, ok}, 2, "exit status 3"},
		{"hang timed", []string{"-mode", "hang", "-after", "1"}, timed, []player.FaultKind{ok, player.Timeout, ok}, 1, "killed"},
		{"hang depth", []string{"-mode", "hang"}, depth, []player.FaultKind{player.Timeout, player.Timeout}, 1, "killed"},
		{"stall timed", []string{"-mode", "stall"}, timed, []player.FaultKind{player.Timeout, player.Timeout}, 0, "over the budget"},
		{"stall depth", []string{"-mode", "stall"}, depth, []player.FaultKind{ok, ok}, 0, ""},
		{"garbage", []string{"-mode", "garbage", "-after", "1"}, depth, []player.FaultKind{ok, player.Protocol, player.Protocol}, 0, "bestmove without a move"},
		{"bad move text", []string{"-mode", "badmove"}, depth, []player.FaultKind{player.IllegalMove}, 0, `"xyz9"`},
		{"illegal move", []string{"-mode", "illegal", "-after", "2"}, depth, []player.FaultKind{ok, ok, player.IllegalMove}, 0, "not a legal move"},
		{"slow but in time", []string{"-mode", "slow", "-delay", "150ms"}, limits.Limits{WTime: 5 * time.Second, BTime: 5 * time.Second}, []player.FaultKind{ok, ok}, 0, ""},
		{"slow over time", []string{"-mode", "slow", "-delay", "3s", "-after", "1"}, timed, []player.FaultKind{ok, player.Timeout, ok}, 1, "killed"},
		{"long info line", []string{"-mode", "longinfo"}, depth, []player.FaultKind{ok, ok}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stderr syncBuffer
			cfg := faulty(tt.args...)
			cfg.StderrLog = &stderr
			quick(&cfg)
			e := startEngine(t, cfg)
			ext := variants.All[0]
			if err := e.NewGame(context.Background(), ext); err != nil {
				t.Fatal(err)
			}
			g := gameAt(t, ext, "")
			for i, want := range tt.want {
				start := time.Now()
				r, err := e.Move(context.Background(), player.Request{Game: g, Limits: tt.lim})
				d := time.Since(start)
				if limit := 3 * time.Second; d > limit {
					t.Errorf("move %d took %v", i+1, d)
				}
				if want == ok {
					if err != nil {
						t.Fatalf("move %d: %v", i+1, err)
					}
					g.Play(r.Move)
					continue
				}
				f, isFault := player.FaultOf(err)
				if !isFault || f.Kind != want {
					t.Fatalf("move %d: err = %v, want a %s fault", i+1, err, want)
				}
				if !strings.Contains(f.Error(), tt.text) || !strings.Contains(f.Error(), "faultyengine") {
					t.Errorf("move %d: %q lacks %q or the engine's name", i+1, f.Error(), tt.text)
				}
			}
			if got := e.Restarts(); got != tt.restarts {
				t.Errorf("%d restarts, want %d", got, tt.restarts)
			}
			// The stderr of a process that exited has been copied.
			if tt.name == "crash" && !strings.Contains(stderr.String(), "faultyengine: crash after 1 moves") {
				t.Errorf("stderr log: %q", stderr.String())
			}
		})
	}
}

// syncBuffer is a bytes.Buffer for the stderr copier and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func TestClientStartFaults(t *testing.T) {
	needPrograms(t)
	tests := []struct {
		name   string
		cfg    EngineConfig
		kind   player.FaultKind // 0: a plain error
		text   string
		within time.Duration
	}{
		{"no program", EngineConfig{Command: filepath.Join(t.TempDir(), "nothing")}, player.Crash, "starting", time.Second},
		{"slow handshake", EngineConfig{Command: faultyEngine, Args: []string{"-mode", "slowinit", "-delay", "10s"}, InitTimeout: 300 * time.Millisecond},
			player.Timeout, "no uciok within 300ms", 2 * time.Second},
		{"exit in handshake", faulty("-mode", "noinit"), player.Crash, "exit status 4", 2 * time.Second},
		{"unknown option", EngineConfig{Command: faultyEngine, Options: map[string]string{"Colour": "blue"}}, 0, `offers no option "Colour"`, 2 * time.Second},
		{"no command", EngineConfig{}, 0, "without a command", time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			e, err := Start(context.Background(), tt.cfg)
			if err == nil {
				e.Close()
				t.Fatal("no error")
			}
			if d := time.Since(start); d > tt.within {
				t.Errorf("took %v", d)
			}
			f, isFault := player.FaultOf(err)
			switch {
			case tt.kind == 0 && isFault:
				t.Errorf("err = %v, want a plain error", err)
			case tt.kind != 0 && (!isFault || f.Kind != tt.kind):
				t.Errorf("err = %v, want a %s fault", err, tt.kind)
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("err = %v, want %q", err, tt.text)
			}
		})
	}
}

func TestClientVariants(t *testing.T) {
	needPrograms(t)
	ext, evo := variants.All[0], variants.All[2]

	e := startEngine(t, faulty("-variants", "extinction,chess"))
	if got := e.Variants(); !slices.Equal(got, []string{"extinction", "chess"}) {
		t.Errorf("Variants() = %v", got)
	}
	if err := e.NewGame(context.Background(), evo); !errors.Is(err, ErrUnsupportedVariant) {
		t.Errorf("NewGame(evolution) = %v, want ErrUnsupportedVariant", err)
	}
	if e.Supports(evo) || !e.Supports(ext) {
		t.Errorf("Supports wrong")
	}
	if _, err := e.Move(context.Background(), player.Request{Game: gameAt(t, evo, ""), Limits: limits.Limits{Depth: 1}}); !errors.Is(err, ErrUnsupportedVariant) {
		t.Errorf("Move(evolution) = %v, want ErrUnsupportedVariant", err)
	}
	play(t, e, gameAt(t, ext, ""), 2, limits.Limits{Depth: 1})

	// Mapped to another name: the engine's "evolution" is our extinction.
	m := faulty()
	m.VariantName = map[string]string{"extinction": "evolution"}
	e2 := startEngine(t, m)
	if err := e2.NewGame(context.Background(), ext); err != nil {
		t.Fatal(err)
	}

	// No UCI_Variant option: only a mapped variant is played.
	none := faulty("-variants", "")
	e3 := startEngine(t, none)
	if e3.Variants() != nil {
		t.Errorf("Variants() = %v, want nil", e3.Variants())
	}
	if err := e3.NewGame(context.Background(), ext); !errors.Is(err, ErrUnsupportedVariant) {
		t.Errorf("NewGame = %v, want ErrUnsupportedVariant", err)
	}
	none.VariantName = map[string]string{"extinction": "extinction"}
	e4 := startEngine(t, none)
	if err := e4.NewGame(context.Background(), ext); err != nil {
		t.Fatal(err)
	}
	play(t, e4, gameAt(t, ext, ""), 2, limits.Limits{Depth: 1})
}

// TestClientDiesBetweenMoves checks that an engine that died while idle
// is started again by the next request, without a fault.
func TestClientDiesBetweenMoves(t *testing.T) {
	needPrograms(t)
	e := startEngine(t, faulty("-mode", "die"))
	g := gameAt(t, variants.All[0], "")
	for i := range 3 {
		play(t, e, g, 1, limits.Limits{Depth: 1})
		time.Sleep(100 * time.Millisecond) // the process ends meanwhile
		if i == 1 {
			if err := e.NewGame(context.Background(), variants.All[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Before the second move, and at NewGame; the third move's process
	// dies after it.
	if got := e.Restarts(); got != 2 {
		t.Errorf("%d restarts, want 2", got)
	}
}

// TestClientCancel checks a Move abandoned through its context: an engine
// that answers stop is kept, one that does not is killed and restarted.
func TestClientCancel(t *testing.T) {
	needPrograms(t)
	for _, tt := range []struct {
		mode     string
		restarts int
	}{{"stall", 0}, {"hang", 1}} {
		t.Run(tt.mode, func(t *testing.T) {
			cfg := faulty("-mode", tt.mode, "-after", "1")
			cfg.StopGrace, cfg.SearchTimeout = 500*time.Millisecond, 300*time.Millisecond
			e := startEngine(t, cfg)
			g := gameAt(t, variants.All[0], "")
			play(t, e, g, 1, limits.Limits{Depth: 1})
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			start := time.Now()
			_, err := e.Move(ctx, player.Request{Game: g, Limits: limits.Limits{MoveTime: 10 * time.Second}})
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("err = %v, want the context's", err)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
			// The stalling engine answers only after stop, once in sync;
			// the hanging one was killed and its new process plays.
			if tt.mode == "hang" {
				play(t, e, g, 1, limits.Limits{Depth: 1})
			} else {
				r, err := e.Move(context.Background(), player.Request{Game: g, Limits: limits.Limits{Depth: 1}})
				if err != nil || r.Move == engines.NullMove {
					t.Fatalf("after cancel: %v %v", r, err)
				}
			}
			if got := e.Restarts(); got != tt.restarts {
				t.Errorf("%d restarts, want %d", got, tt.restarts)
			}
		})
	}
}

// TestClientClose checks that Close ends an engine that ignores quit, and
// that closing twice or using a closed engine is harmless.
func TestClientClose(t *testing.T) {
	needPrograms(t)
	e, err := Start(context.Background(), faulty("-mode", "noquit"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	closeAndCheck(t, e)
	if d := time.Since(start); d < quitTimeout || d > quitTimeout+2*time.Second {
		t.Errorf("Close took %v", d)
	}
	if err := e.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := e.Move(context.Background(), player.Request{Game: gameAt(t, variants.All[0], ""), Limits: limits.Limits{Depth: 1}}); err == nil {
		t.Error("Move on a closed engine worked")
	}

	// A context that ends kills the engine.
	ctx, cancel := context.WithCancel(context.Background())
	e2, err := Start(ctx, faulty())
	if err != nil {
		t.Fatal(err)
	}
	p := e2.proc
	cancel()
	select {
	case <-p.Exited():
	case <-time.After(2 * time.Second):
		t.Error("the engine outlived its context")
	}
	e2.Close()
}

// fairyStockfish returns the path of Fairy-Stockfish, or skips the test.
func fairyStockfish(t *testing.T) string {
	t.Helper()
	const path = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(path); err != nil {
		if p, err := exec.LookPath("fairy-stockfish"); err == nil {
			return p
		}
		t.Skip("fairy-stockfish not installed: apt-get install fairy-stockfish")
	}
	return path
}

// TestFairyStockfish plays a short extinction game against Fairy-Stockfish,
// every move checked by our rules.
func TestFairyStockfish(t *testing.T) {
	fsf := fairyStockfish(t)
	var stderr syncBuffer
	e := startEngine(t, EngineConfig{Command: fsf, Options: map[string]string{"Hash": "8", "Threads": "1"}, StderrLog: &stderr})
	if !strings.HasPrefix(e.ID(), "Fairy-Stockfish") {
		t.Errorf("ID %q", e.ID())
	}
	if !slices.Contains(e.Variants(), "extinction") {
		t.Fatalf("Variants() lacks extinction: %v", e.Variants())
	}
	ext := variants.All[0]
	if err := e.NewGame(context.Background(), ext); err != nil {
		t.Fatal(err)
	}
	g := gameAt(t, ext, "")
	replies := play(t, e, g, 10, limits.Limits{Depth: 2})
	if len(replies) == 0 || !replies[0].HasScore || replies[0].Depth != 2 {
		t.Errorf("replies %+v", replies)
	}
	t.Logf("game: %s", movesText(g))
	// From a FEN, and the engine's own "bestmove (none)" at the end.
	if err := e.NewGame(context.Background(), ext); err != nil {
		t.Fatal(err)
	}
	g = gameAt(t, ext, "rnb1kbnr/pppppppp/8/8/8/2q5/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	r := play(t, e, g, 1, limits.Limits{Depth: 3})[0]
	if limits.MateIn(r.Score) != 1 {
		t.Errorf("score %d, want mate in 1", r.Score)
	}
	r, err := e.Move(context.Background(), player.Request{Game: g, Limits: limits.Limits{Depth: 3}})
	if err != nil || r.Move != engines.NullMove {
		t.Errorf("game over: %+v %v", r, err)
	}
}

// TestFairyStockfishVariantPath loads the project's Fairy-Stockfish
// variants (shared/fairy-stockfish beside the repository) and plays Los
// Alamos without bunkers against it.
// TestParseEngineMove checks the trailing "+" Fairy-Stockfish writes on
// an evolving move: accepted exactly when the piece evolves.
func TestParseEngineMove(t *testing.T) {
	ev, _ := variants.ByName("evolution")
	ext, _ := variants.ByName("extinction")
	tests := []struct {
		v    *engines.Variant
		fen  string
		text string
		want string // the move in our notation; "" for an error
	}{
		{ev, "", "b2d3", "b2d3"},
		{ev, "", "b2d3+", "b2d3"},
		{ev, "", "a1a1+", ""},
		{ev, "6k/7/7/7/7/K5B w - - 0 1", "g1f2+", "g1f2"},
		{ev, "6k/7/7/7/7/K5B w - - 0 1", "a1b2+", ""},  // a king does not evolve
		{ev, "6k/7/7/7/7/K4Q1 w - - 0 1", "f1f2+", ""}, // nor a queen
		{ext, "", "g1f3+", ""},                         // no evolution in extinction
		{ext, "", "g1f3", "g1f3"},
	}
	for _, tt := range tests {
		pos := gameAt(t, tt.v, tt.fen).Position()
		m, err := parseEngineMove(pos, tt.text)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("%s %q: accepted as %s", tt.v.Name, tt.text, tt.v.Geometry.UCI(m))
		case tt.want != "" && err != nil:
			t.Errorf("%s %q: %v", tt.v.Name, tt.text, err)
		case tt.want != "" && tt.v.Geometry.UCI(m) != tt.want:
			t.Errorf("%s %q: got %s, want %s", tt.v.Name, tt.text, tt.v.Geometry.UCI(m), tt.want)
		}
	}
}

// With history none the engine gets the current position alone.
func TestPositionBareFEN(t *testing.T) {
	ext, _ := variants.ByName("extinction")
	g := gameAt(t, ext, "")
	c := positionCache{bare: true}
	for _, text := range []string{"e2e4", "e7e5", "g1f3"} {
		m, _ := g.Position().ParseUCIMove(text)
		g.Play(m)
		if got, want := string(c.command(g)), "position fen "+g.Position().FEN(); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestFairyStockfishVariantPath(t *testing.T) {
	fsf := fairyStockfish(t)
	root, err := repoRoot()
	if err != nil {
		t.Skip(err)
	}
	// The repository's own variant file, which users have.
	ini := filepath.Join(root, "configs", "fairy-stockfish", "losalamos-extinction.ini")
	e := startEngine(t, EngineConfig{Command: fsf, Options: map[string]string{"VariantPath": ini}})
	if !slices.Contains(e.Variants(), "losalamos-extinction") {
		t.Fatalf("Variants() lacks losalamos-extinction: %v", e.Variants())
	}
	v := variants.NoBunkers[losalamos.Variant]
	if err := e.NewGame(context.Background(), v); err != nil {
		t.Fatal(err)
	}
	g := gameAt(t, v, "")
	play(t, e, g, 8, limits.Limits{Depth: 2})
	t.Logf("game: %s", movesText(g))
}

// repoRoot returns the directory of go.mod above the working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

func movesText(g *engines.Game) string {
	start := g.Start()
	pos := &start
	var b strings.Builder
	for _, m := range g.Moves() {
		b.WriteString(pos.SAN(m) + " ")
		next := pos.Play(m)
		pos = &next
	}
	return b.String()
}

// TestClientPGNComment: "info string pgncomment TEXT" lines of a search
// are the move's Comment, joined; other strings are not.
func TestClientPGNComment(t *testing.T) {
	needPrograms(t)
	e := startEngine(t, faulty("-mode", "comment"))
	ext := variants.All[0]
	if err := e.NewGame(context.Background(), ext); err != nil {
		t.Fatal(err)
	}
	g := gameAt(t, ext, "")
	for i, r := range play(t, e, g, 2, limits.Limits{Depth: 1}) {
		if want := fmt.Sprintf("move %d, {from the faulty engine}", i+1); r.Comment != want {
			t.Errorf("move %d: comment %q, want %q", i+1, r.Comment, want)
		}
	}
	// A search's comments are bounded, cut at a character's edge.
	var st infoState
	for range 200 {
		st.add("info string pgncomment ééééé")
	}
	st.add("info string pgncomment")
	if len(st.comment) > MaxPGNComment || len(st.comment) < MaxPGNComment-3 || !utf8.ValidString(st.comment) {
		t.Errorf("comment of %d bytes, valid UTF-8 %v", len(st.comment), utf8.ValidString(st.comment))
	}
	// The client reads lines where they lie in the read buffer: add
	// keeps no part of the line, which the next read overwrites.
	buf := []byte("info depth 4 score cp 31 string pgncomment keep")
	var kept infoState
	kept.add(unsafe.String(&buf[0], len(buf)))
	copy(buf, "info depth 9 score cp 99 pv e2e4 e7e5 g1f3 b8c6 xxxxxxxxxxx")
	if in, ok := kept.best(); kept.comment != "keep" || !ok || in.Depth != 4 || in.Score.Value != 31 {
		t.Errorf("after the buffer is overwritten: comment %q, best %+v %v", kept.comment, in, ok)
	}
}

// TestFairyStockfishChess960Reset: after a Chess960 game, the next
// variant's games have UCI_Chess960 off again. Left on, Fairy-Stockfish
// castled king takes rook in hoppelpoppel (e1h1 for e1g1), which the
// referee refused as an illegal move. A run of a variant other than
// Chess960 (here chess itself, castling) never sets the option off.
func TestFairyStockfishChess960Reset(t *testing.T) {
	fsf := fairyStockfish(t)
	var mu sync.Mutex
	var sent []string
	e := startEngine(t, EngineConfig{Command: fsf, Options: map[string]string{"Hash": "8", "Threads": "1"},
		Protocol: func(out bool, line string) {
			if out && strings.HasPrefix(line, "setoption name UCI_Chess960") {
				mu.Lock()
				sent = append(sent, strings.TrimPrefix(line, "setoption name UCI_Chess960 value "))
				mu.Unlock()
			}
		}})
	for _, step := range []struct {
		variant string
		want    []string // UCI_Chess960 values sent so far
	}{
		{"hoppelpoppel", nil},
		{"fischerandom", []string{"true"}},
		{"hoppelpoppel", []string{"true", "false"}},
		{"knightmate", []string{"true", "false"}},
		{"fischerandom", []string{"true", "false", "true"}},
		{"chess", []string{"true", "false", "true", "false"}},
	} {
		v, err := variants.ByName(step.variant)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.NewGame(context.Background(), v); err != nil {
			t.Fatal(err)
		}
		play(t, e, gameAt(t, v, ""), 2, limits.Limits{Depth: 1})
		mu.Lock()
		got := slices.Clone(sent)
		mu.Unlock()
		if !slices.Equal(got, step.want) {
			t.Fatalf("after %s: UCI_Chess960 sent %v, want %v", step.variant, got, step.want)
		}
	}
}
