//go:build unix

package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchLinePGNBook: a cutechess-style line without -variant plays
// standard chess from a PGN book's first plies= plies (both games of a
// pair from the same game of the book), and -pgnout adds each
// invocation's games to its file: a resumed run adds only the new ones.
func TestMatchLinePGNBook(t *testing.T) {
	bin := buildVarena(t)
	engine := uciScript(t, bin)
	dir := t.TempDir()
	book := filepath.Join(dir, "book.pgn")
	writeFile(t, book, "[Event \"b\"]\n\n1. a3 h6 2. b3 a6 3. c3 *\n\n[Event \"c\"]\n\n1. h3 a5 2. g3 *\n")
	pgn := filepath.Join(dir, "copy.pgn")
	out := filepath.Join(dir, "out")
	line := func(rounds string) []string {
		return []string{"run", "-engine", "cmd=" + engine, "name=a", "depth=1", "-engine", "cmd=" + engine, "name=b", "depth=1",
			"-openings", "file=" + book, "format=pgn", "plies=3", "-games", "2", "-rounds", rounds,
			"-pgnout", "file=" + pgn, "-out", out}
	}
	if code, stdout, stderr := runStatus(t, bin, line("2")...); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, stdout, stderr := runStatus(t, bin, line("3")...); code != 0 {
		t.Fatalf("resumed: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// After a3 h6 b3 and after h3 a5 g3, in turn, a pair each.
	want := []string{
		"rnbqkbnr/ppppppp1/7p/8/8/PP6/2PPPPPP/RNBQKBNR b KQkq - 0 2",
		"rnbqkbnr/1ppppppp/8/p7/8/6PP/PPPPPP2/RNBQKBNR b KQkq - 0 2",
	}
	f, err := os.Open(filepath.Join(out, "journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		var g struct {
			Pair     int    `json:"pair"`
			Variant  string `json:"variant"`
			StartFEN string `json:"start_fen"`
		}
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil || g.Pair == 0 {
			continue // not a game record
		}
		games++
		if g.Variant != "standard" || g.StartFEN != want[(g.Pair-1)%2] {
			t.Errorf("pair %d: %s from %s, want standard from %s", g.Pair, g.Variant, g.StartFEN, want[(g.Pair-1)%2])
		}
	}
	if games != 6 {
		t.Errorf("%d games in the journal, want 6", games)
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "[Event "); n != 6 {
		t.Errorf("-pgnout file holds %d games after two invocations, want 6 (each game once)", n)
	}
}
