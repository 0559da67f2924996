package holdout

import "testing"

// TestHeld: the share held out is the share asked for, the same seed
// holds the same groups, and another seed holds others.
func TestHeld(t *testing.T) {
	const n = 20000
	for _, tt := range []struct {
		share    float64
		min, max int // groups held of n
	}{
		{0, 0, 0},
		{0.1, 1800, 2200},
		{0.5, 9700, 10300},
		{1, n, n},
	} {
		held, same, moved := 0, 0, 0
		for g := 1; g <= n; g++ {
			group := Group(0, g, 0)
			h := Held(group, tt.share, 7)
			if h {
				held++
			}
			if h == Held(group, tt.share, 7) {
				same++
			}
			if h != Held(group, tt.share, 8) {
				moved++
			}
		}
		if held < tt.min || held > tt.max {
			t.Errorf("share %g: %d of %d groups held, want %d to %d", tt.share, held, n, tt.min, tt.max)
		}
		if same != n {
			t.Errorf("share %g: the same seed held %d groups otherwise", tt.share, n-same)
		}
		if tt.share == 0.5 && moved < n/3 {
			t.Errorf("share 0.5: another seed moved only %d of %d groups", moved, n)
		}
	}
}

// TestGroup: a game's positions are one group wherever they stand in
// the file; positions without a game number are a group each; the same
// game number in two files is two groups.
func TestGroup(t *testing.T) {
	if Group(0, 12, 3) != Group(0, 12, 900) {
		t.Error("one game's positions are in two groups")
	}
	if Group(0, 0, 3) == Group(0, 0, 4) {
		t.Error("two lines without a game number are one group")
	}
	if Group(0, 12, 3) == Group(1, 12, 3) {
		t.Error("game 12 of two files is one group")
	}
	if Group(0, 3, 0) == Group(0, 0, 3) {
		t.Error("game 3 and line 3 without a game are one group")
	}
}
