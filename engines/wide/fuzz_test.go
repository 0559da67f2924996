package wide_test

import (
	"testing"

	"varena/engines/wide"
)

var fuzzVariants = []string{"xiangqi", "janggi", "capablanca", "caparandom", "grand", "shako"}

func FuzzParseFEN(f *testing.F) {
	for _, n := range fuzzVariants {
		v := variant(f, n)
		f.Add(n, v.StartFEN())
	}
	f.Add("grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R b - - 0 1")
	f.Add("caparandom", "r4k3r/10/10/10/10/10/10/R4K3R w JAja - 0 1")
	f.Add("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
	f.Add("xiangqi", "9/9/9/9/9/9/9/9/9/9 w")
	f.Fuzz(func(t *testing.T, name, fen string) {
		ok := false
		for _, n := range fuzzVariants {
			ok = ok || n == name
		}
		if !ok {
			return
		}
		v := variant(t, name)
		p, err := wide.ParseFEN(v, fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := wide.ParseFEN(v, out)
		if err != nil {
			t.Fatalf("%q -> %q: %v", fen, out, err)
		}
		if q.FEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q -> %q", fen, out, q.FEN())
		}
		var buf [wide.MaxMoves]wide.Move
		var child wide.Position
		for _, m := range p.GenerateLegal(buf[:0]) {
			p.MakeMove(m, &child)
			child.Status()
			_ = p.SAN(m)
		}
		p.Status()
	})
}

func FuzzParseUCIMove(f *testing.F) {
	f.Add("xiangqi", "h3e3")
	f.Add("janggi", "e2e2")
	f.Add("capablanca", "f1i1")
	f.Add("grand", "a3a5")
	f.Add("xiangqi", "a10a9")
	f.Add("xiangqi", "a0a9q")
	f.Fuzz(func(t *testing.T, name, s string) {
		if name != "xiangqi" && name != "janggi" && name != "capablanca" && name != "grand" {
			return
		}
		v := variant(t, name)
		p := mustFEN(t, v, v.StartFEN())
		m, err := p.ParseUCIMove(s)
		if err != nil {
			return
		}
		if back, err := p.ParseUCIMove(p.UCI(m)); err != nil || back != m {
			t.Fatalf("%q -> %q -> %v %v", s, p.UCI(m), back, err)
		}
	})
}

func FuzzParseSAN(f *testing.F) {
	f.Add("xiangqi", "Che3")
	f.Add("janggi", "Ke2")
	f.Add("capablanca", "Nc3")
	f.Add("grand", "e5")
	f.Add("capablanca", "O-O")
	f.Fuzz(func(t *testing.T, name, s string) {
		if name != "xiangqi" && name != "janggi" && name != "capablanca" && name != "grand" {
			return
		}
		v := variant(t, name)
		p := mustFEN(t, v, v.StartFEN())
		m, err := p.ParseSAN(s)
		if err != nil {
			return
		}
		if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
			t.Fatalf("%q -> %q -> %v %v", s, p.SAN(m), back, err)
		}
	})
}
