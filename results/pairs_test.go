package results

import "testing"

func TestPairFinder(t *testing.T) {
	g := func(id, round int, white, black, fen string) Game {
		return Game{ID: id, Round: round, White: white, Black: black, StartFEN: fen, Variant: "chess"}
	}
	games := []Game{
		g(1, 1, "a", "b", "f1"), // waits
		g(2, 2, "a", "b", "f2"), // waits
		g(3, 1, "b", "a", "f1"), // pairs with 1: pair 10
		g(4, 1, "b", "a", "f9"), // another opening: waits, alone at the end
		g(5, 2, "a", "b", "f2"), // same colours as 2: waits
		g(6, 0, "b", "a", "f2"), // no round: lone at once
		g(7, 2, "b", "a", "f2"), // pairs with 2, the first waiting: pair 11
		g(8, 3, "a", "c", ""),   // waits
		g(9, 3, "c", "a", ""),   // pairs with 8: pair 12
	}
	type out struct{ id, pair int }
	want := [][]out{
		nil, nil, {{1, 10}, {3, 10}}, nil, nil, {{6, 0}}, {{2, 11}, {7, 11}}, nil, {{8, 12}, {9, 12}},
	}
	f := NewPairFinder(10)
	for i, gm := range games {
		got := f.Add(gm)
		if len(got) != len(want[i]) {
			t.Fatalf("game %d: gave %d games, want %v", gm.ID, len(got), want[i])
		}
		for k, w := range want[i] {
			if got[k].ID != w.id || got[k].Pair != w.pair {
				t.Errorf("game %d: gave game %d pair %d, want game %d pair %d", gm.ID, got[k].ID, got[k].Pair, w.id, w.pair)
			}
		}
	}
	rest := f.Flush()
	if len(rest) != 2 || rest[0].ID != 4 || rest[1].ID != 5 || rest[0].Pair != 0 || rest[1].Pair != 0 {
		t.Errorf("flushed %+v, want games 4 and 5 alone", rest)
	}
	if f.Next() != 13 || len(f.Flush()) != 0 {
		t.Errorf("next %d after the flush", f.Next())
	}
}

// TestPairFinderBounded: games that wait too long for their pair are
// let go as lone games, so that memory stays bounded.
func TestPairFinderBounded(t *testing.T) {
	f := NewPairFinder(1)
	for r := 1; r <= MaxWaitingPairs; r++ {
		if out := f.Add(Game{ID: r, Round: r, White: "a", Black: "b"}); len(out) != 0 {
			t.Fatalf("round %d: let go %d games", r, len(out))
		}
	}
	out := f.Add(Game{ID: 0, Round: MaxWaitingPairs + 1, White: "a", Black: "b"})
	if len(out) != MaxWaitingPairs || out[0].ID != 1 || out[len(out)-1].ID != MaxWaitingPairs || out[0].Pair != 0 {
		t.Fatalf("let go %d games", len(out))
	}
	if f.count != 1 {
		t.Errorf("%d waiting, want the last game alone", f.count)
	}
}
