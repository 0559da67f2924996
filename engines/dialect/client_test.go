package dialect

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/variants"
)

// The fake engine, built on first use into a directory TestMain removes.
var (
	fakeEngine string
	buildDir   string
	buildOnce  sync.Once
	buildErr   error
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

// children returns the ids of our child processes still alive or not
// waited for (zombies), from /proc (nil where there is none).
func children() []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var kids []int
	me := strconv.Itoa(os.Getpid())
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) > 1 && f[1] == me {
			pid, _ := strconv.Atoi(e.Name())
			kids = append(kids, pid)
		}
	}
	return kids
}

// needFake builds the fake engine once, or skips without a go command.
func needFake(t *testing.T) {
	t.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "dialect-test-"); buildErr != nil {
			return
		}
		fakeEngine = filepath.Join(buildDir, "fakeengine")
		goTool, err := exec.LookPath("go")
		if err != nil {
			buildErr = err
			return
		}
		if msg, err := exec.Command(goTool, "build", "-o", fakeEngine, "varena/engines/dialect/internal/fakeengine").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, msg)
		}
	})
	if errors.Is(buildErr, exec.ErrNotFound) {
		t.Skipf("fake engine not built: %v", buildErr)
	}
	if buildErr != nil {
		t.Fatal(buildErr)
	}
}

// startFake starts the fake engine in proto with args and closes it at
// the end of the test.
func startFake(t *testing.T, proto Protocol, cfg EngineConfig, args ...string) *Engine {
	t.Helper()
	needFake(t)
	cfg.Protocol, cfg.Command = proto, fakeEngine
	cfg.Args = append([]string{"-proto", proto.String()}, args...)
	e, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func variant(t *testing.T, name string) *engines.Variant {
	t.Helper()
	v, err := variants.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSupports(t *testing.T) {
	for _, c := range []struct {
		proto   Protocol
		args    []string
		names   map[string]string
		variant string
		want    bool
	}{
		{USI, nil, nil, "minixiangqi", true},                            // 7x7: listed, named by USI
		{USI, nil, nil, "standard", true},                               // 8x8
		{USI, nil, nil, "xiangqi", false},                               // ten ranks: USI cannot name them
		{USI, nil, nil, "capablanca", false},                            // ten files
		{USI, []string{"-variants", "gardner"}, nil, "standard", false}, // not listed
		{USI, []string{"-variants", ""}, nil, "minixiangqi", false},     // no option: shogi only
		{USI, []string{"-variants", ""}, map[string]string{"minixiangqi": "mini"}, "minixiangqi", true},
		{UCCI, nil, nil, "xiangqi", true},
		{UCCI, nil, nil, "grand", true},
		{UCCI, []string{"-variants", ""}, nil, "xiangqi", true}, // no option: xiangqi
		{UCCI, []string{"-variants", ""}, nil, "janggi", false},
	} {
		t.Run(fmt.Sprintf("%v/%s/%v", c.proto, c.variant, c.args), func(t *testing.T) {
			e := startFake(t, c.proto, EngineConfig{VariantName: c.names}, c.args...)
			if got := e.Supports(variant(t, c.variant)); got != c.want {
				t.Errorf("Supports(%s) = %v; want %v (variants %v)", c.variant, got, c.want, e.Variants())
			}
		})
	}
}

// Each fault of the fake engine becomes the fault the arena records,
// naming the engine; a claim becomes a *player.Claim.
func TestFaults(t *testing.T) {
	for _, proto := range []Protocol{USI, UCCI} {
		for _, c := range []struct {
			mode  string
			kind  player.FaultKind
			claim string // a claim instead of a fault: resign or win
			want  string
		}{
			{mode: "crash", kind: player.Crash, want: "exited while thinking"},
			{mode: "hang", kind: player.Timeout, want: "no bestmove"},
			{mode: "garbage", kind: player.Protocol, want: "bestmove without a move"},
			{mode: "badmove", kind: player.IllegalMove, want: "xyz9"},
			{mode: "illegal", kind: player.IllegalMove, want: "bestmove"},
			{mode: "varenamove", kind: player.IllegalMove, want: "bestmove"},
			{mode: "nobestmove", kind: player.IllegalMove, want: "which has legal moves"},
			{mode: "resign", claim: "resign"},
			{mode: "win", claim: "win"},
		} {
			if proto == UCCI && c.claim == "win" {
				continue // USI's word
			}
			t.Run(proto.String()+"/"+c.mode, func(t *testing.T) {
				t.Parallel()
				// Boards whose squares the dialect names its own way.
				name := "minixiangqi"
				if proto == UCCI {
					name = "xiangqi"
				}
				e := startFake(t, proto, EngineConfig{Name: "fake", MoveMargin: 100 * time.Millisecond, StopGrace: 100 * time.Millisecond},
					"-mode", c.mode, "-variants", name)
				v := variant(t, name)
				if err := e.NewGame(context.Background(), v); err != nil {
					t.Fatal(err)
				}
				g := engines.NewGame(v.StartPosition())
				_, err := e.Move(context.Background(), player.Request{Game: g, Limits: limits.Limits{MoveTime: 200 * time.Millisecond}})
				if c.claim != "" {
					cl, ok := player.ClaimOf(err)
					if !ok {
						t.Fatalf("error %v; want a claim", err)
					}
					if cl.Resign != (c.claim == "resign") || c.claim == "win" && cl.Result != engines.WhiteWins || cl.Player != "fake" {
						t.Errorf("claim %+v; want %s by White", cl, c.claim)
					}
					return
				}
				f, ok := player.FaultOf(err)
				if !ok {
					t.Fatalf("error %v; want a fault", err)
				}
				if f.Kind != c.kind || f.Player != "fake" || !strings.Contains(err.Error(), c.want) {
					t.Errorf("fault %v (%v); want %v with %q", err, f.Kind, c.kind, c.want)
				}
			})
		}
	}
}

func TestStartFaults(t *testing.T) {
	needFake(t)
	_, err := Start(context.Background(), EngineConfig{Protocol: UCCI, Command: fakeEngine, Args: []string{"-proto", "ucci", "-mode", "noinit"}})
	if f, ok := player.FaultOf(err); !ok || f.Kind != player.Crash {
		t.Errorf("noinit: %v; want a crash", err)
	}
	_, err = Start(context.Background(), EngineConfig{Protocol: USI, Command: fakeEngine, Args: []string{"-proto", "usi"},
		Options: map[string]string{"Nonsense": "1"}})
	if err == nil || !strings.Contains(err.Error(), `offers no option "Nonsense"`) {
		t.Errorf("unknown option: %v", err)
	}
	if _, err := Start(context.Background(), EngineConfig{Command: fakeEngine}); err == nil {
		t.Error("no protocol: no error")
	}
	// A quit ignored: Close kills it (TestMain checks that none is left).
	e, err := Start(context.Background(), EngineConfig{Protocol: USI, Command: fakeEngine, Args: []string{"-proto", "usi", "-mode", "noquit"}})
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
}

// A crash costs one move; the next starts the program again.
func TestRestart(t *testing.T) {
	e := startFake(t, USI, EngineConfig{}, "-mode", "crash", "-after", "1", "-variants", "gardner")
	v := variant(t, "gardner")
	ctx := context.Background()
	if err := e.NewGame(ctx, v); err != nil {
		t.Fatal(err)
	}
	g := engines.NewGame(v.StartPosition())
	lim := limits.Limits{Nodes: 10}
	r, err := e.Move(ctx, player.Request{Game: g, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	g.Play(r.Move)
	if _, err := e.Move(ctx, player.Request{Game: g, Limits: lim}); err == nil {
		t.Fatal("no crash at the second move")
	}
	if _, err := e.Move(ctx, player.Request{Game: g, Limits: lim}); err != nil {
		t.Fatalf("after a restart: %v", err)
	}
	if n := e.Restarts(); n != 1 {
		t.Errorf("Restarts = %d; want 1", n)
	}
}

// USI's mate in plies is read as moves; the PV is read in the dialect.
func TestMateInPlies(t *testing.T) {
	e := startFake(t, USI, EngineConfig{}, "-mode", "mate", "-variants", "gardner")
	v := variant(t, "gardner")
	if err := e.NewGame(context.Background(), v); err != nil {
		t.Fatal(err)
	}
	g := engines.NewGame(v.StartPosition())
	r, err := e.Move(context.Background(), player.Request{Game: g, Limits: limits.Limits{Depth: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if want := limits.Mate - 3; !r.HasScore || r.Score != want || r.Depth != 3 || r.Nodes != 7 {
		t.Errorf("reply %+v; want score %d (mate in 2 moves) at depth 3, 7 nodes", r, want)
	}
}

// The lines sent: the handshake's, usinewgame, the variant, the position
// in the dialect's notation, go, and gameover after a resignation.
func TestLinesSent(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	logf := func(out bool, line string) {
		if out {
			mu.Lock()
			sent = append(sent, line)
			mu.Unlock()
		}
	}
	e := startFake(t, USI, EngineConfig{ProtocolLog: logf, Options: map[string]string{"Hash": "8"}}, "-mode", "resign", "-after", "1", "-variants", "minixiangqi")
	v := variant(t, "minixiangqi")
	ctx := context.Background()
	if err := e.NewGame(ctx, v); err != nil {
		t.Fatal(err)
	}
	g := engines.NewGame(v.StartPosition())
	m, _ := g.Position().ParseUCIMove("b1b4")
	g.Play(m)
	lim := limits.Limits{WTime: 5 * time.Second, BTime: 4 * time.Second, WInc: 100 * time.Millisecond, BInc: 200 * time.Millisecond}
	r, err := e.Move(ctx, player.Request{Game: g, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	g.Play(r.Move)
	if _, err := e.Move(ctx, player.Request{Game: g, Limits: lim}); err == nil {
		t.Fatal("no resignation")
	}
	if err := e.NewGame(ctx, v); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	got := strings.Join(sent, "\n")
	mu.Unlock()
	for _, want := range []string{
		"usi\nsetoption name USI_Hash value 8\nisready",
		"setoption name USI_Variant value minixiangqi\nusinewgame\nisready",
		"position startpos moves 6g6d\ngo btime 5000 wtime 4000 binc 100 winc 200",
		"gameover lose\nusinewgame\nisready",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("sent lines lack %q:\n%s", want, got)
		}
	}
}

func TestGoCommand(t *testing.T) {
	clock := limits.Limits{WTime: 60 * time.Second, BTime: 50 * time.Second, WInc: time.Second, BInc: 2 * time.Second}
	for _, c := range []struct {
		proto  Protocol
		millis bool
		lim    limits.Limits
		side   engines.Color
		want   string
		budget time.Duration
	}{
		{USI, false, clock, engines.White, "go btime 60000 wtime 50000 binc 1000 winc 2000", 60 * time.Second},
		// Fairy-Stockfish 11.1 (usiClockSwapped; millis stands for it here).
		{USI, true, clock, engines.White, "go btime 50000 wtime 60000 binc 2000 winc 1000", 60 * time.Second},
		{USI, false, limits.Limits{WTime: time.Second, BTime: 2 * time.Second}, engines.Black, "go btime 1000 wtime 2000 byoyomi 0", 2 * time.Second},
		{USI, false, limits.Limits{MoveTime: 300 * time.Millisecond}, engines.White, "go btime 0 wtime 0 byoyomi 300", 300 * time.Millisecond},
		{USI, false, limits.Limits{Nodes: 5000}, engines.White, "go nodes 5000", 0},
		{USI, false, limits.Limits{Depth: 7}, engines.Black, "go depth 7", 0},
		{USI, false, limits.Limits{}, engines.White, "go infinite", 0},
		{UCCI, true, clock, engines.White, "go time 60000 increment 1000 opptime 50000 oppincrement 2000", 60 * time.Second},
		{UCCI, true, clock, engines.Black, "go time 50000 increment 2000 opptime 60000 oppincrement 1000", 50 * time.Second},
		{UCCI, false, clock, engines.Black, "go time 50 increment 2 opptime 60 oppincrement 1", 50 * time.Second},
		{UCCI, true, limits.Limits{WTime: time.Minute, BTime: time.Minute, MovesToGo: 20}, engines.White, "go time 60000 movestogo 20 increment 0 opptime 60000 oppincrement 0", time.Minute},
		{UCCI, true, limits.Limits{MoveTime: 2 * time.Second}, engines.White, "go time 2000 movestogo 1", 2 * time.Second},
		{UCCI, true, limits.Limits{Nodes: 3000}, engines.White, "go nodes 3000", 0},
		{UCCI, true, limits.Limits{}, engines.White, "go depth infinite", 0},
	} {
		e := &Engine{cfg: EngineConfig{Protocol: c.proto}, millis: c.millis, swapped: c.proto == USI && c.millis}
		got, budget := e.goCommand(c.lim, c.side)
		if got != c.want || budget != c.budget {
			t.Errorf("%v %+v %v: %q, %v; want %q, %v", c.proto, c.lim, c.side, got, budget, c.want, c.budget)
		}
	}
}

func TestPositionCommand(t *testing.T) {
	v := variant(t, "xiangqi")
	start := v.StartPosition()
	m, _ := start.ParseUCIMove("h3e3")
	after := start.Play(m)
	for _, c := range []struct {
		proto Protocol
		v     string
		from  string // start FEN, "" for the variant's
		moves []string
		want  string
	}{
		{UCCI, "xiangqi", "", []string{"h3e3", "h10g8"}, "position startpos moves h2e2 h9g7"},
		{UCCI, "xiangqi", after.FEN(), nil, "position fen " + after.FEN()},
		{USI, "gardner", "", []string{"a2a3"}, "position startpos moves 5d5c"},
		// No castling nor en passant: SFEN, with "b" for the first player.
		{USI, "minixiangqi", "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR b - - 0 3", nil, "position sfen rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - 6"},
		// Castling rights: a FEN.
		{USI, "standard", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", nil, "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
	} {
		vv := variant(t, c.v)
		pos := vv.StartPosition()
		if c.from != "" {
			var err error
			if pos, err = engines.ParseFEN(vv, c.from); err != nil {
				t.Fatal(err)
			}
		}
		g := engines.NewGame(pos)
		for _, text := range c.moves {
			m, err := g.Position().ParseUCIMove(text)
			if err != nil {
				t.Fatal(err)
			}
			g.Play(m)
		}
		e := &Engine{cfg: EngineConfig{Protocol: c.proto}}
		got, err := e.positionCommand(g)
		if err != nil || got != c.want {
			t.Errorf("%v %s: %q, %v; want %q", c.proto, c.v, got, err, c.want)
		}
	}
}

// TestUSIClockSwapped: the Fairy-Stockfish releases before the fix of
// its issue 269 read USI's clocks swapped; later ones, development
// builds (named by their build date) and other engines do not.
func TestUSIClockSwapped(t *testing.T) {
	for id, want := range map[string]bool{
		"Fairy-Stockfish 11.1 LB 64": true,
		"Fairy-Stockfish 11.2":       true,
		"Fairy-Stockfish 12 LB":      true,
		"Fairy-Stockfish 13":         true,
		"Fairy-Stockfish 13.1 LB":    false,
		"Fairy-Stockfish 14.0.1 XQ":  false,
		"Fairy-Stockfish 041226 LB":  false,
		"Fairy-Stockfish":            false,
		"YaneuraOu 7.0":              false,
		"":                           false,
	} {
		if got := usiClockSwapped(id); got != want {
			t.Errorf("usiClockSwapped(%q) = %v, want %v", id, got, want)
		}
	}
}
