package xboard

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/variants"
)

// session is a Serve running on pipes: say writes lines, until reads
// output lines (gathered by a goroutine, so that the server never waits
// for the test) up to one a test accepts.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  chan string
	done chan error
}

func serve(t *testing.T) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: make(chan string, 1<<16), done: make(chan error, 1)}
	go func() {
		err := Serve(context.Background(), inR, outW, ServerOptions{Hash: 1})
		outW.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.out <- sc.Text()
		}
		close(s.out)
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case err := <-s.done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Serve did not end with its input")
		}
	})
	return s
}

func (s *session) say(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatal(err)
		}
	}
}

// until returns the output lines up to and with the first that has the
// prefix, waiting 20 s at most.
func (s *session) until(prefix string) []string {
	s.t.Helper()
	var got []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-s.out:
			if !ok {
				s.t.Fatalf("output ended without %q: %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			s.t.Fatalf("no %q within 20 s: %q", prefix, got)
		}
	}
}

func TestServeFeatures(t *testing.T) {
	s := serve(t)
	s.say("xboard", "protover 2")
	lines := s.until("feature done=1")
	if len(lines) < 3 || lines[0] != "feature done=0" {
		t.Fatalf("features %q: want done=0 first (the variants take time to list), the features, done=1", lines)
	}
	f, err := ParseFeatures(lines[1])
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"myname": "varena", "setboard": "1", "usermove": "1", "ping": "1", "san": "0",
		"colors": "0", "sigint": "0", "sigterm": "0"}
	for _, ft := range f {
		if w, ok := want[ft.Name]; ok && ft.Value != w {
			t.Errorf("%s=%s, want %s", ft.Name, ft.Value, w)
		}
		delete(want, ft.Name)
		if ft.Name == "variants" {
			for _, v := range []string{"normal", "extinction", "losalamos-bunkers", "evolution", "shatranj", "king-of-the-hill", "knightmate", "makruk", "3check"} {
				if !strings.Contains(","+ft.Value+",", ","+v+",") {
					t.Errorf("variants=%q lacks %s", ft.Value, v)
				}
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("features missing: %v", want)
	}
}

// TestServeCommands: each command's answer, one session per row.
func TestServeCommands(t *testing.T) {
	for _, tt := range []struct {
		name  string
		lines []string
		until string
		want  string // in the output up to until
	}{
		{"ping", []string{"ping 7"}, "pong", "pong 7"},
		{"illegal move", []string{"new", "force", "usermove e2e5"}, "Illegal", "Illegal move: e2e5"},
		{"unknown command", []string{"frobnicate 3"}, "Error", "Error (unknown command): frobnicate 3"},
		{"bad FEN", []string{"setboard 9/9 w"}, "Error", "Error (bad FEN"},
		{"unknown variant", []string{"variant tic-tac-toe"}, "Error", "unknown variant \"tic-tac-toe\""},
		{"bad level", []string{"level 40 x 0"}, "Error", "Error (bad number): level 40 x 0"},
		{"undo past the start", []string{"new", "force", "undo"}, "Error", "no moves to take back"},
		{"reply to the opponent", []string{"new", "variant shatranj", "sd 2", "usermove e2e3"}, "move", "move "},
		{"go in force mode", []string{"new", "force", "usermove e2e4", "usermove e7e5", "undo", "remove", "usermove d2d4", "go", "sd 1"}, "move", "move "},
		{"mate in one", []string{"new", "force", "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "sd 3", "go"}, "1-0", "move a1a8"},
		{"game over", []string{"new", "force", "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "usermove a1a8"}, "1-0", "1-0 {checkmate}"},
		{"move now", []string{"new", "force", "st 1000", "go", "?"}, "move", "move "},
		{"bare move", []string{"new", "force", "e2e4", "ping 1"}, "pong", "pong 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := serve(t)
			s.say(tt.lines...)
			out := strings.Join(s.until(tt.until), "\n")
			if !strings.Contains(out, tt.want) {
				t.Errorf("%q", out)
			}
		})
	}
}

// TestServeThinking: post prints "ply score time nodes pv" lines the
// client reads, nopost none; a clock game's move comes within its time.
func TestServeThinking(t *testing.T) {
	s := serve(t)
	s.say("new", "variant normal", "level 0 0:01 0", "post", "time 100", "otim 100", "usermove e2e4")
	start := time.Now()
	lines := s.until("move")
	if took := time.Since(start); took > time.Second {
		t.Errorf("a move with 1 s on the clock took %v", took)
	}
	if len(lines) < 2 || ParseLine(lines[0]).Kind != ThinkLine {
		t.Errorf("no thinking output: %q", lines)
	}
	s.say("nopost", "force", "sd 2", "go")
	if lines := s.until("move"); len(lines) != 1 {
		t.Errorf("nopost: %q", lines)
	}
}

// TestClientServer: the client plays the server (internal/testengine)
// against itself through the arena's Player interface, in two variants,
// and every move is legal.
func TestClientServer(t *testing.T) {
	needFaulty(t)
	bin := buildTestEngine(t)
	ctx := context.Background()
	for _, name := range []string{"extinction", "losalamos-bunkers"} {
		v, _ := variants.ByName(name)
		// The features wait as long as a real run's: on a loaded machine
		// a start took longer than the fault tests' 200 ms, and the
		// engine was taken for a protocol-1 one that plays chess only.
		steady := func(name string) EngineConfig {
			cfg := quick(EngineConfig{Command: bin, Name: name})
			cfg.InitTimeout, cfg.ProtoverTimeout = 0, 0 // the defaults
			return cfg
		}
		ps := [2]player.Player{start(t, steady("w")), start(t, steady("b"))}
		for _, p := range ps {
			if err := p.NewGame(ctx, v); err != nil {
				t.Fatal(err)
			}
		}
		g := engines.NewGame(v.StartPosition())
		for ply := 0; ply < 30 && g.Outcome().Result == engines.Ongoing; ply++ {
			r, err := ps[g.Position().SideToMove()].Move(ctx, player.Request{Game: g, Limits: limits.Limits{Depth: 2}})
			if err != nil {
				t.Fatalf("%s ply %d: %v", name, ply, err)
			}
			if !r.HasScore || r.Depth != 2 {
				t.Errorf("%s ply %d: thinking not read: %+v", name, ply, r)
			}
			g.Play(r.Move)
		}
	}
}

// TestServeXiangqi: varena xboard speaks XBoard's xiangqi, as XBoard and
// the engines written for it do: a setboard with H and E, moves with the
// ranks counted from 0 both ways.
func TestServeXiangqi(t *testing.T) {
	s := serve(t)
	s.say("new", "variant xiangqi", "force",
		"setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
		"usermove h0g2", "post", "sd 2", "go")
	lines := s.until("move")
	for _, l := range lines {
		if strings.HasPrefix(l, "Illegal") || strings.HasPrefix(l, "Error") || strings.HasPrefix(l, "tellusererror") {
			t.Fatalf("%q", lines)
		}
	}
	xq := mustVariant(t, "xiangqi")
	g := gameAt(t, xq, "", "h1g3")
	reply := strings.TrimPrefix(lines[len(lines)-1], "move ")
	if _, err := ParseMove(g.Position(), reply); err != nil {
		t.Errorf("the reply %q is not a legal move in XBoard's squares: %v", reply, err)
	}
	if th := ParseLine(lines[0]); th.Kind == ThinkLine && len(th.Think.PV) > 0 {
		if _, err := ParseMove(g.Position(), th.Think.PV[0]); err != nil {
			t.Errorf("the PV %q does not start in XBoard's squares: %v", th.Think.PV, err)
		}
	}
}
