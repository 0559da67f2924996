package widesearch

import (
	"fmt"

	"varena/engines/wide"
)

// maxTypes sizes the per-type arrays, indexed by wide.PieceType (0 unused).
const maxTypes = wide.MaxPieceTypes + 1

// centreUnits is the centrality of the middle of the board; a corner's
// is 0 (centre, derive.go).
const centreUnits = 8

// Weights are the evaluation's weights in centipawns per unit of each
// feature. The evaluation is linear in them: sum_i w_i * f_i, the
// features f from Eval.Trace, from the side to move's view.
type Weights struct {
	// Material per piece of each type (index: wide.PieceType).
	Material [maxTypes]int
	// Centre per unit of a piece's centrality (0 in a corner,
	// centreUnits in the middle of the board), per type.
	Centre [maxTypes]int
	// Advance per rank a pawn or soldier stands from its side's first
	// rank.
	Advance int
	// Crossed per pawn or soldier that has crossed: a soldier on or past
	// the rank where it gains its sideways moves (xiangqi's river), a
	// pawn in the enemy half.
	Crossed int
	// Tempo for the side to move.
	Tempo int
}

// Eval is the evaluation of one variant: its weights and the square
// tables the features read. It is read-only after NewEval and may be
// shared.
type Eval struct {
	v       *wide.Variant
	w       Weights
	ntypes  int
	pawn    [maxTypes]bool // pawns and soldiers: the Advance and Crossed features
	squares [maxTypes]bool // the type's features need its squares (not only a count)
	roams   [maxTypes]bool // neither royal, nor a pawn or soldier, nor kept to a region
	centre  [128]int8
	rank    [2][128]int8 // rank seen from each side, 0 its first
	cross   [2][128]bool // a pawn or soldier of that side here has crossed
}

// NewEval returns the evaluation of v with weights w.
func NewEval(v *wide.Variant, w Weights) *Eval {
	e := &Eval{v: v, w: w, ntypes: len(v.PieceTypes())}
	rules := v.Rules()
	soldierRank := 0 // relative 0-based rank where a soldier crosses
	for i, pr := range rules.Pieces {
		t := wide.PieceType(i + 1)
		e.pawn[t] = pr.Pawn || pr.Soldier
		e.roams[t] = !e.pawn[t] && !pr.Royal && pr.Mobility[wide.White].IsEmpty()
		if pr.Soldier && rules.SoldierRank > 1 {
			soldierRank = rules.SoldierRank - 1
		}
	}
	files, ranks := v.Files(), v.Ranks()
	crossRank := (ranks + 1) / 2
	if soldierRank > 0 {
		crossRank = soldierRank
	}
	for sq := 0; sq < files*ranks; sq++ {
		s := wide.Square(sq)
		e.centre[sq] = int8(centre(v, s))
		r := v.RankOf(s)
		e.rank[wide.White][sq], e.rank[wide.Black][sq] = int8(r), int8(ranks-1-r)
		e.cross[wide.White][sq] = r >= crossRank
		e.cross[wide.Black][sq] = ranks-1-r >= crossRank
	}
	e.setSquares()
	return e
}

func (e *Eval) setSquares() {
	for t := 1; t <= e.ntypes; t++ {
		e.squares[t] = e.pawn[t] || e.w.Centre[t] != 0
	}
}

// Variant returns the variant evaluated.
func (e *Eval) Variant() *wide.Variant { return e.v }

// Weights returns the weights.
func (e *Eval) Weights() Weights { return e.w }

// counts are the features of a position, White's minus Black's.
type counts struct {
	material [maxTypes]int
	centre   [maxTypes]int
	advance  int
	crossed  int
}

// count walks the pieces once into the features: the one pass both the
// evaluation and the trace read, so that they cannot disagree. The
// squares are walked only for the types whose features need them.
func (e *Eval) count(p *wide.Position, f *counts) {
	for t := wide.PieceType(1); int(t) <= e.ntypes; t++ {
		for c := wide.White; c <= wide.Black; c++ {
			b := p.Pieces(c, t)
			if b.IsEmpty() {
				continue
			}
			sign := 1
			if c == wide.Black {
				sign = -1
			}
			if !e.squares[t] {
				f.material[t] += sign * b.Count()
				continue
			}
			n, cen, adv, crs := 0, 0, 0, 0
			for !b.IsEmpty() {
				s := b.Pop()
				n++
				cen += int(e.centre[s])
				if e.pawn[t] {
					adv += int(e.rank[c][s])
					if e.cross[c][s] {
						crs++
					}
				}
			}
			f.material[t] += sign * n
			f.centre[t] += sign * cen
			f.advance += sign * adv
			f.crossed += sign * crs
		}
	}
}

// Evaluate returns the static score of p in centipawns from the side to
// move's view.
func (e *Eval) Evaluate(p *wide.Position) int {
	var f counts
	e.count(p, &f)
	w := &e.w
	s := w.Advance*f.advance + w.Crossed*f.crossed
	for t := 1; t <= e.ntypes; t++ {
		s += w.Material[t]*f.material[t] + w.Centre[t]*f.centre[t]
	}
	if p.SideToMove() == wide.Black {
		s = -s
	}
	return s + w.Tempo
}

// NumFeatures returns the length of the weight and feature vectors.
func (e *Eval) NumFeatures() int { return 2*e.ntypes + 3 }

// Names returns the features' names, in the order of Vector and Trace:
// material_X and centre_X per type (X its letter), advance, crossed,
// tempo.
func (e *Eval) Names() []string {
	out := make([]string, 0, e.NumFeatures())
	for t := 1; t <= e.ntypes; t++ {
		out = append(out, fmt.Sprintf("material_%c", e.v.TypeLetter(wide.PieceType(t))))
	}
	for t := 1; t <= e.ntypes; t++ {
		out = append(out, fmt.Sprintf("centre_%c", e.v.TypeLetter(wide.PieceType(t))))
	}
	return append(out, "advance", "crossed", "tempo")
}

// Vector returns the weights as one vector, in the order of Names.
func (e *Eval) Vector() []float64 {
	out := make([]float64, 0, e.NumFeatures())
	for t := 1; t <= e.ntypes; t++ {
		out = append(out, float64(e.w.Material[t]))
	}
	for t := 1; t <= e.ntypes; t++ {
		out = append(out, float64(e.w.Centre[t]))
	}
	return append(out, float64(e.w.Advance), float64(e.w.Crossed), float64(e.w.Tempo))
}

// WithVector returns the evaluation with the weights of vector x (in the
// order of Names, rounded to centipawns); an x of the wrong length is an
// error.
func (e *Eval) WithVector(x []float64) (*Eval, error) {
	if len(x) != e.NumFeatures() {
		return nil, fmt.Errorf("%s: %d weights, the evaluation has %d", e.v.Name(), len(x), e.NumFeatures())
	}
	r := func(f float64) int {
		if f < 0 {
			return int(f - 0.5)
		}
		return int(f + 0.5)
	}
	w := Weights{}
	for t := 1; t <= e.ntypes; t++ {
		w.Material[t] = r(x[t-1])
		w.Centre[t] = r(x[e.ntypes+t-1])
	}
	n := 2 * e.ntypes
	w.Advance, w.Crossed, w.Tempo = r(x[n]), r(x[n+1]), r(x[n+2])
	out := *e
	out.w = w
	out.setSquares()
	return &out, nil
}

// Trace returns the features of p from the side to move's view, in the
// order of Names: Evaluate(p) is their dot product with Vector.
func (e *Eval) Trace(p *wide.Position) []float64 {
	var f counts
	e.count(p, &f)
	sign := 1.0
	if p.SideToMove() == wide.Black {
		sign = -1
	}
	out := make([]float64, 0, e.NumFeatures())
	for t := 1; t <= e.ntypes; t++ {
		out = append(out, sign*float64(f.material[t]))
	}
	for t := 1; t <= e.ntypes; t++ {
		out = append(out, sign*float64(f.centre[t]))
	}
	return append(out, sign*float64(f.advance), sign*float64(f.crossed), 1)
}
