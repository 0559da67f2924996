package results

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// sanShapes holds one move of each shape the engines' SAN writes
// (engines.Position.SAN, engines/wide's SAN for Fairy-Stockfish's
// variants), with a variant that plays it.
var sanShapes = []struct{ variant, san string }{
	{"chess", "e4"}, {"chess", "exd5"}, {"chess", "Nbd7"}, {"chess", "R1e2"}, {"chess", "Qh4xe1#"},
	{"chess", "e8=Q+"}, {"chess", "fxg1=N#"}, {"chess", "O-O"}, {"chess", "O-O-O+"},
	{"grand", "Ng10"}, {"grand", "c10=B"}, {"grand", "Rdg10+"}, {"xiangqi", "A10e9"}, {"xiangqi", "Rxc10#"},
	{"janggi", "A10f10"}, {"janggi", "A9xf10"}, {"clobber10", "Pbxa10"},
	{"losalamos-bunkers", "KVd1"}, {"losalamos-bunkers", "QxVd5#"}, {"losalamos-bunkers", "axb1=R#"},
	{"crazyhouse", "N@a6"}, {"crazyhouse", "Q@b7#"}, {"crazyhouse", "Q@d1+"},
	{"kyotoshogi", "+L@e2"}, {"kyotoshogi", "+S@e1#"}, {"kyotoshogi", "+S@a4+"}, {"micro", "+B@d4"}, {"micro", "+P@e4"},
	{"kyotoshogi", "S2b3++"}, {"kyotoshogi", "G4d3-"}, {"kyotoshogi", "Bb4-#"}, {"kyotoshogi", "Gab2-+"},
	{"kyotoshogi", "Bbxe4-"}, {"micro", "Gxd4-#"}, {"minishogi", "Bc5+#"}, {"minishogi", "Rb5="},
	{"minishogi", "Rc1=+"}, {"gorogoro", "Scd3=+"}, {"gorogoro", "Saxb5++"}, {"judkins", "Rxd6=#"},
	{"seirawan", "Nc6/E"}, {"seirawan", "Bxa6/H"}, {"shouse", "Ba3/E+"}, {"seirawan", "O-O/He1"},
	{"evolution", "Ng1f3"}, {"extinction", "Bxg2#"},
}

// TestSANShapes: every shape of move the engines write is a PGN move
// (WritePGNGame takes it) that reads back as itself, as White's move and
// as Black's.
func TestSANShapes(t *testing.T) {
	for _, tt := range sanShapes {
		t.Run(tt.variant+"/"+tt.san, func(t *testing.T) {
			if !validSAN(tt.san) {
				t.Fatalf("validSAN(%q) = false", tt.san)
			}
			for _, fen := range []string{"", "x b - - 0 7"} {
				pg := PGNGame{Tags: map[string]string{"Variant": tt.variant}, TagOrder: []string{"Variant"},
					Moves: []string{tt.san, tt.san}, Comments: []string{"", ""}, Result: "*"}
				if fen != "" {
					pg.Tags["FEN"], pg.Tags["SetUp"] = fen, "1"
					pg.TagOrder = append(pg.TagOrder, "FEN", "SetUp")
				}
				var b strings.Builder
				if err := WritePGNGame(&b, pg); err != nil {
					t.Fatal(err)
				}
				games, err := ReadPGN(strings.NewReader(b.String()))
				if err != nil {
					t.Fatalf("reading back %q: %v", b.String(), err)
				}
				if len(games) != 1 || !slices.Equal(games[0].Moves, pg.Moves) {
					t.Fatalf("%q read back as %+v", b.String(), games)
				}
			}
		})
	}
}

// TestNotSAN: what is not one move token is refused when written, with
// the move's place, and cannot be read as a move.
func TestNotSAN(t *testing.T) {
	for _, san := range []string{"", "+", "++", "+1", "+@d4", "+ B@d4", "1-0", "*", "12", "e4 e5", "e4{", "Nf3)", "-e4", "@d4", "=Q"} {
		if validSAN(san) {
			t.Errorf("validSAN(%q) = true", san)
		}
		pg := PGNGame{Tags: map[string]string{}, Moves: []string{"e4", san}, Comments: []string{"", ""}, Result: "*", Line: 9}
		err := WritePGNGame(&strings.Builder{}, pg)
		if err == nil || !strings.Contains(err.Error(), "line 9: move 2") {
			t.Errorf("WritePGNGame with move %q: %v, want an error naming line 9, move 2", san, err)
		}
	}
	for _, in := range []string{"1. e4 + 1-0", "1. e4 +1 1-0", "1. e4 ++ *", "1. +@d4 *", "1. e4\n+=Q *"} {
		_, err := ReadPGN(strings.NewReader(in))
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), "unexpected character '+'") {
			t.Errorf("ReadPGN(%q): %v, want a syntax error at the '+'", in, err)
		}
	}
}
