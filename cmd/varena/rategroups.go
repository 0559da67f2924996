package main

import (
	"fmt"
	"strings"

	"varena/results"
)

// groups finds the groups of players connected by games played (as
// Ordo's groups): players of different groups never met, even through
// others, so one scale for all of them would be made up by the prior.
// It is fed one game at a time and keeps players only, so that rating
// a file needs no more memory than its players and pairings.
type groups struct {
	parent  map[string]string
	players []string // in order of first appearance
}

func newGroups() *groups { return &groups{parent: map[string]string{}} }

func (gs *groups) find(x string) string {
	p, ok := gs.parent[x]
	if !ok {
		gs.parent[x] = x
		gs.players = append(gs.players, x)
		return x
	}
	if p == x {
		return x
	}
	r := gs.find(p)
	gs.parent[x] = r
	return r
}

// add joins the players of a game.
func (gs *groups) add(g results.Game) {
	a, b := gs.find(g.White), gs.find(g.Black)
	if a != b {
		gs.parent[b] = a
	}
}

// has reports whether name played.
func (gs *groups) has(name string) bool {
	_, ok := gs.parent[name]
	return ok
}

// index numbers the groups in the order of their first game (the first
// game's White is the first of its players to appear) and returns each
// player's group and each group's players.
func (gs *groups) index() (map[string]int, [][]string) {
	of := map[string]int{}
	byRoot := map[string]int{}
	var members [][]string
	for _, p := range gs.players {
		root := gs.find(p)
		i, ok := byRoot[root]
		if !ok {
			i = len(members)
			byRoot[root] = i
			members = append(members, nil)
		}
		of[p] = i
		members[i] = append(members[i], p)
	}
	return of, members
}

// groupsNote says that the games fall apart into groups, and who is in
// each, with its number of games.
func groupsNote(members [][]string, games []int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The games form %d groups of players who never met, even through others: each group is rated on its own, and ratings of different groups are not comparable.\n", len(members))
	for i, m := range members {
		fmt.Fprintf(&b, "  group %d: %s (%d games)\n", i+1, strings.Join(m, ", "), games[i])
	}
	b.WriteString("\n")
	return b.String()
}
