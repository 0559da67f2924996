package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"varena/arena"
)

// TestSecondWriterRefused: datagen and SPSA tune take the OS lock a run
// takes, and a second writer is refused naming the holder's pid; before,
// two datagens on one file both exited 0 and left it unreadable (game 13
// after game 15). The holder here is this process, through another open
// file, which the kernel treats as another process's lock.
func TestSecondWriterRefused(t *testing.T) {
	pid := "pid " + strconv.Itoa(os.Getpid())
	t.Run("datagen", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "two.epd")
		lock, err := arena.LockData(file)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"-variant", "extinction", "-games", "2", "-out", file, "-nodes", "200", "-concurrency", "1", "-quiet"}
		var stdout, stderr bytes.Buffer
		err = execute(context.Background(), datagenCmd, args, stdio{strings.NewReader(""), &stdout, &stderr})
		if !errors.Is(err, arena.ErrLocked) || !strings.Contains(err.Error(), file+" is in use by another varena ("+pid+")") {
			t.Errorf("second datagen: error %v", err)
		}
		if _, err := os.Stat(file); err == nil {
			t.Error("the refused datagen wrote the file")
		}
		lock.Unlock()
		if err := execute(context.Background(), datagenCmd, args, stdio{strings.NewReader(""), &stdout, &stderr}); err != nil {
			t.Errorf("datagen once the lock is free: %v", err)
		}
	})
	t.Run("spsa", func(t *testing.T) {
		config := writeConfig(t, strings.Replace(tuneKillConfig, "iterations: 16", "iterations: 1", 1))
		out := filepath.Join(t.TempDir(), "tune")
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		lock, err := arena.LockDir(out)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		err = execute(context.Background(), tuneCmd, []string{config, "-out", out, "-quiet"}, stdio{strings.NewReader(""), &stdout, &stderr})
		if !errors.Is(err, arena.ErrLocked) || !strings.Contains(err.Error(), pid) {
			t.Errorf("second tune: error %v", err)
		}
		lock.Unlock()
		if err := execute(context.Background(), tuneCmd, []string{config, "-out", out, "-quiet"}, stdio{strings.NewReader(""), &stdout, &stderr}); err != nil {
			t.Errorf("tune once the lock is free: %v", err)
		}
	})
}
