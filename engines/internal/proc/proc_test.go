package proc

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"
)

// startTool starts a system program as an engine process, skipping the
// test where it is missing.
func startTool(t testing.TB, name string, args ...string) *Process {
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

// On Linux the client's pipe ends bypass the runtime's poller (a silent
// fall-back would cost the harness its CPU per ply): a line goes through,
// a read waits for the next one, and a wake or the deadline ends a wait.
func TestPipes(t *testing.T) {
	p, childIn, childOut, err := newPipes()
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	defer childIn.Close()
	defer childOut.Close()
	if runtime.GOOS == "linux" && !p.raw() {
		t.Fatal("the pipes go through the runtime's poller on Linux")
	}
	buf := make([]byte, 4096)
	for _, text := range []string{"uci\n", strings.Repeat("x", 1000) + "\n"} {
		// Our stdin end to the engine's, and the engine's stdout to ours.
		if err := p.write([]byte(text), time.Now().Add(time.Second)); err != nil {
			t.Fatalf("write: %v", err)
		}
		n, err := childIn.Read(buf)
		if err != nil || string(buf[:n]) != text {
			t.Fatalf("engine read %q, %v; want %q", buf[:n], err, text)
		}
		go func() {
			time.Sleep(20 * time.Millisecond) // the read waits for it
			childOut.Write([]byte(text))
		}()
		p.setReadDeadline(time.Now().Add(10 * time.Second))
		n, err = p.Read(buf)
		if err != nil || string(buf[:n]) != text {
			t.Fatalf("read %q, %v; want %q", buf[:n], err, text)
		}
	}
	// A wake ends a wait at once, and only that one.
	go func() {
		time.Sleep(50 * time.Millisecond)
		p.wake()
	}()
	start := time.Now()
	if _, err := p.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("woken read: %v; want os.ErrDeadlineExceeded", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("woken after %v", took)
	}
	start = time.Now()
	p.setReadDeadline(start.Add(100 * time.Millisecond))
	if _, err := p.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read with nothing to read: %v; want os.ErrDeadlineExceeded", err)
	}
	if took := time.Since(start); took < 90*time.Millisecond {
		t.Errorf("deadline after %v; want 100ms (a wake counted twice?)", took)
	}
	// The deadline's timer is set again after it fired, and follows a
	// deadline moved nearer after waits under farther ones (the timer
	// stays set for the first of those, an hour away).
	for _, wait := range []time.Duration{50 * time.Millisecond, time.Hour, 2 * time.Hour, 80 * time.Millisecond} {
		start = time.Now()
		p.setReadDeadline(start.Add(wait))
		if wait >= time.Hour {
			go func() {
				time.Sleep(20 * time.Millisecond)
				childOut.Write([]byte("line\n"))
			}()
			if n, err := p.Read(buf); err != nil || string(buf[:n]) != "line\n" {
				t.Fatalf("read %q, %v; want a line", buf[:n], err)
			}
			continue
		}
		if _, err := p.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("read with nothing to read: %v; want os.ErrDeadlineExceeded", err)
		}
		if took := time.Since(start); took < wait-10*time.Millisecond || took > wait+time.Second {
			t.Errorf("deadline %v after %v", wait, took)
		}
	}
	// The engine's end closed: the end of the output.
	childOut.Close()
	p.setReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := p.Read(buf); err != io.EOF {
		t.Fatalf("read after the writer closed: %v; want io.EOF", err)
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
	if runtime.GOOS == "linux" && !p.pipes.raw() {
		t.Error("an engine's pipes go through the runtime's poller")
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

// Waiting engines hold their Ps (pipes_linux.go), yet other goroutines
// go on: each live engine has a P of its own plus one to spare, and the
// garbage collector still stops the world.
func TestWaitsLeaveProcsFree(t *testing.T) {
	const engines = 6
	var procs []*Process
	for range engines {
		procs = append(procs, startTool(t, "cat"))
	}
	if runtime.GOOS == "linux" && runtime.GOMAXPROCS(0) < engines+1 {
		t.Errorf("GOMAXPROCS %d with %d engines running", runtime.GOMAXPROCS(0), engines)
	}
	errs := make(chan error, engines)
	for _, p := range procs {
		go func() {
			_, err := p.Next(context.Background(), time.Now().Add(2*time.Second))
			errs <- err
		}()
	}
	time.Sleep(50 * time.Millisecond) // all waiting
	start := time.Now()
	done := make(chan struct{})
	go func() {
		runtime.GC()
		x := 0
		for i := range 1_000_000 {
			x += i
		}
		_ = x
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatal("a goroutine (and a collection) did not run while the engines' readers waited")
	}
	if took := time.Since(start); took > 500*time.Millisecond {
		t.Errorf("a collection and a loop took %v while the readers waited", took)
	}
	for range engines {
		if err := <-errs; !errors.Is(err, ErrDeadline) {
			t.Errorf("a reader ended with %v; want its deadline", err)
		}
	}
}

// Closing the pipes under a wait in another goroutine ends the wait, and
// the descriptors are closed only once it has returned; calls after
// close fail instead of using a descriptor number the system may have
// given to another file.
func TestCloseUnderWait(t *testing.T) {
	p, childIn, childOut, err := newPipes()
	if err != nil {
		t.Fatal(err)
	}
	defer childIn.Close()
	defer childOut.Close()
	p.setReadDeadline(time.Now().Add(time.Minute))
	done := make(chan error)
	go func() {
		buf := make([]byte, 64)
		for {
			if _, err := p.Read(buf); !errors.Is(err, os.ErrDeadlineExceeded) {
				done <- err // the first error that is not a wake
				return
			}
		}
	}()
	time.Sleep(20 * time.Millisecond) // the read waits
	start := time.Now()
	p.close()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a read after close succeeded")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the wait went on after close")
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("close took %v", took)
	}
	if err := p.write([]byte("x\n"), time.Now().Add(time.Second)); err == nil {
		t.Error("a write after close succeeded")
	}
	p.wake() // harmless after close
}
