package xboard

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
	"varena/engines/chess"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/variants"
)

var (
	faultyEngine string
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

// children returns our child processes still alive or not waited for.
func children() []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var kids []int
	me := strconv.Itoa(os.Getpid())
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(f) > 1 && f[1] == me {
			kids = append(kids, pid)
		}
	}
	return kids
}

// needFaulty builds internal/faultyengine once, or skips the test
// without a go command.
func needFaulty(t *testing.T) {
	t.Helper()
	buildOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			buildErr = err
			return
		}
		if buildDir, buildErr = os.MkdirTemp("", "xboard-test-"); buildErr != nil {
			return
		}
		faultyEngine = filepath.Join(buildDir, "faultyengine")
		if out, err := exec.Command(goTool, "build", "-o", faultyEngine, "varena/engines/xboard/internal/faultyengine").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if errors.Is(buildErr, exec.ErrNotFound) {
		t.Skipf("test program not built: %v", buildErr)
	}
	if buildErr != nil {
		t.Fatal(buildErr)
	}
}

var (
	testEngine     string
	testEngineOnce sync.Once
	testEngineErr  error
)

// buildTestEngine builds internal/testengine (Serve as a program) into
// the directory of the faulty engine.
func buildTestEngine(t *testing.T) string {
	t.Helper()
	testEngineOnce.Do(func() {
		testEngine = filepath.Join(buildDir, "testengine")
		if out, err := exec.Command("go", "build", "-o", testEngine, "varena/engines/xboard/internal/testengine").CombinedOutput(); err != nil {
			testEngineErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if testEngineErr != nil {
		t.Fatal(testEngineErr)
	}
	return testEngine
}

// quick are the timeouts of the tests: a fault shows within a second.
func quick(cfg EngineConfig) EngineConfig {
	cfg.InitTimeout, cfg.ProtoverTimeout = 500*time.Millisecond, 200*time.Millisecond
	cfg.MoveMargin, cfg.StopGrace, cfg.SearchTimeout = 200*time.Millisecond, 100*time.Millisecond, 2*time.Second
	return cfg
}

func faulty(args ...string) EngineConfig {
	return quick(EngineConfig{Name: "faulty", Command: faultyEngine, Args: args})
}

func start(t *testing.T, cfg EngineConfig) *Engine {
	t.Helper()
	e, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func TestHandshake(t *testing.T) {
	needFaulty(t)
	e := start(t, faulty())
	if e.Protover() != 2 || e.ID() != "faultyengine ok" || !strings.Contains(strings.Join(e.Variants(), ","), "losalamos-extinction") {
		t.Errorf("protover %d, id %q, variants %v", e.Protover(), e.ID(), e.Variants())
	}
	if o := e.Options(); len(o) != 2 || o[0].Name != "Depth" || o[1].Default != "solid" {
		t.Errorf("options %+v", o)
	}
	p1 := start(t, faulty("-protover1", "-variants", ""))
	if p1.Protover() != 1 || !p1.Supports(chess.Standard) || p1.Supports(variants.All[0]) {
		t.Errorf("protocol 1 engine: protover %d, plays chess %v, extinction %v", p1.Protover(), p1.Supports(chess.Standard), p1.Supports(variants.All[0]))
	}
	start(t, EngineConfig{Command: faultyEngine, Args: []string{"-mode", "slowinit", "-delay", "300ms"},
		ProtoverTimeout: 100 * time.Millisecond, InitTimeout: 2 * time.Second}).Close()

	for _, tt := range []struct {
		name string
		cfg  EngineConfig
		kind player.FaultKind // 0: a plain error containing want
		want string
	}{
		{"no done=1", faulty("-mode", "nodone"), player.Timeout, "done=1"},
		{"exit in the handshake", faulty("-mode", "noinit"), player.Crash, "exited"},
		{"no pong", faulty("-mode", "nopong"), player.Timeout, "no pong 1"},
		{"no program", faulty(), player.Crash, "starting"},
		{"unknown option", withOptions(faulty(), map[string]string{"Nope": "1"}), 0, `offers no option "Nope"`},
		{"spin out of range", withOptions(faulty(), map[string]string{"Depth": "99"}), 0, "from 1 to 20"},
		{"combo value", withOptions(faulty(), map[string]string{"Style": "calm"}), 0, "solid, wild"},
		{"cores without smp", withOptions(faulty(), map[string]string{"cores": "2"}), 0, "does not take cores"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			if tt.name == "no program" {
				cfg.Command = filepath.Join(buildDir, "missing")
			}
			_, err := Start(context.Background(), cfg)
			f, isFault := player.FaultOf(err)
			switch {
			case err == nil:
				t.Fatal("no error")
			case tt.kind != 0 && (!isFault || f.Kind != tt.kind):
				t.Fatalf("%v; want a %v fault", err, tt.kind)
			case !strings.Contains(err.Error(), tt.want):
				t.Fatalf("%v; want %q in it", err, tt.want)
			}
		})
	}
	withOptions(faulty(), nil)
	ok := start(t, withOptions(faulty(), map[string]string{"Depth": "5", "Style": "WILD", "memory": "16"}))
	if err := ok.SetOptions(context.Background(), map[string]string{"Depth": "7"}); err != nil {
		t.Error(err)
	}
}

func withOptions(cfg EngineConfig, opts map[string]string) EngineConfig {
	cfg.Options = opts
	return cfg
}

// gameAt returns a game of v from fen ("" for the start) after moves.
func gameAt(t *testing.T, v *engines.Variant, fen string, moves ...string) *engines.Game {
	t.Helper()
	if fen == "" {
		fen = v.StartFEN
	}
	pos, err := engines.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	g := engines.NewGame(pos)
	for _, text := range moves {
		m, err := g.Position().ParseUCIMove(text)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	return g
}

// TestMoveFaults: each fault ends the move with its kind, a claim as a
// *player.Claim; the engine is started again for the next game.
func TestMoveFaults(t *testing.T) {
	needFaulty(t)
	extinction, _ := variants.ByName("extinction")
	losalamos, _ := variants.ByName("losalamos-extinction")
	clock := limits.Limits{WTime: 300 * time.Millisecond, BTime: 300 * time.Millisecond}
	for _, tt := range []struct {
		mode    string
		v       *engines.Variant
		moves   []string // played before the engine's move
		kind    player.FaultKind
		claim   string // "resign", "1-0", "0-1", "1/2-1/2" for a claim
		after   int    // -after
		claimed string // a claim after the move
		message string
	}{
		{mode: "crash", v: extinction, kind: player.Crash, message: "exited while thinking"},
		{mode: "hang", v: extinction, kind: player.Timeout, message: `nor 100ms after "?"`},
		{mode: "nopong", after: 1, v: extinction, kind: player.Timeout, message: "no pong 2"},
		{mode: "garbage", v: extinction, kind: player.IllegalMove, message: "zz99"},
		{mode: "illegal", v: extinction, kind: player.IllegalMove, message: "not a legal move"},
		{mode: "novariant", v: losalamos, kind: player.IllegalMove, message: "move"},
		{mode: "errvariant", v: losalamos, kind: player.Protocol, message: "refuses the game's setup"},
		{mode: "illegalreply", v: extinction, moves: []string{"e2e4"}, kind: player.Protocol, message: "refuses a move of the game"},
		{mode: "claim", v: extinction, claim: "1-0"},
		{mode: "claim", v: extinction, moves: []string{"e2e4"}, claim: "0-1"},
		{mode: "resign", v: extinction, claim: "resign"},
		{mode: "concede", v: extinction, claim: "0-1"},
		{mode: "moveafterclaim", v: extinction, claim: "1/2-1/2"},
		{mode: "claimafter", v: extinction, claimed: "1/2-1/2"},
	} {
		t.Run(tt.mode+strings.Join(tt.moves, "-"), func(t *testing.T) {
			t.Parallel()
			e := start(t, faulty("-mode", tt.mode, "-after", strconv.Itoa(tt.after)))
			ctx := context.Background()
			if err := e.NewGame(ctx, tt.v); err != nil {
				t.Fatal(err)
			}
			g := gameAt(t, tt.v, "", tt.moves...)
			r, err := e.Move(ctx, player.Request{Game: g, Limits: clock})
			c, isClaim := player.ClaimOf(err)
			f, isFault := player.FaultOf(err)
			switch {
			case tt.claim == "resign":
				if !isClaim || !c.Resign {
					t.Fatalf("%v; want a resignation", err)
				}
			case tt.claim != "":
				if !isClaim || c.Resign || c.Result.String() != tt.claim {
					t.Fatalf("%v; want the claim %s", err, tt.claim)
				}
			case tt.claimed != "":
				if err != nil || r.Claim == nil || r.Claim.Result.String() != tt.claimed || !g.Position().IsLegal(r.Move) {
					t.Fatalf("reply %+v, %v; want a move and the claim %s", r, err, tt.claimed)
				}
			default:
				if !isFault || f.Kind != tt.kind || !strings.Contains(err.Error(), tt.message) {
					t.Fatalf("%v; want a %v fault saying %q", err, tt.kind, tt.message)
				}
			}
			// The next game goes on with the engine, started again if it
			// was killed (it misbehaves again only where its fault comes
			// at once).
			if err := e.NewGame(ctx, tt.v); err != nil {
				t.Fatalf("NewGame after the fault: %v", err)
			}
		})
	}
}

// TestPlayGames plays engines with each way of talking (usermove or bare
// moves, SAN or coordinates, setboard or edit mode, protocol 1) against
// each other from a position with Black to move, on a clock: every move
// is legal.
func TestPlayGames(t *testing.T) {
	needFaulty(t)
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for _, tt := range []struct {
		name string
		a, b []string
	}{
		{"usermove and bare moves", nil, []string{"-usermove=false"}},
		{"san and edit mode", []string{"-san", "-setboard=false"}, nil},
		{"protocol 1", []string{"-protover1", "-usermove=false", "-setboard=false", "-variants", ""}, []string{"-san"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			ps := [2]player.Player{start(t, faulty(tt.a...)), start(t, faulty(tt.b...))}
			for _, p := range ps {
				if err := p.NewGame(ctx, chess.Standard); err != nil {
					t.Fatal(err)
				}
			}
			g := gameAt(t, chess.Standard, fen, "b1c3")
			lim := limits.Limits{WTime: time.Second, BTime: time.Second, WInc: 10 * time.Millisecond, BInc: 10 * time.Millisecond}
			for ply := 0; ply < 40 && g.Outcome().Result == engines.Ongoing; ply++ {
				p := ps[g.Position().SideToMove()]
				r, err := p.Move(ctx, player.Request{Game: g, Limits: lim})
				if err != nil {
					t.Fatalf("ply %d, %s: %v", ply, g.Position().FEN(), err)
				}
				if !g.Position().IsLegal(r.Move) {
					t.Fatalf("ply %d: illegal %v", ply, r.Move)
				}
				if r.Depth != 1 || !r.HasScore || r.Score != 12 {
					t.Errorf("ply %d: thinking not read: %+v", ply, r)
				}
				g.Play(r.Move)
			}
		})
	}
}

// TestUnsupportedVariant: one line naming the variants the engine plays.
func TestUnsupportedVariant(t *testing.T) {
	needFaulty(t)
	e := start(t, faulty("-variants", "normal,shatranj"))
	err := e.NewGame(context.Background(), variants.All[0])
	if !errors.Is(err, ErrUnsupportedVariant) || !strings.Contains(err.Error(), "the engine plays normal, shatranj") {
		t.Errorf("NewGame(extinction): %v", err)
	}
}

func TestTimeControl(t *testing.T) {
	for _, tt := range []struct {
		lim  limits.Limits
		side engines.Color
		want string
	}{
		{limits.Limits{WTime: 10 * time.Second, BTime: 9 * time.Second, WInc: 100 * time.Millisecond}, engines.White, "level 0 0:10 0.1"},
		{limits.Limits{WTime: 95 * time.Second, BTime: 90 * time.Second, BInc: 2 * time.Second, MovesToGo: 40}, engines.Black, "level 40 1:30 2"},
		{limits.Limits{WTime: 1500 * time.Millisecond}, engines.White, "level 0 0:02 0"},
		{limits.Limits{MoveTime: 250 * time.Millisecond}, engines.White, "st 0.25"},
		{limits.Limits{Depth: 6}, engines.White, "st 60; sd 6"},
		{limits.Limits{Nodes: 5000}, engines.White, "st 1; nps 5000"},
		{limits.Limits{}, engines.White, "st 60"},
	} {
		if got := strings.Join(timeControl(tt.lim, tt.side, time.Minute, true), "; "); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.lim, got, tt.want)
		}
	}
}

func TestVariantName(t *testing.T) {
	ini := filepath.Join(t.TempDir(), "none.ini")
	os.WriteFile(ini, nil, 0o644)
	fsf := func(name string) *engines.Variant {
		v, ok, err := variants.FromFile(ini, name)
		if err != nil || !ok {
			t.Fatalf("%s: %v", name, err)
		}
		return v
	}
	fairyMax := strings.Split("normal,nocastle,shatranj,makruk,knightmate,capablanca,king-of-the-hill,los-alamos,fairy", ",")
	sjaak := strings.Split("fide_chess,mini_xiangqi,3check,shatranj,kingofthehill,8x8+0_fairy,6x6+0_fairy,normal", ",")
	for _, tt := range []struct {
		v      *engines.Variant
		listed []string
		mapped map[string]string
		want   string // "ERR:..." for an error containing ...
	}{
		{chess.Standard, fairyMax, nil, ""},
		{chess.Standard, nil, nil, ""},
		{chess.Standard, []string{"fide_chess"}, nil, "fide_chess"},
		{fsf("shatranj"), fairyMax, nil, "shatranj"},
		{fsf("kingofthehill"), fairyMax, nil, "king-of-the-hill"},
		{fsf("kingofthehill"), sjaak, nil, "kingofthehill"},
		{fsf("3check"), sjaak, nil, "3check"},
		{fsf("losalamos"), fairyMax, nil, "los-alamos"},
		{variants.All[0], fairyMax, nil, "ERR:the engine plays normal, nocastle"},
		{variants.All[0], nil, nil, "ERR:normal chess only"},
		{variants.All[0], sjaak, map[string]string{"extinction": "fairy"}, "8x8+0_fairy"},
		{variants.All[0], fairyMax, map[string]string{"extinction": "atomic"}, "ERR:maps extinction to atomic"},
	} {
		got, err := variantName(tt.v, tt.listed, tt.mapped)
		if err != nil {
			got = "ERR:" + err.Error()
		}
		if want, ok := strings.CutPrefix(tt.want, "ERR:"); ok && !strings.Contains(got, want) || !ok && got != tt.want {
			t.Errorf("%s in %v: %q, want %q", tt.v.Name, tt.listed, got, tt.want)
		}
	}
}
