package engines_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"varena/engines"
	"varena/engines/internal/reference"
)

// The cross-check compares the fast generator with engines/internal/
// reference, a slow mailbox implementation of RULES.md written apart from
// it, on positions neither was tuned for: random playouts from the start
// and random placements (bunker squares, several kings, pawns on their own
// first rank, evolved pieces).

// divideMap returns the engine's divide as move text -> count.
func divideMap(p *engines.Position, depth int) map[string]uint64 {
	out := map[string]uint64{}
	for _, e := range engines.Divide(p, depth) {
		out[p.Geometry().UCI(e.Move)] = e.Nodes
	}
	return out
}

func compareDivide(t *testing.T, name string, p *engines.Position, depth int) {
	t.Helper()
	want, err := reference.Divide(name, p.FEN(), depth)
	if err != nil {
		t.Fatalf("reference rejects %s: %v", p.FEN(), err)
	}
	got := divideMap(p, depth)
	if len(got) == len(want) {
		same := true
		for m, n := range want {
			if got[m] != n {
				same = false
			}
		}
		if same {
			return
		}
	}
	var diff []string
	for m, n := range want {
		if g, ok := got[m]; !ok || g != n {
			diff = append(diff, fmt.Sprintf("%s ref %d engine %d", m, n, g))
		}
	}
	for m, n := range got {
		if _, ok := want[m]; !ok {
			diff = append(diff, fmt.Sprintf("%s only in engine (%d)", m, n))
		}
	}
	t.Fatalf("%s %s divide(%d) differs: %s", name, p.FEN(), depth, strings.Join(diff, "; "))
}

func TestCrossCheckPlayouts(t *testing.T) {
	games, plies := 40, 80
	if testing.Short() {
		games = 8
	}
	for name, v := range suiteVariants {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(name))))
			depth := 2
			n := games
			if v.Check && v.Castling && !testing.Short() {
				// The reference tests every square of a castling king's
				// path by a full attack scan: a third as many games keep
				// the two chess variants to a few seconds.
				n = games / 3
			}
			for g := 0; g < n; g++ {
				pos, _ := engines.ParseFEN(v, v.StartFEN)
				for ply := 0; ply < plies; ply++ {
					compareDivide(t, name, &pos, depth)
					moves := pos.GenerateMoves(nil)
					if len(moves) == 0 {
						break
					}
					pos = pos.Play(moves[rng.IntN(len(moves))])
				}
			}
		})
	}
}

// randomFEN places a random set of pieces of v on the board (bunkers
// included), side to move at random.
func randomFEN(rng *rand.Rand, v *engines.Variant) string {
	g := v.Geometry
	var types []engines.PieceType
	for t := engines.Pawn; t <= engines.King; t++ {
		if v.HasPiece(t) {
			types = append(types, t)
		}
	}
	board := make([]byte, g.NumSquares())
	for i := range board {
		if rng.IntN(100) < 30 {
			t := types[rng.IntN(len(types))]
			l := t.Letter()
			if rng.IntN(2) == 1 {
				l += 'a' - 'A'
			}
			board[i] = l
		}
	}
	// Every species for both sides, so that most positions are not over.
	for _, t := range v.Species {
		for _, l := range []byte{t.Letter(), t.Letter() + 'a' - 'A'} {
			board[rng.IntN(len(board))] = l
		}
	}
	if v.Check { // exactly one king each
		for i, c := range board {
			if c == 'K' || c == 'k' {
				board[i] = 0
			}
		}
		board[rng.IntN(len(board))] = 'K'
		board[rng.IntN(len(board))] = 'k'
	}
	castle := "-"
	if v.Castling {
		castle = "KQkq"
	}
	if v.Check && v.Castling && rng.IntN(2) == 0 {
		// Kings and rooks on their back ranks, so that castling (with
		// its checks on the way) happens: anywhere in Chess960, on the
		// orthodox squares otherwise. Shredder-FEN rights half the time.
		castle = ""
		for _, black := range []bool{false, true} {
			rank := 0
			if black {
				rank = g.Ranks() - 1
			}
			at := func(f int) *byte {
				sq, _ := g.ParseSquare(fmt.Sprintf("%c%d", 'a'+f, rank+1))
				return &board[sq]
			}
			kf, rooks := 4, []int{0, 7}
			if v.Chess960 {
				kf = 1 + rng.IntN(6)
				rooks = []int{rng.IntN(kf), kf + 1 + rng.IntN(7-kf)}
			}
			for i, c := range board {
				if c == "Kk"[b2i(black)] {
					board[i] = 0
				}
			}
			*at(kf) = "Kk"[b2i(black)]
			for _, rf := range rooks {
				*at(rf) = "Rr"[b2i(black)]
			}
			letters := "KQ"
			if v.Chess960 && rng.IntN(2) == 0 {
				letters = string([]byte{byte('A' + rooks[1]), byte('A' + rooks[0])})
			}
			if black {
				letters = strings.ToLower(letters)
			}
			castle += letters
		}
	}
	var b strings.Builder
	row := func(squares []engines.Square) {
		empty := 0
		for _, sq := range squares {
			if board[sq] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(board[sq])
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
	}
	for r := g.Ranks() - 1; r >= 0; r-- {
		var sqs []engines.Square
		for f := 0; f < g.Files(); f++ {
			sq, _ := g.ParseSquare(fmt.Sprintf("%c%d", 'a'+f, r+1))
			sqs = append(sqs, sq)
		}
		row(sqs)
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if v.HasBunkers() {
		b.WriteByte('|')
		for i, r := range []int{6, 5, 2, 1} {
			if i > 0 {
				b.WriteByte('/')
			}
			c6, _ := g.ParseSquare(fmt.Sprintf("Vc%d", r))
			d6, _ := g.ParseSquare(fmt.Sprintf("Vd%d", r))
			row([]engines.Square{c6, d6})
		}
	}
	side := "w"
	if rng.IntN(2) == 1 {
		side = "b"
	}
	return fmt.Sprintf("%s %s %s - 0 1", b.String(), side, castle)
}

func TestCrossCheckRandomPlacements(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 200
	}
	for name, v := range suiteVariants {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			checked := 0
			for i := 0; i < n; i++ {
				fen := randomFEN(rng, v)
				pos, err := engines.ParseFEN(v, fen)
				_, refErr := reference.Perft(name, fen, 0)
				if (err == nil) != (refErr == nil) {
					t.Fatalf("%s: engine error %v, reference error %v", fen, err, refErr)
				}
				if err != nil {
					continue
				}
				compareDivide(t, name, &pos, 2)
				checked++
			}
			if checked < n/10 {
				t.Errorf("only %d of %d random positions were valid", checked, n)
			}
			t.Logf("%d random positions agree", checked)
		})
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
