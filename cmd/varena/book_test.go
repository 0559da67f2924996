package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookCommand: varena book writes the book its flags ask for, with
// the command in the header, and bad flags are usage errors (status 2)
// naming the flag.
func TestBookCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.epd")
	code, stdout, stderr := varena("book", "-variant", "evolution", "-out", out, "-count", "3", "-plies", "2",
		"-window", "-80,80", "-nodes", "300", "-seed", "4", "-concurrency", "2", "-quiet")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	if want := out + ": 3 positions ("; !strings.HasPrefix(stdout, want) {
		t.Errorf("stdout %q, want it to start %q", stdout, want)
	}
	data, _ := os.ReadFile(out)
	head := "# made by: varena book -variant evolution -out " + out + " -count 3 -plies 2 -window -80,80 -nodes 300 -seed 4\n"
	if !strings.HasPrefix(string(data), head) || strings.Count(string(data), " id \"") != 3 {
		t.Errorf("book:\n%s", data)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "evolution", "-out", out, "-count", "3", "-window", "50"}, `-window "50": want LO,HI`},
		{[]string{"-variant", "evolution", "-out", out, "-count", "3", "-window", "60,-60"}, `-window "60,-60": want LO,HI`},
		{[]string{"-variant", "evolution", "-out", out}, "-count must be 1 or more"},
		{[]string{"-variant", "evolution", "-out", out, "-count", "3", "-pair", "4000,1000"}, `-pair "4000,1000": want WEAK,STRONG`},
		{[]string{"-variant", "evolution", "-out", out, "-count", "3", "-pair", "1000"}, `-pair "1000": want WEAK,STRONG`},
		{[]string{"-variant", "nosuch", "-out", out, "-count", "3"}, `unknown variant "nosuch"`},
		{[]string{"-variant", "evolution", "-count", "3"}, "-out FILE is required"},
	} {
		code, _, stderr := varena(append([]string{"book"}, tt.args...)...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and %q", tt.args, code, stderr, tt.want)
		}
	}
}

// TestBookInterrupted: Ctrl-C prints the resume hint as the one line of
// stderr, as datagen does, not the hint and then "context canceled".
func TestBookInterrupted(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.epd")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	code := realMain(ctx, []string{"book", "-variant", "extinction", "-out", out, "-count", "3", "-nodes", "300", "-quiet"},
		stdio{in: strings.NewReader(""), out: &o, err: &e})
	if want := "varena book: interrupted: run the same command again to resume\n"; code != 1 || e.String() != want {
		t.Errorf("interrupted: exit %d, stderr %q, want %q", code, e.String(), want)
	}
}
