package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRateStopsWithinAFile: a signal (the context's end) stops rate in
// the middle of a long PGN file, not at its end, and says it was
// interrupted.
func TestRateStopsWithinAFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 10 MB file")
	}
	var b bytes.Buffer
	for i := range 200_000 {
		fmt.Fprintf(&b, "[White \"p%d\"]\n[Black \"q%d\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n", i%7, i%5)
	}
	path := filepath.Join(t.TempDir(), "long.pgn")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	var stdout, stderr bytes.Buffer
	err := execute(ctx, rateCmd, []string{path}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr})
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("err = %v, want interrupted", err)
	}
	// Reading the whole file twice takes seconds; the stop comes within
	// a game or a buffer of the signal.
	if took > time.Second {
		t.Errorf("rate stopped %v after its start, 100 ms after the signal", took)
	}
}

// TestMergeStops: merge interrupted while it reads writes nothing.
func TestMergeStops(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	playRun(t, writeConfig(t, smallRun), dir, "-concurrency", "2")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(t.TempDir(), "merged")
	var stdout, stderr bytes.Buffer
	err := execute(ctx, mergeCmd, []string{"-out", out, dir}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr})
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "nothing merged") {
		t.Fatalf("err = %v, want interrupted", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s written by an interrupted merge: %v", out, err)
	}
}

// TestReadBar: the bar counts the bytes read, and its reader fails once
// the context is done.
func TestReadBar(t *testing.T) {
	var drawn bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	bar := newReadBar(ctx, &drawn, true, "reading", 10)
	r := bar.reader(strings.NewReader("0123456789"))
	buf := make([]byte, 4)
	if n, err := r.Read(buf); n != 4 || err != nil {
		t.Fatalf("read %d, %v", n, err)
	}
	cancel()
	if _, err := r.Read(buf); !errors.Is(err, context.Canceled) {
		t.Errorf("read after cancel: %v", err)
	}
	bar.finish()
	bar.finish() // twice is once
	if !strings.Contains(drawn.String(), "reading") || strings.Count(drawn.String(), "\n") != 1 {
		t.Errorf("bar drawn as %q", drawn.String())
	}
}
