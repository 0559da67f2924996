package xboard

import (
	"slices"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// TestNotation: moves and positions in XBoard's notation where it is not
// varena's. Each case was met with real engines: Fairy-Stockfish in
// xboard mode and MaxQi write xiangqi's ranks from 0 (their h0g2 was
// read as an illegal h0), Sjaak II refuses a xiangqi FEN with N, and a
// shogi promotion's "+" was read as a check sign (the promotion lost,
// the engines' boards apart from the referee's).
func TestNotation(t *testing.T) {
	for _, tt := range []struct {
		variant, fen string
		moves        []string // varena's UCI text, played first
		ours, theirs string   // a move in varena's and XBoard's text
	}{
		{"xiangqi", "", nil, "h1g3", "h0g2"},
		{"xiangqi", "", nil, "b3b10", "b2b9"},
		{"xiangqi", "", []string{"h3e3"}, "h10g8", "h9g7"},
		{"shogi", "", []string{"c3c4", "g7g6"}, "b2h8+", "b2h8+"},
		{"shogi", "", []string{"c3c4", "g7g6"}, "b2h8", "b2h8"},
		{"crazyhouse", "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3", []string{"f3e5", "f6e4"}, "f1b5", "f1b5"},
		{"standard", "", nil, "e2e4", "e2e4"},
	} {
		v := mustVariant(t, tt.variant)
		g := gameAt(t, v, tt.fen, tt.moves...)
		pos := g.Position()
		want, err := pos.ParseUCIMove(tt.ours)
		if err != nil {
			t.Fatalf("%s: %s: %v", tt.variant, tt.ours, err)
		}
		if got := MoveText(pos, want, false); got != tt.theirs {
			t.Errorf("%s: MoveText(%s) = %q, want %q", tt.variant, tt.ours, got, tt.theirs)
		}
		if got, err := ParseMove(pos, tt.theirs); err != nil || got != want {
			t.Errorf("%s: ParseMove(%q) = %s, %v; want %s", tt.variant, tt.theirs, v.UCI(got), err, tt.ours)
		}
	}

	// A check sign after a coordinate move is read as one.
	g := gameAt(t, mustVariant(t, "standard"), "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
	if m, err := ParseMove(g.Position(), "f1b5+"); err != nil || g.Position().Variant().UCI(m) != "f1b5" {
		t.Errorf("ParseMove(f1b5+) = %v, %v", m, err)
	}
	// varena's ranks on xiangqi's board are XBoard's one higher: h1g3
	// names an empty h1 there.
	xq := mustVariant(t, "xiangqi")
	start := xq.StartPosition()
	if m, err := ParseMove(&start, "h1g3"); err == nil {
		t.Errorf("ParseMove(h1g3) in xiangqi = %s, want an error (XBoard's h1 is varena's h2)", xq.UCI(m))
	}
}

// TestXboardFEN: a xiangqi position goes to an engine with XBoard's
// letters, by setboard and in edit mode (on its squares), and comes back
// from XBoard the same; other variants' FENs are varena's.
func TestXboardFEN(t *testing.T) {
	xq := mustVariant(t, "xiangqi")
	start := xq.StartPosition()
	const want = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1"
	if got := FEN(&start); got != want {
		t.Errorf("FEN = %q, want %q", got, want)
	}
	for _, fen := range []string{want, start.FEN()} {
		pos, err := ParseFEN(xq, fen)
		if err != nil || pos.FEN() != start.FEN() {
			t.Errorf("ParseFEN(%q) = %q, %v; want the start", fen, pos.FEN(), err)
		}
	}
	for _, name := range []string{"standard", "shatranj", "makruk", "capablanca", "shogi", "crazyhouse"} {
		v := mustVariant(t, name)
		pos := v.StartPosition()
		if got := FEN(&pos); got != pos.FEN() {
			t.Errorf("%s: FEN = %q, want varena's %q", name, got, pos.FEN())
		}
	}

	e := &Engine{feat: defaultFeatures()} // no setboard: edit mode
	lines := e.position(&start)
	for _, w := range []string{"Ra0", "Hb0", "Ec0", "Ad0", "Ke0", "Cb2", "Pa3", "Hb9", "Ec9", "Cb7"} {
		if !slices.Contains(lines, w) {
			t.Errorf("edit mode %q: no %s", lines, w)
		}
	}
}

func mustVariant(t *testing.T, name string) *engines.Variant {
	t.Helper()
	v, err := variants.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
