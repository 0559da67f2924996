package uci

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/player"
	"varena/engines/variants"
)

// TestClientPonder plays varena's server through the client with
// pondering: after "bestmove X ponder Y" the client ponders on Y; the
// move after Y is a hit (its time counted from the hit, far less than
// the time pondered), the move after another reply a miss, and both are
// legal moves of the position asked.
func TestClientPonder(t *testing.T) {
	needPrograms(t)
	e := startEngine(t, EngineConfig{Name: "ponderer", Command: testEngine, Args: []string{"-hash", "2"}})
	v := variants.All[0]
	ctx := context.Background()
	if err := e.NewGame(ctx, v); err != nil {
		t.Fatal(err)
	}
	g := engines.NewGame(v.StartPosition())
	clock := limits.Limits{WTime: 2 * time.Second, BTime: 2 * time.Second, WInc: 20 * time.Millisecond, BInc: 20 * time.Millisecond}
	move := func() player.Reply {
		t.Helper()
		r, err := e.Move(ctx, player.Request{Game: g, Limits: clock})
		if err != nil {
			t.Fatal(err)
		}
		if !g.Position().IsLegal(r.Move) {
			t.Fatalf("%s: illegal in %s", g.Position().Geometry().UCI(r.Move), g.Position().FEN())
		}
		return r
	}
	// ponder plays r's move and starts pondering on its expected reply.
	ponder := func(r player.Reply) {
		t.Helper()
		if r.Ponder == engines.NullMove {
			t.Fatalf("no ponder move in %+v", r)
		}
		g.Play(r.Move)
		pg := engines.NewGame(v.StartPosition())
		for _, m := range g.Moves() {
			pg.Play(m)
		}
		pg.Play(r.Ponder)
		if err := e.Ponder(ctx, player.Request{Game: pg, Limits: clock}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond) // the opponent thinks
	}

	r := move()
	if r.Pondered || r.PonderHit {
		t.Fatalf("first move %+v: pondered", r)
	}
	ponder(r)
	g.Play(r.Ponder) // the reply expected
	start := time.Now()
	hit := move()
	if !hit.Pondered || !hit.PonderHit {
		t.Fatalf("after the expected reply: %+v, want a hit", hit)
	}
	if took := time.Since(start); hit.Time > took || took > 250*time.Millisecond {
		t.Errorf("hit move: Time %v, Move took %v; want the time from the hit, under the 300 ms pondered", hit.Time, took)
	}

	ponder(hit)
	// Another reply than the one expected: a miss.
	var other engines.Move
	for _, m := range g.Position().GenerateMoves(nil) {
		if m != hit.Ponder {
			other = m
			break
		}
	}
	g.Play(other)
	miss := move()
	if !miss.Pondered || miss.PonderHit {
		t.Fatalf("after another reply: %+v, want a miss", miss)
	}

	// A ponder search left at the end of a game is stopped.
	ponder(miss)
	if err := e.StopPonder(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.NewGame(ctx, v); err != nil {
		t.Fatal(err)
	}
	g = engines.NewGame(v.StartPosition())
	if r := move(); r.Pondered {
		t.Fatalf("first move of a new game: %+v", r)
	}
}

// TestClientSetsPonder: an engine that will be asked to ponder gets its
// Ponder option set true after the handshake, as a GUI sets it, unless
// the config sets the option itself.
func TestClientSetsPonder(t *testing.T) {
	needPrograms(t)
	for _, tt := range []struct {
		name    string
		ponder  bool
		options map[string]string
		want    string // the Ponder line sent, "" for none
	}{
		{"pondering", true, nil, "setoption name Ponder value true"},
		{"not pondering", false, nil, ""},
		{"set by the config", true, map[string]string{"ponder": "false"}, "setoption name Ponder value false"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var sent []string
			cfg := EngineConfig{Name: "p", Command: testEngine, Args: []string{"-hash", "2"}, Ponder: tt.ponder, Options: tt.options,
				Protocol: func(out bool, line string) {
					if out && strings.Contains(strings.ToLower(line), "name ponder") {
						mu.Lock()
						sent = append(sent, line)
						mu.Unlock()
					}
				}}
			e := startEngine(t, cfg)
			if err := e.NewGame(context.Background(), variants.All[0]); err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case tt.want == "" && len(sent) > 0:
				t.Errorf("sent %q, want no Ponder option", sent)
			case tt.want != "" && (len(sent) != 1 || sent[0] != tt.want):
				t.Errorf("sent %q, want [%q]", sent, tt.want)
			}
		})
	}
}
