package widesearch

import (
	"context"
	"math/rand"
	"os"
	"slices"
	"testing"

	"varena/engines/fairy"
	"varena/engines/wide"
)

// fsfFile is Fairy-Stockfish's own variants.ini, beside its build.
const fsfFile = "../../../shared/fairy-stockfish/fsf-variants-c19b5f6.ini"

// TestFSFFileSections plays a short random game of every section of
// Fairy-Stockfish's variants.ini that the wide engine plays, with a
// search of 200 nodes every third ply: no panic, the move is legal.
func TestFSFFileSections(t *testing.T) {
	f, err := os.Open(fsfFile)
	if err != nil {
		t.Skipf("no %s: %v", fsfFile, err)
	}
	defer f.Close()
	defs, err := fairy.ParseSections(f, fsfFile)
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for i, d := range defs {
		v, err := d.Wide()
		if err != nil {
			continue
		}
		played++
		t.Run(d.Name, func(t *testing.T) {
			pos, err := wide.ParseFEN(v, v.StartFEN())
			if err != nil {
				t.Fatalf("start: %v", err)
			}
			g := wide.NewGame(pos)
			s := New(1)
			rng := rand.New(rand.NewSource(int64(i + 1)))
			var buf [wide.MaxMoves]wide.Move
			for ply := 0; ply < 24; ply++ {
				p := g.Position()
				legal := p.GenerateLegal(buf[:0])
				if len(legal) == 0 || g.Outcome().Reason != wide.NotOver {
					break
				}
				if ply%3 == 0 {
					res := s.Search(context.Background(), g, Limits{Nodes: 200}, nil)
					if !slices.Contains(legal, res.Move) {
						t.Fatalf("%s: move %v is not legal", p.FEN(), res.Move)
					}
				}
				g.Play(legal[rng.Intn(len(legal))])
			}
		})
	}
	if played == 0 {
		t.Fatal("no section of the file plays in the wide engine")
	}
}
