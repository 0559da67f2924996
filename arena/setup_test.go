package arena

import (
	"testing"

	"varena/configs"
)

// TestOpeningsText: the setup's line for each kind of openings.
func TestOpeningsText(t *testing.T) {
	tests := []struct {
		o    configs.Openings
		want string
	}{
		{configs.Openings{}, "built-in book"},
		{configs.RandomPlies(0), "start position"},
		{configs.RandomPlies(4), "start position + 4 random plies"},
		{configs.Openings{File: "a/b.epd", Order: "random", Start: 1}, "book b.epd (random)"},
		{configs.Openings{File: "b.pgn", Format: "pgn", Order: "sequential", Start: 3, Plies: ptr(6)}, "book b.pgn (sequential, from opening 3), 6 plies of each game"},
	}
	for _, tt := range tests {
		if got := openingsText(tt.o); got != tt.want {
			t.Errorf("openingsText(%+v) = %q, want %q", tt.o, got, tt.want)
		}
	}
}
