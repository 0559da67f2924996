package arena

import (
	"testing"

	"varena/configs"
	"varena/engines"
	"varena/engines/variants"
)

// TestDefaultRunOpenings: the default run's openings, over a schedule
// of 204 games (the default config with 34 games a pairing), are none
// decided before the engines play: no first move ends a game, and
// Decided finds none decided. The same holds for every variant's
// built-in book, which a config naming no openings plays.
func TestDefaultRunOpenings(t *testing.T) {
	r, err := configs.DefaultRun(configs.Checker{Variants: variants.Names()})
	if err != nil {
		t.Fatal(err)
	}
	r.Tournament.Games = 34
	v, err := variants.ByName(r.Variant)
	if err != nil {
		t.Fatal(err)
	}
	book, err := LoadBook(r, r.Openings, v, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSchedule(r, []*engines.Variant{v}, map[string][]Opening{v.Name: book}, all)
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
		if m, ok := endsAtOnce(&pos); ok {
			t.Errorf("game %d from %s: the first move %s ends it", g.ID, g.Opening.FEN, pos.SAN(m))
		}
		if why, decided := Decided(&pos); decided {
			t.Errorf("game %d from %s: %s", g.ID, g.Opening.FEN, why)
		}
	}
	if len(checked) != s.Total()/2 {
		t.Errorf("%d openings for %d pairs", len(checked), s.Total()/2)
	}
}

// TestBuiltinBooks: every variant of the extinction family but Los
// Alamos with bunkers has a built-in book of at least a thousand
// positions, each a game to play (no move ends it at once), read the way
// a run reads it.
func TestBuiltinBooks(t *testing.T) {
	// Los Alamos with bunkers has no book: its default is random 4-ply
	// openings (configs.Openings.For), which decided SPRTs with fewer
	// games than its balanced book did.
	if configs.HasBook("losalamos-bunkers") {
		t.Error("losalamos-bunkers has a built-in book its default does not play")
	}
	if o := (configs.Openings{}).For("losalamos-bunkers"); o.File != "" || o.Plies != 4 {
		t.Errorf("losalamos-bunkers: default openings %+v, want 4 random plies", o)
	}
	for _, name := range []string{"extinction", "evolution", "losalamos-extinction"} {
		v, err := variants.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		book, err := LoadBook(&configs.Run{Name: "t"}, configs.Openings{}, v, nil)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		if len(book) < 1000 {
			t.Errorf("%s: %d positions in the built-in book", v.Name, len(book))
		}
		for _, op := range book {
			pos, err := engines.ParseFEN(v, op.FEN)
			if err != nil {
				t.Fatalf("%s: %v", v.Name, err)
			}
			if m, ok := endsAtOnce(&pos); ok {
				t.Errorf("%s: %s: %s ends the game at once", v.Name, op.FEN, pos.SAN(m))
			}
		}
	}
}
