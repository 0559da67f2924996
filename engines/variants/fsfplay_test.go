package variants

import (
	"context"
	"math/rand"
	"slices"
	"sort"
	"testing"

	"varena/engines/wide"
	"varena/engines/widesearch"
)

// TestFSFFileSearch: the built-in engine of the general board
// (engines/widesearch) plays every section of the shared file that the
// general engine plays, a few moves of a seeded random game, each of its
// moves legal: a rule only a few sections use (walls, flips) must not
// trip the search's tables or evaluation.
func TestFSFFileSearch(t *testing.T) {
	_, byName := loadFSFSections(t)
	names := make([]string, 0, len(byName))
	for n, v := range byName {
		if v.Wide() != nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	plies := 24
	if testing.Short() {
		plies = 8
	}
	s := widesearch.New(1)
	for i, name := range names {
		t.Run(name, func(t *testing.T) {
			v := byName[name].Wide()
			start, err := wide.ParseFEN(v, v.StartFEN())
			if err != nil {
				t.Fatal(err)
			}
			g := wide.NewGame(start)
			s.NewGame()
			rng := rand.New(rand.NewSource(int64(7 + i)))
			var buf [wide.MaxMoves]wide.Move
			for ply := 0; ply < plies; ply++ {
				p := g.Position()
				legal := p.GenerateLegal(buf[:0])
				if len(legal) == 0 || g.Outcome().Reason != wide.NotOver {
					break
				}
				if ply%4 == 0 {
					res := s.Search(context.Background(), g, widesearch.Limits{Nodes: 300}, nil)
					if !slices.Contains(legal, res.Move) {
						t.Fatalf("%s: move %v is not legal", p.FEN(), res.Move)
					}
				}
				g.Play(legal[rng.Intn(len(legal))])
			}
		})
	}
}
