package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestDatagenWords: what varena datagen prints when it stops short. An
// error before the file is read prints no "F: 0 games, 0 positions" line
// about a file that holds games, and has one prefix; re-running a
// complete file adds nothing and says so; an interrupt prints the resume
// hint alone, without "context canceled".
func TestDatagenWords(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.epd")
	args := []string{"datagen", "-variant", "extinction", "-games", "2", "-nodes", "200", "-concurrency", "1", "-out", out, "-quiet"}
	code, stdout, stderr := varena(args...)
	if code != 0 || !strings.HasPrefix(stdout, out+": 2 games, ") {
		t.Fatalf("datagen: exit %d, %q %q", code, stdout, stderr)
	}
	full := strings.Fields(stdout)[3] // the positions in the file

	code, stdout, stderr = varena(args...)
	if want := out + ": 2 games, " + full + " positions (0 games and 0 positions added in "; code != 0 || !strings.HasPrefix(stdout, want) {
		t.Errorf("re-run of a complete file: exit %d, %q, want %q...", code, stdout, want)
	}

	other := append(append([]string(nil), args...), "-seed", "9")
	code, stdout, stderr = varena(other...)
	if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 ||
		!strings.HasPrefix(stderr, "varena datagen: "+out+" was made with other settings") {
		t.Errorf("other settings: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	more := append(append([]string(nil), args[:4]...), append([]string{"4"}, args[5:]...)...)
	code = realMain(ctx, more, stdio{in: strings.NewReader(""), out: &o, err: &e})
	if want := "varena datagen: interrupted: run the same command again to resume\n"; code != 1 || e.String() != want {
		t.Errorf("interrupted: exit %d, stderr %q, want %q", code, e.String(), want)
	}
	// The last game, dropped to be replayed, is not back yet: the file
	// holds one game, and the next call replays the second.
	if !strings.HasPrefix(o.String(), out+": 1 games, ") || !strings.Contains(o.String(), " (0 games and 0 positions added in ") {
		t.Errorf("interrupted: stdout %q", o.String())
	}
}
