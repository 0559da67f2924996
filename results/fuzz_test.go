package results

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
)

func FuzzReadPGN(f *testing.F) {
	for _, name := range []string{"testdata/cutechess.pgn", "testdata/fastchess.pgn"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	var b bytes.Buffer
	if err := WritePGN(&b, extinctionGame()); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	for _, s := range []string{
		"1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 $1 2. Nf3!? {x} ; y\n% z\n1-0",
		"\xef\xbb\xbf[Event \"a \\\"b\\\"\"]\r\n\r\n{c} 12... e5 *\r\n",
		"[FEN \"x b - - 0 9\"]\n{pre} 9... a6 {%one} {two} 10. b4 1/2-1/2 [Event \"n\"] 1. c4",
		"e4 [A \"\"] 1.",
		// Drops of promoted pieces, the one SAN that begins with '+'
		// (micro, kyotoshogi), and a '+' that begins no move.
		"[Variant \"micro\"]\n\n1. Rxb4 Gxd4-# 2. +B@d4 +P@e4+ 3.+S@a4# 0-1",
		"[Variant \"kyotoshogi\"]\n1. S2b3++ Bbxe4- 2. +L@e2 {x}+S@e1# *",
		"1. e4 + e5 +1 ++ 1-0",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameScan(t, data, 16) // a small window reads as the whole input does
		games, err := ReadPGN(bytes.NewReader(data))
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a SyntaxError", err)
			}
			if lines := bytes.Count(data, []byte{'\n'}) + 1; se.Line < 1 || se.Line > lines {
				t.Fatalf("error at line %d of %d: %v", se.Line, lines, err)
			}
			return
		}
		var out bytes.Buffer
		for _, g := range games {
			if err := WritePGNGame(&out, g); err != nil {
				t.Fatalf("WritePGNGame(%+v): %v", g, err)
			}
		}
		again, err := ReadPGN(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("reading back:\n%s\n%v", out.Bytes(), err)
		}
		if len(again) != len(games) {
			t.Fatalf("%d games read back as %d:\n%s", len(games), len(again), out.Bytes())
		}
		for i, g := range games {
			a := again[i]
			if !slices.Equal(a.Moves, g.Moves) || a.Result != g.Result {
				t.Fatalf("game %d: %q %s read back as %q %s", i, g.Moves, g.Result, a.Moves, a.Result)
			}
			if !slices.Equal(a.TagOrder, g.TagOrder) || !maps.Equal(a.Tags, g.Tags) {
				t.Fatalf("game %d: tags %q read back as %q", i, g.Tags, a.Tags)
			}
			if a.Comment != g.Comment || !slices.Equal(a.Comments, g.Comments) {
				t.Fatalf("game %d: comments %q %q read back as %q %q", i, g.Comment, g.Comments, a.Comment, a.Comments)
			}

			// What ToGame makes of it, WritePGN writes and ReadPGN reads.
			var pgn bytes.Buffer
			if err := WritePGN(&pgn, ToGame(g)); err != nil {
				t.Fatalf("WritePGN(ToGame(game %d)): %v", i, err)
			}
			back, err := ReadPGN(&pgn)
			if err != nil || len(back) != 1 || !slices.Equal(back[0].Moves, g.Moves) || back[0].Result != g.Result {
				t.Fatalf("game %d through ToGame and WritePGN: %v\n%s", i, err, pgn.Bytes())
			}
		}
	})
}

func FuzzJournalLine(f *testing.F) {
	line, err := formatLine(nil, extinctionGame())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(line)
	f.Add(line[:len(line)/2])
	f.Add([]byte(`{"id":3,"result":"*","started":"2024-01-02T03:04:05.6+01:00","moves":[{"uci":"e2e4","san":"e4","score":{"cp":0,"mate":-2}}]}`))
	f.Add([]byte(`{"id":1,"result":"1-0","white":"\u003c\u2028\"\\"}` + "\n{\"id\":1"))
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// As a whole file: never a panic, and what is kept is well formed.
		if sc, err := scanJournal(bytes.NewReader(data), "fuzz", nil); err == nil {
			if sc.good > int64(len(data)) || sc.good > 0 && data[sc.good-1] != '\n' {
				t.Fatalf("would keep %d bytes of %q", sc.good, data)
			}
		}

		g, err := parseLine(data)
		if err != nil {
			return
		}
		out, err := formatLine(nil, g)
		if err != nil {
			t.Fatalf("formatLine(%+v): %v", g, err)
		}
		if want := reflectLine(t, g); !bytes.Equal(out, want) {
			t.Fatalf("formatLine(%+v):\n got %s\nwant %s (encoding/json)", g, out, want)
		}
		if bytes.IndexByte(out, '\n') != len(out)-1 {
			t.Fatalf("journal line %q is not one line", out)
		}
		g2, err := parseLine(out)
		if err != nil {
			t.Fatalf("parseLine(%q): %v", out, err)
		}
		out2, err := formatLine(nil, g2)
		if err != nil || !bytes.Equal(out, out2) || !sameGame(g, g2) {
			t.Fatalf("%q read back as %q (%v)", out, out2, err)
		}
		_, err = scanJournal(bytes.NewReader(append(append([]byte(nil), out...), out...)), "fuzz", nil)
		if !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), "fuzz:2: ") || !strings.Contains(err.Error(), "line 1") {
			t.Fatalf("two copies of %q: %v, want a duplicate naming lines 2 and 1", out, err)
		}
	})
}
