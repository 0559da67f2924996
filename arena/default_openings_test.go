package arena

import (
	"testing"

	"varena/arena/openings"
	"varena/configs"
	"varena/configs/check"
	"varena/engines"
	"varena/engines/variants"
)

// TestDefaultRunOpenings: the default run's openings, over a schedule
// of 204 games (the default config with 34 games a pairing), are none
// decided before the engines play: openings.Decided (no first move
// ends a game, no short search finds it won) finds none decided. The
// built-in books are checked in package openings.
func TestDefaultRunOpenings(t *testing.T) {
	r, err := configs.DefaultRun(check.Validating())
	if err != nil {
		t.Fatal(err)
	}
	r.Tournament.Games = 34
	v, err := variants.ByName(r.Variant)
	if err != nil {
		t.Fatal(err)
	}
	p := resolved(t, r)
	book, err := openings.LoadBook(p.Variants[0], p.Seed, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSchedule(p, []*engines.Variant{v}, map[string][]openings.Opening{v.Name: book}, all)
	if err != nil {
		t.Fatal(err)
	}
	if s.Total() < 200 {
		t.Fatalf("%d games, want 200 or more", s.Total())
	}
	checked := map[string]bool{}
	for _, g := range s.Games() {
		if checked[g.Opening.FEN] {
			continue
		}
		checked[g.Opening.FEN] = true
		pos, err := engines.ParseFEN(v, g.Opening.FEN)
		if err != nil {
			t.Fatalf("game %d: %v", g.ID, err)
		}
		if why, decided := openings.Decided(&pos); decided {
			t.Errorf("game %d from %s: %s", g.ID, g.Opening.FEN, why)
		}
	}
	if len(checked) != s.Total()/2 {
		t.Errorf("%d openings for %d pairs", len(checked), s.Total()/2)
	}
}
