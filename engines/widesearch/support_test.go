package widesearch

import (
	"math/rand"
	"slices"
	"testing"

	"varena/engines/wide"
)

// Tests of engines/wide's search support (search_support.go), from its
// one user.

// TestGenerateCaptures checks the captures and promotions are the
// legal moves that capture or promote, on random positions of every
// variant.
func TestGenerateCaptures(t *testing.T) {
	for i, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			var a, b [wide.MaxMoves]wide.Move
			for _, p := range randomPositions(t, v, int64(7*i+1), 4, 150) {
				var want []wide.Move
				for _, m := range p.GenerateLegal(a[:0]) {
					if p.Captured(m) != wide.NoPieceType || m.Promotion() != wide.NoPieceType {
						want = append(want, m)
					}
				}
				got := p.GenerateCaptures(b[:0])
				if !slices.Equal(got, want) {
					t.Fatalf("%s: captures %v, want %v", p.FEN(), got, want)
				}
				for _, m := range got {
					pc, _ := p.PieceAt(m.To())
					if c := p.Captured(m); c != wide.NoPieceType && !m.IsEnPassant() && (pc.Type() != c || pc.Color() == p.SideToMove()) {
						t.Fatalf("%s: %s takes %d, the square holds %v", p.FEN(), p.UCI(m), c, pc)
					}
				}
			}
		})
	}
}

// TestMakeNullMove checks the null move gives the position with the
// other side to move as its FEN reads, and is refused in check.
func TestMakeNullMove(t *testing.T) {
	for i, name := range variantNames {
		v := variant(t, name)
		for _, p := range randomPositions(t, v, int64(3*i+5), 2, 100) {
			var child wide.Position
			ok := p.MakeNullMove(&child)
			if p.InCheck() {
				if ok {
					t.Fatalf("%s: a null move in check", p.FEN())
				}
				continue
			}
			if !ok {
				continue // the royal pieces face each other (janggi)
			}
			if child.SideToMove() == p.SideToMove() {
				t.Fatalf("%s: the null move keeps the side to move", p.FEN())
			}
			if _, over := child.ImmediateEnd(); over {
				continue
			}
			again, err := wide.ParseFEN(v, child.FEN())
			if err != nil {
				// The side that passed is in check: a null move leaves a
				// position no FEN may hold, as in chess.
				continue
			}
			if again.Hash() != child.Hash() || again.InCheck() != child.InCheck() {
				t.Fatalf("%s: null move's hash %x check %v, its FEN's %x %v", p.FEN(), child.Hash(), child.InCheck(), again.Hash(), again.InCheck())
			}
		}
	}
}

// TestRepetitionOutcome checks the repetition rule on a line judges as
// wide.Game does, on random games that often step back and forth, in
// every variant with an n-fold rule.
func TestRepetitionOutcome(t *testing.T) {
	for i, name := range variantNames {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			nfold := v.Rules().NFoldRule
			// No position of clobber10 (every move captures), reversi
			// (every drop fills a square) or snailtrail (every step leaves
			// a wall) comes twice.
			if nfold <= 0 || slices.Contains([]string{"clobber10", "flipersi", "flipello", "snailtrail"}, name) {
				t.Skip("no n-fold rule, or no position that can come twice")
			}
			rng := rand.New(rand.NewSource(int64(11 * (i + 1))))
			seen := 0
			var buf [wide.MaxMoves]wide.Move
			for gi := 0; gi < 30; gi++ {
				g := wide.NewGame(mustFEN(t, v, v.StartFEN()))
				checks := []bool{g.Position().InCheck()}
				for ply := 0; ply < 200; ply++ {
					o := g.Outcome()
					got, over := wide.RepetitionOutcome(g.Position(), g.Hashes(), checks, nfold)
					if o.Reason == wide.Repetition || o.Reason == wide.PerpetualCheck {
						seen++
						if !over || got != o {
							t.Fatalf("after %d moves: %v %v, the game says %v", len(g.Moves()), got, over, o)
						}
					} else if over && o.Reason == wide.NotOver {
						t.Fatalf("after %d moves: %v, the game goes on", len(g.Moves()), got)
					}
					if o.Reason != wide.NotOver {
						break
					}
					legal := g.Position().GenerateLegal(buf[:0])
					m := legal[rng.Intn(len(legal))]
					// Step back the move played two plies ago when legal.
					if n := len(g.Moves()); n >= 2 && rng.Intn(4) != 0 {
						prev := g.Moves()[n-2]
						for _, l := range legal {
							if l.From() == prev.To() && l.To() == prev.From() && l.Promotion() == wide.NoPieceType {
								m = l
								break
							}
						}
					}
					g.Play(m)
					checks = append(checks, g.Position().InCheck())
				}
			}
			if seen == 0 {
				t.Errorf("no repetition in 30 games")
			}
		})
	}
}

// TestActivity checks Position.Activity against the legal moves: a
// piece type's legal moves are among its counted ones (all of them out
// of check in xiangqi, which has neither passes nor promotions), and an
// attack on the royal piece's square is counted exactly when the side
// to move is in check.
func TestActivity(t *testing.T) {
	for i, name := range []string{"xiangqi", "janggi", "capablanca", "grand", "shako", "courier"} {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			var buf [wide.MaxMoves]wide.Move
			for _, p := range randomPositions(t, v, int64(13*i+2), 4, 150) {
				us := p.SideToMove()
				var mob [wide.MaxPieceTypes + 1]int
				king := p.KingSquare(us)
				kz := wide.SquareSet(king)
				if king == wide.NoSquare {
					kz = wide.Bitboard{}
				}
				checks := p.Activity(us^1, kz, &[wide.MaxPieceTypes + 1]int{})
				if got := checks > 0; got != p.InCheck() {
					t.Fatalf("%s: %d attacks on the royal square, in check %v", p.FEN(), checks, p.InCheck())
				}
				p.Activity(us, wide.Bitboard{}, &mob)
				var legal [wide.MaxPieceTypes + 1]int
				for _, m := range p.GenerateLegal(buf[:0]) {
					if m.IsPass() || m.IsCastling() || m.IsEnPassant() || m.Promotion() != wide.NoPieceType {
						continue
					}
					pc, _ := p.PieceAt(m.From())
					if v.Rules().Pieces[pc.Type()-1].Pawn {
						continue // double steps are not counted
					}
					legal[pc.Type()]++
				}
				for ty := range legal {
					if legal[ty] > mob[ty] || name == "xiangqi" && !p.InCheck() && !pinned(&p) && legal[ty] != mob[ty] {
						t.Fatalf("%s: type %d has %d legal moves, %d counted", p.FEN(), ty, legal[ty], mob[ty])
					}
				}
				if z := p.KingZone(us); king != wide.NoSquare && !z.Has(king) {
					t.Fatalf("%s: the king zone misses the king", p.FEN())
				}
			}
		})
	}
}

// pinned reports whether some pseudo-legal move of the side to move is
// illegal (a pin, a flying-general line, a king stepping into check):
// counted by GenerateLegal against the sum Activity counts.
func pinned(p *wide.Position) bool {
	var mob [wide.MaxPieceTypes + 1]int
	p.Activity(p.SideToMove(), wide.Bitboard{}, &mob)
	n := 0
	for _, c := range mob {
		n += c
	}
	return n != p.CountLegal()
}
