//go:build unix

package main

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBinaryEnds runs the built binary: a perft that would run for years
// stops on SIGINT and on SIGTERM within a moment, with one line on stderr
// and exit status 1; "varena uci" given "go depth 99" and then the end of
// its input answers bestmove and exits at once.
func TestBinaryEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVarena(t)
	testUCIEndOfInput(t, bin)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := exec.Command(bin, "perft", "-depth", "30")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Long enough for main to install its signal handler, even on a
		// loaded machine; the perft runs for years anyway.
		time.Sleep(time.Second)
		if err := cmd.Process.Signal(sig); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 1 {
				t.Errorf("%v: perft ended with %v, want exit status 1", sig, err)
			}
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatalf("%v: perft still running 5s after the signal", sig)
		}
		if lines := strings.Split(strings.TrimSpace(stderr.String()), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "interrupted") {
			t.Errorf("%v: stderr %q, want one line saying the perft was interrupted", sig, stderr.String())
		}
		if strings.Contains(stdout.String(), "Nodes searched") {
			t.Errorf("%v: an interrupted perft printed a total: %q", sig, stdout.String())
		}
	}
}

func testUCIEndOfInput(t *testing.T, bin string) {
	cmd := exec.Command(bin, "uci")
	cmd.Stdin = strings.NewReader("uci\nisready\nposition startpos moves e2e4\ngo depth 99\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("varena uci: %v, stderr %q", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("varena uci still searching 10s after the end of its input")
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	// "bestmove X", or "bestmove X ponder Y" when the PV has a reply.
	if f := strings.Fields(lines[len(lines)-1]); len(f) != 2 && (len(f) != 4 || f[2] != "ponder") || f[0] != "bestmove" {
		t.Errorf("last line %q, want a bestmove", lines[len(lines)-1])
	}
}
