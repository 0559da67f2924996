//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestDatagenSurvivesKill kills `varena datagen` with kill -9 and with
// SIGINT while it writes, and checks that the same command then finishes
// the file as an uninterrupted run writes it: every game once.
func TestDatagenSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds varena and plays self-play games in subprocesses")
	}
	bin := buildVarena(t)
	dir := t.TempDir()
	args := func(out string) []string {
		return []string{"datagen", "-variant", "extinction", "-games", "24", "-nodes", "300", "-seed", "5", "-concurrency", "2", "-max-plies", "120", "-out", out, "-quiet"}
	}
	full := filepath.Join(dir, "full.epd")
	if out, err := exec.Command(bin, args(full)...).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted datagen: %v\n%s", err, out)
	}
	want, _ := os.ReadFile(full)

	path := filepath.Join(dir, "killed.epd")
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGINT} {
		cmd := exec.Command(bin, args(path)...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		before := countLines(path)
		deadline := time.Now().Add(time.Minute)
		for countLines(path) < before+20 && time.Now().Before(deadline) {
			time.Sleep(2 * time.Millisecond)
		}
		cmd.Process.Signal(sig)
		cmd.Wait()
		if countLines(path) >= countLines(full) {
			t.Fatalf("datagen finished before the %v: the test tests nothing", sig)
		}
		data, _ := os.ReadFile(path)
		if !bytes.HasPrefix(want, data[:bytes.LastIndexByte(data, '\n')+1]) {
			t.Fatalf("after %v: the file is not a prefix of the uninterrupted one", sig)
		}
	}
	// A kill in the middle of a write leaves half a line.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	f.WriteString("rnbqkbnr/pp")
	f.Close()
	if out, err := exec.Command(bin, args(path)...).CombinedOutput(); err != nil {
		t.Fatalf("resumed datagen: %v\n%s", err, out)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
		t.Fatalf("resumed file (%d bytes) differs from the uninterrupted one (%d bytes)", len(got), len(want))
	}
}
