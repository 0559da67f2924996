package main

import (
	"fmt"
	"strings"

	"varena/results"
)

// playerGroups splits games into the groups of players connected by
// games played (as Ordo's groups): players of different groups never
// met, even through others, so one scale for all of them would be
// made up by the prior. Groups come in the order of their first game;
// each keeps its games in their order.
func playerGroups(games []results.Game) [][]results.Game {
	parent := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		p, ok := parent[x]
		if !ok {
			parent[x] = x
			return x
		}
		if p == x {
			return x
		}
		r := find(p)
		parent[x] = r
		return r
	}
	for _, g := range games {
		a, b := find(g.White), find(g.Black)
		if a != b {
			parent[b] = a
		}
	}
	index := map[string]int{}
	var groups [][]results.Game
	for _, g := range games {
		root := find(g.White)
		i, ok := index[root]
		if !ok {
			i = len(groups)
			index[root] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], g)
	}
	return groups
}

// playersOf lists the players of games in order of appearance.
func playersOf(games []results.Game) []string {
	seen := map[string]bool{}
	var out []string
	for _, g := range games {
		for _, p := range []string{g.White, g.Black} {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// groupsNote says that the games fall apart into groups, and who is in
// each.
func groupsNote(groups [][]results.Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The games form %d groups of players who never met, even through others: each group is rated on its own, and ratings of different groups are not comparable.\n", len(groups))
	for i, g := range groups {
		fmt.Fprintf(&b, "  group %d: %s (%d games)\n", i+1, strings.Join(playersOf(g), ", "), len(g))
	}
	b.WriteString("\n")
	return b.String()
}
