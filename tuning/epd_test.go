package tuning

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

func TestParseRecord(t *testing.T) {
	for _, tc := range []struct {
		line string
		want Record
		err  string
	}{
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; c9 "1-0"; ce 25; ply 8; game 3;`,
			Record{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Result: 1, Score: 25, HasScore: true, Ply: 8, Game: 3}, ""},
		{`8/8/8/8/8/8/8/K6k b - - c9 "1/2-1/2";`, Record{FEN: "8/8/8/8/8/8/8/K6k b - -", Result: 0.5}, ""},
		{`8/8/8/8/8/8/8/K6k b - - c9 "0-1"`, Record{FEN: "8/8/8/8/8/8/8/K6k b - -", Result: 0}, ""},
		{`8/8/8/8/8/8/8/K6k b - - id "a; b"; c9 "0-1"; foo bar baz;`, Record{FEN: "8/8/8/8/8/8/8/K6k b - -", Result: 0}, ""},
		{`8/8/8/8/8/8/8/K6k b - - fmvn 7; c9 "0-1";`, Record{FEN: "8/8/8/8/8/8/8/K6k b - - 0 7", Result: 0}, ""},
		{`8/8/8/8/8/8/8/K6k b - - ce 5;`, Record{}, "no result"},
		{`8/8/8/8/8/8/8/K6k b - - c9 "2-0";`, Record{}, `"2-0" is not a result`},
		{`8/8/8/8/8/8/8/K6k b - - c9 "1-0"; ce x;`, Record{}, `ce: "x" is not an integer`},
		{`8/8/8/8/8/8/8/K6k b - - c9 "1-0"; ply -1;`, Record{}, "ply: -1 is negative"},
		{`8/8/8/8/8/8/8/K6k b - - c9 "1-0`, Record{}, "unterminated"},
		{`8/8/8/8/8/8/8/K6k b; c9 "1-0";`, Record{}, "four FEN fields"},
		{`8/8/8/8/8/8/8/K6k b - - ;; c9 "1-0";`, Record{}, "empty operation"},
		// Junk after the last operation, or in place of an opcode, is
		// refused, not ignored as an unknown operation.
		{`8/8/8/8/8/8/8/K6k b - - c9 "1-0"; ` + strings.Repeat("junk ", 20000), Record{}, `junk after the last operation: "junk junk junk junk " (99999 bytes)`},
		{`8/8/8/8/8/8/8/K6k b - - c9 "1-0"; ce 5; x`, Record{}, `junk after the last operation: "x"`},
		{`8/8/8/8/8/8/8/K6k b - - c9 "1-0"; %%% 3;`, Record{}, `operation 2: "%%%" is not an EPD opcode`},
		{`8/8/8/8/8/8/8/K6k b - - c9 "1-0"; ce 5`, Record{FEN: "8/8/8/8/8/8/8/K6k b - -", Result: 1, Score: 5, HasScore: true}, ""},
		// A check-counting variant's checks left stand with the position.
		{`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 hmvc 4; fmvn 9; c9 "0-1";`,
			Record{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 4 9", Result: 0}, ""},
		{`8/8/8/8/8/8/8/K6k b - - 1+1 c9 "1-0";`, Record{FEN: "8/8/8/8/8/8/8/K6k b - - 1+1", Result: 1}, ""},
		{`8/8/8/8/8/8/8/K6k b - - 1+ c9 "1-0";`, Record{}, `"1+" is not an EPD opcode`},
	} {
		got, err := ParseRecord(tc.line)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s:\n got %+v, %v\nwant %+v", tc.line, got, err, tc.want)
		}
		if again, err := ParseRecord(got.Format()); err != nil || again != got {
			t.Errorf("%s: formatted as %s, read back as %+v, %v", tc.line, got.Format(), again, err)
		}
	}
}

// FuzzParseRecord: no line panics, and an accepted line formats to one
// that parses to the same record (parse -> format -> parse).
func FuzzParseRecord(f *testing.F) {
	f.Add(`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; c9 "1-0"; ce 25; ply 8; game 3;`)
	f.Add(`rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|Vc6Vd6/4/4/Vc1Vd1 w - - c9 "1/2-1/2";`)
	f.Add(`8/8/8/8/8/8/8/K6k b - - id "a; b"; c9 "0-1"`)
	f.Add(`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 hmvc 4; fmvn 9; c9 "0-1";`)
	f.Fuzz(func(t *testing.T, line string) {
		r, err := ParseRecord(line)
		if err != nil {
			return
		}
		again, err := ParseRecord(r.Format())
		if err != nil {
			t.Fatalf("%q -> %q: %v", line, r.Format(), err)
		}
		if again != r {
			t.Fatalf("%q -> %q:\n%+v\n%+v", line, r.Format(), r, again)
		}
	})
}

// Data and books of a check-counting variant keep each position's checks
// left (W+B after the en-passant field): datagen's lines read back to
// positions whose counts are not all the start's, and a book line reads
// back to the FEN it was written from.
func TestCheckCountingEPD(t *testing.T) {
	vs, err := variants.Load(strings.NewReader("[epdcheck:3check]\n"), "epd.ini")
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	path := filepath.Join(t.TempDir(), "d.epd")
	if _, err := Datagen(context.Background(), path, datagenOpts(t, v, 4, 2)); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	given := 0
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		r, err := ParseRecord(line)
		if err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, line)
		}
		if _, err := engines.ParseFEN(v, r.FEN); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if f := strings.Fields(r.FEN); len(f) != 7 || !engines.IsChecksField(f[4]) {
			t.Fatalf("line %d: FEN %q lacks the checks left", i+1, r.FEN)
		} else if f[4] != "3+3" {
			given++
		}
	}
	if given == 0 {
		t.Errorf("no position of 4 games after a check: the data lost the counts?")
	}
	fen := "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2"
	if _, got, err := parseBookLine(bookLine(fen, 12, 7)); err != nil || got != fen {
		t.Errorf("book line %q read back as %q, %v", bookLine(fen, 12, 7), got, err)
	}
}
