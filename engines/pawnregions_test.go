package engines_test

import (
	"slices"
	"strings"
	"testing"

	"varena/engines"
)

// ranksBB returns the squares of the given 1-based ranks of g.
func ranksBB(t *testing.T, g *engines.Geometry, ranks ...int) engines.Bitboard {
	t.Helper()
	var b engines.Bitboard
	for _, r := range ranks {
		for f := 0; f < g.Files(); f++ {
			sq, err := g.ParseSquare(string(rune('a'+f)) + string(rune('0'+r)))
			if err != nil {
				t.Fatal(err)
			}
			b |= engines.SquareBB(sq)
		}
	}
	return b
}

func regionChess(t *testing.T, edit func(v *engines.Variant)) (*engines.Variant, error) {
	t.Helper()
	all := []engines.PieceType{engines.Pawn, engines.Knight, engines.Bishop, engines.Rook, engines.Queen, engines.King}
	v := engines.Variant{Name: "regions", Geometry: mustGeometry(t, 8, 8),
		StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Pieces: all,
		Promotions: []engines.PieceType{engines.Queen, engines.Rook, engines.Bishop, engines.Knight},
		Check:      true, Castling: true, DoubleStep: true, EnPassant: true}
	edit(&v)
	return engines.NewVariant(v)
}

// legalUCI returns the legal moves of fen in UCI notation.
func legalUCI(t *testing.T, v *engines.Variant, fen string) []string {
	t.Helper()
	pos, err := engines.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	var buf [engines.MaxMoves]engines.Move
	var out []string
	for _, m := range pos.GenerateMoves(buf[:0]) {
		out = append(out, v.UCI(m))
	}
	if n := pos.CountMoves(); n != len(out) {
		t.Errorf("%s: CountMoves %d, GenerateMoves %d", fen, n, len(out))
	}
	return out
}

// TestPawnRegions: promotion, double-step and en-passant regions, each
// case as Fairy-Stockfish 11.1 plays it (ref-shortrange's promotionRank
// 7, horde's first-rank double steps without en passant; the whole
// perft comparison is engines/fairy's TestLowerPerft).
func TestPawnRegions(t *testing.T) {
	g := mustGeometry(t, 8, 8)
	promo7, err := regionChess(t, func(v *engines.Variant) {
		v.PromotionRegion = [2]engines.Bitboard{ranksBB(t, g, 7, 8), ranksBB(t, g, 1, 2)}
	})
	if err != nil {
		t.Fatal(err)
	}
	horde, err := regionChess(t, func(v *engines.Variant) {
		v.DoubleStepRegion = [2]engines.Bitboard{ranksBB(t, g, 1, 2), ranksBB(t, g, 7)}
		v.EnPassantRegion = ranksBB(t, g, 3, 6)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name     string
		v        *engines.Variant
		fen      string
		has, not []string
	}{
		{"promotion on rank 7", promo7, "4k3/8/8/P7/8/8/8/4K3 w - - 0 1", []string{"a5a6"}, []string{"a5a6q"}},
		{"promotion on rank 7", promo7, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1", []string{"a6a7q", "a6a7n"}, []string{"a6a7"}},
		{"black promotes on rank 2", promo7, "4k3/8/8/8/8/p7/8/4K3 b - - 0 1", []string{"a3a2r"}, []string{"a3a2"}},
		{"double step from rank 1", horde, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", []string{"a1a2", "a1a3"}, nil},
		{"blocked double step", horde, "4k3/8/8/8/8/8/p7/P3K3 w - - 0 1", nil, []string{"a1a3"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := legalUCI(t, tt.v, tt.fen)
			for _, m := range tt.has {
				if !slices.Contains(got, m) {
					t.Errorf("%s: %s missing from %v", tt.fen, m, got)
				}
			}
			for _, m := range tt.not {
				if slices.Contains(got, m) {
					t.Errorf("%s: %s in %v", tt.fen, m, got)
				}
			}
		})
	}
	// En passant after a double step from rank 1 (outside the region) and
	// from rank 2 (inside), as TestHordeEnPassant found Fairy-Stockfish.
	for _, tt := range []struct {
		fen, move, capture string
		want               bool
	}{
		{"4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1", "a1a3", "b3a2", false},
		{"4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", "a2a4", "b4a3", true},
	} {
		pos, err := engines.ParseFEN(horde, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		var buf [engines.MaxMoves]engines.Move
		var child engines.Position
		found := false
		for _, m := range pos.GenerateMoves(buf[:0]) {
			if horde.UCI(m) == tt.move {
				pos.MakeMove(m, &child)
				found = true
			}
		}
		if !found {
			t.Fatalf("%s: no move %s", tt.fen, tt.move)
		}
		if got := slices.Contains(legalUCI(t, horde, child.FEN()), tt.capture); got != tt.want {
			t.Errorf("%s after %s: en passant %s is %v, want %v", tt.fen, tt.move, tt.capture, got, tt.want)
		}
	}
	if _, err := engines.ParseFEN(promo7, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"); err == nil {
		t.Error("a pawn on its promotion region accepted")
	}
	// The built-in geometry is left alone.
	if g.LastRank(engines.White) != ranksBB(t, g, 8) || promo7.Geometry.LastRank(engines.White) != ranksBB(t, g, 7, 8) {
		t.Error("promotion regions: geometry tables")
	}
}

func TestPawnRegionErrors(t *testing.T) {
	g := mustGeometry(t, 8, 8)
	for _, tt := range []struct {
		name string
		edit func(v *engines.Variant)
		want string
	}{
		{"double step region without double step", func(v *engines.Variant) {
			v.DoubleStep, v.EnPassant = false, false
			v.DoubleStepRegion[0] = ranksBB(t, g, 2)
		}, "double-step region without DoubleStep"},
		{"off the board", func(v *engines.Variant) {
			v.Geometry = mustGeometry(t, 6, 6)
			v.StartFEN = "4k1/6/6/6/6/4K1 w - - 0 1"
			v.Castling = false
			v.PromotionRegion[0] = engines.Bitboard(1) << 40
		}, "pawn region off the board"},
		{"king rider", func(v *engines.Variant) {
			v.KingLeaps = atR
		}, "not a leap that moves and captures"},
		{"king forward leaps", func(v *engines.Variant) {
			v.KingLeaps = keep(atN, forward)
		}, "not the same mirrored"},
		{"king leap without a step", func(v *engines.Variant) {
			v.KingLeaps = []engines.Atom{{Range: 1, Move: true, Capture: true}}
		}, "no step"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := regionChess(t, tt.edit)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// TestKingLeaps: a king leaping as a knight (knightmate's royal piece)
// moves, gives and escapes check by its leaps; perft against
// Fairy-Stockfish is engines/fairy's TestLowerPerft (knightmate).
func TestKingLeaps(t *testing.T) {
	v, err := regionChess(t, func(v *engines.Variant) {
		v.KingLeaps = atN
		v.Castling = false
		v.StartFEN = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	})
	if err != nil {
		t.Fatal(err)
	}
	got := legalUCI(t, v, "8/8/8/8/8/8/8/4K2k w - - 0 1")
	slices.Sort(got)
	if want := []string{"e1c2", "e1d3", "e1f3", "e1g2"}; !slices.Equal(got, want) {
		t.Errorf("king leaps from e1: %v, want %v", got, want)
	}
	// A rook on the d-file takes d3 from the king; one on the e-file
	// checks it.
	got = legalUCI(t, v, "k2r4/8/8/8/8/8/8/4K3 w - - 0 1")
	slices.Sort(got)
	if want := []string{"e1c2", "e1f3", "e1g2"}; !slices.Equal(got, want) {
		t.Errorf("king leaps beside a rook: %v, want %v", got, want)
	}
	pos, err := engines.ParseFEN(v, "k3r3/8/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !pos.InCheck() {
		t.Error("no check from the rook")
	}
	// Kings a knight's leap apart attack each other: no such position.
	if _, err := engines.ParseFEN(v, "8/8/8/8/8/5k2/8/4K3 w - - 0 1"); err == nil {
		t.Error("kings attacking each other accepted")
	}
}
