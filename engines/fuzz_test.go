package engines_test

import (
	"testing"

	"varena/engines"
	"varena/engines/variants"
)

// Every parser of outside input must return an error, never panic, and
// what it accepts must survive format -> parse unchanged.

func FuzzParseFEN(f *testing.F) {
	for _, v := range variants.All {
		f.Add(v.StartFEN)
	}
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	f.Add("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2")
	f.Add("rnqknr/pppppp/6/6/PPPPPP/RNQKNR|1q/P1/2/2 b - - 3 9")
	f.Add("6k/7/7/7/7/K5R w - - 0 1")
	f.Add("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	f.Add("r3k2r/8/8/8/8/8/8/RR2K2R w KBkq - 0 1")
	f.Add("8/8/8/8/8/8/8/K1B4k w - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		for _, v := range variants.All {
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
	var out []engines.Position
	for _, v := range variants.All {
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
	for _, s := range []string{"e2e4", "e7e8q", "f7g8k", "e1g1", "c1Vc1", "Vc5Vd6q", "vc1vd1", "a2a3", "0000", "e5d6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, p := range fuzzPositions(t) {
			m, err := p.ParseUCIMove(text)
			if err != nil {
				continue
			}
			if back, err := p.ParseUCIMove(p.Geometry().UCI(m)); err != nil || back != m {
				t.Fatalf("%q parses to %v, whose text does not parse back: %v", text, m, err)
			}
		}
	})
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "fxg8=K", "exd6", "QVc1", "cxVd6=Q#", "Ra5#", "Ng1-f3", "e8q", "Qa1b2"} {
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
				t.Fatalf("%q parses to %s, whose SAN %q does not parse back: %v", text, p.Geometry().UCI(m), san, err)
			}
		}
	})
}
