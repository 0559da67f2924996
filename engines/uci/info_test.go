package uci

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"varena/engines/limits"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		line    string
		want    Info
		wantErr string
	}{
		{"info depth 3 seldepth 5 score cp 20 nodes 1234 nps 5000 time 17 pv e2e4 e7e5",
			Info{Depth: 3, SelDepth: 5, Score: Score{Kind: Centipawns, Value: 20}, Nodes: 1234, NPS: 5000,
				Time: 17 * time.Millisecond, PV: []string{"e2e4", "e7e5"}}, ""},
		// Fairy-Stockfish's lines: multipv, tbhits skipped.
		{"info depth 1 seldepth 1 multipv 1 score cp 0 nodes 185 nps 92500 tbhits 0 time 2 pv d7d5 f2f3",
			Info{Depth: 1, SelDepth: 1, MultiPV: 1, Score: Score{Kind: Centipawns}, Nodes: 185, NPS: 92500,
				Time: 2 * time.Millisecond, PV: []string{"d7d5", "f2f3"}}, ""},
		{"info depth 7 score mate -3 pv c1Vc1 Vc5Vc6q",
			Info{Depth: 7, Score: Score{Kind: MateIn, Value: -3}, PV: []string{"c1Vc1", "Vc5Vc6q"}}, ""},
		{"info depth 0 score mate 0", Info{Score: Score{Kind: MateIn}}, ""},
		{"info depth 9 score cp 35 lowerbound nodes 10",
			Info{Depth: 9, Score: Score{Kind: Centipawns, Value: 35, Bound: LowerBound}, Nodes: 10}, ""},
		{"info score cp -5 upperbound", Info{Score: Score{Kind: Centipawns, Value: -5, Bound: UpperBound}}, ""},
		// Unknown fields are skipped, with their numbers; a pv ends at a keyword.
		{"info wdl 100 800 100 hashfull 12 currmove e2e4 currmovenumber 1 depth 4",
			Info{Depth: 4}, ""},
		{"info pv a2a3 b7b6 depth 2", Info{Depth: 2, PV: []string{"a2a3", "b7b6"}}, ""},
		{"info string hello   world  ", Info{Text: "hello world"}, ""},
		{"info depth 2 string depth 5 pv x", Info{Depth: 2, Text: "depth 5 pv x"}, ""},
		{"info", Info{}, ""},
		{"bestmove e2e4", Info{}, "not an info line"},
		{"info depth x", Info{}, `bad number "x"`},
		{"info nodes", Info{}, "without a value"},
		{"info score 20", Info{}, "want cp or mate"},
		{"info time 99999999999999999", Info{}, "out of range"},
		{"info depth 99999999999", Info{}, "out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, err := ParseInfo(tt.line)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !infoEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func infoEqual(a, b Info) bool {
	return slices.Equal(a.PV, b.PV) && reflect.DeepEqual(a.withoutPV(), b.withoutPV())
}

func TestInfoString(t *testing.T) {
	in := Info{Depth: 4, SelDepth: 9, Score: Score{Kind: MateIn, Value: 2}, Nodes: 970, NPS: 1000, Time: 3 * time.Millisecond,
		PV: []string{"e6d4", "c1d1"}}
	want := "info depth 4 seldepth 9 score mate 2 nodes 970 nps 1000 time 3 pv e6d4 c1d1"
	if got := in.String(); got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// TestScoreSearch checks the mate conversion against the search's own
// convention: limits.MateIn must read back the moves to mate.
func TestScoreSearch(t *testing.T) {
	tests := []struct {
		score Score
		want  int
	}{
		{Score{Kind: MateIn, Value: 1}, limits.Mate - 1},
		{Score{Kind: MateIn, Value: 3}, limits.Mate - 5},
		{Score{Kind: MateIn, Value: -1}, -(limits.Mate - 2)},
		{Score{Kind: MateIn, Value: -4}, -(limits.Mate - 8)},
		{Score{Kind: MateIn, Value: 0}, -limits.Mate},
		{Score{Kind: Centipawns, Value: 35}, 35},
		{Score{Kind: Centipawns, Value: 29990}, limits.Mate - 2*limits.MaxPly}, // never read as a mate
		{Score{}, 0},
	}
	for _, tt := range tests {
		if got := tt.score.Search(); got != tt.want {
			t.Errorf("%v: Search() = %d, want %d", tt.score, got, tt.want)
		}
	}
	for n := -(limits.MaxPly - 1); n < limits.MaxPly; n++ {
		if n == 0 {
			continue
		}
		s := Score{Kind: MateIn, Value: n}
		if got := limits.MateIn(s.Search()); got != n {
			t.Errorf("MateIn(%v.Search()) = %d", s, got)
		}
		if got := ScoreOf(s.Search()); got != s {
			t.Errorf("ScoreOf(%v.Search()) = %v", s, got)
		}
	}
	if got := limits.MateIn(Score{Kind: Centipawns, Value: 1 << 20}.Search()); got != 0 {
		t.Errorf("a huge centipawn score reads as mate in %d", got)
	}
}

func TestParseOption(t *testing.T) {
	tests := []struct {
		line string
		want Option
	}{
		{"option name Hash type spin default 16 min 1 max 4096",
			Option{Name: "Hash", Type: "spin", Default: "16", Min: 1, Max: 4096}},
		{"option name UCI_Variant type combo default chess var 3check var extinction var losalamos",
			Option{Name: "UCI_Variant", Type: "combo", Default: "chess", Vars: []string{"3check", "extinction", "losalamos"}}},
		{"option name Debug Log File type string default ", Option{Name: "Debug Log File", Type: "string"}},
		{"option name Weights type string default <empty>", Option{Name: "Weights", Type: "string"}},
		{"option name Clear Hash type button", Option{Name: "Clear Hash", Type: "button"}},
		{"option name Analysis Contempt type combo default Both var Both var Off",
			Option{Name: "Analysis Contempt", Type: "combo", Default: "Both", Vars: []string{"Both", "Off"}}},
	}
	for _, tt := range tests {
		got, err := ParseOption(tt.line)
		if err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tt.line, got, tt.want)
		}
	}
	for _, bad := range []string{"id name x", "option name type spin", "option name X", "option name X type spin min z"} {
		if _, err := ParseOption(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func (in Info) withoutPV() Info {
	in.PV = nil
	return in
}

// FuzzParseInfo checks parse -> format -> parse gives the same Info.
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"info depth 3 seldepth 5 score cp 20 nodes 1234 nps 5000 time 17 pv e2e4 e7e5",
		"info depth 1 seldepth 1 multipv 1 score cp 0 nodes 185 nps 92500 tbhits 0 time 2 pv d7d5 f2f3 d5e4",
		"info depth 7 score mate -3 lowerbound pv c1Vc1 Vc5Vc6q string x  y",
		"info string", "info pv", "info score mate 0 upperbound wdl 1 2 3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, err := ParseInfo(line)
		if err != nil {
			return
		}
		text := a.String()
		b, err := ParseInfo(text)
		if err != nil {
			t.Fatalf("%q -> %q: %v", line, text, err)
		}
		if !infoEqual(a, b) {
			t.Fatalf("%q -> %q:\n%+v\n%+v", line, text, a, b)
		}
		a.Score.Search() // never panics
	})
}

// FuzzParseOption checks parse -> format -> parse gives the same Option.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"option name Hash type spin default 16 min 1 max 4096",
		"option name UCI_Variant type combo default chess var 3check var extinction",
		"option name Debug Log File type string default ",
		"option name Clear Hash type button",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, err := ParseOption(line)
		if err != nil {
			return
		}
		text := a.String()
		b, err := ParseOption(text)
		if err != nil {
			t.Fatalf("%q -> %q: %v", line, text, err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%q -> %q:\n%+v\n%+v", line, text, a, b)
		}
	})
}

// fieldCursor walks the fields strings.Fields splits, its one-space
// ASCII path or not.
func FuzzFieldCursor(f *testing.F) {
	for _, s := range []string{"info depth 3 score cp 20 pv e2e4", "  a\tb\n", "a  b ", "info\u00a0string x", "é b", "a\u2028b c", "a\x7fb \x01c", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var got []string
		c := fieldCursor{s: s}
		for w := c.next(); w != ""; w = c.next() {
			got = append(got, w)
		}
		if want := strings.Fields(s); !slices.Equal(got, want) {
			t.Fatalf("fields of %q: %q; want %q", s, got, want)
		}
	})
}

// appendFields splits as strings.Fields does, ASCII fast path or not.
func FuzzAppendFields(f *testing.F) {
	for _, s := range []string{"info depth 3 score cp 20 pv e2e4", "  a\tb\n", "info\u00a0string x", "é b", "a\u2028b c", ""} {
		f.Add(s, -1)
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		want := strings.Fields(s)
		if n >= 0 && n < len(want) {
			want = want[:n]
		}
		got := appendFields([]string{"kept"}, s, n)
		if got[0] != "kept" || !slices.Equal(got[1:], want) {
			t.Fatalf("appendFields(%q, %d) = %q; want %q", s, n, got[1:], want)
		}
	})
}

// parseInfoSplit is parseInfo as it was written first, on the line split
// whole: the reference FuzzParseInfoCursor holds parseInfo to.
func parseInfoSplit(line string, in *Info, keep bool) (pvLen int, err error) {
	var buf [128]string // a long pv fits: no allocation for the split
	f := appendFields(buf[:0], line, -1)
	if len(f) == 0 || f[0] != "info" {
		return 0, fmt.Errorf("not an info line: %q", line)
	}
	num := func(i int, key string) (int64, error) {
		if i >= len(f) {
			return 0, fmt.Errorf("info: %s without a value", key)
		}
		n, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("info: %s: bad number %q", key, f[i])
		}
		return n, nil
	}
	for i := 1; i < len(f); i++ {
		key := f[i]
		switch key {
		case "depth", "seldepth", "multipv":
			n, err := num(i+1, key)
			if err != nil {
				*in = Info{}
				return 0, err
			}
			if n > math.MaxInt32 || n < math.MinInt32 {
				*in = Info{}
				return 0, fmt.Errorf("info: %s: %d out of range", key, n)
			}
			i++
			switch key {
			case "depth":
				in.Depth = int(n)
			case "seldepth":
				in.SelDepth = int(n)
			default:
				in.MultiPV = int(n)
			}
		case "nodes", "nps":
			n, err := num(i+1, key)
			if err != nil {
				*in = Info{}
				return 0, err
			}
			i++
			if key == "nodes" {
				in.Nodes = n
			} else {
				in.NPS = n
			}
		case "time":
			n, err := num(i+1, key)
			if err != nil {
				*in = Info{}
				return 0, err
			}
			if n > maxMillis || n < -maxMillis {
				*in = Info{}
				return 0, fmt.Errorf("info: time: %d ms out of range", n)
			}
			i++
			in.Time = time.Duration(n) * time.Millisecond
		case "score":
			if i+1 >= len(f) || (f[i+1] != "cp" && f[i+1] != "mate") {
				*in = Info{}
				return 0, fmt.Errorf("info: score: want cp or mate")
			}
			n, err := num(i+2, "score "+f[i+1])
			if err != nil {
				*in = Info{}
				return 0, err
			}
			if n > math.MaxInt32 || n < math.MinInt32 {
				*in = Info{}
				return 0, fmt.Errorf("info: score: %d out of range", n)
			}
			in.Score = Score{Kind: Centipawns, Value: int(n)}
			if f[i+1] == "mate" {
				in.Score.Kind = MateIn
			}
			i += 2
			if i+1 < len(f) {
				switch f[i+1] {
				case "lowerbound":
					in.Score.Bound = LowerBound
					i++
				case "upperbound":
					in.Score.Bound = UpperBound
					i++
				}
			}
		case "pv":
			j := i + 1
			for j < len(f) && !infoKeyword(f[j]) {
				j++
			}
			pvLen = j - i - 1
			if keep {
				in.PV = slices.Clone(f[i+1 : j])
			}
			i = j - 1
		case "string":
			if keep || (i+1 < len(f) && f[i+1] == PGNCommentPrefix) {
				in.Text = strings.Join(f[i+1:], " ")
			}
			i = len(f)
		}
	}
	return pvLen, nil
}

// FuzzParseInfoCursor checks that parseInfo, which takes the fields one
// at a time, reads every line as parseInfoSplit does: the same Info, pv
// length and error.
func FuzzParseInfoCursor(f *testing.F) {
	for _, s := range []string{
		"info depth 3 seldepth 5 score cp 20 nodes 1234 nps 5000 time 17 pv e2e4 e7e5",
		"info depth 1 seldepth 1 multipv 1 score cp 0 nodes 185 nps 92500 tbhits 0 time 2 pv d7d5 f2f3 d5e4",
		"info depth 7 score mate -3 lowerbound pv c1Vc1 Vc5Vc6q string x  y",
		"info string", "info pv", "info score mate 0 upperbound wdl 1 2 3", "info pv e2e4 pv", "info score cp",
		"info\u00a0depth 2\u2003pv e2e4", "info depth x", "info pv a b depth 4 pv c", "info score cp 5 depth 3 string pgncomment a",
	} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, line string, keep bool) {
		var a, b Info
		na, ea := parseInfo(line, &a, keep)
		nb, eb := parseInfoSplit(line, &b, keep)
		if na != nb || (ea == nil) != (eb == nil) || (ea != nil && ea.Error() != eb.Error()) || !infoEqual(a, b) || a.Text != b.Text {
			t.Fatalf("%q keep %v:\ncursor %d %v %+v\nsplit  %d %v %+v", line, keep, na, ea, a, nb, eb, b)
		}
	})
}

// BenchmarkParseInfo reads a search's info lines as the client does for
// every line (numbers only), with parseInfo and with the split-first
// reference, side by side.
func BenchmarkParseInfo(b *testing.B) {
	lines := []string{
		"info depth 9 seldepth 12 multipv 1 score cp 31 nodes 1021 nps 510500 hashfull 0 tbhits 0 time 2 pv e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1",
		"info depth 10 seldepth 14 multipv 1 score cp 28 upperbound nodes 1534 nps 511333 hashfull 1 tbhits 0 time 3 pv e2e4 e7e5",
		"info depth 10 currmove d2d4 currmovenumber 2",
	}
	for _, c := range []struct {
		name  string
		parse func(string, *Info, bool) (int, error)
	}{{"cursor", parseInfo}, {"split", parseInfoSplit}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				var in Info
				if _, err := c.parse(lines[i%len(lines)], &in, false); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}

// BenchmarkInfoState reads the info lines of one search of Stockfish at
// 1000 nodes as the client does while it waits for bestmove: every line
// checked, the numbers of the ones to report kept.
func BenchmarkInfoState(b *testing.B) {
	lines := []string{
		"info depth 1 seldepth 1 multipv 1 score cp 16 nodes 32 nps 32000 hashfull 0 tbhits 0 time 1 pv g1f3",
		"info depth 2 seldepth 2 multipv 1 score cp 36 nodes 94 nps 94000 hashfull 0 tbhits 0 time 1 pv b1c3",
		"info depth 3 seldepth 2 multipv 1 score cp 72 nodes 131 nps 131000 hashfull 0 tbhits 0 time 1 pv g1f3",
		"info depth 4 seldepth 2 multipv 1 score cp 72 nodes 162 nps 162000 hashfull 0 tbhits 0 time 1 pv g1f3",
		"info depth 5 seldepth 2 multipv 1 score cp 119 nodes 197 nps 197000 hashfull 0 tbhits 0 time 1 pv g1f3",
		"info depth 6 seldepth 3 multipv 1 score cp 119 nodes 240 nps 240000 hashfull 0 tbhits 0 time 1 pv g1f3 c7c6",
		"info depth 7 seldepth 4 multipv 1 score cp 42 nodes 1000 nps 500000 hashfull 0 tbhits 0 time 2 pv g1f3 g8f6 f3e5",
	}
	for b.Loop() {
		var st infoState
		for _, l := range lines {
			st.add(l)
		}
		if in, ok := st.best(); !ok || in.Depth != 7 || st.nodes != 1000 {
			b.Fatalf("best %+v %v, nodes %d; want depth 7, nodes 1000", in, ok, st.nodes)
		}
	}
}
