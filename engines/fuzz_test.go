package engines_test

import (
	"fmt"
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// Every parser of outside input must return an error, never panic, and
// what it accepts must survive format -> parse unchanged.

// fuzzVariants are the built-in variants and the fairy variants of the
// tests (fairy letters, boards of 6 and 7 files).
func fuzzVariants(t testing.TB) []*engines.Variant {
	out := append([]*engines.Variant(nil), variants.All...)
	fv := fairyVariants(t)
	for _, name := range []string{"fairy-amazon", "fairy-shatranj", "fairy-makruk", "fairy-mini", "fairy-seven"} {
		out = append(out, fv[name])
	}
	// fairy-makruk with makruk's counting rule: its FEN carries the count.
	khon, met := engines.FirstFairy, engines.FirstFairy+1
	counting, err := engines.NewVariant(engines.Variant{
		Name: "fairy-makruk-counting", Geometry: mustGeometry(t, 8, 8),
		StartFEN:   "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
		Pieces:     []engines.PieceType{engines.Pawn, engines.Knight, engines.Rook, engines.King},
		Fairy:      []engines.FairyPiece{fairy("silver", 'S'), fairy("fers", 'M')},
		Promotions: []engines.PieceType{met},
		Check:      true, NMoveRule: -1,
		Counting:      engines.MakrukCounting,
		CountingTypes: [4]engines.PieceType{engines.Rook, khon, engines.Knight, met},
	})
	if err != nil {
		t.Fatal(err)
	}
	// karouk's rules: cambodian's first leaps (their rights in the
	// castling field) and one check a side beside the count.
	karouk, err := engines.NewVariant(engines.Variant{
		Name: "fairy-karouk", Geometry: mustGeometry(t, 8, 8),
		StartFEN:   "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1",
		Pieces:     []engines.PieceType{engines.Pawn, engines.Knight, engines.Rook, engines.King},
		Fairy:      []engines.FairyPiece{fairy("silver", 'S'), fairy("fers", 'M')},
		Promotions: []engines.PieceType{met},
		Check:      true, NMoveRule: -1, CheckCounting: true,
		Counting:       engines.MakrukCounting,
		CountingTypes:  [4]engines.PieceType{engines.Rook, khon, engines.Knight, met},
		CambodianMoves: true, CambodianMet: met,
	})
	if err != nil {
		t.Fatal(err)
	}
	return append(out, counting, karouk)
}

func FuzzParseFEN(f *testing.F) {
	all := fuzzVariants(f)
	for _, v := range all {
		f.Add(v.StartFEN)
	}
	f.Add("4k3/P7/8/8/8/8/8/A3K2O w - - 0 1")
	f.Add("ilmkwg/pppppp/6/6/PPPPPP/GWKMLI w - e3 0 1")
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	f.Add("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")
	f.Add("rnqknr/pppppp/6/6/PPPPPP/RNQKNR|1q/P1/2/2 b - - 3 9")
	f.Add("6k/7/7/7/7/K5R w - - 0 1")
	f.Add("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	f.Add("r3k2r/8/8/8/8/8/8/RR2K2R w KBkq - 0 1")
	f.Add("8/8/8/8/8/8/8/K1B4k w - - 0 1")
	f.Add("8/8/8/8/8/8/4R3/K1k5 b - 32 6 1")
	f.Add("8/k7/7n/2m1n2s/8/8/8/K7 b - 64 21 50")
	f.Add("rn1m1sn1/1s3k1r/pppppppp/1P6/4N3/P1PPPPPP/6S1/R1SKM1NR b DEd - 1+1 2 5")
	f.Add("3m2k1/8/8/2r4s/8/5K2/8/3s4 w - 32 1+0 14 71")
	f.Fuzz(func(t *testing.T, fen string) {
		for _, v := range all {
			p, err := engines.ParseFEN(v, fen)
			if err != nil {
				continue
			}
			out := p.FEN()
			q, err := engines.ParseFEN(v, out)
			if err != nil {
				t.Fatalf("%s: %q formats as %q, which does not parse: %v", v.Name, fen, out, err)
			}
			if !engines.SamePosition(&q, &p) || q.ShredderFEN() != p.ShredderFEN() {
				t.Fatalf("%s: %q -> %q does not round-trip", v.Name, fen, out)
			}
			p.CountMoves() // must not panic on any accepted position
		}
	})
}

// fuzzPositions are positions the move-text fuzzers parse against.
func fuzzPositions(t *testing.T) []engines.Position {
	fens := map[string][]string{
		"extinction":        {"rnbqk1nr/pppp1Ppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 5", "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"},
		"losalamos-bunkers": {"rn1knr/pppppp/6/6/PPPPPP/RNQKNR|1q/P1/1p/Q1 w - - 0 1"},
		"evolution":         {"6k/7/R6/7/1Q5/K6 w - - 0 1"},
		"standard":          {"r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"},
		"fischerandom":      {"r3k2r/8/8/8/8/8/8/RR2K2R w KBkq - 0 1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	}
	fens["fairy-amazon"] = []string{"4k3/P7/8/8/8/8/8/A3K2O w - - 0 1", "4k2r/8/8/8/8/6p1/8/4K2O w - - 0 1"}
	fens["fairy-mini"] = []string{"4L1/2p3/1m2k1/PP1p1p/PG1P1M/W1K3 w - - 4 18"}
	var out []engines.Position
	for _, v := range fuzzVariants(t) {
		for _, fen := range append(fens[v.Name], v.StartFEN) {
			p, err := engines.ParseFEN(v, fen)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p)
		}
	}
	return out
}

func FuzzParseUCIMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "f7g8k", "e1g1", "c1Vc1", "Vc5Vd6q", "vc1vd1", "a2a3", "0000", "e5d6", "a7a8a", "a7a8o", "h1g3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, p := range fuzzPositions(t) {
			m, err := p.ParseUCIMove(text)
			if err != nil {
				continue
			}
			if back, err := p.ParseUCIMove(p.Variant().UCI(m)); err != nil || back != m {
				t.Fatalf("%q parses to %v, whose text does not parse back: %v", text, m, err)
			}
		}
	})
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "fxg8=K", "exd6", "QVc1", "cxVd6=Q#", "Ra5#", "Ng1-f3", "e8q", "Qa1b2", "a8=A+", "Oxg3", "Ae5", "Le4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, p := range fuzzPositions(t) {
			m, err := p.ParseSAN(text)
			if err != nil {
				continue
			}
			san := p.SAN(m)
			if back, err := p.ParseSAN(san); err != nil || back != m {
				t.Fatalf("%q parses to %s, whose SAN %q does not parse back: %v", text, p.Variant().UCI(m), san, err)
			}
		}
	})
}

// FuzzNewVariant: fairy pieces read from outside (a variants.ini file)
// reach NewVariant as data; any atoms, letters, promotions and species
// give an error or a variant whose start position plays (perft 2, FEN
// round trip), never a panic.
func FuzzNewVariant(f *testing.F) {
	f.Add([]byte{1, 2, 1, 3, 'Z', 0, 0}, true)
	f.Add([]byte{1, 1, 0, 3, 'F', 2, 0, 1, 1, 'W', 9, 7}, false)
	f.Add([]byte{0, 0, 1, 1, 'K', 255, 200}, true)
	g, err := engines.NewGeometry(6, 6)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, check bool) {
		// Pieces of 5 bytes: DX, DY (signed), range, flags, letter; then
		// a promotion type and a species type.
		var fairy []engines.FairyPiece
		for len(data) >= 5 && len(fairy) < 9 {
			a := engines.Atom{DX: int(int8(data[0])), DY: int(int8(data[1])), Range: int(int8(data[2])),
				Move: data[3]&1 != 0, Capture: data[3]&2 != 0}
			fairy = append(fairy, engines.FairyPiece{Name: "p", Letter: data[4], Atoms: []engines.Atom{a, {DX: 1, Range: 1, Move: true, Capture: true}}})
			data = data[5:]
		}
		if len(fairy) == 0 {
			return
		}
		l := fairy[0].Letter
		d := engines.Variant{Name: "fuzz", Geometry: g, Check: check, Fairy: fairy,
			StartFEN: fmt.Sprintf("k4%c/pppppp/6/6/PPPPPP/%c4K w - - 0 1", l|0x20, l),
			Pieces:   []engines.PieceType{engines.Pawn, engines.King}, Promotions: []engines.PieceType{engines.FirstFairy}}
		if len(data) > 0 {
			d.Promotions = append(d.Promotions, engines.PieceType(data[0]))
		}
		if len(data) > 1 && !check {
			d.Species = []engines.PieceType{engines.PieceType(data[1])}
		}
		v, err := engines.NewVariant(d)
		if err != nil {
			return
		}
		p := v.StartPosition()
		engines.Perft(&p, 2)
		if q, err := engines.ParseFEN(v, p.FEN()); err != nil || q.FEN() != p.FEN() {
			t.Fatalf("FEN %s does not round-trip: %v", p.FEN(), err)
		}
	})
}
