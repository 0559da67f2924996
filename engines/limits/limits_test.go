package limits

import "testing"

// TestMateIn: a mate score n plies from the root is ceil(n/2) moves, for
// the side to move (+) or against it (-); scores inside the band are no
// mate.
func TestMateIn(t *testing.T) {
	for _, tt := range []struct {
		score, want int
	}{
		{Mate - 1, 1},
		{Mate - 2, 1},
		{Mate - 3, 2},
		{-(Mate - 2), -1},
		{-(Mate - 4), -2},
		{Mate - 2*MaxPly + 1, MaxPly},
		{MateBand, 0},
		{-MateBand, 0},
		{0, 0},
		{150, 0},
	} {
		if got := MateIn(tt.score); got != tt.want {
			t.Errorf("MateIn(%d) = %d, want %d", tt.score, got, tt.want)
		}
	}
}

func TestIsZero(t *testing.T) {
	for _, tt := range []struct {
		l    Limits
		want bool
	}{
		{Limits{}, true},
		{Limits{Depth: 1}, false},
		{Limits{Infinite: true}, false},
		{Limits{WInc: 1}, false},
	} {
		if got := tt.l.IsZero(); got != tt.want {
			t.Errorf("%+v.IsZero() = %v, want %v", tt.l, got, tt.want)
		}
	}
}
