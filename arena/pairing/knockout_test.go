package pairing

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestBracket(t *testing.T) {
	tests := []struct {
		name      string
		n, seeded int
		want      []int // slots, 0 the top seed, -1 a bye
	}{
		{"two", 2, 2, []int{0, 1}},
		// cutechess-cli's halving puts seed 1 against 3 and 2 against 4.
		{"four", 4, 4, []int{0, 2, 1, 3}},
		{"eight", 8, 8, []int{0, 4, 2, 6, 1, 5, 3, 7}},
		// Byes face the top seeds: 1, 2 and 3 go through, 4 meets 5.
		{"five", 5, 5, []int{0, -1, 2, -1, 1, -1, 3, 4}},
		{"three", 3, 3, []int{0, -1, 1, 2}},
		// The byes of seeds 1 and 2 move 5 and 6 down to face 3 and 4.
		{"six", 6, 6, []int{0, -1, 2, 4, 1, -1, 3, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Bracket(tc.n, tc.seeded, nil); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestBracketDraw checks that unseeded players are drawn by the seed:
// the same seed, the same bracket; every player once; the seeded keep
// their slots.
func TestBracketDraw(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		a := Bracket(8, 2, rand.New(rand.NewPCG(seed, 0)))
		b := Bracket(8, 2, rand.New(rand.NewPCG(seed, 0)))
		if !slices.Equal(a, b) {
			t.Errorf("seed %d: %v then %v", seed, a, b)
		}
		if a[0] != 0 || a[4] != 1 {
			t.Errorf("seed %d: seeds moved: %v", seed, a)
		}
		s := slices.Clone(a)
		slices.Sort(s)
		if !slices.Equal(s, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
			t.Errorf("seed %d: not a permutation: %v", seed, a)
		}
	}
}

func TestAdvance(t *testing.T) {
	tests := []struct {
		name    string
		slots   []int
		winners map[int]int
		want    []int
	}{
		{"byes go through", []int{0, -1, 2, -1, 1, -1, 3, 4}, map[int]int{3: 4}, []int{0, 2, 1, 4}},
		{"winners", []int{0, 2, 1, 3}, map[int]int{0: 2, 1: 1}, []int{2, 1}},
		{"undecided", []int{0, 2, 1, 3}, map[int]int{0: 0}, []int{0, -1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Advance(tc.slots, tc.winners); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
