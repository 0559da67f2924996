package engines_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/evolution"
	"varena/engines/extinction"
	"varena/engines/losalamos"
)

func mustFEN(t *testing.T, v *engines.Variant, fen string) engines.Position {
	t.Helper()
	p, err := engines.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playSAN plays the moves on a game from fen and returns the game.
func playSAN(t *testing.T, v *engines.Variant, fen string, moves string) *engines.Game {
	t.Helper()
	g := engines.NewGame(mustFEN(t, v, fen))
	for _, san := range strings.Fields(moves) {
		m, err := g.Position().ParseSAN(san)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	return g
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name  string
		v     *engines.Variant
		fen   string
		moves string
		want  engines.Outcome
	}{
		{"start", extinction.Variant, extinction.StartFEN, "e4 e5", engines.Outcome{}},
		{"queen captured: extinct", extinction.Variant, "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", "Qd2 e6 Qxd5 Qxd5",
			engines.Outcome{Result: engines.BlackWins, Reason: engines.Extinction}},
		{"species missing in the set-up", extinction.Variant, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "",
			engines.Outcome{Result: engines.WhiteWins, Reason: engines.Extinction}},
		{"last pawn promoted: the mover loses", extinction.Variant, "qrbnk3/p7/8/8/8/8/6P1/QRBNK3 w - - 0 1", "g4 a6 g5 a5 g6 a4 g7 a3 g8=Q",
			engines.Outcome{Result: engines.BlackWins, Reason: engines.Extinction}},
		{"both extinct: the mover wins", extinction.Variant, "qrb1k2n/p7/8/8/8/8/6P1/QRBNK1N1 w - - 0 1", "g4 a6 g5 a5 g6 a4 g7 a3 gxh8=Q",
			engines.Outcome{Result: engines.WhiteWins, Reason: engines.Extinction}},
		{"bunker capture ends the game", losalamos.Variant, "rnQknr/pp1ppp/6/6/PPPPPP/RN1KNR|q1/2/2/2 w - - 0 1", "QxVc6",
			engines.Outcome{Result: engines.WhiteWins, Reason: engines.Extinction}},
		{"50-move rule", extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99 60", "Nf3",
			engines.Outcome{Result: engines.Draw, Reason: engines.FiftyMoves}},
		{"twofold is not yet a draw", extinction.Variant, extinction.StartFEN, "Nf3 Nf6 Ng1 Ng8", engines.Outcome{}},
		{"threefold repetition", extinction.Variant, extinction.StartFEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
			engines.Outcome{Result: engines.Draw, Reason: engines.Repetition}},
		{"checkmate", evolution.Variant, "4Q1k/R6/7/7/7/K6 b - - 0 1", "",
			engines.Outcome{Result: engines.WhiteWins, Reason: engines.Checkmate}},
		{"stalemate", evolution.Variant, "6k/4Q2/7/7/7/K6 b - - 0 1", "",
			engines.Outcome{Result: engines.Draw, Reason: engines.Stalemate}},
		{"bare kings", evolution.Variant, "6k/7/7/7/7/K6 w - - 0 1", "",
			engines.Outcome{Result: engines.Draw, Reason: engines.BareKings}},
		{"evolution capture to bare kings", evolution.Variant, "5nk/7/7/7/7/K4Q1 w - - 0 1", "Qxf6",
			engines.Outcome{}}, // a queen stays on f6
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := playSAN(t, tt.v, tt.fen, tt.moves)
			if got := g.Outcome(); got != tt.want {
				t.Errorf("outcome %v (%v), want %v (%v)", got.Result, got.Reason, tt.want.Result, tt.want.Reason)
			}
		})
	}
}

func TestEvolutionSAN(t *testing.T) {
	p := mustFEN(t, evolution.Variant, evolution.StartFEN)
	m, err := p.ParseUCIMove("b2d3")
	if err != nil {
		t.Fatal(err)
	}
	after := p.Play(m)
	if pc := after.PieceAt(m.To()); pc != engines.MakePiece(engines.White, engines.Bishop) {
		t.Errorf("knight that moved to d3 became %c, want B", pc.Letter())
	}
	// Knights on b2, b4, c1 and c5 reach d3: only the rank tells b2.
	if san := p.SAN(m); san != "N2d3" {
		t.Errorf("SAN %q, want N2d3", san)
	}
}

func TestSAN(t *testing.T) {
	tests := []struct {
		v    *engines.Variant
		fen  string
		uci  string
		want string
	}{
		{extinction.Variant, extinction.StartFEN, "g1f3", "Nf3"},
		{extinction.Variant, extinction.StartFEN, "e2e4", "e4"},
		{extinction.Variant, "r3k2r/pbnq4/8/8/8/8/PBNQ4/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{extinction.Variant, "r3k2r/pbnq4/8/8/8/8/PBNQ4/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{extinction.Variant, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
		{extinction.Variant, "rnbqk1nr/pppp1Ppp/8/8/8/8/PPPPP1PP/RNBQKBNR w KQkq - 0 5", "f7g8k", "fxg8=K"},
		{extinction.Variant, "kr6/pbnq4/8/8/8/8/PBNQ4/R4R1K w - - 0 1", "a1d1", "Rad1"},
		{extinction.Variant, "kr6/pbnq4/8/8/R7/8/1BNQ3P/R3K3 w - - 0 1", "a1a2", "R1a2"},
		{extinction.Variant, "kr6/pbnq4/8/8/8/2Q5/P1N4P/QK3B1R w - - 0 1", "a1b2", "Qab2"},
		{extinction.Variant, "kr6/pbnq4/8/8/8/Q1Q5/P1N4P/QKQ2B1R w - - 0 1", "a1b2", "Qa1b2"},
		{losalamos.Variant, losalamos.StartFEN, "c1Vc1", "QVc1"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RN1KNR|2/2/2/Q1 w - - 0 1", "Vc1Vd1", "QVd1"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/P1 w - - 0 1", "Vc1Vc2", "Vc1Vc2"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/P1 w - - 0 1", "c2Vc2", "c2Vc2"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/1p/P1 w - - 0 1", "Vc1Vd2", "cxVd2"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/1p/P1 w - - 0 1", "d2Vd2", "dxVd2"},
		{losalamos.Variant, "rn1knr/pppppp/6/6/PPPPPP/RNQKNR|1q/P1/2/2 w - - 0 1", "Vc5Vd6q", "cxVd6=Q#"},
		{evolution.Variant, "6k/4Q2/R6/7/7/K6 w - - 0 1", "a4a6", "Ra6#"},
		{evolution.Variant, "6k/7/7/7/7/K3R2 w - - 0 1", "e1e6", "Re6+"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.v, tt.fen)
		m, err := p.ParseUCIMove(tt.uci)
		if err != nil {
			t.Errorf("%s: %v", tt.fen, err)
			continue
		}
		if got := p.SAN(m); got != tt.want {
			t.Errorf("%s: SAN of %s = %q, want %q", tt.fen, tt.uci, got, tt.want)
		}
		if back, err := p.ParseSAN(tt.want); err != nil || back != m {
			t.Errorf("%s: ParseSAN(%q) = %v, %v", tt.fen, tt.want, back, err)
		}
	}
}

// TestMoveTextVariants checks the spellings other programs write.
func TestMoveTextVariants(t *testing.T) {
	p := mustFEN(t, losalamos.Variant, losalamos.StartFEN)
	for _, s := range []string{"c1vc1", "c1Vc1"} {
		if _, err := p.ParseUCIMove(s); err != nil {
			t.Errorf("UCI %q: %v", s, err)
		}
	}
	for _, s := range []string{"Qvc1", "QVc1", "Qc1Vc1", "Qc1-Vc1"} {
		if _, err := p.ParseSAN(s); err != nil {
			t.Errorf("SAN %q: %v", s, err)
		}
	}
	e := mustFEN(t, extinction.Variant, extinction.StartFEN)
	for _, s := range []string{"Nf3", "Ng1f3", "Ng1-f3", "Nf3+", "Nf3!?", "e2-e4", "e4"} {
		if _, err := e.ParseSAN(s); err != nil {
			t.Errorf("SAN %q: %v", s, err)
		}
	}
	q := mustFEN(t, extinction.Variant, "k7/pqrbn1P1/8/8/8/8/P7/KQRBN3 w - - 0 1")
	for _, s := range []string{"g8=Q", "g8Q", "g8q", "g8=K"} {
		if _, err := q.ParseSAN(s); err != nil {
			t.Errorf("SAN %q: %v", s, err)
		}
	}
}

func TestIllegalText(t *testing.T) {
	tests := []struct {
		v        *engines.Variant
		fen      string
		text     string
		san      bool
		contains string
	}{
		{extinction.Variant, extinction.StartFEN, "e2e5", false, "not a legal move"},
		{extinction.Variant, extinction.StartFEN, "e2", false, "want from and to"},
		{extinction.Variant, extinction.StartFEN, "e2e4x", false, "not a promotion piece"},
		{extinction.Variant, extinction.StartFEN, "z9z8", false, "no square"},
		{extinction.Variant, "k7/pqrbn1P1/8/8/8/8/P7/KQRBN3 w - - 0 1", "g7g8", false, "promotion needs"},
		{extinction.Variant, "k7/pqrbn1P1/8/8/8/8/P7/KQRBN3 w - - 0 1", "g8", true, "promotion needs"},
		{extinction.Variant, extinction.StartFEN, "Nd2", true, "no legal move"},
		{extinction.Variant, extinction.StartFEN, "O-O", true, "castling"},
		{extinction.Variant, extinction.StartFEN, "", true, "empty"},
		{extinction.Variant, extinction.StartFEN, "N", true, "no target"},
		{extinction.Variant, extinction.StartFEN, "=B", true, "no target"},
		{extinction.Variant, extinction.StartFEN, "=Q+", true, "no target"},
		{extinction.Variant, "kr6/pbnq4/8/8/8/2Q5/P1N4P/QK3B1R w - - 0 1", "Qb2", true, "ambiguous"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RN1KNR|2/2/2/Q1 w - - 0 1", "Vd1d1", false, "not a legal move"},
		{losalamos.Variant, losalamos.StartFEN, "Ve1Ve2", false, "no square"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.v, tt.fen)
		var err error
		if tt.san {
			_, err = p.ParseSAN(tt.text)
		} else {
			_, err = p.ParseUCIMove(tt.text)
		}
		if err == nil || !strings.Contains(err.Error(), tt.contains) {
			t.Errorf("%q in %s: error %v, want one containing %q", tt.text, tt.fen, err, tt.contains)
		}
	}
}

func TestBadFEN(t *testing.T) {
	tests := []struct {
		v        *engines.Variant
		fen      string
		contains string
	}{
		{extinction.Variant, "", "want 4 to 6"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "want 8 ranks"},
		{extinction.Variant, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8"},
		{extinction.Variant, "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "7 squares"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "not a piece letter"},
		{extinction.Variant, "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "count 0"},
		{extinction.Variant, "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", "promotion rank"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "want w or b"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "subset of KQkq"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "subset of KQkq"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "en-passant"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i9 0 1", "no square"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "number of plies"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "move number"},
		{extinction.Variant, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|P1/2/2/2 w KQkq - 0 1", "part after |"},
		{losalamos.Variant, "rnbknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", "no B pieces"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w KQ - 0 1", "no castling"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - c3 0 1", "no en passant"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2 w - - 0 1", "want 4 ranks"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/3 w - - 0 1", "more than 2"},
		{losalamos.Variant, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|P1/2/2/2 w - - 0 1", "promotion rank"},
		{evolution.Variant, "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNN1nnk w - - 0 1", "exactly one black king"},
		{evolution.Variant, "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn w - - 0 1", "exactly one white king"},
		{evolution.Variant, "6k/7/7/7/7/K5R w - - 0 1", "in check"},
		{evolution.Variant, "6k/7/7/7/7/K5P w - - 0 1", "no P pieces"},
	}
	for _, tt := range tests {
		_, err := engines.ParseFEN(tt.v, tt.fen)
		if err == nil || !strings.Contains(err.Error(), tt.contains) {
			t.Errorf("%s %q: error %v, want one containing %q", tt.v.Name, tt.fen, err, tt.contains)
		}
	}
}

// TestFENNormalises checks the two FEN fields RULES.md lets a reader
// ignore: castling rights without their king and rook, and an en-passant
// square with no pawn behind it or no pawn that can take there.
func TestFENNormalises(t *testing.T) {
	tests := []struct{ in, out string }{
		{"r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2"},
		{"rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3", "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	}
	for _, tt := range tests {
		p := mustFEN(t, extinction.Variant, tt.in)
		if got := p.FEN(); got != tt.out {
			t.Errorf("%s -> %s, want %s", tt.in, got, tt.out)
		}
	}
	lb := mustFEN(t, losalamos.Variant, losalamos.NoBunkersStartFEN)
	if got := lb.FEN(); got != losalamos.StartFEN {
		t.Errorf("bunker FEN without | -> %s, want %s", got, losalamos.StartFEN)
	}
}

// Game.PlaySAN gives what Position.SAN gives before the move, and the
// Outcome it keeps is the one Status and the history give afterwards, on
// random games of every variant to their end.
func TestPlaySAN(t *testing.T) {
	for name, v := range suiteVariants {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, uint64(len(name))))
			for range 30 {
				g := engines.NewGame(v.StartPosition())
				for ply := 0; ply < 300; ply++ {
					pos := *g.Position()
					moves := pos.GenerateMoves(nil)
					if len(moves) == 0 {
						break
					}
					m := moves[rng.IntN(len(moves))]
					want := pos.SAN(m)
					if got := g.PlaySAN(m); got != want {
						t.Fatalf("%s: PlaySAN(%s) = %q, SAN %q", pos.FEN(), v.Geometry.UCI(m), got, want)
					}
					fresh := engines.NewGame(v.StartPosition())
					for _, played := range g.Moves() {
						fresh.Play(played)
					}
					if got, want := g.Outcome(), fresh.Outcome(); got != want {
						t.Fatalf("after %s: Outcome %v, recomputed %v", v.Geometry.UCI(m), got, want)
					}
					if g.Outcome().Result != engines.Ongoing {
						break
					}
				}
			}
		})
	}
}
