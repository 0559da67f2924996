package chess_test

import (
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/chess"
)

// Scharnagl's numbering: known arrays, from the Chess960 numbering
// scheme's own table.
func TestBackRank960(t *testing.T) {
	for n, want := range map[int]string{0: "BBQNNRKR", 518: "RNBQKBNR", 959: "RKRNNQBB", 1: "BQNBNRKR", 4: "QBBNNRKR"} {
		got, err := chess.BackRank960(n)
		if err != nil || got != want {
			t.Errorf("BackRank960(%d) = %q, %v; want %q", n, got, err, want)
		}
	}
	for _, n := range []int{-1, 960} {
		if _, err := chess.BackRank960(n); err == nil {
			t.Errorf("BackRank960(%d): no error", n)
		}
	}
}

// Every number gives a different legal array: bishops on squares of both
// colours, the king between the rooks; each parses with its two rights
// per side, and its start position has 18 to 21 legal moves.
func TestAll960(t *testing.T) {
	seen := map[string]bool{}
	for n := 0; n < 960; n++ {
		back, _ := chess.BackRank960(n)
		if seen[back] {
			t.Fatalf("%d: %s twice", n, back)
		}
		seen[back] = true
		b1, b2 := strings.IndexByte(back, 'B'), strings.LastIndexByte(back, 'B')
		r1, k, r2 := strings.IndexByte(back, 'R'), strings.IndexByte(back, 'K'), strings.LastIndexByte(back, 'R')
		if (b1+b2)%2 == 0 || !(r1 < k && k < r2) || strings.Count(back, "N") != 2 || strings.Count(back, "Q") != 1 {
			t.Fatalf("%d: bad array %s", n, back)
		}
		pos, err := chess.StartPosition960(n)
		if err != nil {
			t.Fatalf("%d: %v", n, err)
		}
		if f := strings.Fields(pos.FEN())[2]; f != "KQkq" {
			t.Errorf("%d: castling rights %q, want KQkq", n, f)
		}
		if m := len(pos.GenerateMoves(nil)); m < 18 || m > 21 {
			t.Errorf("%d: %d legal moves", n, m)
		}
	}
}

func TestInsufficientMaterial(t *testing.T) {
	for fen, want := range map[string]bool{
		"8/8/8/4k3/8/8/8/4K3 w - - 0 1":     true,  // K v K
		"8/8/8/4k3/8/8/8/2B1K3 w - - 0 1":   true,  // K+B v K
		"8/8/8/4k3/8/8/8/1N2K3 w - - 0 1":   true,  // K+N v K
		"2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1": false, // bishops on squares of both colours
		"5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1": true,  // bishops alike
		"8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1":  false, // two knights can mate (with help)
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1":   false,
		"8/8/8/4k3/8/8/8/2BNK3 w - - 0 1":   false,
	} {
		pos, err := engines.ParseFEN(chess.Standard, fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := pos.InsufficientMaterial(); got != want {
			t.Errorf("%s: InsufficientMaterial %v, want %v", fen, got, want)
		}
		if want && pos.Status().Reason != engines.InsufficientMaterial {
			t.Errorf("%s: Status %v", fen, pos.Status())
		}
	}
}

// Castling rights in X-FEN and Shredder-FEN read to the same position,
// written back as X-FEN by FEN and as files by ShredderFEN.
func TestChess960Rights(t *testing.T) {
	for _, c := range []struct{ in, xfen, shredder string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "KQkq", "HAha"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "KQkq", "HAha"},
		{"r3k2r/8/8/8/8/8/8/RR2K2R w KBkq - 0 1", "KBkq", "HBha"},
		{"r3k2r/8/8/8/8/8/8/RR2K2R w HBh - 0 1", "KBk", "HBh"},
		{"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "KQ", "HA"},
	} {
		pos, err := engines.ParseFEN(chess.Chess960, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Fields(pos.FEN())[2]; got != c.xfen {
			t.Errorf("%s: X-FEN rights %q, want %q", c.in, got, c.xfen)
		}
		if got := strings.Fields(pos.ShredderFEN())[2]; got != c.shredder {
			t.Errorf("%s: Shredder-FEN rights %q, want %q", c.in, got, c.shredder)
		}
	}
}
