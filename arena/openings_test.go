package arena

import (
	"bytes"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// FuzzReadBook: an opening file never makes the reader panic; what it
// accepts are positions of the variant, not over, whose FEN reads back.
func FuzzReadBook(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\"; c0 \"x\"\n# comment\n\n",
		"rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1\r\n",
		"NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNN1nnn w - - 0 1",
		"8/8/8/8/8/8/8/8 w - -\n",
		"rnbqkbnr/pppppppp/8/8 w",
	} {
		f.Add([]byte(s), uint8(0))
	}
	vs := variants.All
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		v := vs[int(which)%len(vs)]
		book, err := readBook(bytes.NewReader(data), "book.epd", v)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "book.epd") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for _, o := range book {
			pos, err := engines.ParseFEN(v, o.FEN)
			if err != nil || pos.FEN() != o.FEN {
				t.Fatalf("opening %q of %s does not read back: %v", o.FEN, v.Name, err)
			}
			if pos.Status().Result != engines.Ongoing {
				t.Fatalf("opening %q of %s is over", o.FEN, v.Name)
			}
			if o.Initial != v.IsStart(&pos) {
				t.Fatalf("opening %q: Initial %v", o.FEN, o.Initial)
			}
		}
	})
}
