package report

import (
	"fmt"
	"testing"

	"varena/results"
	"varena/results/rundir"
)

// TestMergeRounds: an event's rounds as one run keep their games apart:
// each round's ids and pairs, counted from 1, are shifted past those of
// the rounds before (past a round's whole schedule when it stopped
// early), in the order played; the meta is the event's.
func TestMergeRounds(t *testing.T) {
	game := func(id, pair int, w, b string) results.Game {
		return results.Game{ID: id, Pair: pair, White: w, Black: b, Variant: "extinction", Result: "1-0"}
	}
	round := func(total int, games ...results.Game) *Run {
		return &Run{Meta: rundir.Meta{Variants: []string{"extinction"}, Total: total}, Games: games}
	}
	tests := []struct {
		name       string
		rounds     []*Run
		ids        string
		pairs      string
		total      int
		tournament string
	}{
		{
			"two full rounds",
			[]*Run{
				round(2, game(1, 1, "a", "b"), game(2, 1, "b", "a")),
				round(2, game(2, 1, "a", "c"), game(1, 1, "c", "a")),
			},
			"[1 2 4 3]", "[1 1 2 2]", 4, "swiss",
		},
		{
			"a round cut short, then a lone game",
			[]*Run{
				round(4, game(1, 1, "a", "b"), game(3, 2, "c", "d")),
				round(2, game(1, 0, "a", "c")),
			},
			"[1 3 5]", "[1 2 0]", 6, "knockout",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev := &rundir.Event{Name: "ev", Type: tc.tournament, Engines: []string{"a", "b", "c", "d"}}
			run := mergeRounds("dir", ev, tc.rounds)
			var ids, pairs []int
			for _, g := range run.Games {
				ids, pairs = append(ids, g.ID), append(pairs, g.Pair)
			}
			if fmt.Sprint(ids) != tc.ids || fmt.Sprint(pairs) != tc.pairs {
				t.Errorf("ids %v, pairs %v; want %s, %s", ids, pairs, tc.ids, tc.pairs)
			}
			m := run.Meta
			if m.Name != "ev" || m.Tournament != tc.tournament || m.Total != tc.total || fmt.Sprint(m.Engines) != "[a b c d]" || fmt.Sprint(m.Variants) != "[extinction]" {
				t.Errorf("meta %+v", m)
			}
			// The rounds' own records are left as they were.
			if g := tc.rounds[1].Games[0]; g.ID != 1 && g.ID != 2 {
				t.Errorf("the second round's first game became %d", g.ID)
			}
		})
	}
}
