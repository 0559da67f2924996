package fairy

import (
	"strings"
	"testing"
)

// TestPawnTypes: the piece that plays as the pawn (pawnTypes,
// promotionPawnTypes, the i and e of its Betza) is the wide engine's
// pawn, with its double step where its Betza has one; pawn-like rules
// the engines cannot give one type are refused with their key.
func TestPawnTypes(t *testing.T) {
	cases := []struct {
		name, text string
		pawn       string // the Pawn's name in the wide rules, "" for none
		custom     bool   // PieceRule.CustomPawn
		double     bool   // a double-step region
		nmove      string // White's NMoveTypes letters
		err        string
	}{
		{name: "chess", text: "[a:chess]\n", pawn: "pawn", double: true, nmove: "p"},
		{name: "custom pawn with its double step", text: "[a:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n",
			pawn: "customPiece1", custom: true, double: true, nmove: "p"},
		{name: "no double step", text: "[a:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\ndoubleStep = false\n",
			pawn: "customPiece1", custom: true, nmove: "p"},
		{name: "custom pawn without promotion", text: "[a:chess]\ncustomPiece1 = p:fmWfcF\npawnTypes = p\npromotionPawnTypes = -\n",
			nmove: "p"},
		{name: "another piece as the pawn", text: "[a:chess]\ncustomPiece1 = h:mfWcfF\npawnTypes = h\nstartFen = 4k3/hhhhhhhh/8/8/8/8/HHHHHHHH/4K3 w - - 0 1\n",
			pawn: "customPiece1", custom: true, nmove: "h"},
		{name: "two pawn types", text: "[a:chess]\npawnTypes = pn\n", err: `t.ini:2: key "pawnTypes": not supported: more than one type promoting as a pawn`},
		{name: "pawns that differ", text: "[a:chess]\ncustomPiece1 = s:mfhNcfW\npromotionPawnTypesBlack = s\nstartFen = rnbqkbnr/ssssssss/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1\n",
			pawn: "pawn", double: true, nmove: "p"},
		{name: "pawns that differ, the other taking en passant", text: "[a:chess]\ncustomPiece1 = s:mfhNcfW\npromotionPawnTypesBlack = s\n",
			err: `t.ini:2: key "customPiece1": not supported: en passant by types other than the pawn type`},
		{name: "a pawn for one side", text: "[a:chess]\npromotionPawnTypesBlack = -\n",
			err: `t.ini:2: key "promotionPawnTypesBlack": not supported: a type promoting as a pawn for one side only`},
		{name: "initial moves of a king", text: "[a:chess]\ncustomPiece1 = c:KifmnD\n",
			err: `t.ini:2: key "customPiece1": not supported: betza "KifmnD": initial-only moves (i) other than a pawn type's double step (ifmnD)`},
		{name: "en passant by a knight", text: "[a:chess]\nenPassantTypes = pn\n",
			err: `t.ini:2: key "enPassantTypes": not supported: en passant by types other than the pawn type`},
		{name: "a pawn left without its part", text: "[a:chess]\ncustomPiece1 = h:mfWcfF\npawnTypes = h\n",
			err: `t.ini:3: key "pawnTypes": not supported: a pawn that does not promote as one`},
	}
	for _, c := range cases {
		defs, err := ParseSections(strings.NewReader(c.text), "t.ini")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		w, err := defs[0].Wide()
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: Wide() error %v, want %s", c.name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := w.Rules()
		pawn, custom := "", false
		for _, p := range r.Pieces {
			if p.Pawn {
				pawn, custom = p.Name, p.CustomPawn
			}
		}
		if pawn != c.pawn || custom != c.custom {
			t.Errorf("%s: pawn %q (custom %v), want %q (%v)", c.name, pawn, custom, c.pawn, c.custom)
		}
		if double := !r.DoubleStepRegion[0].IsEmpty(); double != c.double {
			t.Errorf("%s: double steps %v, want %v", c.name, double, c.double)
		}
		if got := string(r.NMoveTypes[0]); got != c.nmove {
			t.Errorf("%s: NMoveTypes %q, want %q", c.name, got, c.nmove)
		}
		if key, ok := defs[0].pawnRulesDefault(); ok != (c.name == "chess") {
			t.Errorf("%s: pawnRulesDefault() = %q, %v", c.name, key, ok)
		}
	}
}

// TestLameLeapsWithoutPath: Fairy-Stockfish has lame paths for D N A Z
// only; another lame leap gives no move.
func TestLameLeapsWithoutPath(t *testing.T) {
	for betza, want := range map[string]int{"nC": 0, "nW": 0, "nK": 0, "nN": 8, "nZ": 8, "nD": 4, "nCW": 4} {
		atoms, err := ParseBetza(betza)
		if err != nil || len(atoms) != want {
			t.Errorf("ParseBetza(%q) = %d atoms, %v; want %d", betza, len(atoms), err, want)
		}
	}
}

// TestPawnTypeHalfmove: a move of a type of nMoveRuleTypes resets the
// n-move count only when the piece could not step back, and a pawn that
// may also step onto the en-passant square steps there: the FENs
// Fairy-Stockfish c19b5f6 prints after these moves (but for its
// en-passant field, a list of squares in that build, "a3a4" after a2a4,
// which varena writes as chess does).
func TestPawnTypeHalfmove(t *testing.T) {
	const ini = "[sideways:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n\n" +
		"[forward:chess]\ncustomPiece1 = p:fmWfcF\npawnTypes = p\n\n" +
		"[kingpawns:chess]\ncustomPiece1 = p:KifmnD\npawnTypes = p\n"
	cases := []struct{ variant, moves, fen string }{
		{"sideways", "g1f3 g8f6 a2a3", "rnbqkb1r/pppppppp/5n2/8/8/P4N2/1PPPPPPP/RNBQKB1R b KQkq - 3 2"},
		{"sideways", "g1f3 g8f6 a2a4", "rnbqkb1r/pppppppp/5n2/8/P7/5N2/1PPPPPPP/RNBQKB1R b KQkq - 0 2"},
		{"forward", "g1f3 g8f6 a2a3", "rnbqkb1r/pppppppp/5n2/8/8/P4N2/1PPPPPPP/RNBQKB1R b KQkq - 0 2"},
		{"kingpawns", "g1f3 g8f6 e2e4 e7e5 f1e2 f8e7 e4e5 d7d5 e5d6", "rnbqk2r/ppp1bppp/3P1n2/3p4/8/5N2/PPPPBPPP/RNBQK2R b KQkq - 1 5"},
	}
	defs, err := Parse(strings.NewReader(ini), "pawns.ini")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p := widePosition(t, defs, c.variant, "", c.moves)
		if got := p.FEN(); got != c.fen {
			t.Errorf("%s after %s: %s, want %s", c.variant, c.moves, got, c.fen)
		}
	}
}
