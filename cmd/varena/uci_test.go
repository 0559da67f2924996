package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestServeUCI(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		input   string
		want    []string // substrings of stdout, in order
		wantErr bool     // a usage error
	}{
		{"handshake", nil, "uci\nisready\nquit\n", []string{"id name varena", "option name UCI_Variant type combo default extinction", "uciok", "readyok"}, false},
		{"variant flag", []string{"-variant", "evolution"}, "uci\nd\nquit\n", []string{"default evolution", "Fen: NNN1nnk/"}, false},
		{"search", []string{"-hash", "2"}, "position startpos moves e2e4\ngo depth 99\n", []string{"bestmove "}, false},
		{"negative", []string{"-hash", "2"}, "go depth -1\n", []string{"info string go: depth -1 is negative, taken as 1", "bestmove "}, false},
		{"unknown variant", []string{"-variant", "andernach"}, "", nil, true},
		{"bad hash", []string{"-hash", "0"}, "", nil, true},
		{"argument", []string{"extra"}, "", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := serveUCI(context.Background(), tt.args, strings.NewReader(tt.input), &out, &errOut)
			if tt.wantErr {
				if !errors.As(err, new(usageError)) {
					t.Fatalf("err = %v, want a usage error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			rest := out.String()
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", w, out.String())
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

func TestServeUCIBadWeights(t *testing.T) {
	var out, errOut bytes.Buffer
	err := serveUCI(context.Background(), []string{"-weights", "no/such/file.yaml"}, strings.NewReader("uci\n"), &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "no/such/file.yaml") {
		t.Fatalf("err = %v, want one naming the file", err)
	}
}

// TestServeUCIEndOfInput: through the command, "go depth 99" and then the
// end of stdin stop the search, print its bestmove and end the command,
// while the search is running (the input is a pipe closed later).
func TestServeUCIEndOfInput(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- serveUCI(context.Background(), []string{"-hash", "2"}, inR, outW, io.Discard)
		outW.Close()
	}()
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	io.WriteString(inW, "position startpos\ngo depth 99\n")
	// Wait until the search runs, then end the input.
	for l := range lines {
		if strings.HasPrefix(l, "info depth 3 ") {
			break
		}
	}
	inW.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("varena uci still running 5s after the end of its input")
	}
	var best string
	for l := range lines {
		if strings.HasPrefix(l, "bestmove ") {
			best = l
		}
	}
	if !regexp.MustCompile(`^bestmove [a-h][1-8][a-h][1-8]( ponder [a-h][1-8][a-h][1-8])?$`).MatchString(best) {
		t.Errorf("last bestmove %q", best)
	}
}
