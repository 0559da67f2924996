package search

import (
	"math"

	"varena/engines"
)

// Weights is one value per feature of a variant, in registry order.
type Weights struct {
	variant *engines.Variant
	fs      *featureSet
	values  []float64
	pieces  [engines.King + 1]int // middlegame material weights, for SEE and pruning
	// psq[phase][colour][type][square] is material plus piece-square
	// weight of a piece, from White's view (Black's negated), in fixed
	// point (psqOne per centipawn): the incremental sums the searcher keeps
	// are then exact whatever the order of the updates.
	psq [2][2][engines.King + 1][64]int64
}

// psqOne is the fixed-point unit of the material and piece-square sums:
// 2^32 per centipawn keeps fractional weights to 1e-10 and the sum of 64
// pieces of up to 10^7 centipawns inside int64.
const psqOne = 1 << 32

func newWeights(v *engines.Variant, fs *featureSet, values []float64) *Weights {
	w := &Weights{variant: v, fs: fs, values: values}
	for t := engines.Pawn; t <= engines.King; t++ {
		if tm := fs.material[t]; tm.ok() {
			w.pieces[t] = int(values[tm[mg]])
		}
	}
	for ph := mg; ph <= eg; ph++ {
		for t := engines.Pawn; t <= engines.King; t++ {
			if !fs.material[t].ok() {
				continue
			}
			for c := engines.White; c <= engines.Black; c++ {
				sign := 1.0
				if c == engines.Black {
					sign = -1
				}
				for sq := 0; sq < v.Geometry.NumSquares(); sq++ {
					x := values[fs.material[t][ph]] + values[fs.pst[t][ph]+int(fs.tableSquare[c][sq])]
					w.psq[ph][c][t][sq] = int64(math.Round(sign * x * psqOne))
				}
			}
		}
	}
	return w
}

// Variant returns the variant the weights are for.
func (w *Weights) Variant() *engines.Variant { return w.variant }

// Values returns the weights in feature order (a copy).
func (w *Weights) Values() []float64 { return append([]float64(nil), w.values...) }

// Names returns the feature names in order.
func (w *Weights) Names() []string {
	names := make([]string, len(w.fs.list))
	for i, f := range w.fs.list {
		names[i] = f.Name
	}
	return names
}

// WithValues returns weights for the same variant with other values (the
// tuner's step); values must have one entry per feature.
func (w *Weights) WithValues(values []float64) *Weights {
	if len(values) != len(w.values) {
		panic("search: WithValues: wrong number of values") // a caller bug, not input
	}
	return newWeights(w.variant, w.fs, append([]float64(nil), values...))
}

// PieceValue returns the middlegame material weight of type t, rounded
// toward zero to centipawns (0 when the variant has no such piece).
func (w *Weights) PieceValue(t engines.PieceType) int { return w.pieces[t] }

// Get returns the weight of the named feature.
func (w *Weights) Get(name string) (float64, bool) {
	i, err := w.fs.index(name)
	if err != nil {
		return 0, false
	}
	return w.values[i], true
}

// Evaluate returns the static evaluation of pos in centipawns from the side
// to move's point of view: sum_i w_i * f_i(pos). With a non-nil trace it
// also adds f(pos) to the trace; the score is the same either way, so the
// tuner's linear model and the engine's evaluation are one code path.
func Evaluate(pos *engines.Position, w *Weights, trace *Trace) float64 {
	return evaluate(pos, w, nil, trace)
}

// terms sums the weighted terms of one evaluation, middlegame and endgame
// apart, from the side to move's view, and records them in a trace.
type terms struct {
	sum   [2]float64
	w     []float64
	tr    *Trace
	phase float64
}

func (a *terms) add(tm term, x float64) {
	a.sum[mg] += a.w[tm[mg]] * x
	a.sum[eg] += a.w[tm[eg]] * x
	if a.tr != nil {
		a.record(tm, x)
	}
}

// record adds x to the trace as the phase-folded pair of features.
func (a *terms) record(tm term, x float64) {
	a.tr.add(tm[mg], a.phase*x)
	a.tr.add(tm[eg], (1-a.phase)*x)
}

// evaluate is Evaluate; psq, when not nil, is the material and
// piece-square sum of pos from White's view (the searcher's incremental
// sums), which then is not recomputed; it is ignored when tracing.
func evaluate(pos *engines.Position, w *Weights, psq *[2]int64, trace *Trace) float64 {
	fs, g := w.fs, pos.Geometry()
	us := pos.SideToMove()
	them := us.Other()
	occ := pos.Occupied()
	a := terms{w: w.values, phase: fs.phase(pos)}
	if trace != nil {
		trace.begin(len(w.values))
		defer trace.end()
		a.tr = trace
	}
	a.add(fs.tempo, 1)

	// Material and piece-square terms: feature by feature when tracing,
	// else from the weights' summed tables (the same values, added in
	// another order; TestEvalIsLinear holds them equal).
	if trace == nil && psq == nil {
		sum := w.psqSum(pos)
		psq = &sum
	}
	if psq != nil {
		s := 1.0
		if us == engines.Black {
			s = -1
		}
		a.sum[mg] += s * float64(psq[mg]) / psqOne
		a.sum[eg] += s * float64(psq[eg]) / psqOne
	}

	var attacks [2]engines.Bitboard
	for side := engines.White; side <= engines.Black; side++ {
		sign := 1.0
		if side != us {
			sign = -1
		}
		own := pos.ByColor(side)
		for t := engines.Pawn; t <= engines.King; t++ {
			if !fs.material[t].ok() {
				continue
			}
			b := pos.Pieces(side, t)
			n := b.Count()
			if n == 0 {
				continue
			}
			if psq == nil {
				a.add(fs.material[t], sign*float64(n))
				pst := fs.pst[t]
				for bb := b; bb != 0; {
					ts := int(fs.tableSquare[side][bb.Pop()])
					a.add(term{pst[mg] + ts, pst[eg] + ts}, sign)
				}
			}
			if fs.last[t].ok() && n == 1 {
				a.add(fs.last[t], sign)
			}
			if fs.evoSteps.ok() && t != engines.King {
				a.add(fs.evoSteps, sign*float64(n*int(engines.Queen-t)))
			}
			// Attacks (links to and from bunkers included) and mobility:
			// squares not held by an own piece; for pawns, free squares
			// ahead.
			mob := 0
			var att engines.Bitboard
			switch t {
			case engines.Pawn:
				for b != 0 {
					sq := b.Pop()
					att |= g.PawnAttacks(side, sq) | g.Link(sq)
					mob += (g.PawnPushes(side, sq) &^ occ).Count()
				}
			case engines.Knight:
				for b != 0 {
					sq := b.Pop()
					x := g.KnightSteps(sq) | g.Link(sq)
					att |= x
					mob += (x &^ own).Count()
				}
			case engines.Bishop:
				for b != 0 {
					sq := b.Pop()
					x := g.BishopAttacks(sq, occ) | g.Link(sq)
					att |= x
					mob += (x &^ own).Count()
				}
			case engines.Rook:
				for b != 0 {
					sq := b.Pop()
					x := g.RookAttacks(sq, occ) | g.Link(sq)
					att |= x
					mob += (x &^ own).Count()
				}
			case engines.Queen:
				for b != 0 {
					sq := b.Pop()
					x := g.RookAttacks(sq, occ) | g.BishopAttacks(sq, occ) | g.Link(sq)
					att |= x
					mob += (x &^ own).Count()
				}
			case engines.King:
				for b != 0 {
					sq := b.Pop()
					x := g.KingSteps(sq) | g.Link(sq)
					att |= x
					mob += (x &^ own).Count()
				}
			}
			attacks[side] |= att
			if mob != 0 {
				a.add(fs.mobility[t], sign*float64(mob))
			}
		}
		if fs.bunkerOwn.ok() {
			if n := (own & fs.ownBunker[side]).Count(); n != 0 {
				a.add(fs.bunkerOwn, sign*float64(n))
			}
			if n := (own & fs.ownBunker[side.Other()]).Count(); n != 0 {
				a.add(fs.bunkerEnemy, sign*float64(n))
			}
		}
	}
	if fs.threatUs.ok() {
		var lastUs, lastThem engines.Bitboard
		for _, t := range fs.v.Species {
			if b := pos.Pieces(us, t); b.Count() == 1 {
				lastUs |= b
			}
			if b := pos.Pieces(them, t); b.Count() == 1 {
				lastThem |= b
			}
		}
		if n := (lastUs & attacks[them]).Count(); n != 0 {
			a.add(fs.threatUs, float64(n))
		}
		if n := (lastThem & attacks[us]).Count(); n != 0 {
			a.add(fs.threatThem, float64(n))
		}
	}
	if fs.kingDanger.ok() {
		ku, kt := pos.Pieces(us, engines.King), pos.Pieces(them, engines.King)
		if ku != 0 && kt != 0 {
			n := (g.KingSteps(ku.First()) & attacks[them]).Count() - (g.KingSteps(kt.First()) & attacks[us]).Count()
			if n != 0 {
				a.add(fs.kingDanger, float64(n))
			}
		}
	}
	// eg + p*(mg-eg) rather than p*mg + (1-p)*eg: with equal middlegame
	// and endgame weights the score is then exactly the single-phase one.
	return a.sum[eg] + a.phase*(a.sum[mg]-a.sum[eg])
}

// psqSum returns the material and piece-square sum of pos from White's
// view, from scratch.
func (w *Weights) psqSum(pos *engines.Position) [2]int64 {
	var s [2]int64
	for c := engines.White; c <= engines.Black; c++ {
		for t := engines.Pawn; t <= engines.King; t++ {
			for b := pos.Pieces(c, t); b != 0; {
				sq := b.Pop()
				s[mg] += w.psq[mg][c][t][sq]
				s[eg] += w.psq[eg][c][t][sq]
			}
		}
	}
	return s
}
