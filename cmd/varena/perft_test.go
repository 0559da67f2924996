package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"varena/engines"
)

func TestPerftCommand(t *testing.T) {
	const ref = "../../engines/fairy/testdata/reference.ini"
	tests := []struct {
		args  []string
		out   []string // lines stdout must contain
		usage bool     // want a usage error (exit 2)
	}{
		{[]string{"-variant", "extinction", "-depth", "3"}, []string{"Nodes searched: 8902"}, false},
		{[]string{"-variant", "losalamos-bunkers", "-depth", "2", "-divide"}, []string{"c1Vc1: 14", "Nodes searched: 196"}, false},
		{[]string{"-variant", "losalamos-bunkers", "-no-bunkers", "-depth", "4"}, []string{"Nodes searched: 14914"}, false},
		{[]string{"-variant", "evolution", "-depth", "2"}, []string{"Nodes searched: 778"}, false},
		{[]string{"-variant", "extinction", "-fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "-depth", "1"}, []string{"Nodes searched: 20"}, false},
		{[]string{"-variant", "andernach", "-depth", "1"}, nil, true},
		{[]string{"-variant", "extinction"}, nil, true},
		{[]string{"-variant", "extinction", "-depth", "x"}, nil, true},
		{[]string{"-variant", "extinction", "-fen", "8/8 w", "-depth", "1"}, nil, true},
		{[]string{"-variant", "evolution", "-no-bunkers", "-depth", "1"}, nil, true},
		{[]string{"-depth", "1", "extra"}, nil, true},
		// -variant-file: a section of the file, a Fairy-Stockfish
		// built-in parent, a varena built-in, then the errors.
		{[]string{"-variant-file", ref, "-variant", "ref-modal", "-depth", "3"}, []string{"Nodes searched: 13656"}, false},
		{[]string{"-variant-file", ref, "-variant", "knightmate", "-depth", "2", "-divide"}, []string{"e1d3: 18", "Nodes searched: 324"}, false},
		{[]string{"-variant-file", ref, "-variant", "3check", "-fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2", "-depth", "1"}, []string{"Nodes searched: 29"}, false},
		{[]string{"-variant-file", ref, "-variant", "losalamos-bunkers", "-depth", "2"}, []string{"Nodes searched: 196"}, false},
		{[]string{"-variant-file", ref, "-variant", "makruk", "-depth", "3"}, []string{"Nodes searched: 12012"}, false},
		// A count on (limit 32 plies, 24 counted): Fairy-Stockfish 11.1's 912.
		{[]string{"-variant-file", ref, "-variant", "makruk", "-fen", "8/8/8/4k3/8/8/1K6/RN6 b - 32 24 60", "-depth", "3"}, []string{"Nodes searched: 912"}, false},
		{[]string{"-variant-file", ref, "-variant", "andernach", "-depth", "1"}, nil, true},
		{[]string{"-variant-file", "testdata/no-such.ini", "-variant", "chess", "-depth", "1"}, nil, true},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		err := perft(context.Background(), tt.args, &stdout, &stderr)
		if tt.usage {
			if !errors.As(err, new(usageError)) {
				t.Errorf("%v: error %v, want a usage error", tt.args, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", tt.args, err)
			continue
		}
		for _, want := range tt.out {
			if !strings.Contains(stdout.String(), want+"\n") {
				t.Errorf("%v: stdout lacks %q:\n%s", tt.args, want, stdout.String())
			}
		}
		if !strings.Contains(stderr.String(), "nps") {
			t.Errorf("%v: stderr lacks time and nps: %q", tt.args, stderr.String())
		}
	}
}

// TestDivideSums checks the divide lines add up to the total.
func TestDivideSums(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := perft(context.Background(), []string{"-variant", "extinction", "-depth", "3", "-divide"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 22 || lines[20] != "" || lines[21] != "Nodes searched: 8902" {
		t.Fatalf("divide output:\n%s", stdout.String())
	}
}

// TestPerftHelpStatesBound: the help names the depth limit it enforces.
func TestPerftHelpStatesBound(t *testing.T) {
	_, out, _ := varena("perft", "-h")
	if want := fmt.Sprintf("at most %d plies", engines.MaxPerftDepth); !strings.Contains(out, want) {
		t.Errorf("perft help lacks %q:\n%s", want, out)
	}
}
