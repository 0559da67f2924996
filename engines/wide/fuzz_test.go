package wide_test

import (
	"testing"

	"varena/engines/wide"
)

var fuzzVariants = []string{"xiangqi", "janggi", "capablanca", "caparandom", "grand", "shako",
	"crazyhouse", "shogi", "kyotoshogi", "seirawan", "placement"}

func FuzzParseFEN(f *testing.F) {
	for _, n := range fuzzVariants {
		v := variant(f, n)
		f.Add(n, v.StartFEN())
	}
	f.Add("grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R b - - 0 1")
	f.Add("caparandom", "r4k3r/10/10/10/10/10/10/R4K3R w JAja - 0 1")
	f.Add("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
	f.Add("xiangqi", "9/9/9/9/9/9/9/9/9/9 w")
	f.Add("crazyhouse", "rnb1kbnr/ppp1pppp/8/8/8/2N5/RPPP1PPP/2BQKBNR[QPpp] b Kkq - 0 4")
	f.Add("crazyhouse", "8/2k5/8/1Q~6/8/8/8/3K4[] b - - 4 3")
	f.Add("shogi", "lns1k2nl/1r1g2s2/1pPp1g2p/p3p1n2/5p1p1/P2PPP1PS/1P4P1P/+b2R2G2/2SGK2NL[PPlb] w - - 2 23")
	f.Add("kyotoshogi", "p+nks+l/5/2+L2/5/+LSK+NP[l] b - - 1 1")
	f.Add("seirawan", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b ABCDFGkqabcdefgh - 1 1")
	f.Add("placement", "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1")
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
	f.Add("crazyhouse", "Q@e4")
	f.Add("crazyhouse", "P@a8")
	f.Add("shogi", "P@e5")
	f.Add("shogi", "h2b8+")
	f.Add("kyotoshogi", "+L@c3")
	f.Add("kyotoshogi", "a1a2-")
	f.Add("seirawan", "e1g1h")
	f.Add("seirawan", "h1e1h")
	f.Add("seirawan", "b1c3e")
	f.Fuzz(func(t *testing.T, name, s string) {
		fens := map[string]string{
			"xiangqi": "", "janggi": "", "capablanca": "", "grand": "",
			"crazyhouse": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QNp] w KQkq - 2 3",
			"shogi":      "lnsgkgsnl/1r5b1/pp1pppppp/2p6/9/6P2/PPPPPP1PP/1B5R1/LNSGKGSNL[Pp] w - - 2 2",
			"kyotoshogi": "p+nks+l/5/5/5/+LSK+NP[Ll] w - - 0 1",
			"seirawan":   "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w KQBCDFGkqbcdfg - 0 1",
		}
		fen, ok := fens[name]
		if !ok {
			return
		}
		v := variant(t, name)
		if fen == "" {
			fen = v.StartFEN()
		}
		p := mustFEN(t, v, fen)
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
