package fairy

import (
	"strings"
	"testing"

	"varena/engines/wide"
)

// TestCollinear: collinearN ends the game when that many of the counted
// pieces stand on one line of the allowed directions, whatever stands
// between them (three musketeers, diagonals not allowed). The counts are
// Fairy-Stockfish c19b5f6's go perft 1.
func TestCollinear(t *testing.T) {
	const ini = "[musketeers]\nmaxRank = 5\nmaxFile = 5\ncollinearN = 3\nconnectDiagonal = false\n" +
		"customPiece1 = m:cW\ncustomPiece2 = p:mW\nconnectValue = loss\nstalemateValue = win\nconnectPieceTypes = m\n" +
		"startFen = ppppM/ppppp/ppMpp/ppppp/Mpppp\n"
	cases := []struct {
		fen   string
		nodes uint64
	}{
		{"MpMpM/1pppp/ppppp/ppppp/ppppp b - - 0 1", 0}, // a rank, pawns between
		{"Mpppp/1pppp/Mpppp/ppppp/Mpppp b - - 0 1", 0}, // a file
		{"Mpppp/1pppp/ppMpp/ppppp/ppppM b - - 0 1", 2}, // a diagonal does not count
		{"MpppM/1pppp/ppppp/ppppp/ppMpp b - - 0 1", 2}, // no line
		{"ppppM/ppppp/ppMpp/ppppp/Mpppp w - - 0 1", 8}, // the start
	}
	defs, err := Parse(strings.NewReader(ini), "m.ini")
	if err != nil {
		t.Fatal(err)
	}
	v, err := Lookup(defs, "musketeers").Wide()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p, err := wide.ParseFEN(v, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := wide.Perft(&p, 1); got != c.nodes {
			t.Errorf("%s: perft 1 = %d, want %d", c.fen, got, c.nodes)
		}
	}
}
