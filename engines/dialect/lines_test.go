package dialect

import (
	"reflect"
	"testing"

	"varena/engines/limits"
	"varena/engines/uci"
)

func TestParseInfo(t *testing.T) {
	for _, c := range []struct {
		proto Protocol
		line  string
		want  uci.Score
		pv    []string
	}{
		{UCCI, "info depth 5 seldepth 6 multipv 1 score cp 256 nodes 1562 pv g0e2 b7b5", uci.Score{Kind: uci.Centipawns, Value: 256}, []string{"g0e2", "b7b5"}},
		{UCCI, "info depth 1 seldepth 1 multipv 1 score 52 nodes 19 pv b1b4", uci.Score{Kind: uci.Centipawns, Value: 52}, []string{"b1b4"}},
		{UCCI, "info depth 8 score -7 upperbound nodes 26180 pv g0e2", uci.Score{Kind: uci.Centipawns, Value: -7, Bound: uci.UpperBound}, []string{"g0e2"}},
		{UCCI, "info depth 9 score mate 2 pv h2e2", uci.Score{Kind: uci.MateIn, Value: 2}, []string{"h2e2"}},
		{USI, "info depth 3 score cp 278 nodes 90 pv 3e2d 4a5b", uci.Score{Kind: uci.Centipawns, Value: 278}, []string{"3e2d", "4a5b"}},
		// USI counts mates in plies: 3 plies is our 2nd move, -4 the
		// opponent's 2nd.
		{USI, "info depth 7 score mate 3 pv P*5b", uci.Score{Kind: uci.MateIn, Value: 2}, []string{"P*5b"}},
		{USI, "info depth 7 score mate -4 pv 5a4a", uci.Score{Kind: uci.MateIn, Value: -2}, []string{"5a4a"}},
		{USI, "info depth 7 score mate + pv 5a4a", uci.Score{Kind: uci.MateIn, Value: limits.MaxPly}, []string{"5a4a"}},
		{USI, "info depth 7 score mate - pv 5a4a", uci.Score{Kind: uci.MateIn, Value: -limits.MaxPly}, []string{"5a4a"}},
		{USI, "info string score 5", uci.Score{}, nil},
	} {
		in, err := ParseInfo(c.proto, c.line)
		if err != nil || in.Score != c.want || !reflect.DeepEqual(in.PV, c.pv) {
			t.Errorf("%v %q: %+v, %v; want score %+v pv %v", c.proto, c.line, in, err, c.want, c.pv)
		}
	}
	for _, bad := range []string{"bestmove a1a2", "info depth x", "info score", "info score mate"} {
		if _, err := ParseInfo(USI, bad); err == nil {
			t.Errorf("ParseInfo(%q): no error", bad)
		}
	}
}

func TestParseBestMove(t *testing.T) {
	for _, c := range []struct {
		line string
		want BestMove
		ok   bool
	}{
		{"bestmove 7g7f", BestMove{Move: "7g7f"}, true},
		{"bestmove g0e2 ponder b7b5", BestMove{Move: "g0e2", Ponder: "b7b5"}, true},
		{"bestmove resign", BestMove{Move: "resign", Resign: true}, true},
		{"bestmove win", BestMove{Move: "win", Win: true}, true},
		{"bestmove (none)", BestMove{None: true}, true},
		{"nobestmove", BestMove{None: true}, true},
		{"bestmove h2e2 resign", BestMove{Move: "h2e2", Resign: true}, true},
		{"bestmove h2e2 ponder h9g7 draw", BestMove{Move: "h2e2", Ponder: "h9g7", Draw: true}, true},
		{"bestmove", BestMove{}, true},
		{"info depth 1", BestMove{}, false},
		{"bestmoves a", BestMove{}, false},
	} {
		b, ok := ParseBestMove(c.line)
		b.Text = ""
		if ok != c.ok || b != c.want {
			t.Errorf("ParseBestMove(%q) = %+v, %v; want %+v, %v", c.line, b, ok, c.want, c.ok)
		}
	}
}

func TestParseOption(t *testing.T) {
	for _, c := range []struct {
		proto Protocol
		line  string
		want  uci.Option
	}{
		{UCCI, "option usemillisec type check default true", uci.Option{Name: "usemillisec", Type: "check", Default: "true"}},
		{UCCI, "option Hash type spin default 16 min 1 max 131072", uci.Option{Name: "Hash", Type: "spin", Default: "16", Min: 1, Max: 131072}},
		{USI, "option name USI_Variant type combo default shogi var minishogi var shogi", uci.Option{Name: "USI_Variant", Type: "combo", Default: "shogi", Vars: []string{"minishogi", "shogi"}}},
		{USI, "option name Skill Level type spin default 20 min -20 max 20", uci.Option{Name: "Skill Level", Type: "spin", Default: "20", Min: -20, Max: 20}},
	} {
		o, err := ParseOption(c.proto, c.line)
		if err != nil || !reflect.DeepEqual(o, c.want) {
			t.Errorf("%v %q: %+v, %v; want %+v", c.proto, c.line, o, err, c.want)
		}
	}
}

func TestSFEN(t *testing.T) {
	for _, c := range []struct {
		fen, want string
	}{
		{"rbsgk/4p/5/P4/KGSBR[] w - - 0 1", "rbsgk/4p/5/P4/KGSBR b - 1"},
		{"rbsgk/4p/5/P4/KGSBR[PPbp] b - - 0 4", "rbsgk/4p/5/P4/KGSBR w 2Pbp 8"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - - 0 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ""},
		{"8/8/8/3pP3/8/8/8/k6K w - d6 0 2", ""},
		{"8/8 x - - 0 1", ""},
		{"", ""},
	} {
		got, ok := SFEN(c.fen)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("SFEN(%q) = %q, %v; want %q", c.fen, got, ok, c.want)
		}
	}
}

// FuzzLines feeds any line to every reader of the engine's output: none
// panics, and what ParseBestMove reads writes back to a line it reads
// the same.
func FuzzLines(f *testing.F) {
	for _, s := range []string{
		"info depth 5 score cp 256 nodes 1562 pv g0e2 b7b5", "info depth 1 score 52 pv b1b4",
		"info depth 7 score mate + pv 5a4a", "info score mate -4", "bestmove 7g7f ponder 3c3d",
		"bestmove resign", "bestmove win", "nobestmove", "bestmove h2e2 resign draw",
		"option usemillisec type check default true", "option name USI_Variant type combo default shogi var shogi",
		"rbsgk/4p/5/P4/KGSBR[PPbp] b - - 0 4",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, p := range []Protocol{USI, UCCI} {
			ParseInfo(p, line)
			ParseOption(p, line) // UCI's reader underneath: its fuzz test checks the round trip

		}
		if b, ok := ParseBestMove(line); ok {
			b2, ok2 := ParseBestMove(b.String())
			b.Text, b2.Text = "", ""
			if !ok2 || b != b2 {
				t.Errorf("%q: %+v -> %q -> %+v", line, b, b.String(), b2)
			}
		}
		SFEN(line)
	})
}
