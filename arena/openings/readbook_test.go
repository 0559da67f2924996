package openings

import (
	"strings"
	"testing"

	"varena/engines/extinction"
)

func TestReadBook(t *testing.T) {
	text := "# openings\n\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ; c0 \"start\"\n" +
		"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - bm Nf6;\n" +
		"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - hmvc 1; fmvn 1; ce 20; id \"7\";\n"
	book, err := readBook(strings.NewReader(text), "b.epd", extinction.Variant)
	if err != nil {
		t.Fatal(err)
	}
	if len(book) != 4 || !book[1].Initial || book[0].Initial {
		t.Errorf("book %+v", book)
	}
	// The move counters of varena book's hmvc and fmvn operations.
	if want := "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"; len(book) == 4 && book[3].FEN != want {
		t.Errorf("hmvc 1; fmvn 1: %q, want %q", book[3].FEN, want)
	}
	// A check-counting variant's checks left stand after the en-passant
	// field, in an EPD line as in a FEN.
	for _, line := range []string{
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 hmvc 0; fmvn 2; ce 12; id \"7\";",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2",
	} {
		if got, want := epdFEN(line), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2"; got != want {
			t.Errorf("epdFEN(%q) = %q, want %q", line, got, want)
		}
	}
	_, err = readBook(strings.NewReader("\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq -\n"), "b.epd", extinction.Variant)
	if err == nil || !strings.HasPrefix(err.Error(), "b.epd:2: ") {
		t.Errorf("bad line: error %v, want one starting b.epd:2:", err)
	}
	_, err = readBook(strings.NewReader("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n"), "b.epd", extinction.Variant)
	if err == nil || !strings.Contains(err.Error(), "already over") {
		t.Errorf("decided position: error %v", err)
	}
}
