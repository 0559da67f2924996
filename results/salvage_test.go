package results

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSalvageJournal(t *testing.T) {
	good := func(id int) string {
		return `{"id":` + string(rune('0'+id)) + `,"round":1,"pair":1,"event":"e","variant":"extinction","white":"a","black":"b","start_fen":"","start_is_initial":true,"moves":[],"result":"1-0","termination":"extinction","time_control":"-","started":"2026-01-01T00:00:00Z","duration_ms":1}`
	}
	tests := []struct {
		name    string
		text    string
		ids     []int
		skipped []string // substrings, one per skipped line
	}{
		{"clean", good(1) + "\n" + good(2) + "\n", []int{1, 2}, nil},
		{"bad middle line", good(1) + "\n{garbage\n" + good(3) + "\n", []int{1, 3}, []string{":2: bad journal line"}},
		{"bad result", good(1) + "\n" + strings.Replace(good(2), `"1-0"`, `"2-0"`, 1) + "\n", []int{1}, []string{":2: bad journal line"}},
		{"duplicate", good(1) + "\n" + good(1) + "\n", []int{1}, []string{":2: game 1 again"}},
		{"torn tail", good(1) + "\n" + good(2)[:40], []int{1}, []string{":2: half-written"}},
		{"blank lines", "\n" + good(1) + "\n\n", []int{1}, nil},
		{"not an object", "[1,2]\n" + good(2) + "\n", []int{2}, []string{":1: bad journal line: not a JSON object"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "journal.jsonl")
			if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			games, skipped, err := SalvageJournal(path)
			if err != nil {
				t.Fatal(err)
			}
			var ids []int
			for _, g := range games {
				ids = append(ids, g.ID)
			}
			if len(ids) != len(tt.ids) {
				t.Fatalf("ids %v, want %v", ids, tt.ids)
			}
			for i := range ids {
				if ids[i] != tt.ids[i] {
					t.Fatalf("ids %v, want %v", ids, tt.ids)
				}
			}
			if len(skipped) != len(tt.skipped) {
				t.Fatalf("skipped %q, want %d line(s)", skipped, len(tt.skipped))
			}
			for i, s := range skipped {
				if !strings.Contains(s, tt.skipped[i]) || !strings.HasPrefix(s, path+":") {
					t.Errorf("skipped[%d] = %q, want %q after the path", i, s, tt.skipped[i])
				}
			}
		})
	}
	if _, _, err := SalvageJournal(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("a missing journal gave no error")
	}
}

// FuzzSalvageJournal: any file content gives games and skipped lines,
// never a panic; every line is either a kept game or named as skipped.
func FuzzSalvageJournal(f *testing.F) {
	f.Add([]byte(`{"id":1,"result":"1-0","moves":[]}` + "\n{bad\n"))
	f.Add([]byte("\n\n{\"id\":2,\"result\":\"*\"}"))
	f.Add([]byte(`{"id":1,"result":"1-0"}` + "\n" + `{"id":1,"result":"0-1"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, skipped, err := salvage(bytes.NewReader(data), "j", nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for _, l := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(l) != "" {
				lines++
			}
		}
		if len(games)+len(skipped) != lines {
			t.Errorf("%d games + %d skipped for %d lines", len(games), len(skipped), lines)
		}
		seen := map[int]bool{}
		for _, g := range games {
			if seen[g.ID] {
				t.Errorf("game %d kept twice", g.ID)
			}
			seen[g.ID] = true
		}
	})
}
