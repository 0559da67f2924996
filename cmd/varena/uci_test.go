package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
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
		{"search", []string{"-hash", "2"}, "position startpos moves e2e4\ngo depth 2\n", []string{"info depth 1", "info depth 2", "bestmove "}, false},
		{"unknown variant", []string{"-variant", "chess"}, "", nil, true},
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
