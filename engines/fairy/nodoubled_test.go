package fairy

import (
	"strings"
	"testing"
)

// TestDropNoDoubledCount: a dropNoDoubled type is not dropped on a file
// holding dropNoDoubledCount of its side's; 0 forbids its drops
// (dragonfly's pawns). The counts of pawn drops are Fairy-Stockfish
// c19b5f6's.
func TestDropNoDoubledCount(t *testing.T) {
	const ini = "[nd0:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 0\n\n" +
		"[nd1:crazyhouse]\ndropNoDoubled = p\n\n" +
		"[nd2:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 2\n"
	cases := []struct {
		variant, fen string
		drops        int
	}{
		{"nd0", "4k3/8/8/8/8/8/P7/4K3[P] w - - 0 1", 0},
		{"nd1", "4k3/8/8/8/8/8/P7/4K3[P] w - - 0 1", 42},
		{"nd2", "4k3/8/8/8/8/8/P7/4K3[P] w - - 0 1", 47},
		{"nd2", "4k3/8/8/8/8/P7/P7/4K3[P] w - - 0 1", 42},
	}
	defs, err := Parse(strings.NewReader(ini), "nd.ini")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p := widePosition(t, defs, c.variant, c.fen, "")
		drops := 0
		for _, m := range p.GenerateLegal(nil) {
			if strings.HasPrefix(p.UCI(m), "P@") {
				drops++
			}
		}
		if drops != c.drops {
			t.Errorf("%s %s: %d pawn drops, want %d", c.variant, c.fen, drops, c.drops)
		}
	}
}

// TestFlagRegionWithoutPiece: a flag region of the newer keys without a
// flag piece makes every piece one, as the newer build reads it; one of
// 11.1's keys (whiteFlag) is refused, since 11.1 plays no flag there.
func TestFlagRegionWithoutPiece(t *testing.T) {
	cases := []struct{ text, err string }{
		{"[a:chess]\nflagRegionWhite = a8 h8\nflagRegionBlack = a1 h1\n", ""},
		{"[a:chess]\nflagRegion = d4 e4 d5 e5\n", ""},
		{"[a:chess]\nwhiteFlag = a8 h8\nblackFlag = a1 h1\n", `t.ini:2: key "whiteFlag": not supported: a flag region without flagPiece (Fairy-Stockfish 11.1 plays no flag, newer builds any piece)`},
	}
	for _, c := range cases {
		defs, err := ParseSections(strings.NewReader(c.text), "t.ini")
		if err != nil {
			t.Fatal(err)
		}
		d := defs[0]
		_, err = d.Variant()
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.text, err)
		case c.err == "" && (!d.FlagPiece[0].All || !d.FlagPiece[1].All):
			t.Errorf("%q: flag pieces %+v, want every piece", c.text, d.FlagPiece)
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("%q: error %v, want %s", c.text, err, c.err)
		}
	}
}
