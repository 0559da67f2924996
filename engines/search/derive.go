package search

import (
	"math"

	"varena/engines"
)

// Derived weights: an evaluation for a variant without a weights file,
// from its rules alone. A piece is worth what it reaches: its moves and
// captures averaged over the squares of the empty board, a rider's
// squares counted less the further they lie (each square past the first
// is reached only if the one before is empty, taken as 3 in 4). The
// knight's reach is 300 cp, a pawn 100; on 8x8 that gives the bishop
// 360, the rook 503, the queen 863, the commoner 375, the fers 175 and
// the amazon 1163. Tables favour the centre, a flag piece its goal, and a
// royal king shelter in the middlegame; the extinction and king-safety
// terms get fixed weights where the variant has them.

const (
	derivedKnight = 300  // cp of the knight's reach
	derivedPawn   = 100  // cp of a pawn
	riderEmpty    = 0.75 // chance a rider's next square is empty
)

// atomsOf returns how an orthodox type moves (all eight symmetries of
// each step), or a variant's own type's atoms; nil for a pawn.
func atomsOf(v *engines.Variant, t engines.PieceType) []engines.Atom {
	sym := func(dx, dy, r int) []engines.Atom {
		var out []engines.Atom
		seen := map[[2]int]bool{}
		for _, s := range [][2]int{{dx, dy}, {-dx, dy}, {dx, -dy}, {-dx, -dy}, {dy, dx}, {-dy, dx}, {dy, -dx}, {-dy, -dx}} {
			if !seen[s] {
				seen[s] = true
				out = append(out, engines.Atom{DX: s[0], DY: s[1], Range: r, Move: true, Capture: true})
			}
		}
		return out
	}
	switch t {
	case engines.Knight:
		return sym(1, 2, 1)
	case engines.Bishop:
		return sym(1, 1, 0)
	case engines.Rook:
		return sym(1, 0, 0)
	case engines.Queen:
		return append(sym(1, 1, 0), sym(1, 0, 0)...)
	case engines.King:
		return append(sym(1, 1, 1), sym(1, 0, 1)...)
	}
	if t >= engines.FirstFairy && int(t-engines.FirstFairy) < len(v.Fairy) {
		return v.Fairy[t-engines.FirstFairy].Atoms
	}
	return nil
}

// reach is the mean, over the squares of a files x ranks board, of the
// squares atoms reach from there, moves and captures weighted alike, a
// rider's k-th square by riderEmpty^(k-1).
func reach(atoms []engines.Atom, files, ranks int) float64 {
	total := 0.0
	for f := 0; f < files; f++ {
		for r := 0; r < ranks; r++ {
			for _, a := range atoms {
				kinds := 0.0
				if a.Move {
					kinds += 0.5
				}
				if a.Capture {
					kinds += 0.5
				}
				w := 1.0
				for k := 1; a.Range == 0 || k <= a.Range; k++ {
					x, y := f+k*a.DX, r+k*a.DY
					if x < 0 || x >= files || y < 0 || y >= ranks || a.DX == 0 && a.DY == 0 {
						break
					}
					total += kinds * w
					w *= riderEmpty
				}
			}
		}
	}
	return total / float64(files*ranks)
}

// pieceValue is the derived material value of type t in v, in cp.
func pieceValue(v *engines.Variant, t engines.PieceType) float64 {
	g := v.Geometry
	if t == engines.Pawn {
		return derivedPawn
	}
	if t == engines.King && v.Check {
		return 0 // royal: always on the board while the game goes on
	}
	knight := reach(atomsOf(v, engines.Knight), g.Files(), g.Ranks())
	if knight == 0 {
		return derivedKnight
	}
	return math.Round(derivedKnight * reach(atomsOf(v, t), g.Files(), g.Ranks()) / knight)
}

// DerivedWeights returns weights for v derived from its rules (see the
// comment at the top of derive.go): what DefaultWeights gives a variant
// that has no weights file. They are made once per variant.
func DerivedWeights(v *engines.Variant) *Weights {
	if v.Wide() != nil {
		return wideWeights(v)
	}
	if w, ok := derivedWeights.Load(v); ok {
		return w.(*Weights)
	}
	w := deriveWeights(v)
	derivedWeights.Store(v, w)
	return w
}

func deriveWeights(v *engines.Variant) *Weights {
	fs := featureSetOf(v)
	vals := make([]float64, len(fs.list))
	set := func(tm term, mgW, egW float64) {
		if tm.ok() {
			vals[tm[mg]], vals[tm[eg]] = mgW, egW
		}
	}
	g := v.Geometry
	anti := v.ExtinctionValue == engines.ValueWin && v.ExtinctionAll
	set(fs.tempo, 15, 10)
	for _, t := range fs.allTypes {
		val := pieceValue(v, t)
		if anti {
			// Losing every piece wins: a piece is a burden, the stronger
			// the more (it captures, and must, more often).
			val = -val / 3
		}
		set(fs.material[t], val, val)
		if t != engines.Pawn && t != engines.King && !anti {
			set(fs.mobility[t], 2, 2)
		}
	}
	// The last piece of a species: where losing it loses, a weakness,
	// and its being attacked a threat.
	if len(v.Species) > 0 && (!v.FairyRules() || v.ExtinctionValue == engines.ValueLoss) {
		for _, t := range v.Species {
			set(fs.last[t], -30, -30)
		}
		set(fs.threatUs, -100, -100)
		set(fs.threatThem, 50, 50)
	}
	set(fs.kingDanger, -8, -3)
	set(fs.checksLeft, 120, 120)

	// Tables. centre is 1 on the middle squares, 0 in the corners.
	cf, cr := float64(g.Files()-1)/2, float64(g.Ranks()-1)/2
	centre := func(sq engines.Square) float64 {
		d := 0.0
		if cf > 0 {
			d += math.Abs(float64(g.File(sq))-cf) / cf
		}
		if cr > 0 {
			d += math.Abs(float64(g.Rank(sq))-cr) / cr
		}
		return 1 - d/2
	}
	// goal is 1 on White's flag region, falling to 0 at the far side.
	var flag engines.Bitboard
	if v.FlagPiece != engines.NoPieceType {
		flag = v.FlagRegion[engines.White]
	}
	maxD := float64(max(g.Files(), g.Ranks()) - 1)
	goal := func(sq engines.Square) float64 {
		d := maxD
		for b := flag; b != 0; {
			s := b.Pop()
			d = min(d, float64(max(abs(g.File(s)-g.File(sq)), abs(g.Rank(s)-g.Rank(sq)))))
		}
		return 1 - d/maxD
	}
	for _, t := range fs.allTypes {
		tm := fs.pst[t]
		for sq := 0; sq < g.NumSquares(); sq++ {
			s := engines.Square(sq)
			c := centre(s) - 0.5
			var m, e float64
			switch {
			case anti:
			case t == v.FlagPiece && flag != 0:
				m, e = 150*goal(s), 150*goal(s)
			case t == engines.Pawn:
				m = 10 * c
				if len(v.Promotions) > 0 && g.Ranks() > 2 {
					e = 40 * float64(g.Rank(s)-1) / float64(g.Ranks()-2)
				}
			case t == engines.King && v.Check:
				m, e = -20*c, 20*c
			default:
				m, e = 20*c, 20*c
			}
			vals[tm[mg]+sq], vals[tm[eg]+sq] = m, e
		}
	}
	return newWeights(v, fs, vals)
}
