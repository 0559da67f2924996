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

// TestPerftSignal: a perft that would run for years stops on SIGINT and
// on SIGTERM within a moment, with one line on stderr and exit status 1.
func TestPerftSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildVarena(t)
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
