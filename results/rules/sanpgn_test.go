package rules

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/variants"
	"varena/results"
)

// TestEveryVariantSANThroughPGN: in every variant the engines play, the
// SAN of a game of random legal moves is written to PGN, read back as
// itself and replayed by the checker `varena rate` reads PGN through,
// drops of promoted pieces ("+B@d4", micro, kyotoshogi) among them.
func TestEveryVariantSANThroughPGN(t *testing.T) {
	shapes := map[byte]bool{} // first bytes of the moves seen
	for i, name := range variants.Playable() {
		v, err := variants.ByName(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 7))
		pos := v.StartPosition()
		var sans []string
		for range 60 {
			var buf [engines.MaxMoves]engines.Move
			moves := pos.GenerateMoves(buf[:0])
			if len(moves) == 0 || pos.Status().Result != engines.Ongoing {
				break
			}
			m := moves[r.IntN(len(moves))]
			sans = append(sans, pos.SAN(m))
			shapes[sans[len(sans)-1][0]] = true
			var child engines.Position
			pos.MakeMove(m, &child)
			pos = child
		}
		pg := results.PGNGame{
			Tags:     map[string]string{"White": "a", "Black": "b", "Result": "*", "Variant": name},
			TagOrder: []string{"White", "Black", "Result", "Variant"},
			Moves:    sans, Comments: make([]string, len(sans)), Result: "*",
		}
		var pgn bytes.Buffer
		if err := results.WritePGNGame(&pgn, pg); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		games, err := results.ReadPGN(&pgn)
		if err != nil || len(games) != 1 || !slices.Equal(games[0].Moves, sans) {
			t.Errorf("%s: %q read back as %+v (%v)", name, sans, games, err)
			continue
		}
		var warn strings.Builder
		c := NewPGNChecker(&warn)
		c.Game(name+".pgn", 1, games[0])
		if warn.Len() > 0 || c.unfinished != 1 {
			t.Errorf("%s: the replay of %q: %s", name, sans, warn.String())
		}
	}
	if !shapes['+'] {
		t.Errorf("no drop of a promoted piece in the games (first bytes %v)", shapes)
	}
}
