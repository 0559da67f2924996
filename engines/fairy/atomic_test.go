package fairy

import (
	"strings"
	"testing"

	"varena/engines/wide"
)

// TestExplosionsAndPassing counts perft in the general engine where
// atomic's explosions, a castling commoner and the pass of a side without
// a move decide it. The counts are Fairy-Stockfish c19b5f6's (go perft,
// with its variants.ini for andersgiveaway); first is the UCI of the
// first legal move where it matters (a pass from the first piece's
// square).
func TestExplosionsAndPassing(t *testing.T) {
	const anders = "[andersgiveaway:giveaway]\npassOnStalemate = true\n"
	cases := []struct {
		variant, fen string
		depth        int
		nodes        uint64
		first        string
	}{
		// Passing: white's pawn is stuck; two passes in a row end the game.
		{"andersgiveaway", "8/8/8/8/8/p7/P7/8 w - - 0 1", 1, 1, "a2a2"},
		{"andersgiveaway", "8/8/8/8/8/p7/P7/8 w - - 0 1", 3, 0, ""},
		{"andersgiveaway", "8/8/8/8/p7/P7/8/7k w - - 0 1", 2, 3, ""},
		{"andersgiveaway", "8/8/8/8/8/p1p5/PpP5/kB6 w - - 0 1", 1, 1, "b1b1"},
		// The attacked pseudo-royal king does not castle; the commoner of
		// nocheckatomic castles through an attacked square.
		{"atomic", "4k3/8/8/8/8/8/8/r3K2R w K - 0 1", 3, 942, ""},
		{"atomic", "r3k3/8/8/8/8/8/8/2R1K3 b q - 0 1", 1, 15, ""},
		{"nocheckatomic", "r3k3/8/8/8/8/8/8/2R1K3 b q - 0 1", 1, 16, ""},
		{"atomic", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 88298, ""},
		{"nocheckatomic", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 88692, ""},
		{"atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197326, ""},
	}
	defs, err := Parse(strings.NewReader(anders), "anders.ini")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		d := Lookup(defs, c.variant)
		if d == nil {
			t.Fatalf("%s: not found", c.variant)
		}
		v, err := d.Wide()
		if err != nil {
			t.Fatalf("%s: %v", c.variant, err)
		}
		p, err := wide.ParseFEN(v, c.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", c.variant, c.fen, err)
		}
		if got := wide.Perft(&p, c.depth); got != c.nodes {
			t.Errorf("%s %s: perft %d = %d, want %d", c.variant, c.fen, c.depth, got, c.nodes)
		}
		if c.first != "" {
			moves := p.GenerateLegal(nil)
			if len(moves) == 0 || p.UCI(moves[0]) != c.first {
				t.Errorf("%s %s: moves %v, want %s first", c.variant, c.fen, moves, c.first)
			}
		}
	}
}

// TestMaterialCounting: at the n-move rule each materialCounting decides
// as Fairy-Stockfish's material_counting_result does.
func TestMaterialCounting(t *testing.T) {
	// Three white queens against one black queen, the 50-move count out.
	const fen = "3q4/8/8/8/8/8/8/1QQ1Q3 w - - 100 80"
	cases := []struct {
		counting, fen string
		want          wide.Result
	}{
		{"none", fen, wide.Draw},
		{"blackdrawodds", fen, wide.BlackWins},
		{"whitedrawodds", fen, wide.WhiteWins},
		{"unweighted", fen, wide.WhiteWins},
		{"unweighted", "3q4/8/8/8/8/8/8/4Q3 w - - 100 80", wide.Draw},
		{"unweighted", "3q1q2/8/8/8/8/8/8/4Q3 w - - 100 80", wide.BlackWins},
	}
	for _, c := range cases {
		ini := "[ctq]\nstartFen = 3q4/8/8/8/8/8/8/1QQ1QQ2\nqueen = q\nextinctionPieceTypes = q\nnFoldRule = 0\nmaterialCounting = " + c.counting + "\n"
		defs, err := Parse(strings.NewReader(ini), "t.ini")
		if err != nil {
			t.Fatalf("%s: %v", c.counting, err)
		}
		v, err := defs[0].Wide()
		if err != nil {
			t.Fatalf("%s: %v", c.counting, err)
		}
		p, err := wide.ParseFEN(v, c.fen)
		if err != nil {
			t.Fatalf("%s %s: %v", c.counting, c.fen, err)
		}
		if o := p.Status(); o.Reason != wide.FiftyMoves || o.Result != c.want {
			t.Errorf("%s %s: %v, want %v by the n-move rule", c.counting, c.fen, o, c.want)
		}
	}
}
