package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingCommandNamedOnce checks that an engine whose program is
// missing is named once in the one error line, from a config and from a
// cutechess-cli command line alike.
func TestMissingCommandNamedOnce(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.yaml")
	yaml := `name: c
variant: extinction
tournament: {type: round-robin, games: 2}
time_control: {nodes: 100}
engines:
  - {name: candidate, kind: uci, command: ./nope}
  - {name: base, kind: alphabeta}
`
	if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	// A program that exits at once: the base of the command line, which
	// must be found for the candidate's line to be the only complaint.
	quit := filepath.Join(dir, "quit")
	if err := os.WriteFile(quit, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		at   string // the place the line starts with
	}{
		{"config", []string{"run", cfg, "-out", filepath.Join(dir, "a"), "--quiet"}, cfg + ":6: "},
		{"command line", []string{"run", "-engine", "cmd=" + filepath.Join(dir, "nope"), "name=candidate",
			"-engine", "cmd=" + quit, "name=base", "-each", "proto=uci", "nodes=100",
			"-games", "2", "-out", filepath.Join(dir, "b")}, "command line (as YAML, see -print-yaml):11: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := varena(tt.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1; stderr %q", code, errOut)
			}
			last := strings.TrimSuffix(errOut, "\n")
			if !strings.HasPrefix(last, "varena run: "+tt.at) {
				t.Errorf("stderr %q does not start with the place %q", last, tt.at)
			}
			if n := strings.Count(last, "engine candidate: "); n != 1 {
				t.Errorf("%q names the engine %d times, want once", last, n)
			}
			if !strings.Contains(last, "no such file or directory") {
				t.Errorf("%q does not say what failed", last)
			}
		})
	}
}
