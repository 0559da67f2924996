package rules

import (
	"strings"
	"testing"

	"varena/results"
)

// TestBoardOfWide: the boards of wide variants have their shapes, and
// Letters names every piece that is not the chess piece of its letter.
func TestBoardOfWide(t *testing.T) {
	for _, tt := range []struct {
		variant        string
		files, ranks   int
		letters, glyph string // glyph: letters drawn as chess glyphs
	}{
		{"xiangqi", 9, 10, "ACPNB", "RK"},
		{"janggi", 9, 10, "CPNBA", "RK"},
		{"minixiangqi", 7, 7, "CPN", "RK"},
		{"capablanca", 10, 8, "AC", "RNBQKP"},
		{"grand", 10, 10, "AC", "RNBQKP"},
		{"courier", 12, 8, "FEWM", "RNBKP"},
		{"shako", 10, 10, "EC", "RNBQKP"},
		{"extinction", 8, 8, "", "RNBQKP"},
	} {
		b, err := (Referee{}).BoardOf(tt.variant)
		if err != nil {
			t.Errorf("%s: %v", tt.variant, err)
			continue
		}
		if b.Files != tt.files || b.Ranks != tt.ranks || len(b.Bunkers) != 0 {
			t.Errorf("%s: board %dx%d with %d bunker rows, want %dx%d", tt.variant, b.Files, b.Ranks, len(b.Bunkers), tt.files, tt.ranks)
		}
		if b.Letters != tt.letters {
			t.Errorf("%s: letters %q, want %q", tt.variant, b.Letters, tt.letters)
		}
		if strings.ContainsAny(b.Letters, tt.glyph) {
			t.Errorf("%s: letters %q hold a piece that is the chess piece of its letter (%s)", tt.variant, b.Letters, tt.glyph)
		}
	}
}

// TestFinalFENWide: FinalFEN and StartFEN replay records of wide
// variants, moves from and to rank 10 and over ten files parsed by the
// position's own rules, and name the ply that does not replay.
func TestFinalFENWide(t *testing.T) {
	moves := func(ucis ...string) []results.Move {
		var ms []results.Move
		for _, u := range ucis {
			ms = append(ms, results.Move{UCI: u})
		}
		return ms
	}
	for _, tt := range []struct {
		name  string
		g     results.Game
		start string
		final string // the placement and side to move; "" when an error is wanted
		err   string
	}{
		{"xiangqi from rank 10", results.Game{Variant: "xiangqi", StartIsInitial: true, Moves: moves("h3e3", "h10g8", "h1g3", "i10h10")},
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w", ""},
		{"capablanca's archbishop over ten files", results.Game{Variant: "capablanca", StartIsInitial: true, Moves: moves("d2d4", "c8d6", "c1h6")},
			"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w", "rn1bqkbcnr/pppppppppp/3a3A2/10/3P6/10/PPP1PPPPPP/RN1BQKBCNR b", ""},
		{"grand from a start_fen, a pawn to rank 10 would promote", results.Game{Variant: "grand", StartFEN: "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1", Moves: moves("a1a2", "j10j9")},
			"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w", "r9/1nbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABN1/9R w", ""},
		{"an illegal move named by its ply", results.Game{Variant: "xiangqi", StartIsInitial: true, Moves: moves("h3e3", "h10h8")},
			"rnbakabnr/", "", "ply 2 h10h8: move \"h10h8\""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start, err := (Referee{}).StartFEN(tt.g)
			if err != nil || !strings.HasPrefix(start, tt.start) {
				t.Errorf("StartFEN = %q, %v; want %q...", start, err, tt.start)
			}
			final, err := (Referee{}).FinalFEN(tt.g)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("FinalFEN: %q, %v; want the error %q", final, err, tt.err)
				}
				return
			}
			if err != nil || !strings.HasPrefix(final, tt.final+" ") {
				t.Errorf("FinalFEN = %q, %v; want %q...", final, err, tt.final)
			}
		})
	}
}
