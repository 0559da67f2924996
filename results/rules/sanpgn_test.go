package rules

import (
	"bytes"
	"math/rand/v2"
	"os"
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
		sanThroughPGN(t, nil, name, v, uint64(i), shapes)
	}
	if !shapes['+'] {
		t.Errorf("no drop of a promoted piece in the games (first bytes %v)", shapes)
	}
}

// TestFileVariantsSANThroughPGN is TestEveryVariantSANThroughPGN for the
// sections of Fairy-Stockfish's own variants.ini that play, walls
// written after a comma ("Ncd3,b4" in cowboys, "Ra1,a3" in atlantis)
// among them. It skips without the file.
func TestFileVariantsSANThroughPGN(t *testing.T) {
	const file = "../../../shared/fairy-stockfish/fsf-variants-c19b5f6.ini"
	if _, err := os.Stat(file); err != nil {
		t.Skipf("no %s: %v", file, err)
	}
	set, err := variants.LoadSet(file)
	if err != nil {
		t.Fatal(err)
	}
	commas := 0
	for i, v := range set.Loaded() {
		shapes := map[byte]bool{}
		sans := sanThroughPGN(t, set, v.Name, v, uint64(i), shapes)
		for _, s := range sans {
			if strings.Contains(s, ",") {
				commas++
			}
		}
	}
	if commas == 0 {
		t.Error("no move with a wall in the games")
	}
}

// sanThroughPGN plays 60 random legal moves of v (seeded), writes their
// SAN as a PGN game, reads it back and replays it as `varena rate`
// does with the variants of set, and returns the SAN; shapes gathers
// the moves' first bytes.
func sanThroughPGN(t *testing.T, set *variants.Set, name string, v *engines.Variant, seed uint64, shapes map[byte]bool) []string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
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
		return sans
	}
	games, err := results.ReadPGN(&pgn)
	if err != nil || len(games) != 1 || !slices.Equal(games[0].Moves, sans) {
		t.Errorf("%s: %q read back as %+v (%v)", name, sans, games, err)
		return sans
	}
	var warn strings.Builder
	c := NewPGNChecker(&warn, set)
	c.Game(name+".pgn", 1, games[0])
	if warn.Len() > 0 || c.unfinished != 1 {
		t.Errorf("%s: the replay of %q: %s", name, sans, warn.String())
	}
	return sans
}
