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

	"varena/results/rundir"
)

// oneStepTune is an SPSA tune of one iteration at a small node limit.
const oneStepTune = `
method: spsa
name: one-step
variant: extinction
seed: 9
concurrency: 1
spsa:
  iterations: 1
  parameters:
    - {name: FutilityMargin, start: 150, min: 50, max: 500, c_end: 25, r_end: 0.02}
time_control: {nodes: 400}
openings: {plies: 4}
adjudication: {max_plies: 160}
engines:
  - {name: varena, kind: alphabeta, hash: 1}
`

// TestSecondWriterRefused: datagen, book and SPSA tune take the OS lock a run
// takes, and a second writer is refused naming the holder's pid; before,
// two datagens on one file both exited 0 and left it unreadable (game 13
// after game 15). The holder here is this process, through another open
// file, which the kernel treats as another process's lock.
func TestSecondWriterRefused(t *testing.T) {
	pid := "pid " + strconv.Itoa(os.Getpid())
	t.Run("datagen", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "two.epd")
		lock, err := rundir.LockData(file)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"-variant", "extinction", "-games", "2", "-out", file, "-nodes", "200", "-concurrency", "1", "-quiet"}
		var stdout, stderr bytes.Buffer
		err = execute(context.Background(), datagenCmd, args, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr})
		if !errors.Is(err, rundir.ErrLocked) || !strings.Contains(err.Error(), file+" is in use by another varena ("+pid+")") {
			t.Errorf("second datagen: error %v", err)
		}
		if _, err := os.Stat(file); err == nil {
			t.Error("the refused datagen wrote the file")
		}
		lock.Unlock()
		if err := execute(context.Background(), datagenCmd, args, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
			t.Errorf("datagen once the lock is free: %v", err)
		}
	})
	t.Run("book", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "new", "book.epd")
		held, err := rundir.OwnFile(file)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"-variant", "extinction", "-count", "2", "-out", file, "-nodes", "200", "-concurrency", "1", "-quiet"}
		var stdout, stderr bytes.Buffer
		err = execute(context.Background(), bookCmd, args, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr})
		if !errors.Is(err, rundir.ErrLocked) || !strings.Contains(err.Error(), pid) {
			t.Errorf("second book: error %v", err)
		}
		if _, err := os.Stat(file); err == nil {
			t.Error("the refused book wrote the file")
		}
		held.Close()
		if err := execute(context.Background(), bookCmd, args, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
			t.Errorf("book once the lock is free: %v", err)
		}
	})
	t.Run("spsa", func(t *testing.T) {
		config := writeConfig(t, oneStepTune)
		out := filepath.Join(t.TempDir(), "tune")
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		lock, err := rundir.LockDir(out)
		if err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		err = execute(context.Background(), tuneCmd, []string{config, "-out", out, "-quiet"}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr})
		if !errors.Is(err, rundir.ErrLocked) || !strings.Contains(err.Error(), pid) {
			t.Errorf("second tune: error %v", err)
		}
		lock.Unlock()
		if err := execute(context.Background(), tuneCmd, []string{config, "-out", out, "-quiet"}, stdio{in: strings.NewReader(""), out: &stdout, err: &stderr}); err != nil {
			t.Errorf("tune once the lock is free: %v", err)
		}
	})
}

// TestForeignOutDir: run, merge and tune -out refuse a directory that
// holds files but is not an output of their kind, naming the files they
// would overwrite, and change nothing in it; before, run replaced a
// stranger's games.pgn and report.html without a word.
func TestForeignOutDir(t *testing.T) {
	shard := filepath.Join(t.TempDir(), "shard")
	playRun(t, writeConfig(t, smallRun), shard, "-shard", "1/3")
	tune := writeConfig(t, oneStepTune)
	commands := []struct {
		name string
		run  func(out string) error
		want string
	}{
		{"run", func(out string) error {
			return runMain(context.Background(), []string{writeConfig(t, smallRun), "-out", out, "--quiet"}, &bytes.Buffer{}, &bytes.Buffer{})
		}, "would overwrite games.pgn, report.html"},
		{"merge", func(out string) error {
			return mergeMain([]string{"-out", out, "-partial", shard}, &bytes.Buffer{}, &bytes.Buffer{})
		},
			"would overwrite games.pgn"},
		{"tune", func(out string) error {
			return execute(context.Background(), tuneCmd, []string{tune, "-out", out, "-quiet"}, stdio{in: strings.NewReader(""), out: &bytes.Buffer{}, err: &bytes.Buffer{}})
		}, "would overwrite games.pgn, report.html"},
	}
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "x")
			files := map[string]string{"games.pgn": "[Event \"x\"]\n", "report.html": "keep\n", "notes.txt": "mine\n"}
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			for name, text := range files {
				if err := os.WriteFile(filepath.Join(out, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := c.run(out)
			if err == nil || !strings.Contains(err.Error(), out+" holds files that are not this kind of varena output, and writing it "+c.want) {
				t.Errorf("error %v\nwant ... %s", err, c.want)
			}
			entries, _ := os.ReadDir(out)
			if len(entries) != len(files) {
				t.Errorf("%d entries in the directory, want the %d it held", len(entries), len(files))
			}
			for name, text := range files {
				if data, _ := os.ReadFile(filepath.Join(out, name)); string(data) != text {
					t.Errorf("%s now holds %q", name, data)
				}
			}
			// A directory of other files only is refused too, naming them.
			other := filepath.Join(t.TempDir(), "y")
			os.MkdirAll(other, 0o755)
			os.WriteFile(filepath.Join(other, "notes.txt"), nil, 0o644)
			if err := c.run(other); err == nil || !strings.Contains(err.Error(), other+" is not empty (notes.txt)") {
				t.Errorf("a directory of notes: error %v", err)
			}
		})
	}
}
