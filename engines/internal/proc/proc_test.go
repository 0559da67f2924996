package proc

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// startTool starts a system program as an engine process, skipping the
// test where it is missing.
func startTool(t *testing.T, name string, args ...string) *Process {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("no %s here: %v", name, err)
	}
	p, err := Start(context.Background(), Spec{Command: path, Args: args})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Kill)
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
	err := p.Send(strings.Repeat("x", 1<<20), 200*time.Millisecond)
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
	if err := p.Send("one", time.Second); err != nil {
		t.Fatal(err)
	}
	if line, err := p.Next(ctx, deadline); err != nil || line != "one" {
		t.Fatalf("next: %q, %v", line, err)
	}
	cancel()
	time.Sleep(20 * time.Millisecond) // the watch fires
	if _, err := p.Next(ctx, deadline); !errors.Is(err, context.Canceled) {
		t.Fatalf("next with the cancelled context: %v; want context.Canceled", err)
	}
	if err := p.Send("two", time.Second); err != nil {
		t.Fatal(err)
	}
	if line, err := p.Next(context.Background(), deadline); err != nil || line != "two" {
		t.Fatalf("next after the cancelled context: %q, %v", line, err)
	}
	// A real deadline still ends the read.
	start := time.Now()
	if _, err := p.Next(context.Background(), start.Add(100*time.Millisecond)); !errors.Is(err, ErrDeadline) {
		t.Fatalf("next with nothing to read: %v; want ErrDeadline", err)
	}
	if took := time.Since(start); took < 90*time.Millisecond {
		t.Errorf("deadline after %v; want 100ms", took)
	}
}
