package engines_test

import (
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/variants"
	"varena/engines/wide"
)

// TestWideVariantThroughEngines: a variant of the general rules engine
// is played through package engines' Variant, Position and Game as any
// other: perft, move text both ways, captures and drops, the game's
// outcome, and errors that say what is wrong once.
func TestWideVariantThroughEngines(t *testing.T) {
	xq, err := variants.ByName("xiangqi")
	if err != nil {
		t.Fatal(err)
	}
	if xq.Wide() == nil {
		t.Fatal("xiangqi is not played by the general engine")
	}
	start := xq.StartPosition()
	if got, want := engines.Perft(&start, 3), wide.Perft(start.Wide(), 3); got != want || got != 79666 {
		t.Errorf("perft 3: %d, wide's %d, want 79666", got, want)
	}
	if start.FEN() != "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" {
		t.Errorf("start FEN %s", start.FEN())
	}
	// The cannon on h3 takes the horse on h10, hopping over the cannon on h8.
	g := engines.NewGame(start)
	for _, uci := range []string{"h3h10"} {
		m, err := g.Position().ParseUCIMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		p := g.Position()
		if !p.IsCapture(m) || p.CapturedType(m) == engines.NoPieceType || xq.Letter(p.MovedType(m)) != 'C' {
			t.Errorf("%s: capture %v, takes %v, moves %c", uci, p.IsCapture(m), p.CapturedType(m), xq.Letter(p.MovedType(m)))
		}
		if san := g.PlaySAN(m); san != "Cxh10" {
			t.Errorf("%s written %s, want Cxh10", uci, san)
		}
		if xq.UCI(m) != uci {
			t.Errorf("UCI %s, want %s", xq.UCI(m), uci)
		}
	}
	if o := g.Outcome(); o.Result != engines.Ongoing {
		t.Errorf("outcome %v", o)
	}
	for _, tt := range []struct{ text, want string }{
		{"h10h8", `move "h10h8" in `},
		{"zz", `move "zz" in `},
	} {
		_, err := g.Position().ParseUCIMove(tt.text)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Count(err.Error(), tt.text) != 1 {
			t.Errorf("%s: %v, want one mention of the move after %q", tt.text, err, tt.want)
		}
	}

	zh, err := variants.ByName("crazyhouse")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := engines.ParseFEN(zh, "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseUCIMove("P@e4")
	if err != nil {
		t.Fatal(err)
	}
	if pos.IsCapture(m) || zh.Letter(pos.MovedType(m)) != 'P' || pos.SAN(m) != "P@e4" {
		t.Errorf("P@e4: capture %v, moves %c, SAN %s", pos.IsCapture(m), zh.Letter(pos.MovedType(m)), pos.SAN(m))
	}
	if child := pos.Play(m); !strings.HasPrefix(child.FEN(), "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPPPPPP/RNBQKBNR[p] b ") {
		t.Errorf("after P@e4: %s", child.FEN())
	}
}
