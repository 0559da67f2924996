package fairy

import (
	"errors"
	"strings"
	"testing"
)

// TestWideOnly: a section with a rule only the wide engine plays parses,
// the narrow lowering refuses it in one line at the key, Wide plays it.
func TestWideOnly(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"hopper", "[a:chess]\ncannon = c\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNC w Qkq - 0 1\n", `t.ini:2: key "cannon": not supported: hopper (cannon: mRcpR)`},
		{"lame", "[a:chess]\nhorse = h\n", `t.ini:2: key "horse": not supported: lame leaper (horse: nN)`},
		{"big board", "[a:chess]\nmaxFile = j\nstartFen = rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w - - 0 1\n", `t.ini:2: key "maxFile": not supported:`},
		{"mobility", "[a:chess]\nmobilityRegionWhiteKing = *1 *2\n", `t.ini:2: key "mobilityRegionWhiteKing": not supported: mobility regions`},
		{"flying general", "[a:chess]\nflyingGeneral = true\n", `t.ini:2: key "flyingGeneral": not supported: flying general`},
		{"promotion limit", "[a:chess]\npromotionLimit = q:1\n", `t.ini:2: key "promotionLimit": not supported: promotion limits`},
	}
	for _, c := range cases {
		defs, err := Parse(strings.NewReader(c.text), "t.ini")
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		_, err = defs[0].narrow()
		if err == nil || !errors.Is(err, ErrUnsupported) || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: narrow lowering: %v, want %s", c.name, err, c.want)
		}
		if _, err := defs[0].Wide(); err != nil {
			t.Errorf("%s: Wide: %v", c.name, err)
		}
		if v, err := defs[0].Variant(); err != nil || v.Wide() == nil {
			t.Errorf("%s: Variant() = %v, %v: want the variant of the general engine", c.name, v, err)
		}
	}
}

// TestWideBuiltins lowers every large built-in and checks its start
// position is the variant's.
func TestWideBuiltins(t *testing.T) {
	for _, n := range []string{"capablanca", "caparandom", "gothic", "janus", "modern", "chancellor", "embassy", "centaur",
		"jesonmor", "courier", "grand", "shako", "clobber10", "minixiangqi", "xiangqi", "manchu",
		"janggi", "janggitraditional", "janggimodern", "janggicasual"} {
		d := Lookup(nil, n)
		if d == nil {
			t.Errorf("%s: not built in", n)
			continue
		}
		v, err := d.Wide()
		if err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		if v.Name() != n || v.StartFEN() != d.StartFEN {
			t.Errorf("%s: %s %s", n, v.Name(), v.StartFEN())
		}
		if _, err := d.narrow(); err == nil && d.Files*d.Ranks > 64 {
			t.Errorf("%s: the narrow engine took a board of %d squares", n, d.Files*d.Ranks)
		}
		if ev, err := d.Variant(); err != nil || ev.Wide() == nil {
			t.Errorf("%s: Variant() = %v, %v: want the variant of the general engine", n, ev, err)
		}
	}
}

// TestRefusalCause: a section refused for a later key that fails only
// because an earlier, unsupported key left its piece out is refused for
// the earlier key, its cause.
func TestRefusalCause(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"custom pawn with a", "[a]\nmaxRank = 7\nmaxFile = 7\nking = k\nrook = r\ncustomPiece1 = p:fmWfcaF\npromotedPieceType = p:r\nstartFen = 3k3/7/7/7/7/3P3/3K3 w - - 0 1\n",
			`t.ini:6: key "customPiece1": not supported: betza "fmWfcaF": multi-leg moves (a)`},
		{"bad letter alone", "[a:chess]\npromotedPieceType = x:q\n", `t.ini:2: key "promotedPieceType": value "x:q": no piece has the letter "x"`},
	}
	for _, c := range cases {
		defs, err := ParseSections(strings.NewReader(c.text), "t.ini")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, err = defs[0].Variant()
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: Variant() error %v, want %s", c.name, err, c.want)
		}
		if _, err := defs[0].Wide(); err == nil || err.Error() != c.want {
			t.Errorf("%s: Wide() error %v, want %s", c.name, err, c.want)
		}
	}
}
