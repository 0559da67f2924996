package reference

import (
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

const (
	extinctionStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	bunkersStart    = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1"
	losAlamosStart  = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"
	evolutionStart  = "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNN1nnn w - - 0 1"
)

func TestStartPerft(t *testing.T) {
	cases := []struct {
		variant, fen string
		depth        int
		want         uint64
		slow         bool
	}{
		{"extinction", extinctionStart, 1, 20, false},
		{"extinction", extinctionStart, 2, 400, false},
		{"extinction", extinctionStart, 3, 8902, false},
		{"extinction", extinctionStart, 4, 197742, false},
		{"losalamos-bunkers", bunkersStart, 1, 14, false},
		{"losalamos-bunkers", bunkersStart, 2, 196, false},
		{"losalamos-bunkers", bunkersStart, 3, 3253, false},
		{"losalamos-bunkers", bunkersStart, 4, 54113, false},
		{"losalamos-extinction", losAlamosStart, 1, 10, false},
		{"losalamos-extinction", losAlamosStart, 2, 100, false},
		{"losalamos-extinction", losAlamosStart, 3, 1216, false},
		{"losalamos-extinction", losAlamosStart, 4, 14914, false},
		{"losalamos-extinction", losAlamosStart, 5, 208141, true},
		{"evolution", evolutionStart, 1, 28, false},
		{"evolution", evolutionStart, 2, 778, false},
		{"evolution", evolutionStart, 3, 22386, false},
		{"evolution", evolutionStart, 4, 642010, true},
	}
	for _, c := range cases {
		if c.slow && testing.Short() {
			t.Logf("skipping %s depth %d in short mode", c.variant, c.depth)
			continue
		}
		start := time.Now()
		got, err := Perft(c.variant, c.fen, c.depth)
		if err != nil {
			t.Errorf("%s perft(%d): %v", c.variant, c.depth, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s perft(%d) = %d, want %d", c.variant, c.depth, got, c.want)
		}
		t.Logf("%s perft(%d) = %d in %v", c.variant, c.depth, got, time.Since(start))
	}
}

// divide calls Divide and fails the test on error.
func divide(t *testing.T, variant, fen string, depth int) map[string]uint64 {
	t.Helper()
	d, err := Divide(variant, fen, depth)
	if err != nil {
		t.Fatalf("Divide(%s, %q, %d): %v", variant, fen, depth, err)
	}
	return d
}

// fromSquare returns the from square of a move text: "Vc1" of "Vc1Vd1",
// "e2" of "e2e4".
func fromSquare(m string) string {
	if strings.HasPrefix(m, "V") {
		return m[:3]
	}
	return m[:2]
}

// movesFrom lists, sorted, the moves of the map that start on square from
// (e.g. "c2" or "Vc2"); from "" lists all moves.
func movesFrom(d map[string]uint64, from string) []string {
	out := []string{}
	for m := range d {
		if from == "" || fromSquare(m) == from {
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return out
}

// expectFrom checks the exact set of moves from each listed square and,
// if total >= 0, the total number of legal moves.
func expectFrom(t *testing.T, variant, fen string, total int, want map[string][]string) {
	t.Helper()
	d := divide(t, variant, fen, 1)
	if total >= 0 && len(d) != total {
		all := movesFrom(d, "")
		t.Errorf("%q: %d moves %v, want %d", fen, len(d), all, total)
	}
	for from, moves := range want {
		w := append([]string{}, moves...)
		sort.Strings(w)
		if got := movesFrom(d, from); !reflect.DeepEqual(got, w) {
			t.Errorf("%q: moves from %s = %v, want %v", fen, from, got, w)
		}
	}
}

func promos(prefix, letters string) []string {
	var out []string
	for _, l := range letters {
		out = append(out, prefix+string(l))
	}
	return out
}

func concat(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func TestBunkerMoves(t *testing.T) {
	// White: K a1, N f1, P c2, R c3, P c5, Q Vc1, P Vc5.
	// Black: k a6, p e4, n f2, q Vc2, r Vd6.
	const fen = "k5/2P3/4p1/2R3/2P2n/K4N|1r/P1/q1/Q1 w - - 0 1"
	expectFrom(t, "losalamos-bunkers", fen, 28, map[string][]string{
		// promotion on c6; c5Vc5 blocked by the own pawn below
		"c5": promos("c5c6", "qrnk"),
		// promotion inside Black's bunker, by push and capture
		"Vc5": concat(promos("Vc5Vc6", "qrnk"), promos("Vc5Vd6", "qrnk")),
		// no slide into the bunker
		"c3": {"c3c4", "c3b3", "c3a3", "c3d3", "c3e3", "c3f3"},
		// a pawn captures vertically into the bunker
		"c2": {"c2Vc2"},
		// a queen in a bunker: three bunker squares and the step up
		"Vc1": {"Vc1Vd1", "Vc1Vd2", "Vc1Vc2", "Vc1c1"},
		"a1":  {"a1a2", "a1b1", "a1b2"},
		"f1":  {"f1e3", "f1d2"},
	})
	blackFen := strings.Replace(fen, " w ", " b ", 1)
	expectFrom(t, "losalamos-bunkers", blackFen, 13, map[string][]string{
		"Vc2": {"Vc2Vc1", "Vc2Vd1", "Vc2Vd2", "Vc2c2"},
		"Vd6": {"Vd6Vc6", "Vd6Vd5", "Vd6d6"},
		"a6":  {"a6a5", "a6b5", "a6b6"},
		"f2":  {"f2d1", "f2d3"},
		"e4":  {"e4e3"},
	})
}

func TestBunkerPromotionBlack(t *testing.T) {
	// Black: k a6, r e6, q f6, n Vd5, p Vc2. White: P a3, K a1, N d1, R f1, Q Vd1.
	const fen = "k3rq/6/6/P5/6/K2N1R|2/1n/p1/1Q b - - 0 1"
	expectFrom(t, "losalamos-bunkers", fen, 31, map[string][]string{
		"Vc2": concat(promos("Vc2Vc1", "qrnk"), promos("Vc2Vd1", "qrnk"), []string{"Vc2c2"}),
		// knights have no move inside a bunker, only the vertical step
		"Vd5": {"Vd5d5"},
		"a6":  {"a6a5", "a6b5", "a6b6"},
	})
	whiteFen := strings.Replace(fen, " b ", " w ", 1)
	expectFrom(t, "losalamos-bunkers", whiteFen, -1, map[string][]string{
		"Vd1": {"Vd1Vc1", "Vd1Vd2", "Vd1Vc2"},
		"d1":  {"d1b2", "d1c3", "d1e3", "d1f2"},
	})
}

func TestBunkerPawnsKingsAndSlides(t *testing.T) {
	// White: Q a1, R b1, N a2, K c2, P Vd2, P Vc1. Black: k a6, q b6, r c6,
	// p a5, n d2.
	const fen = "kqr3/p5/6/6/N1Kn2/QR4|2/2/1P/P1 w - - 0 1"
	expectFrom(t, "losalamos-bunkers", fen, -1, map[string][]string{
		// a White pawn on Vd2 has no move inside its bunker, only up (capturing)
		"Vd2": {"Vd2d2"},
		"Vc1": {"Vc1Vc2", "Vc1c1"},
		// a king steps down into the bunker
		"c2": {"c2c1", "c2d1", "c2b2", "c2b3", "c2c3", "c2d3", "c2d2", "c2Vc2"},
	})
	// A rook on d4 slides down to d1 but never on into the bunker.
	expectFrom(t, "losalamos-bunkers", "kqrnp1/6/3R2/6/5P/KQN3|2/2/2/2 w - - 0 1", -1, map[string][]string{
		"d4": {"d4d5", "d4d6", "d4d3", "d4d2", "d4d1", "d4a4", "d4b4", "d4c4", "d4e4", "d4f4"},
	})
	blackFen := strings.Replace(fen, " w ", " b ", 1)
	expectFrom(t, "losalamos-bunkers", blackFen, -1, map[string][]string{
		// knight steps down onto the pawn
		"d2": {"d2b3", "d2c4", "d2e4", "d2f3", "d2f1", "d2b1", "d2Vd2"},
	})

	// Black pawns: Vc5 has no move inside (only up), Vd6 pushes to Vd5.
	const blackPawns = "k1r1q1/6/n5/6/P5/KNRQ2|1p/p1/2/2 b - - 0 1"
	expectFrom(t, "losalamos-bunkers", blackPawns, -1, map[string][]string{
		"Vc5": {"Vc5c5"},
		"Vd6": {"Vd6Vd5", "Vd6d6"},
	})

	// Without bunkers no V move exists at all.
	d := divide(t, "losalamos-extinction", "kqr3/p5/6/3R2/N1Kn2/QR4 w - - 0 1", 1)
	for m := range d {
		if strings.Contains(m, "V") {
			t.Errorf("losalamos without bunkers generated %s", m)
		}
	}
}

func TestLosAlamosPromotionAndLastPawn(t *testing.T) {
	// White's only pawn e5: promoting it without capturing the last piece of
	// a Black species makes White extinct (0 below); e5xd6 takes Black's
	// only king, which is over too.
	const fen = "rnqk2/ppp1P1/6/6/6/RNQK2 w - - 0 1"
	d := divide(t, "losalamos-extinction", fen, 2)
	for _, m := range concat(promos("e5e6", "qrnk"), promos("e5d6", "qrnk")) {
		n, ok := d[m]
		if !ok {
			t.Errorf("missing move %s", m)
		} else if n != 0 {
			t.Errorf("after %s: %d replies, want 0 (game over)", m, n)
		}
	}
	if n := d["a1a2"]; n == 0 {
		t.Errorf("after a1a2 Black should have moves")
	}
}

func TestExtinctionTerminal(t *testing.T) {
	noBlackQueen := "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	noWhiteBishops := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1NR b KQkq - 0 1"
	noBlackKing := "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
	noWhitePawns := "rnbqkbnr/pppppppp/8/8/8/8/8/RNBQKBNR w KQkq - 0 1"
	for _, c := range []struct{ variant, fen string }{
		{"extinction", noBlackQueen},
		{"extinction", noWhiteBishops},
		{"extinction", noBlackKing},
		{"extinction", noWhitePawns},
		{"losalamos-extinction", "rn1knr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/6/RNQKNR|2/2/2/2 b - - 0 1"},
	} {
		for depth := 1; depth <= 3; depth++ {
			if n, err := Perft(c.variant, c.fen, depth); err != nil || n != 0 {
				t.Errorf("%s %q perft(%d) = %d, %v; want 0", c.variant, c.fen, depth, n, err)
			}
		}
		if n, err := Perft(c.variant, c.fen, 0); err != nil || n != 1 {
			t.Errorf("%s %q perft(0) = %d, %v; want 1", c.variant, c.fen, n, err)
		}
		if d := divide(t, c.variant, c.fen, 1); len(d) != 0 {
			t.Errorf("%s %q: divide %v, want no moves", c.variant, c.fen, d)
		}
	}
	// Bishops: one Bishop in Losalamos is not a piece at all.
	if _, err := Perft("losalamos-extinction", "rnbknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", 1); err == nil {
		t.Errorf("bishop accepted in losalamos")
	}

	// Black's only knight on c3: capturing it ends the game.
	const lastKnight = "r1bqkb1r/pppppppp/8/8/8/2n5/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	d := divide(t, "extinction", lastKnight, 2)
	for _, m := range []string{"b2c3", "d2c3", "b1c3"} {
		if n, ok := d[m]; !ok || n != 0 {
			t.Errorf("%s: present %v, %d replies; want present with 0", m, ok, n)
		}
	}
	if d["a2a3"] == 0 {
		t.Errorf("a2a3 should leave Black with moves")
	}
}

func TestExtinctionPromotion(t *testing.T) {
	// White pawn g7, g8 blocked: captures on f8 and h8, five promotions each.
	const fen = "rnbq1bnr/ppppkpPp/8/8/8/8/PPPPPP1P/RNBQKBNR w KQ - 0 1"
	expectFrom(t, "extinction", fen, -1, map[string][]string{
		"g7": concat(promos("g7f8", "nbrqk"), promos("g7h8", "nbrqk")),
	})
	// A king by promotion is a king: after g7g8k and Qe2xe1 White still has
	// a king (on g8) and moves; without the promotion it would be over.
	p, err := parse("extinction", "rnb2b1r/ppppkpPp/8/8/8/8/PPPPqP1P/RNBQKBNR w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	q := playText(t, p, "g7g8k")
	q = playText(t, &q, "e2e1")
	if q.over() || len(q.legalMoves()) == 0 {
		t.Errorf("White with a promoted king on g8 should have moves")
	}
	q = playText(t, p, "a2a3")
	q = playText(t, &q, "e2e1")
	if !q.over() || len(q.legalMoves()) != 0 {
		t.Errorf("White without any king should be extinct")
	}
}

// playText plays the legal move written text.
func playText(t *testing.T, p *position, text string) position {
	t.Helper()
	for _, m := range p.legalMoves() {
		if m.String() == text {
			return p.play(m)
		}
	}
	t.Fatalf("move %s not legal", text)
	return position{}
}

func TestCastling(t *testing.T) {
	// Two White kings: only the one on e1 castles.
	const twoKings = "rnbqk2r/pppppppp/8/8/8/3K4/PPPPPPPP/RNBQK2R w Kk - 0 1"
	expectFrom(t, "extinction", twoKings, -1, map[string][]string{
		"e1": {"e1f1", "e1g1"},
		"d3": {"d3c3", "d3e3", "d3c4", "d3d4", "d3e4"},
	})
	// Same with the extra king on e1's neighbour f1? Then f1 is not empty.
	expectFrom(t, "extinction", "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKK1R w Kk - 0 1", -1, map[string][]string{
		"e1": {},
		"f1": {"f1g1"},
	})
	// Castling out of check and through attacked squares is allowed.
	const inCheck = "rnb1kbnr/pppppppp/8/8/7q/8/PPPPP1PP/RNBQK2R w KQkq - 0 1"
	expectFrom(t, "extinction", inCheck, -1, map[string][]string{
		"e1": {"e1f1", "e1f2", "e1g1"},
	})
	// Black long castling; blocked when b8 is occupied.
	expectFrom(t, "extinction", "r3kbnr/pppqpppp/2n1b3/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", -1, map[string][]string{
		"e8": {"e8c8", "e8d8"},
	})
	expectFrom(t, "extinction", "rn2kbnr/pppqpppp/4b3/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", -1, map[string][]string{
		"e8": {"e8d8"},
	})
	// No right, no castling.
	expectFrom(t, "extinction", strings.Replace(twoKings, " Kk ", " k ", 1), -1, map[string][]string{
		"e1": {"e1f1"},
	})

	// The rook goes to f1 and rights vanish.
	p, err := parse("extinction", twoKings)
	if err != nil {
		t.Fatal(err)
	}
	q := p.play(move{from: square{0, 4, 0}, to: square{0, 6, 0}, castle: true})
	if q.at(square{0, 6, 0}) != 'K' || q.at(square{0, 5, 0}) != 'R' || q.at(square{0, 7, 0}) != 0 || q.at(square{0, 4, 0}) != 0 {
		t.Errorf("castling left rank 1 wrong")
	}
	if q.castle[whiteShort] || !q.castle[blackShort] {
		t.Errorf("rights after castling: %v", q.castle)
	}

	// A right in the FEN without king on e1 or rook on h1 is dropped: a rook
	// arriving on h1 later does not revive it.
	p, err = parse("extinction", "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPR/RNBQK3 w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if p.castle != [4]bool{false, true, true, true} {
		t.Errorf("rights after parse: %v, want Qkq", p.castle)
	}
	q = p.play(move{from: square{0, 7, 1}, to: square{0, 7, 0}}) // Rh2-h1
	q = q.play(move{from: square{0, 0, 6}, to: square{0, 0, 5}}) // a7-a6
	for _, m := range q.legalMoves() {
		if m.castle {
			t.Errorf("castling %v revived by rook arriving on h1", m)
		}
	}

	// A captured corner rook loses the right.
	p, err = parse("extinction", "rnbqkb1r/pppppppp/8/8/8/6n1/PPPPPPP1/RNBQK2R b KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	q = p.play(move{from: square{0, 6, 2}, to: square{0, 7, 0}}) // Ng3xh1
	if q.castle[whiteShort] || !q.castle[whiteLong] {
		t.Errorf("rights after rook capture: %v", q.castle)
	}
}

func TestEnPassant(t *testing.T) {
	const valid = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	d := divide(t, "extinction", valid, 1)
	if _, ok := d["d4e3"]; !ok {
		t.Errorf("en passant d4e3 missing: %v", movesFrom(d, "d4"))
	}
	noEP := strings.Replace(valid, " e3 ", " - ", 1)
	withEP, _ := Perft("extinction", valid, 1)
	withoutEP, _ := Perft("extinction", noEP, 1)
	if withEP != withoutEP+1 {
		t.Errorf("perft with ep %d, without %d", withEP, withoutEP)
	}
	// No White pawn on e4: the ep square is ignored, not an error.
	const noPawn = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
	d = divide(t, "extinction", noPawn, 1)
	if _, ok := d["d4e3"]; ok {
		t.Errorf("d4e3 generated without a pawn on e4")
	}
	// Wrong rank for the side to move: error.
	if _, err := Perft("extinction", strings.Replace(valid, " e3 ", " e6 ", 1), 1); err == nil {
		t.Errorf("ep square e6 with Black to move accepted")
	}

	// Generated by a double step: e2e4 allows d4xe3 for one ply only.
	const before = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	dd := divide(t, "extinction", before, 2)
	if dd["e2e4"] != withEP {
		t.Errorf("divide e2e4 = %d, want %d (with ep)", dd["e2e4"], withEP)
	}
	p, err := parse("extinction", before)
	if err != nil {
		t.Fatal(err)
	}
	q := p.play(move{from: square{0, 4, 1}, to: square{0, 4, 3}})
	if !q.hasEP || q.ep != (square{0, 4, 2}) {
		t.Fatalf("ep after e2e4: %v %v", q.hasEP, q.ep)
	}
	r := q.play(move{from: square{0, 3, 3}, to: square{0, 4, 2}, enPassant: true})
	if r.at(square{0, 4, 3}) != 0 || r.at(square{0, 4, 2}) != 'p' {
		t.Errorf("en passant did not remove the e4 pawn")
	}
	// A waiting move on each side and the chance is gone.
	q = q.play(move{from: square{0, 0, 6}, to: square{0, 0, 5}}) // a7a6
	q = q.play(move{from: square{0, 0, 1}, to: square{0, 0, 2}}) // a2a3
	for _, m := range q.legalMoves() {
		if m.enPassant {
			t.Errorf("stale en passant %v", m)
		}
	}
}

func TestEvolution(t *testing.T) {
	// Rook a3 pinned on the a-file by the rook a6.
	expectFrom(t, "evolution", "r6/7/7/R6/7/K5k w - - 0 1", 7, map[string][]string{
		"a3": {"a3a2", "a3a4", "a3a5", "a3a6"},
		"a1": {"a1a2", "a1b1", "a1b2"},
	})
	// Check along rank 1: king steps off it or the knight interposes.
	expectFrom(t, "evolution", "6k/7/7/2N4/7/K5r w - - 0 1", 4, map[string][]string{
		"a1": {"a1a2", "a1b2"},
		"c3": {"c3b1", "c3d1"},
	})
	// Checkmate and stalemate: no moves.
	for _, fen := range []string{"6k/7/7/7/6r/K5r w - - 0 1", "7/7/7/1q5/7/K5k w - - 0 1"} {
		if n, err := Perft("evolution", fen, 1); err != nil || n != 0 {
			t.Errorf("%q perft(1) = %d, %v; want 0", fen, n, err)
		}
	}
	// The king may take an unprotected piece, not a protected one.
	expectFrom(t, "evolution", "6k/7/7/7/1r5/K6 w - - 0 1", 1, map[string][]string{
		"a1": {"a1b2"},
	})
	expectFrom(t, "evolution", "1r4k/7/7/7/1r5/K6 w - - 0 1", 0, nil)
	// The knight becomes a bishop on c3 and then covers f6.
	d := divide(t, "evolution", "6k/7/7/7/7/KN5 w - - 0 1", 2)
	if d["b1c3"] != 2 {
		t.Errorf("after b1c3 Black has %d moves, want 2 (bishop on c3 covers f6)", d["b1c3"])
	}
	// Evolution chain and the king not evolving.
	p, err := parse("evolution", "6k/7/7/7/Q6/KNBR3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    move
		want byte
	}{
		{move{from: square{0, 1, 0}, to: square{0, 2, 2}}, 'B'}, // N b1-c3
		{move{from: square{0, 2, 0}, to: square{0, 4, 2}}, 'R'}, // B c1-e3
		{move{from: square{0, 3, 0}, to: square{0, 3, 4}}, 'Q'}, // R d1-d5
		{move{from: square{0, 0, 1}, to: square{0, 1, 2}}, 'Q'}, // Q a2-b3
		{move{from: square{0, 0, 0}, to: square{0, 1, 1}}, 'K'}, // K a1-b2
	} {
		q := p.play(c.m)
		if got := q.at(c.m.to); got != c.want {
			t.Errorf("%v leaves %c, want %c", c.m, got, c.want)
		}
	}
	// A knight shielding its king on the a-file is pinned: no moves.
	expectFrom(t, "evolution", "r5k/7/7/7/N6/K6 w - - 0 1", -1, map[string][]string{
		"a2": {},
	})
}

func TestFENErrors(t *testing.T) {
	cases := []struct{ variant, fen, wantInError string }{
		{"chess", extinctionStart, "variant"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "fields"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "ranks"},
		{"extinction", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "longer"},
		{"extinction", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "squares"},
		{"extinction", "rnbqkbnx/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "not a piece"},
		{"extinction", "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "promotion rank"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w KQkq - 0 1", "promotion rank"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "repeated"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", "fullmove"},
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|2/2/2/2 w KQkq - 0 1", "bunkers"},
		{"losalamos-extinction", "rnbknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", "not a piece"},
		{"losalamos-extinction", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/P1 w - - 0 1", "bunker"},
		{"losalamos-extinction", losAlamosStart[:strings.Index(losAlamosStart, " ")] + " w KQ - 0 1", "castling"},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/p1 w - - 0 1", "promotion rank"},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|P1/2/2/2 w - - 0 1", "promotion rank"},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2 w - - 0 1", "bunker part"},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|3/2/2/2 w - - 0 1", "longer"},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - c3 0 1", "en passant"},
		{"evolution", "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn w - - 0 1", "one king"},
		{"evolution", "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNK1nnn w - - 0 1", "one king"},
		{"evolution", "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNP1nnn w - - 0 1", "not a piece"},
		{"evolution", "6k/7/7/7/7/K5R w - - 0 1", "in check"},
	}
	for _, c := range cases {
		_, err := Perft(c.variant, c.fen, 1)
		if err == nil {
			t.Errorf("%s %q: no error", c.variant, c.fen)
			continue
		}
		if !strings.Contains(err.Error(), c.wantInError) {
			t.Errorf("%s %q: error %q does not mention %q", c.variant, c.fen, err, c.wantInError)
		}
		if _, err := Divide(c.variant, c.fen, 1); err == nil {
			t.Errorf("%s %q: Divide gave no error", c.variant, c.fen)
		}
	}
	if _, err := Perft("extinction", extinctionStart, -1); err == nil {
		t.Errorf("negative depth accepted")
	}
	if _, err := Divide("extinction", extinctionStart, 0); err == nil {
		t.Errorf("divide depth 0 accepted")
	}
}

func TestFENForms(t *testing.T) {
	// Four fields, an empty or all-empty bunker part for losalamos, and a
	// bunker FEN without '|' all mean the same position.
	for _, c := range []struct {
		variant, fen string
		want         uint64
	}{
		{"extinction", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 400},
		{"losalamos-extinction", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - -", 100},
		{"losalamos-extinction", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR| w - - 0 1", 100},
		{"losalamos-extinction", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1", 100},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", 196},
		{"evolution", "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNN1nnn w - -", 778},
	} {
		if n, err := Perft(c.variant, c.fen, 2); err != nil || n != c.want {
			t.Errorf("%s %q perft(2) = %d, %v; want %d", c.variant, c.fen, n, err, c.want)
		}
	}
}

// Divide must add up to Perft.
func TestDivideSumsToPerft(t *testing.T) {
	for _, c := range []struct{ variant, fen string }{
		{"extinction", extinctionStart},
		{"losalamos-bunkers", bunkersStart},
		{"losalamos-bunkers", "k5/2P3/4p1/2R3/2P2n/K4N|1r/P1/q1/Q1 w - - 0 1"},
		{"losalamos-extinction", losAlamosStart},
		{"evolution", evolutionStart},
	} {
		d := divide(t, c.variant, c.fen, 3)
		var sum uint64
		for _, n := range d {
			sum += n
		}
		if n, _ := Perft(c.variant, c.fen, 3); n != sum {
			t.Errorf("%s %q: divide sums to %d, perft(3) = %d", c.variant, c.fen, sum, n)
		}
	}
}
