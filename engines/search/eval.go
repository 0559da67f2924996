package search

import (
	"varena/engines"
)

// Weights is one value per feature of a variant, in registry order.
type Weights struct {
	variant *engines.Variant
	fs      *featureSet
	tables  *boardTables
	values  []float64
	pieces  [engines.King + 1]int // material weights, for SEE and pruning
}

func newWeights(v *engines.Variant, fs *featureSet, tables *boardTables, values []float64) *Weights {
	w := &Weights{variant: v, fs: fs, tables: tables, values: values}
	for t := engines.Pawn; t <= engines.King; t++ {
		if i := fs.material[t]; i >= 0 {
			w.pieces[t] = int(values[i])
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
	return newWeights(w.variant, w.fs, w.tables, append([]float64(nil), values...))
}

// PieceValue returns the material weight of type t, rounded to
// centipawns (0 when the variant has no such piece).
func (w *Weights) PieceValue(t engines.PieceType) int { return w.pieces[t] }

// Get returns the weight of the named feature.
func (w *Weights) Get(name string) (float64, bool) {
	i, err := w.fs.index(name)
	if err != nil {
		return 0, false
	}
	return w.values[i], true
}

// Trace receives the feature values of one evaluation: Features[i] is
// f_i(pos) from the side to move's point of view. Only non-zero features
// are recorded, in Index/Value pairs, so a trace is small.
type Trace struct {
	Index []int
	Value []float64
}

func (t *Trace) add(i int, v float64) {
	if v == 0 || i < 0 {
		return
	}
	for k, j := range t.Index {
		if j == i {
			t.Value[k] += v
			return
		}
	}
	t.Index = append(t.Index, i)
	t.Value = append(t.Value, v)
}

// Reset empties the trace for reuse.
func (t *Trace) Reset() {
	t.Index = t.Index[:0]
	t.Value = t.Value[:0]
}

// Dense returns the trace as a vector of n features.
func (t *Trace) Dense(n int) []float64 {
	out := make([]float64, n)
	for k, i := range t.Index {
		out[i] += t.Value[k]
	}
	return out
}

// boardTables holds per-square feature values of a geometry.
type boardTables struct {
	center  [64]float64
	advance [2][64]float64
}

func newBoardTables(g *engines.Geometry) *boardTables {
	t := &boardTables{}
	for s := 0; s < g.NumSquares(); s++ {
		sq := engines.Square(s)
		f, r := g.File(sq), g.Rank(sq)
		if !g.IsBunker(sq) {
			t.center[s] = float64(min(f, g.Files()-1-f, r, g.Ranks()-1-r))
		}
		t.advance[engines.White][s] = float64(r)
		t.advance[engines.Black][s] = float64(g.Ranks() - 1 - r)
	}
	return t
}

// Evaluate returns the static evaluation of pos in centipawns from the side
// to move's point of view: sum_i w_i * f_i(pos). With a non-nil trace it
// also records f(pos); the score is the same either way, so the tuner's
// linear model and the engine's evaluation are one code path.
func Evaluate(pos *engines.Position, w *Weights, trace *Trace) float64 {
	fs, v, g := w.fs, w.variant, pos.Geometry()
	tb := w.tables
	us := pos.SideToMove()
	occ := pos.Occupied()
	var f [maxFeatures]float64
	f[fs.tempo] = 1

	var attacks [2]engines.Bitboard
	for side := engines.White; side <= engines.Black; side++ {
		sign := 1.0
		if side != us {
			sign = -1
		}
		own := pos.ByColor(side)
		for t := engines.Pawn; t <= engines.King; t++ {
			if fs.material[t] < 0 {
				continue
			}
			b := pos.Pieces(side, t)
			n := b.Count()
			f[fs.material[t]] += sign * float64(n)
			if li := fs.last[t]; li >= 0 && n == 1 {
				f[li] += sign
			}
			var mob, center, adv float64
			for b != 0 {
				sq := b.Pop()
				var a engines.Bitboard
				switch t {
				case engines.Pawn:
					a = g.PawnAttacks(side, sq)
				case engines.Knight:
					a = g.KnightSteps(sq)
				case engines.Bishop:
					a = g.BishopAttacks(sq, occ)
				case engines.Rook:
					a = g.RookAttacks(sq, occ)
				case engines.Queen:
					a = g.RookAttacks(sq, occ) | g.BishopAttacks(sq, occ)
				case engines.King:
					a = g.KingSteps(sq)
				}
				a |= g.Link(sq)
				attacks[side] |= a
				if t != engines.Pawn {
					mob += float64((a &^ own).Count())
				}
				center += tb.center[sq]
				adv += tb.advance[side][sq]
				if v.Evolution && t != engines.King {
					f[fs.evoSteps] += sign * float64(engines.Queen-t)
				}
				if fs.bunkerOwn >= 0 && g.IsBunker(sq) {
					if (g.Rank(sq) < g.Ranks()/2) == (side == engines.White) {
						f[fs.bunkerOwn] += sign
					} else {
						f[fs.bunkerEnemy] += sign
					}
				}
			}
			f[fs.mobility[t]] += sign * mob
			f[fs.center[t]] += sign * center
			f[fs.advance[t]] += sign * adv
		}
		if t := engines.Pawn; fs.mobility[t] >= 0 {
			// Pawn mobility: pushes to empty squares.
			for b := pos.Pieces(side, t); b != 0; {
				sq := b.Pop()
				ahead := g.PawnPushes(side, sq) &^ occ
				f[fs.mobility[t]] += sign * float64(ahead.Count())
			}
		}
	}
	them := us.Other()
	if fs.threatUs >= 0 {
		var lastUs, lastThem engines.Bitboard
		for _, t := range v.Species {
			if b := pos.Pieces(us, t); b.Count() == 1 {
				lastUs |= b
			}
			if b := pos.Pieces(them, t); b.Count() == 1 {
				lastThem |= b
			}
		}
		f[fs.threatUs] = float64((lastUs & attacks[them]).Count())
		f[fs.threatThem] = float64((lastThem & attacks[us]).Count())
	}
	if fs.kingDanger >= 0 {
		ku, kt := pos.Pieces(us, engines.King), pos.Pieces(them, engines.King)
		if ku != 0 && kt != 0 {
			f[fs.kingDanger] = float64((g.KingSteps(ku.First()) & attacks[them]).Count() - (g.KingSteps(kt.First()) & attacks[us]).Count())
		}
	}

	score := 0.0
	for i, wi := range w.values {
		score += wi * f[i]
	}
	if trace != nil {
		for i := range w.values {
			trace.add(i, f[i])
		}
	}
	return score
}
