package player

import (
	"context"
	"strings"
	"testing"

	"varena/engines/limits"
	"varena/engines/search"
	"varena/engines/variants"
)

// SetOptions sets search parameters and evaluation weights by name; the
// weights apply in the next game's variant, and a later call replaces
// them.
func TestAlphaBetaSetOptions(t *testing.T) {
	ctx := context.Background()
	v, err := variants.ByName("extinction")
	if err != nil {
		t.Fatal(err)
	}
	a := NewAlphaBeta("ab", nil, limits.Limits{}, 1)
	if err := a.SetOptions(ctx, map[string]string{"FutilityMargin": "180", "material_knight_mg": "345"}); err != nil {
		t.Fatal(err)
	}
	if err := a.NewGame(ctx, v); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.params.Get("FutilityMargin"); got != 180 {
		t.Errorf("FutilityMargin = %d, want 180", got)
	}
	if got, _ := a.searcher.Weights().Get("material_knight_mg"); got != 345 {
		t.Errorf("material_knight_mg = %g, want 345", got)
	}
	def, _ := search.DefaultWeights(v)
	want, _ := def.Get("material_bishop_mg")
	if got, _ := a.searcher.Weights().Get("material_bishop_mg"); got != want {
		t.Errorf("an untouched weight changed: %g, want %g", got, want)
	}
	// Between games, with the searcher running: applied at once.
	if err := a.SetOptions(ctx, map[string]string{"material_knight_mg": "290"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := a.searcher.Weights().Get("material_knight_mg"); got != 290 {
		t.Errorf("material_knight_mg = %g after the second call, want 290", got)
	}
	for _, bad := range []map[string]string{
		{"FutilityMargin": "5"},        // below its bound
		{"material_knight_mg": "lots"}, // not a number
		{"no_such_weight": "1"},        // not a weight of the running variant
	} {
		if err := a.SetOptions(ctx, bad); err == nil {
			t.Errorf("SetOptions(%v): no error", bad)
		}
	}
	if got, _ := a.searcher.Weights().Get("material_knight_mg"); got != 290 {
		t.Errorf("a refused call changed the weights: %g", got)
	}
	b := NewAlphaBeta("ab", nil, limits.Limits{}, 1)
	b.SetOptions(ctx, map[string]string{"no_such_weight": "1"})
	if err := b.NewGame(ctx, v); err == nil || !strings.Contains(err.Error(), "no_such_weight") {
		t.Errorf("NewGame with an unknown weight: %v", err)
	}
}

// TestSetOptionsWeightBound: an evaluation weight set as an option is
// bounded as in a weights file (search.MaxWeight).
func TestSetOptionsWeightBound(t *testing.T) {
	a := NewAlphaBeta("ab", nil, limits.Limits{}, 1)
	err := a.SetOptions(context.Background(), map[string]string{"material_pawn_mg": "-3e9"})
	if want := "evaluation weight material_pawn_mg: want a number from -1e+06 to 1e+06, have -3e+09"; err == nil || err.Error() != want {
		t.Errorf("SetOptions: %v, want %s", err, want)
	}
}
