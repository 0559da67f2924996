package xboard

import (
	"reflect"
	"testing"

	"varena/engines/chess"
	"varena/engines/variants"
)

// FuzzParseFeatures: a feature line parses or is refused, never a panic;
// what parses is written back and parses to the same pairs.
func FuzzParseFeatures(f *testing.F) {
	for _, s := range []string{
		`feature ping=1 setboard=1 myname="Fairy-Max 5.0b" variants="normal,shatranj" done=0`,
		`feature option="Resign Threshold -spin 800 200 1200"`,
		`feature myname=Fairy-Stockfish variants="chess,3check"`,
		`feature a= b="" c="x y"`, `feature x="open`, `feature =1`, `featurex=1`, `feature`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		fs, err := ParseFeatures(line)
		if err != nil {
			return
		}
		again, err := ParseFeatures(FormatFeatures(fs))
		if err != nil || !reflect.DeepEqual(again, fs) && len(fs) > 0 {
			t.Fatalf("%q: %+v, written %q, read back %+v, %v", line, fs, FormatFeatures(fs), again, err)
		}
	})
}

// FuzzParseOption: an option feature's value parses or is refused; what
// parses is written back and parses to the same option.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"Resign -check 0", "Resign Threshold -spin 800 200 1200", "Ini File -file /usr/share/fmax.ini",
		"Variant fairy selects -combo FIDE-Clobberers /// *Clobberers-FIDE", "Clear Hash -button",
		"Dummy String Example -string happy birthday!", "Moves before draw offer (0 to disable) -spin 0 0 1000",
		"x -slider 1 2", "-spin 1 2 3", "a -check 2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		o, err := ParseOption(value)
		if err != nil {
			return
		}
		again, err := ParseOption(o.String())
		if err != nil || !reflect.DeepEqual(again, o) {
			t.Fatalf("%q: %+v, written %q, read back %+v, %v", value, o, o.String(), again, err)
		}
		o.Command(o.Default) // never a panic
	})
}

// FuzzParseLine: any engine line is read as some kind, never a panic; a
// claim names a result.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{
		"move e2e4", "1-0 {White mates}", "0-1", "1/2-1/2 {Draw by repetition", "resign", "offer draw",
		"Illegal move (no such piece): e2e5", "Error (unknown command): post", "pong 12", "pong x",
		"  7 -16000      1     11748  89. ...  e1Q 90. Kxe1", "12& 33 100 99999 1 2 3 e2e4", "tellics say hi",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		l := ParseLine(line)
		if l.Kind == ClaimLine {
			if _, ok := ClaimResult(l.Result); !ok {
				t.Fatalf("%q: claim of %q", line, l.Result)
			}
		}
		if l.Kind == ThinkLine && (l.Think.Depth < 0 || l.Think.Nodes < 0 || l.Think.Time < 0) {
			t.Fatalf("%q: %+v", line, l.Think)
		}
	})
}

// FuzzParseMove: any move text is a legal move of the position or an
// error, never a panic.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "Nf3", "O-O", "e7e8q", "exd5", "a7a8", "zz99", "", "e2", "Qxf7#"} {
		f.Add(s, uint8(0))
	}
	lalpha, _ := variants.ByName("losalamos-extinction")
	starts := []string{
		chess.Standard.StartFEN,
		"r3k2r/pPpp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R w KQkq e6 0 1",
		lalpha.StartFEN,
	}
	f.Fuzz(func(t *testing.T, text string, which uint8) {
		v := chess.Standard
		fen := starts[int(which)%len(starts)]
		if int(which)%len(starts) == 2 {
			v = lalpha
		}
		g := gameAt(t, v, fen)
		m, err := ParseMove(g.Position(), text)
		if err == nil && !g.Position().IsLegal(m) {
			t.Fatalf("%q in %s: %v is not legal", text, fen, m)
		}
	})
}
