package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"varena/engines/variants"
)

// TestDocVariantsListed: docs/variants.md's table of Fairy-Stockfish's
// built-ins names every one varena plays, in the row of the rules engine
// that plays it (the general one: Variant.Wide), and no other.
func TestDocVariantsListed(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs", "variants.md"))
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile("`([a-z0-9-]+)`")
	var narrow, general []string
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 {
			continue
		}
		var names []string
		for _, m := range name.FindAllStringSubmatch(cells[2], -1) {
			names = append(names, m[1])
		}
		switch {
		case strings.HasPrefix(strings.TrimSpace(cells[1]), "64 squares:"):
			narrow = names
		case strings.HasPrefix(strings.TrimSpace(cells[1]), "general:"):
			general = names
		}
	}
	if len(narrow) == 0 || len(general) == 0 {
		t.Fatalf("docs/variants.md: no rows \"64 squares: ...\" and \"general: ...\"")
	}
	for _, n := range variants.FairyNames() {
		v, err := variants.ByName(n)
		if err != nil {
			t.Fatal(err)
		}
		row, other := narrow, general
		if v.Wide() != nil {
			row, other = general, narrow
		}
		if !slices.Contains(row, n) || slices.Contains(other, n) {
			t.Errorf("docs/variants.md: %s (general: %v) is not in its rules engine's row alone", n, v.Wide() != nil)
		}
	}
	for _, n := range append(narrow, general...) {
		if !slices.Contains(variants.FairyNames(), n) {
			t.Errorf("docs/variants.md lists %s, which is not among Fairy-Stockfish's built-ins varena plays", n)
		}
	}
}
