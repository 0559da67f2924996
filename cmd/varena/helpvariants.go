package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"varena/engines/variants"
)

// printVariants writes 'varena help variants': every variant ByName
// finds without a file, its board and which rules engine plays it (the
// 64-square one or the general one of package wide); the built-in engine
// plays them all.
func printVariants(w io.Writer) {
	fmt.Fprint(w, `Variants varena plays by name, in every command (perft, run, rate, uci,
...), and its built-in engine with them: its own, then Fairy-Stockfish's
built-in variants. A variants.ini given with -variant-file (variant_file:
in a run, VariantPath in 'varena uci') adds its sections.

`)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "variant\tboard\trules engine")
	for _, name := range variants.Playable() {
		v, err := variants.ByName(name)
		if err != nil {
			continue // listed, but refused by the engines: not played
		}
		g := v.Geometry
		board := fmt.Sprintf("%dx%d", g.Files(), g.Ranks())
		if v.HasBunkers() {
			board += " + bunkers"
		}
		rules := "64 squares"
		if v.Wide() != nil {
			rules = "general"
		}
		if len(v.Aliases) > 0 {
			name += " (" + strings.Join(v.Aliases, ", ") + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", name, board, rules)
	}
	tw.Flush()
}
