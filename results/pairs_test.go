package results

import "testing"

func TestPairFinder(t *testing.T) {
	g := func(round int, white, black, fen string) Game {
		return Game{Round: round, White: white, Black: black, StartFEN: fen, Variant: "chess"}
	}
	games := []Game{
		g(1, "a", "b", "f1"), // pair 10
		g(2, "a", "b", "f2"), // pair 11
		g(1, "b", "a", "f1"), // pair 10's second
		g(1, "b", "a", "f9"), // another opening: a pair of its own, 12
		g(2, "a", "b", "f2"), // same colours as pair 11's first: 13
		g(0, "b", "a", "f2"), // no round: lone
		g(2, "b", "a", "f2"), // pair 11's second, the first waiting
		g(3, "a", "c", ""),   // 14
		g(3, "c", "a", ""),   // 14
	}
	want := []int{10, 11, 10, 12, 13, 0, 11, 14, 14}
	f := NewPairFinder(10)
	for i := range games {
		f.Pair(&games[i])
		if games[i].Pair != want[i] {
			t.Errorf("game %d: pair %d, want %d", i, games[i].Pair, want[i])
		}
	}
	if f.Next() != 15 || f.count != 2 {
		t.Errorf("next %d, waiting %d", f.Next(), f.count)
	}
}

// TestPairFinderBounded: games that wait too long for their pair are
// let go, so that memory stays bounded.
func TestPairFinderBounded(t *testing.T) {
	f := NewPairFinder(1)
	for r := 1; r <= MaxWaitingPairs+1; r++ {
		f.Pair(&Game{Round: r, White: "a", Black: "b"})
	}
	if f.count != 1 || f.dropped != MaxWaitingPairs {
		t.Errorf("waiting %d, dropped %d", f.count, f.dropped)
	}
	g := Game{Round: 1, White: "b", Black: "a"} // its first game was let go
	f.Pair(&g)
	if g.Pair != MaxWaitingPairs+2 {
		t.Errorf("pair %d after its first game was let go", g.Pair)
	}
}
