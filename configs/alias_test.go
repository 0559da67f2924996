package configs_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"varena/configs"
)

// TestVariantAliases: a config may name a variant by an alias, as
// Fairy-Stockfish users write them ("chess", "chess960"); the checked run
// holds the canonical name everywhere it names a variant, so it records
// and plays one spelling, and two spellings of one variant are refused
// as the same one twice.
func TestVariantAliases(t *testing.T) {
	// engines gives two engines, random unless a names a kind.
	engines := func(a, b string) string {
		if !strings.Contains(a, "kind:") {
			a = ", kind: random" + a
		}
		return "engines:\n  - {name: a" + a + "}\n  - {name: b, kind: random" + b + "}\n"
	}
	tests := []struct {
		name, yaml string
		want       string // the run's variant names, comma-separated, or the error
		check      func(*configs.Run) string
	}{
		{name: "variant", yaml: "variant: chess\n" + engines("", ""), want: "standard"},
		{name: "variants", yaml: "variants: [{name: chess960}, {name: chess}]\n" + engines("", ""), want: "fischerandom,standard"},
		{name: "plays and declines", yaml: "variants: [{name: standard}, {name: fischerandom}]\n" + engines(", plays: [chess]", ", declines: [chess960]"),
			want: "standard,fischerandom", check: func(r *configs.Run) string {
				return strings.Join(r.Engines[0].Plays, ",") + "/" + strings.Join(r.Engines[1].Declines, ",")
			}},
		{name: "variant_names keys", yaml: "variant: standard\n" + engines(", kind: uci, command: x, time_control: {nodes: 100}, variant_names: {chess: normal}", ""),
			want: "standard", check: func(r *configs.Run) string {
				return strings.Join(slices.Sorted(maps.Keys(r.Engines[0].VariantNames)), ",")
			}},
		{name: "one variant twice", yaml: "variants: [{name: standard}, {name: chess}]\n" + engines("", ""),
			want: "t.yaml:1: variants: standard listed twice"},
		{name: "two keys, one variant", yaml: "variant: standard\n" + engines(", kind: uci, command: x, variant_names: {chess: normal, standard: fide}", ""),
			want: `t.yaml:3: engine "a": variant_names: chess and standard are one variant (standard); give it once`},
		{name: "not an alias", yaml: "variant: chesss\n" + engines("", ""),
			want: `t.yaml:1: variant: unknown variant "chesss"`},
	}
	wantCheck := map[string]string{"plays and declines": "standard/fischerandom", "variant_names keys": "standard"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := configs.Parse("t.yaml", []byte(tt.yaml+"tournament: {games: 2}\n"), check)
			if err != nil {
				if !strings.HasPrefix(err.Error(), tt.want) {
					t.Fatalf("error:\n%v\nwant it to start with:\n%s", err, tt.want)
				}
				return
			}
			if got := strings.Join(r.VariantNames(), ","); got != tt.want {
				t.Fatalf("variants %q, want %q", got, tt.want)
			}
			if tt.check != nil {
				if got := tt.check(r); got != wantCheck[tt.name] {
					t.Errorf("got %q, want %q", got, wantCheck[tt.name])
				}
			}
		})
	}
}

// TestTuneVariantAlias: a tune names its variant by an alias too.
func TestTuneVariantAlias(t *testing.T) {
	tu, err := configs.ParseTune("t.yaml", []byte("variant: chess\ndata: [a]\nout: o\n"), check)
	if err != nil {
		t.Fatal(err)
	}
	if tu.Variant != "standard" {
		t.Errorf("tune variant %q, want standard", tu.Variant)
	}
}
