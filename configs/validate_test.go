package configs

import "testing"

// TestOpeningsFor: a variant's default openings stand in for the built-in
// book only when the config names none; whatever a config names is kept.
func TestOpeningsFor(t *testing.T) {
	bunkersRandom := Openings{Plies: 4, PliesSet: true, Order: OrderSequential}
	tests := []struct {
		variant string
		given   Openings
		want    Openings
	}{
		{"extinction", Openings{Order: OrderSequential}, Openings{Order: OrderSequential}},
		{"losalamos-bunkers", Openings{Order: OrderSequential}, bunkersRandom},
		{"losalamos-bunkers", Openings{Plies: 0, PliesSet: true}, Openings{Plies: 0, PliesSet: true}},
		{"losalamos-bunkers", Openings{Plies: 8, PliesSet: true}, Openings{Plies: 8, PliesSet: true}},
		{"losalamos-bunkers", Openings{File: "b.epd"}, Openings{File: "b.epd"}},
	}
	for _, tt := range tests {
		r := &Run{Openings: tt.given}
		if got := r.OpeningsFor(tt.variant); got != tt.want {
			t.Errorf("%s %+v: got %+v, want %+v", tt.variant, tt.given, got, tt.want)
		}
	}
}
