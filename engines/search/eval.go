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
	// psq[colour][type][square][phase] is material plus piece-square
	// weight of a piece, from White's view (Black's negated), in fixed
	// point (psqOne per centipawn): the incremental sums the searcher keeps
	// are then exact whatever the order of the updates.
	psq [2][engines.King + 1][64][2]int64
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
					w.psq[c][t][sq][ph] = int64(math.Round(sign * x * psqOne))
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
// apart, from the side to move's view, and logs them when tracing.
type terms struct {
	mg, eg  float64
	w       []float64
	tracing bool
	log     []logged
}

// add adds x of a term whose endgame feature follows its middlegame one
// (every term but the tables', see featureSet.pair). When tracing it logs
// the term, for the trace to take after the evaluation: a call here would
// keep add from being inlined.
func (a *terms) add(tm term, x float64) {
	w := a.w[tm[mg]:]
	a.mg += w[0] * x
	a.eg += w[1] * x
	if a.tracing {
		a.log = append(a.log, logged{tm, x})
	}
}

// addSquare adds x of square ts of the tables tm.
func (a *terms) addSquare(tm term, ts int, x float64) {
	sq := term{tm[mg] + ts, tm[eg] + ts}
	a.mg += a.w[sq[mg]] * x
	a.eg += a.w[sq[eg]] * x
	if a.tracing {
		a.log = append(a.log, logged{sq, x})
	}
}

// logged is one term added in a traced evaluation.
type logged struct {
	tm term
	x  float64
}

// evaluate is Evaluate; psq, when not nil, is the material and
// piece-square sum of pos from White's view (the searcher's incremental
// sums), which then is not recomputed; it is ignored when tracing.
func evaluate(pos *engines.Position, w *Weights, psq *[2]int64, trace *Trace) float64 {
	fs, g := w.fs, pos.Geometry()
	us := pos.SideToMove()
	them := us.Other()
	occ := pos.Occupied()
	phase := fs.phase(pos)
	a := terms{w: w.values}
	if trace != nil {
		a.tracing, a.log = true, trace.log[:0]
	}
	a.add(fs.tempo, 1)

	// Material and piece-square terms: feature by feature when tracing;
	// else from the weights' summed tables (the same values added in
	// another order; TestEvalIsLinear holds them equal), here in the pass
	// over the pieces unless the searcher brings its incremental sums.
	full := trace == nil && psq == nil
	var sums [2]int64

	var attacks [2]engines.Bitboard
	for side := engines.White; side <= engines.Black; side++ {
		sign := 1.0
		if side != us {
			sign = -1
		}
		own := pos.ByColor(side)
		for _, t := range fs.types {
			b := pos.Pieces(side, t)
			if b == 0 {
				continue
			}
			n := b.Count()
			if trace != nil {
				a.add(fs.material[t], sign*float64(n))
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
			tab := &w.psq[side][t]
			for b != 0 {
				sq := b.Pop()
				var x engines.Bitboard
				switch t {
				case engines.Pawn:
					x = g.PawnAttacks(side, sq)
					mob += (g.PawnPushes(side, sq) &^ occ).Count()
				case engines.Knight:
					x = g.KnightSteps(sq)
				case engines.Bishop:
					x = g.BishopAttacks(sq, occ)
				case engines.Rook:
					x = g.RookAttacks(sq, occ)
				case engines.Queen:
					x = g.RookAttacks(sq, occ) | g.BishopAttacks(sq, occ)
				case engines.King:
					x = g.KingSteps(sq)
				}
				x |= g.Link(sq)
				att |= x
				if t != engines.Pawn {
					mob += (x &^ own).Count()
				}
				if full {
					sums[mg] += tab[sq][mg]
					sums[eg] += tab[sq][eg]
				} else if trace != nil {
					a.addSquare(fs.pst[t], int(fs.tableSquare[side][sq]), sign)
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
	if full {
		psq = &sums
	}
	if psq != nil {
		s := 1.0
		if us == engines.Black {
			s = -1
		}
		a.mg += s * float64(psq[mg]) / psqOne
		a.eg += s * float64(psq[eg]) / psqOne
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
	if trace != nil {
		// The phase folded into each term's pair of features.
		trace.begin(len(w.values))
		for _, l := range a.log {
			trace.add(l.tm[mg], phase*l.x)
			trace.add(l.tm[eg], (1-phase)*l.x)
		}
		trace.log = a.log
		trace.end()
	}
	// eg + p*(mg-eg) rather than p*mg + (1-p)*eg: with equal middlegame
	// and endgame weights the score is then exactly the single-phase one.
	return a.eg + phase*(a.mg-a.eg)
}

// psqSum returns the material and piece-square sum of pos from White's
// view, from scratch.
func (w *Weights) psqSum(pos *engines.Position) [2]int64 {
	var s [2]int64
	for c := engines.White; c <= engines.Black; c++ {
		for t := engines.Pawn; t <= engines.King; t++ {
			for b := pos.Pieces(c, t); b != 0; {
				sq := b.Pop()
				s[mg] += w.psq[c][t][sq][mg]
				s[eg] += w.psq[c][t][sq][eg]
			}
		}
	}
	return s
}
