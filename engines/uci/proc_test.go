package uci

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"varena/engines/player"
	"varena/engines/variants"
)

// startTool starts a system program as an engine process, skipping the
// test where it is missing.
func startTool(t *testing.T, name string, args ...string) *process {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s here: %v", name, err)
	}
	p, err := startProcess(context.Background(), &EngineConfig{Command: path, Args: args})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.kill)
	return p
}

// The pipe ends os.Pipe gives are non-blocking, so on Linux the client
// reads and writes them with raw system calls; a silent fall-back to the
// os.File would cost the harness its CPU per ply.
func TestRawPipeMode(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("raw pipe I/O is Linux only")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	in, out := newRawPipe(w), newRawPipe(r)
	if !in.raw() || !out.raw() {
		t.Fatalf("os.Pipe ends not taken as non-blocking: raw write %v, raw read %v", in.raw(), out.raw())
	}
	for _, text := range []string{"uci\n", strings.Repeat("x", 1000) + "\n"} {
		if n, err := in.tryWrite([]byte(text)); err != nil || n != len(text) {
			t.Fatalf("tryWrite: %d of %d bytes, %v", n, len(text), err)
		}
		buf := make([]byte, 4096)
		n, err := out.Read(buf)
		if err != nil || string(buf[:n]) != text {
			t.Fatalf("Read: %q, %v; want %q", buf[:n], err, text)
		}
	}
	// A blocking descriptor is used as it is.
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if newRawPipe(f).raw() {
		t.Error("a regular file taken for a non-blocking pipe")
	}
}

// An engine that reads nothing fills the pipe: the write waits, then
// fails at its deadline instead of hanging the client.
func TestSendToFullPipe(t *testing.T) {
	p := startTool(t, "sleep", "30")
	start := time.Now()
	err := p.send(strings.Repeat("x", 1<<20), 200*time.Millisecond)
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("send to a full pipe: %v; want a deadline error", err)
	}
	if took := time.Since(start); took < 150*time.Millisecond || took > 10*time.Second {
		t.Errorf("send gave up after %v; want about 200ms", took)
	}
}

// A context watched by an earlier next and cancelled between reads cuts
// the read deadline short; the next read under another context must not
// take that for a timeout.
func TestNextAfterCancelledContext(t *testing.T) {
	p := startTool(t, "cat")
	if runtime.GOOS == "linux" && (!p.in.raw() || !p.out.raw()) {
		t.Errorf("an engine's pipes are not read and written raw (stdin %v, stdout %v)", p.in.raw(), p.out.raw())
	}
	deadline := time.Now().Add(10 * time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	if err := p.send("one", time.Second); err != nil {
		t.Fatal(err)
	}
	if line, err := p.next(ctx, deadline); err != nil || line != "one" {
		t.Fatalf("next: %q, %v", line, err)
	}
	cancel()
	time.Sleep(20 * time.Millisecond) // the watch fires
	if _, err := p.next(ctx, deadline); !errors.Is(err, context.Canceled) {
		t.Fatalf("next with the cancelled context: %v; want context.Canceled", err)
	}
	if err := p.send("two", time.Second); err != nil {
		t.Fatal(err)
	}
	if line, err := p.next(context.Background(), deadline); err != nil || line != "two" {
		t.Fatalf("next after the cancelled context: %q, %v", line, err)
	}
	// A real deadline still ends the read.
	start := time.Now()
	if _, err := p.next(context.Background(), start.Add(100*time.Millisecond)); !errors.Is(err, errDeadline) {
		t.Fatalf("next with nothing to read: %v; want errDeadline", err)
	}
	if took := time.Since(start); took < 90*time.Millisecond {
		t.Errorf("deadline after %v; want 100ms", took)
	}
}

// reply checks bestmove and keeps the PV of the last complete info line
// as far as it is legal, when it begins with the move played.
func TestReply(t *testing.T) {
	v, _ := variants.ByName("extinction")
	start := v.StartPosition()
	tests := []struct {
		name    string
		info    string // "" for none
		best    string
		wantPV  string // UCI texts, space-separated
		wantErr player.FaultKind
	}{
		{"pv", "info depth 3 score cp 20 pv e2e4 e7e5 g1f3", "e2e4", "e2e4 e7e5 g1f3", 0},
		{"pv cut at an illegal move", "info depth 3 score cp 20 pv e2e4 e7e5 e7e5 g1f3", "e2e4", "e2e4 e7e5", 0},
		{"pv about another move", "info depth 3 score cp 20 pv d2d4 d7d5", "e2e4", "e2e4", 0},
		{"bound only", "info depth 3 score cp 20 lowerbound pv e2e4 e7e5", "e2e4", "e2e4", 0},
		{"no info", "", "g1f3", "g1f3", 0},
		{"illegal bestmove", "", "e2e5", "", player.IllegalMove},
		{"none with moves", "", "(none)", "", player.IllegalMove},
		{"bestmove alone", "", "", "", player.Protocol},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &Engine{cfg: EngineConfig{Name: "t"}}
			var infos infoState
			if tt.info != "" {
				infos.add(tt.info)
			}
			f := appendFields(nil, "bestmove "+tt.best, -1)
			r, err := e.reply(&start, f, &infos, time.Millisecond)
			if tt.wantErr != 0 {
				if fault, ok := player.FaultOf(err); !ok || fault.Kind != tt.wantErr {
					t.Fatalf("error %v; want a %v fault", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var pv []string
			for _, m := range r.PV {
				pv = append(pv, v.Geometry.UCI(m))
			}
			if got := strings.Join(pv, " "); got != tt.wantPV || v.Geometry.UCI(r.Move) != tt.best {
				t.Errorf("move %s, PV %q; want %s, %q", v.Geometry.UCI(r.Move), got, tt.best, tt.wantPV)
			}
		})
	}
}
