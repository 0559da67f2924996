package results

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// reflectLine is the journal line as encoding/json writes it, which
// formatLine must match byte for byte.
func reflectLine(t testing.TB, g Game) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(g); err != nil {
		t.Fatalf("encoding/json: %v", err)
	}
	return b.Bytes()
}

func TestLineMatchesEncodingJSON(t *testing.T) {
	tricky := "tab\there \"quoted\" back\\slash \b\f\n\r \x00\x01\x1f\x7f <&> é ♞ \u2028\u2029 bad\xff\xfe utf8 \xe2\x80"
	full := extinctionGame()
	full.Reason, full.Site = tricky, "Los Alamos"
	full.Ponder = &PonderCounts{Tries: [2]int{30, 29}, Hits: [2]int{12, 0}}
	full.Overruns = []Overrun{{Ply: 3, Side: "black", OverMS: 21}, {Ply: 8, Side: "white", OverMS: 434}}
	empty := Game{Result: Unfinished}
	noMoves := game(3, Draw)
	noMoves.Moves = []Move{}
	zone := game(4, BlackWins)
	zone.Started = time.Date(2026, 11, 29, 15, 4, 5, 123456789, time.FixedZone("X", -(3*3600+1800)))
	odd := game(5, WhiteWins)
	odd.Event, odd.White, odd.Black, odd.StartFEN, odd.TimeControl = tricky, "", "\u2028", tricky, "-"
	odd.Moves = append(odd.Moves, Move{UCI: "c1Vc1", SAN: tricky, Score: &Score{CP: -7, Mate: 0}, Nodes: -1, TimeMS: -5, Comment: tricky},
		Move{Score: &Score{CP: 1 << 40, Mate: -1 << 40}, Depth: -3})
	for name, g := range map[string]Game{"full": full, "empty": empty, "no moves": noMoves, "zone": zone, "odd": odd} {
		got, err := formatLine(nil, g)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := reflectLine(t, g); !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want)
		}
	}
}

// A time encoding/json cannot write is an error, not a line.
func TestLineBadTime(t *testing.T) {
	g := game(1, Draw)
	g.Started = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	if line, err := formatLine(nil, g); err == nil {
		t.Errorf("year 10000 encoded as %s", line)
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "\x00\x1f\x7f", "\u2028\u2029", "\xff", "é\xe2\x80", "<>&"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		// json.Marshal escapes <, > and &; the journal's encoder does not.
		want = bytes.ReplaceAll(want, []byte(`\u003c`), []byte("<"))
		want = bytes.ReplaceAll(want, []byte(`\u003e`), []byte(">"))
		want = bytes.ReplaceAll(want, []byte(`\u0026`), []byte("&"))
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("appendString(%q) = %s, encoding/json %s", s, got, want)
		}
	})
}

func BenchmarkJournalLine(b *testing.B) {
	g := game(1, WhiteWins)
	for len(g.Moves) < 60 {
		g.Moves = append(g.Moves, g.Moves...)
	}
	b.Run("append", func(b *testing.B) {
		for b.Loop() {
			if _, err := formatLine(nil, g); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			reflectLine(b, g)
		}
	})
}
