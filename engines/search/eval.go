package search

import "varena/engines"

// Evaluate returns the static evaluation of pos in centipawns from the side
// to move's point of view: sum_i w_i * f_i(pos). With a non-nil trace it
// also adds f(pos) to the trace; the score is the same either way (up to
// the order of the additions), since both add up the one list of terms
// (func terms) from one pass over the board (facts.scan): the tuner's
// linear model and the engine's evaluation cannot drift apart.
func Evaluate(pos *engines.Position, w *Weights, trace *Trace) float64 {
	if w.wide != nil {
		return evaluateWide(pos, w, trace)
	}
	if trace != nil {
		return evaluateTrace(pos, w, trace)
	}
	return evaluate(pos, w, nil)
}

// facts is what one pass over the pieces finds, in whole numbers: every
// term of the evaluation is a count in here. The pass (scan) is the one
// piece of code that looks at the board, and terms the one list of terms
// read from it: the searcher's score (evaluate) and the tuner's trace
// (evaluateTrace) both add it up, so they cannot disagree on a feature.
type facts struct {
	n       [2][engines.NumPieceTypes]int32 // pieces per colour and type
	mob     [2][engines.NumPieceTypes]int32 // mobility per colour and type
	attacks [2]engines.Bitboard             // squares each colour attacks (bunker links included)
	last    [2]engines.Bitboard             // each colour's last pieces of a species
	bunker  [2][2]int32                     // per colour, pieces in its own [0] and the enemy's [1] bunker
	psq     [2]int64                        // material and piece-square sum from White's view, when asked for
}

// scan walks the pieces of pos once: counts, attacks (links to and from
// bunkers included) and mobility (squares not held by an own piece; for
// pawns, free squares ahead), and with sums the material and
// piece-square sum.
func (f *facts) scan(pos *engines.Position, w *Weights, sums bool) {
	fs, g := w.fs, pos.Geometry()
	occ := pos.Occupied()
	links := fs.links
	var psqMG, psqEG int64
	for side := engines.White; side <= engines.Black; side++ {
		own := pos.ByColor(side)
		var attacks, last engines.Bitboard
		for _, t := range fs.types {
			b := pos.ByType(t) & own
			if b == 0 {
				continue
			}
			n := b.Count()
			f.n[side][t] = int32(n)
			if n == 1 && fs.last[t].ok() {
				last |= b
			}
			tab := &w.psq[side][t]
			mob := 0
			// One loop per type: the type's switch is taken once, not per
			// piece.
			switch t {
			case engines.Pawn:
				for b != 0 {
					sq := b.Pop()
					x := g.PawnAttacks(side, sq)
					if links {
						x |= g.Link(sq)
					}
					attacks |= x
					mob += (g.PawnPushes(side, sq) &^ occ).Count()
					if sums {
						psqMG += tab[sq][mg]
						psqEG += tab[sq][eg]
					}
				}
			default:
				for b != 0 {
					sq := b.Pop()
					var x engines.Bitboard
					switch t {
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
					if links {
						x |= g.Link(sq)
					}
					attacks |= x
					mob += (x &^ own).Count()
					if sums {
						psqMG += tab[sq][mg]
						psqEG += tab[sq][eg]
					}
				}
			}
			f.mob[side][t] = int32(mob)
		}
		f.attacks[side], f.last[side] = attacks, last
		if links {
			f.bunker[side][0] = int32((own & fs.ownBunker[side]).Count())
			f.bunker[side][1] = int32((own & fs.ownBunker[side.Other()]).Count())
		}
	}
	f.psq = [2]int64{psqMG, psqEG}
	if fs.fairyTypes != nil {
		f.scanFairy(pos, w, sums)
	}
}

// scanFairy is scan's pass over the variant's own types, apart so that
// the orthodox pass stays as it was: their squares from PiecesOf, their
// moves from the rules engine (FairyTargets), as the orthodox tables do
// not have them.
func (f *facts) scanFairy(pos *engines.Position, w *Weights, sums bool) {
	fs := w.fs
	for side := engines.White; side <= engines.Black; side++ {
		for _, t := range fs.fairyTypes {
			b := pos.PiecesOf(side, t)
			if b == 0 {
				continue
			}
			n := b.Count()
			f.n[side][t] = int32(n)
			if n == 1 && fs.last[t].ok() {
				f.last[side] |= b
			}
			tab := &w.psq[side][t]
			mob := 0
			for b != 0 {
				sq := b.Pop()
				x := pos.FairyTargets(sq)
				f.attacks[side] |= x
				mob += x.Count()
				if sums {
					f.psq[mg] += tab[sq][mg]
					f.psq[eg] += tab[sq][eg]
				}
			}
			f.mob[side][t] = int32(mob)
		}
	}
}

// phase returns the game phase in [0, 1] from the piece counts: 1 with
// the starting material (or more, after promotions), 0 with only pawns and
// kings (featureSet.phaseSum's sum, in the same order, without another
// look at the board).
func (f *facts) phase(fs *featureSet) float64 {
	s := 0.0
	for t := engines.Knight; t <= engines.Queen; t++ {
		s += fs.phaseWeight[t] * float64(f.n[engines.White][t]+f.n[engines.Black][t])
	}
	for _, t := range fs.fairyTypes {
		s += fs.phaseWeight[t] * float64(f.n[engines.White][t]+f.n[engines.Black][t])
	}
	return min(1, s*fs.phaseScale)
}

// kingDanger is the king-danger count from us's view: squares next to our
// king the enemy attacks, less those next to theirs we attack; 0 unless
// both kings stand.
func (f *facts) kingDanger(pos *engines.Position, us engines.Color) int {
	them := us.Other()
	ku, kt := pos.Pieces(us, engines.King), pos.Pieces(them, engines.King)
	if ku == 0 || kt == 0 {
		return 0
	}
	g := pos.Geometry()
	return (g.KingSteps(ku.First()) & f.attacks[them]).Count() - (g.KingSteps(kt.First()) & f.attacks[us]).Count()
}

// speciesWeight is how near a species of n pieces (n >= 1) is to
// extinction: 1/n^2, so a last piece counts 1, each of two 1/4, and a
// full rank of pawns next to nothing. The square makes each
// loss dearer than the one before, as an extinction engine must weigh
// it (Fairy-Stockfish's extinction terms fall off the same way).
func speciesWeight(n int32) float64 { return 1 / float64(n*n) }

// speciesThreat is the sum, over side's pieces of a species that the
// other side attacks, of speciesWeight of the piece's species.
func (f *facts) speciesThreat(pos *engines.Position, fs *featureSet, side engines.Color) float64 {
	x := 0.0
	hit := f.attacks[side.Other()]
	for _, t := range fs.v.Species {
		if k := (pos.PiecesOf(side, t) & hit).Count(); k != 0 {
			x += float64(k) * speciesWeight(f.n[side][t])
		}
	}
	return x
}

// A sink is what an evaluation does with its terms besides adding them
// up: noTrace, the searcher's, nothing; withTrace logs each one to its
// trace, for Evaluate to fold the phase into the features. The choice is
// a type, not a value: the compiler instantiates the term list (terms)
// once per sink, and in the searcher's, where len of the sink is the
// constant 0, the logging is compiled away, so the search's evaluation is
// plain arithmetic (a sink with methods would be called through the
// generic function's dictionary, term by term).
type sink interface{ noTrace | withTrace }

type (
	noTrace   = [0]*Trace
	withTrace = [1]*Trace
)

// acc is the sum of the weighted terms of one evaluation, middlegame and
// endgame apart, from the side to move's view, and its sink. A value, not
// a pointer: add returns the new sum, so it stays in registers through
// the evaluation rather than in memory.
type acc[S sink] struct {
	mg, eg float64
	sink   S
}

// trace is the trace of a withTrace sink (only called when len(a.sink)
// is 1).
func (a acc[S]) trace() *Trace { return a.sink[len(a.sink)-1] }

// add adds x of a term whose endgame feature follows its middlegame one
// (every term but the tables', see featureSet.pair).
func (a acc[S]) add(w []float64, tm term, x float64) acc[S] {
	w = w[tm[mg] : tm[mg]+2]
	a.mg += w[0] * x
	a.eg += w[1] * x
	if len(a.sink) > 0 {
		t := a.trace()
		t.log = append(t.log, logged{tm, x})
	}
	return a
}

// sums adds the material and piece-square terms as the searcher has
// them, summed: psq, from White's view, in fixed point.
func (a acc[S]) sums(pos *engines.Position, psq *[2]int64) acc[S] {
	s := 1.0
	if pos.SideToMove() == engines.Black {
		s = -1
	}
	a.mg += s * float64(psq[mg]) / psqOne
	a.eg += s * float64(psq[eg]) / psqOne
	return a
}

// tracePieces adds the material and piece-square terms feature by
// feature, as a trace needs them, material per type and a table's square
// per piece, and logs each.
func (a acc[S]) tracePieces(pos *engines.Position, f *facts, w *Weights) acc[S] {
	us := pos.SideToMove()
	fs, vals, t := w.fs, w.values, a.trace()
	for side := engines.White; side <= engines.Black; side++ {
		sign := 1.0
		if side != us {
			sign = -1
		}
		for _, pt := range fs.allTypes {
			n := f.n[side][pt]
			if n == 0 {
				continue
			}
			a = a.add(vals, fs.material[pt], sign*float64(n))
			tm := fs.pst[pt]
			for b := pos.PiecesOf(side, pt); b != 0; {
				ts := int(fs.tableSquare[side][b.Pop()])
				sq := term{tm[mg] + ts, tm[eg] + ts}
				a.mg += vals[sq[mg]] * sign
				a.eg += vals[sq[eg]] * sign
				t.log = append(t.log, logged{sq, sign})
			}
		}
	}
	return a
}

// terms is the evaluation, term by term: the one list the searcher's
// score (evaluate, with noTrace) and the tuner's trace (evaluateTrace,
// withTrace) both add up, so the two cannot disagree on a term. Each line
// adds a count from the facts of pos's scan times the term's weights; a
// term the variant lacks is not registered (term.ok is false) and its
// line is skipped. psq is the material and piece-square sum (see
// acc.sums). The score is the middlegame and endgame sums blended by the
// phase.
func terms[S sink](sink S, f *facts, pos *engines.Position, w *Weights, psq *[2]int64) float64 {
	fs, vals := w.fs, w.values
	a := acc[S]{sink: sink}
	species := w.species || len(a.sink) > 0
	us := pos.SideToMove()
	them := us.Other()
	a = a.add(vals, fs.tempo, 1)
	for side := engines.White; side <= engines.Black; side++ {
		sign := 1.0
		if side != us {
			sign = -1
		}
		for _, t := range fs.allTypes {
			n := f.n[side][t]
			if n == 0 {
				continue
			}
			if n == 1 && fs.last[t].ok() {
				a = a.add(vals, fs.last[t], sign)
			}
			if species && fs.species[t].ok() {
				a = a.add(vals, fs.species[t], sign*speciesWeight(n))
			}
			if fs.evoSteps.ok() && t != engines.King {
				a = a.add(vals, fs.evoSteps, sign*float64(int(n)*int(engines.Queen-t)))
			}
			if mob := f.mob[side][t]; mob != 0 {
				a = a.add(vals, fs.mobility[t], sign*float64(mob))
			}
		}
		if fs.bunkerOwn.ok() {
			if n := f.bunker[side][0]; n != 0 {
				a = a.add(vals, fs.bunkerOwn, sign*float64(n))
			}
			if n := f.bunker[side][1]; n != 0 {
				a = a.add(vals, fs.bunkerEnemy, sign*float64(n))
			}
		}
	}
	// Material and piece-square tables: the searcher's sums, or feature by
	// feature for a trace.
	if len(a.sink) == 0 {
		a = a.sums(pos, psq)
	} else {
		a = a.tracePieces(pos, f, w)
	}
	if fs.threatUs.ok() {
		if n := (f.last[us] & f.attacks[them]).Count(); n != 0 {
			a = a.add(vals, fs.threatUs, float64(n))
		}
		if n := (f.last[them] & f.attacks[us]).Count(); n != 0 {
			a = a.add(vals, fs.threatThem, float64(n))
		}
	}
	if species && fs.threatSpeciesUs.ok() {
		if x := f.speciesThreat(pos, fs, us); x != 0 {
			a = a.add(vals, fs.threatSpeciesUs, x)
		}
		if x := f.speciesThreat(pos, fs, them); x != 0 {
			a = a.add(vals, fs.threatSpeciesThem, x)
		}
	}
	if fs.kingDanger.ok() {
		if n := f.kingDanger(pos, us); n != 0 {
			a = a.add(vals, fs.kingDanger, float64(n))
		}
	}
	if fs.checksLeft.ok() {
		if n := pos.ChecksLeft(them) - pos.ChecksLeft(us); n != 0 {
			a = a.add(vals, fs.checksLeft, float64(n))
		}
	}
	// eg + p*(mg-eg) rather than p*mg + (1-p)*eg: with equal middlegame
	// and endgame weights the score is then exactly the single-phase one.
	return a.eg + f.phase(fs)*(a.mg-a.eg)
}

// evaluate is Evaluate without a trace, the searcher's: psq, when not nil,
// is the material and piece-square sum of pos from White's view (the
// searcher's incremental sums), which then is not recomputed.
func evaluate(pos *engines.Position, w *Weights, psq *[2]int64) float64 {
	var f facts
	f.scan(pos, w, psq == nil)
	if psq == nil {
		psq = &f.psq
	}
	return f.score(pos, w, psq)
}

// lastAttacked reports whether the side to move has a species down to its
// last piece and that piece attacked: the scan's attacks answer what
// Searcher.lastPieceAttacked asks of the board square by square.
func (f *facts) lastAttacked(us engines.Color) bool {
	return f.last[us]&f.attacks[us.Other()] != 0
}

// score is evaluate's sum of the terms, from the facts of pos's scan and
// the material and piece-square sum psq.
func (f *facts) score(pos *engines.Position, w *Weights, psq *[2]int64) float64 {
	return terms(noTrace{}, f, pos, w, psq)
}

// logged is one term added in a traced evaluation: its pair of features
// and its count.
type logged struct {
	tm term
	x  float64
}

// evaluateTrace is Evaluate with a trace: the terms of evaluate, material
// and piece-square tables feature by feature rather than from the summed
// tables, each logged and then added to the trace with the phase folded
// in.
func evaluateTrace(pos *engines.Position, w *Weights, trace *Trace) float64 {
	var f facts
	f.scan(pos, w, false)
	trace.log = trace.log[:0]
	score := terms(withTrace{trace}, &f, pos, w, nil)
	phase := f.phase(w.fs)
	trace.begin(len(w.values))
	for _, l := range trace.log {
		trace.add(l.tm[mg], phase*l.x)
		trace.add(l.tm[eg], (1-phase)*l.x)
	}
	trace.end()
	return score
}
