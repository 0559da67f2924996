package openings

import (
	"testing"

	"varena/configs"
	"varena/configs/plan"
	"varena/engines"
	"varena/engines/variants"
)

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
	if o := (configs.Openings{}).For("losalamos-bunkers"); o.File != "" || o.PlyCount() != 4 {
		t.Errorf("losalamos-bunkers: default openings %+v, want 4 random plies", o)
	}
	for _, name := range []string{"extinction", "evolution", "losalamos-extinction"} {
		v, err := variants.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		data, bookName, err := configs.Book(name)
		if err != nil {
			t.Fatal(err)
		}
		book, err := LoadBook(plan.Variant{Variant: v, Book: plan.NewContent(bookName, data)}, 0, "t", nil)
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
