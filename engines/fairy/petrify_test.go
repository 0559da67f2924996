package fairy

import (
	"strings"
	"testing"

	"varena/engines/wide"
)

// TestPetrify: a capture by a type of petrifyOnCaptureTypes leaves a
// wall on its square, after the explosion where captures explode; the
// FENs and counts are Fairy-Stockfish c19b5f6's (nuclear is its section,
// with its atomic parent).
func TestPetrify(t *testing.T) {
	const ini = "[petri:chess]\npetrifyOnCaptureTypes = n\n\n" +
		"[nuke:atomic]\npawn = -\ncustomPiece1 = p:fmWfceFifmnD\npawnTypes = p\npetrifyOnCaptureTypes = pnbrq\nenPassantRegion = -\n"
	cases := []struct {
		variant, fen, moves, after string
		nodes                      uint64
	}{
		{"petri", "4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1", 5},
		{"nuke", "4k3/8/8/3p4/2n5/8/8/3QK3 w - - 0 1", "d1d5", "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1", 5},
		{"nuke", "4k3/8/8/2*p4/8/8/8/3QK3 w - - 0 1", "d1d5", "4k3/8/8/2**4/8/8/8/4K3 b - - 0 1", 5},
		// The wall d5xe4 would leave does not shield e8 from e2: illegal.
		{"nuke", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/P7/1PPPQPPP/RNB1KBNR b KQkq - 1 3", "", "", 37},
	}
	defs, err := Parse(strings.NewReader(ini), "petri.ini")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p := widePosition(t, defs, c.variant, c.fen, c.moves)
		if c.after != "" && p.FEN() != c.after {
			t.Errorf("%s %s %s: %s, want %s", c.variant, c.fen, c.moves, p.FEN(), c.after)
		}
		if got := wide.Perft(&p, 1); got != c.nodes {
			t.Errorf("%s %s %s: perft 1 = %d, want %d", c.variant, c.fen, c.moves, got, c.nodes)
		}
	}
}
