package search

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/variants"
)

// searchSignature is the outcome of fixed-node searches of a position set
// per variant (16 random openings, 40,000 nodes each): best move, score,
// depth, nodes and visits, one line per search. Each position is searched
// twice: once from a new game (TT cleared), and once more at the end of
// the set, after the searches of all 16 in a row in one game, which
// reuse the TT and histories the earlier ones left (as in a game under a
// node limit). A change meant to make the search faster without changing
// what it finds must leave it bit for bit the same, as Stockfish's "bench"
// signature does; a change of strength changes it.
func searchSignature() string {
	var b strings.Builder
	for _, v := range variants.All {
		w, _ := DefaultWeights(v)
		s := New(w, 16)
		set := benchOpenings(v, 16)
		for i, pos := range set {
			s.NewGame()
			r := s.Search(context.Background(), engines.NewGame(pos), limits.Limits{Nodes: 40000}, nil)
			fmt.Fprintf(&b, "%s %d %d %d %d %d %d\n", v.Name, i, r.Move, r.Score, r.Depth, r.Nodes, s.visits)
		}
		s.NewGame()
		for i, pos := range set {
			r := s.Search(context.Background(), engines.NewGame(pos), limits.Limits{Nodes: 40000}, nil)
			fmt.Fprintf(&b, "%s reuse %d %d %d %d %d %d\n", v.Name, i, r.Move, r.Score, r.Depth, r.Nodes, s.visits)
		}
	}
	return b.String()
}

// TestSearchSignature checks the search signature against
// testdata/search-signature.txt when VARENA_SIGNATURE=check, and rewrites
// the file when VARENA_SIGNATURE=write. It is opt-in because every change
// of search strength changes the signature: a speed-only change is
// checked by writing the file at the commit before it and checking at the
// commit with it.
func TestSearchSignature(t *testing.T) {
	mode := os.Getenv("VARENA_SIGNATURE")
	if mode == "" {
		t.Skip("VARENA_SIGNATURE=check or =write compares or records the fixed-node search signature")
	}
	file := filepath.Join("testdata", "search-signature.txt")
	got := searchSignature()
	switch mode {
	case "write":
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	case "check":
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Errorf("%s:%d: got %q, want %q", file, i+1, gl[i], wl[i])
				}
			}
			if len(gl) != len(wl) {
				t.Errorf("%s: %d lines, want %d", file, len(gl), len(wl))
			}
		}
	default:
		t.Fatalf("VARENA_SIGNATURE=%q: want check or write", mode)
	}
}
