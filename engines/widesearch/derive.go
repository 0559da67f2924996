package widesearch

import (
	"math"
	"sync"

	"varena/engines/wide"
)

// Derived weights: an evaluation from a variant's rules alone, in the
// spirit of engines/search's DerivedWeights, so that values compare. A
// piece is worth what it reaches: its moves and captures (half each)
// averaged over the squares it may stand on (its mobility region), on
// the empty board, scaled so that the knight's reach on the same board
// is 300 cp; a pawn or soldier is 100. Each square a rider passes is
// empty with the chance riderEmpty, so its k-th square counts
// riderEmpty^(k-1). A lame leap counts the chance its leg squares are
// empty; a hopper's k-th square the chance that exactly one of the k-1
// squares before it holds a piece (the hurdle), a grasshopper's that the
// square before it does and the others do not. A piece kept to a region
// (xiangqi's advisor and elephant in their palace and half) reaches
// little there but guards its royal piece: it is worth at least
// guardFloor. On 9x10 that gives the chariot 515, the horse 225, the
// cannon 385, the advisor 94 and the elephant 74 before the floor
// (Fairy-Stockfish, scaled to its knight of 300: 490, 200 to 307, 307
// to 270, 161 and 115); in janggi the cannon 255, the elephant 129 and
// the advisor 189.
const (
	derivedKnight = 300  // cp of the knight's reach
	derivedPawn   = 100  // cp of a pawn or soldier
	riderEmpty    = 0.75 // chance a square on a piece's way is empty
	guardFloor    = 150  // cp at least of a piece kept to a region
	// derivedMobility is the cp of a move more than a piece's reach, as
	// engines/search's derived weights give every piece but the pawn and
	// king; derivedKingAttack the cp of an attack on a square of the
	// enemy royal piece's zone.
	derivedMobility   = 2
	derivedKingAttack = 8
	derivedKingDanger = 4
)

var derived sync.Map // *wide.Variant -> *Eval

// DefaultEval returns the evaluation of v with DerivedWeights, made once
// per variant.
func DefaultEval(v *wide.Variant) *Eval {
	if e, ok := derived.Load(v); ok {
		return e.(*Eval)
	}
	e := NewEval(v, DerivedWeights(v))
	derived.Store(v, e)
	return e
}

// DerivedWeights returns weights for v from its rules (see above): the
// material by reach; centrality worth 20 cp from corner to middle for a
// piece that roams the board (none for the royal piece, which must hide,
// nor for a piece kept to a region, which cannot go there), 8 cp for a
// pawn; a pawn's advance worth 30 cp over the board, a soldier's
// crossing a pawn (xiangqi's soldier doubles its worth at the river, as
// its moves triple), a pawn's entry into the enemy half 10 cp; mobility
// derivedMobility per move of a piece other than the pawn and the royal
// piece (its material lowered by that times its reach, so that a piece
// of average mobility is worth its reach), derivedKingAttack per attack
// on the enemy royal piece's zone and derivedKingDanger per square of
// their number (5 attacks: 140 cp); a piece in hand its reach's worth
// (no mobility: it may go anywhere); a tempo of 15 cp.
func DerivedWeights(v *wide.Variant) Weights {
	var w Weights
	rules := v.Rules()
	knight := reach(v, knightRule(), v.Files(), v.Ranks())
	soldiers := false
	for i, pr := range rules.Pieces {
		t := i + 1
		regional := !pr.Mobility[wide.White].IsEmpty()
		switch {
		case pr.Pawn || pr.Soldier:
			w.Material[t], w.InHand[t] = derivedPawn, derivedPawn
			w.Centre[t] = 1
			soldiers = soldiers || pr.Soldier && rules.SoldierRank > 1
		case pr.Royal && v.HasCheck():
			// Always on the board while the game goes on.
		default:
			r := reach(v, pr, v.Files(), v.Ranks())
			w.Material[t] = int(math.Round(derivedKnight * r / knight))
			if regional {
				w.Material[t] = max(w.Material[t], guardFloor)
			}
			w.InHand[t] = w.Material[t]
			// Mobility counts the moves about the reach: a piece of its
			// reach's mobility is worth its material.
			w.Mobility[t] = derivedMobility
			w.Material[t] -= int(math.Round(derivedMobility * r))
			if !regional && !pr.Royal {
				w.Centre[t] = (20 + centreUnits/2) / centreUnits
			}
		}
	}
	if r := v.Ranks(); r > 2 {
		w.Advance = int(math.Round(30 / float64(r-2)))
	}
	w.Crossed = 10
	if soldiers {
		w.Crossed = derivedPawn
	}
	w.KingAttack = derivedKingAttack
	w.KingDanger = derivedKingDanger
	w.Tempo = 15
	return w
}

func knightRule() wide.PieceRule {
	var atoms []wide.Atom
	for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
		atoms = append(atoms, wide.Atom{DX: d[0], DY: d[1], Range: 1, Move: true, Capture: true})
	}
	return wide.PieceRule{Letter: 'n', Atoms: atoms}
}

// reach is the mean, over the squares a piece of rule pr may stand on
// (White's mobility region, else the board), of the squares its atoms
// reach on the empty board, weighted as the comment above says.
func reach(v *wide.Variant, pr wide.PieceRule, files, ranks int) float64 {
	region := pr.Mobility[wide.White]
	lines := v.Rules().DiagonalLines
	in := func(f, r int) bool {
		if f < 0 || f >= files || r < 0 || r >= ranks {
			return false
		}
		return region.IsEmpty() || region.Has(wide.Square(r*files+f))
	}
	onLines := func(f, r int) bool { return lines.Has(wide.Square(r*files + f)) }
	total, stands := 0.0, 0
	for f := 0; f < files; f++ {
		for r := 0; r < ranks; r++ {
			if !in(f, r) {
				continue
			}
			stands++
			for _, a := range pr.Atoms {
				kinds := 0.0
				if a.Move {
					kinds += 0.5
				}
				if a.Capture {
					kinds += 0.5
				}
				if a.Palace && !onLines(f, r) {
					continue
				}
				switch {
				case a.Lame:
					x, y := f+a.DX, r+a.DY
					if in(x, y) && (!a.Palace || onLines(x, y)) {
						legs := max(abs(a.DX), abs(a.DY)) - 1
						total += kinds * math.Pow(riderEmpty, float64(legs))
					}
				default:
					limit := a.Range
					if limit == 0 {
						limit = max(files, ranks)
					}
					for k := 1; k <= limit; k++ {
						x, y := f+k*a.DX, r+k*a.DY
						if x < 0 || x >= files || y < 0 || y >= ranks || a.Palace && !onLines(x, y) {
							break
						}
						if !in(x, y) {
							continue
						}
						var w float64
						switch {
						case a.Hop:
							w = float64(k-1) * (1 - riderEmpty) * math.Pow(riderEmpty, float64(k-2))
						case a.Grasshopper:
							if k >= 2 {
								w = (1 - riderEmpty) * math.Pow(riderEmpty, float64(k-2))
							}
						default:
							w = math.Pow(riderEmpty, float64(k-1))
						}
						total += kinds * w
					}
				}
			}
		}
	}
	if stands == 0 {
		return 0
	}
	return total / float64(stands)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// centre returns the centrality of s: centreUnits in the middle of the
// board, 0 in a corner, by the distance in files and ranks (as
// engines/search's derived tables measure it).
func centre(v *wide.Variant, s wide.Square) int {
	cf, cr := float64(v.Files()-1)/2, float64(v.Ranks()-1)/2
	d := 0.0
	if cf > 0 {
		d += math.Abs(float64(v.FileOf(s))-cf) / cf
	}
	if cr > 0 {
		d += math.Abs(float64(v.RankOf(s))-cr) / cr
	}
	return int(math.Round(centreUnits * (1 - d/2)))
}
