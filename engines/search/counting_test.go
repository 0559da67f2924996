package search

import (
	"context"
	"testing"

	"varena/engines"
	"varena/engines/fairy"
	"varena/engines/limits"
)

// TestCountingSearch: the search sees makruk's count past its limit as a
// draw, and a mate there as a mate, as Fairy-Stockfish 11.1's search
// scores these positions (go depth 8: mate 2 with 29 and 30 plies
// counted of 32, cp 0 with 31; mate 1 with 40).
func TestCountingSearch(t *testing.T) {
	v, err := fairy.Lookup(nil, "makruk").Variant()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		fen  string
		want int
	}{
		{"k7/8/2K5/8/8/8/8/7R w - 32 29 1", limits.Mate - 3},
		{"k7/8/2K5/8/8/8/8/7R w - 32 30 1", limits.Mate - 3},
		{"k7/8/2K5/8/8/8/8/7R w - 32 31 1", 0},
		{"k7/8/1K6/8/8/8/8/7R w - 32 40 1", limits.Mate - 1},
	} {
		pos, err := engines.ParseFEN(v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		s := New(DerivedWeights(v), 1)
		res := s.Search(context.Background(), engines.NewGame(pos), limits.Limits{Depth: 5}, nil)
		if res.Score != tc.want {
			t.Errorf("%s: score %d, want %d", tc.fen, res.Score, tc.want)
		}
	}
}

// TestCountingTable: a searcher that has searched a placement with its
// count at the limit finds the mate of the same placement with two
// plies more to go: the transposition table keys by the plies left
// (Position.TableKey), not by the placement alone. Fairy-Stockfish
// 11.1 finds it too, in one session (go depth 8: cp 0, then mate 2).
func TestCountingTable(t *testing.T) {
	v, err := fairy.Lookup(nil, "makruk").Variant()
	if err != nil {
		t.Fatal(err)
	}
	s := New(DerivedWeights(v), 1)
	for _, tc := range []struct {
		fen  string
		want int
	}{
		{"k7/8/2K5/8/8/8/8/7R w - 32 31 1", 0},
		{"k7/8/2K5/8/8/8/8/7R w - 32 30 1", limits.Mate - 3},
	} {
		pos, err := engines.ParseFEN(v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if res := s.Search(context.Background(), engines.NewGame(pos), limits.Limits{Depth: 6}, nil); res.Score != tc.want {
			t.Errorf("%s: score %d, want %d", tc.fen, res.Score, tc.want)
		}
	}
}
