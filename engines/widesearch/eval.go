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
	// Mobility per pseudo-legal move of a piece of each type.
	Mobility [maxTypes]int
	// KingAttack per attack on a square of the enemy royal piece's zone
	// (its square and those it steps to: xiangqi's palace around it),
	// KingDanger per square of their number: attacks that gather weigh
	// more than the same number spread over the game.
	KingAttack int
	KingDanger int
	// InHand per piece of each type in hand (variants with drops or
	// gating only).
	InHand [maxTypes]int
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
	active  bool           // mobility or king attacks are weighted: Position.Activity runs
	roams   [maxTypes]bool // neither royal, nor a pawn or soldier, nor kept to a region

	nMoveRule int  // the variant's n-move rule, for the search (0: none)
	hands     bool // the variant has pieces in hand: the InHand features
	centre    [128]int8
	rank      [2][128]int8 // rank seen from each side, 0 its first
	cross     [2][128]bool // a pawn or soldier of that side here has crossed
}

// NewEval returns the evaluation of v with weights w.
func NewEval(v *wide.Variant, w Weights) *Eval {
	e := &Eval{v: v, w: w, ntypes: len(v.PieceTypes())}
	rules := v.Rules()
	e.nMoveRule = rules.NMoveRule
	e.hands = rules.Drops || rules.Gating || rules.SeirawanGating
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
	e.active = e.w.KingAttack != 0 || e.w.KingDanger != 0
	for t := 1; t <= e.ntypes; t++ {
		e.squares[t] = e.pawn[t] || e.w.Centre[t] != 0
		e.active = e.active || e.w.Mobility[t] != 0
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
	mobility [maxTypes]int
	hand     [maxTypes]int
	advance  int
	crossed  int
	attacks  int
	danger   int
}

// count walks the pieces once into the features: the one pass both the
// evaluation and the trace read, so that they cannot disagree. The
// squares are walked only for the types whose features need them, the
// moves (Position.Activity) only when mobility or king attacks weigh.
// The trace always counts everything.
func (e *Eval) count(p *wide.Position, f *counts, all bool) {
	e.countActive(p, f, all, e.active)
}

func (e *Eval) countActive(p *wide.Position, f *counts, all, active bool) {
	if e.hands {
		for t := 1; t <= e.ntypes; t++ {
			f.hand[t] = p.InHand(wide.White, wide.PieceType(t)) - p.InHand(wide.Black, wide.PieceType(t))
		}
	}
	if active || all {
		var mob [2][maxTypes]int
		aw := p.Activity(wide.White, p.KingZone(wide.Black), &mob[wide.White])
		ab := p.Activity(wide.Black, p.KingZone(wide.White), &mob[wide.Black])
		f.attacks, f.danger = aw-ab, aw*aw-ab*ab
		for t := 1; t <= e.ntypes; t++ {
			f.mobility[t] = mob[wide.White][t] - mob[wide.Black][t]
		}
	}
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
			if !e.squares[t] && !all {
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
func (e *Eval) Evaluate(p *wide.Position) int { return e.evaluate(p, e.active) }

// evaluate is Evaluate, without the mobility and king-attack terms
// unless active: the search's cheaper first look (quiesce).
func (e *Eval) evaluate(p *wide.Position, active bool) int {
	var f counts
	e.countActive(p, &f, false, active)
	w := &e.w
	s := w.Advance*f.advance + w.Crossed*f.crossed + w.KingAttack*f.attacks + w.KingDanger*f.danger
	for t := 1; t <= e.ntypes; t++ {
		s += w.Material[t]*f.material[t] + w.Centre[t]*f.centre[t] + w.Mobility[t]*f.mobility[t] + w.InHand[t]*f.hand[t]
	}
	if p.SideToMove() == wide.Black {
		s = -s
	}
	return s + w.Tempo
}

// NumFeatures returns the length of the weight and feature vectors.
func (e *Eval) NumFeatures() int {
	return len(e.blocks(&e.w.Material, &e.w.Centre, &e.w.Mobility, &e.w.InHand))*e.ntypes + 5
}

// blocks returns the per-type blocks of the features (or weights) in
// their order: the hand's only in a variant with pieces in hand.
func (e *Eval) blocks(material, centre, mobility, hand *[maxTypes]int) []*[maxTypes]int {
	if e.hands {
		return []*[maxTypes]int{material, centre, mobility, hand}
	}
	return []*[maxTypes]int{material, centre, mobility}
}

// Names returns the features' names, in the order of Vector and Trace:
// material_X, centre_X, mobility_X and (with pieces in hand) hand_X per
// type (X its letter), advance, crossed, king_attack, king_danger, tempo.
func (e *Eval) Names() []string {
	out := make([]string, 0, e.NumFeatures())
	blocks := []string{"material", "centre", "mobility", "hand"}[:len(e.blocks(nil, nil, nil, nil))]
	for _, block := range blocks {
		for t := 1; t <= e.ntypes; t++ {
			out = append(out, fmt.Sprintf("%s_%c", block, e.v.TypeLetter(wide.PieceType(t))))
		}
	}
	return append(out, "advance", "crossed", "king_attack", "king_danger", "tempo")
}

// Vector returns the weights as one vector, in the order of Names.
func (e *Eval) Vector() []float64 {
	out := make([]float64, 0, e.NumFeatures())
	for _, block := range e.blocks(&e.w.Material, &e.w.Centre, &e.w.Mobility, &e.w.InHand) {
		for t := 1; t <= e.ntypes; t++ {
			out = append(out, float64(block[t]))
		}
	}
	return append(out, float64(e.w.Advance), float64(e.w.Crossed), float64(e.w.KingAttack), float64(e.w.KingDanger), float64(e.w.Tempo))
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
	blocks := e.blocks(&w.Material, &w.Centre, &w.Mobility, &w.InHand)
	for b, block := range blocks {
		for t := 1; t <= e.ntypes; t++ {
			block[t] = r(x[b*e.ntypes+t-1])
		}
	}
	n := len(blocks) * e.ntypes
	w.Advance, w.Crossed, w.KingAttack, w.KingDanger, w.Tempo = r(x[n]), r(x[n+1]), r(x[n+2]), r(x[n+3]), r(x[n+4])
	out := *e
	out.w = w
	out.setSquares()
	return &out, nil
}

// Trace returns the features of p from the side to move's view, in the
// order of Names: Evaluate(p) is their dot product with Vector.
func (e *Eval) Trace(p *wide.Position) []float64 {
	var f counts
	e.count(p, &f, true)
	sign := 1.0
	if p.SideToMove() == wide.Black {
		sign = -1
	}
	out := make([]float64, 0, e.NumFeatures())
	for _, block := range e.blocks(&f.material, &f.centre, &f.mobility, &f.hand) {
		for t := 1; t <= e.ntypes; t++ {
			out = append(out, sign*float64(block[t]))
		}
	}
	return append(out, sign*float64(f.advance), sign*float64(f.crossed), sign*float64(f.attacks), sign*float64(f.danger), 1)
}
