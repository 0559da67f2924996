package widesearch

import (
	"context"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"varena/engines/limits"
	"varena/engines/wide"
)

// maxSquares bounds a wide board's squares (12x10), for the history.
const maxSquares = wide.MaxFiles * wide.MaxRanks

// Searcher is the alpha-beta searcher of wide variants. One Searcher
// searches one position at a time; use one per worker. Without a clock
// it is deterministic: the same searches since NewGame give the same
// results.
type Searcher struct {
	tt   *table
	eval *Eval // the evaluation of the variant searched (DefaultEval unless SetEval)
	own  *Eval // set by SetEval: used for its variant

	history [2][maxSquares][maxSquares]int32
	counter [2][maxSquares][maxSquares]wide.Move // the quiet reply that refuted a move of that side, by its from and to
	killers [limits.MaxPly + 1][2]wide.Move
	static  [limits.MaxPly + 1]int // static score per ply (noEval in check)
	played  [limits.MaxPly + 1]wide.Move
	child   [limits.MaxPly + 1]wide.Position
	pv      [limits.MaxPly + 1][limits.MaxPly + 1]wide.Move
	pvLen   [limits.MaxPly + 1]int
	moves   [limits.MaxPly + 1][wide.MaxMoves]wide.Move
	scores  [limits.MaxPly + 1][wide.MaxMoves]int32
	quiets  [limits.MaxPly + 1][64]wide.Move // quiet moves searched without a cutoff

	// The game's positions, then the search path's: their hashes and
	// whether the side to move was in check, for the repetition rule.
	path   []uint64
	checks []bool
	nullAt int // index in path of the position after the last null move on it (0: none)

	lmr [64][64]int8

	nodes     int64
	nodeLimit int64
	rootDepth int
	rootBest  int
	seldepth  int
	root      []wide.Move // the root moves to search (SearchMoves); nil: all
	start     time.Time
	hard      time.Time
	off       switches // rules of the search turned off (tests' A/B matches)
	stop      atomic.Bool
	aborted   bool
}

// New returns a searcher with a transposition table of hashMB megabytes.
func New(hashMB int) *Searcher {
	s := &Searcher{tt: newTable(hashMB)}
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			s.lmr[d][m] = int8(lmrBase + lnTable[d]*lnTable[m]/lmrDivisor)
		}
	}
	return s
}

// SetHash resizes (and clears) the transposition table.
func (s *Searcher) SetHash(mb int) { s.tt = newTable(mb) }

// SetEval makes the searcher evaluate e's variant with e (a tuner's
// weights); nil returns to DefaultEval. The hash table is cleared: its
// entries keep scores of the other evaluation.
func (s *Searcher) SetEval(e *Eval) {
	s.own = e
	s.tt.clear()
}

// NewGame forgets everything learnt from earlier positions.
func (s *Searcher) NewGame() {
	s.tt.clear()
	s.history = [2][maxSquares][maxSquares]int32{}
	s.counter = [2][maxSquares][maxSquares]wide.Move{}
}

// switches turn rules of the search off, so that a test can measure
// what each is worth by a match against the search with it on.
type switches struct {
	iir, qTT, badCaptures, lazy bool
}

// noEval marks a ply without a static score (in check).
const noEval = -infinity

// Search searches the current position of g within lim, calling info
// (if not nil) after each finished iteration. It returns when a limit is
// reached or ctx ends, with the best move found so far. g must not
// change during the search.
func (s *Searcher) Search(ctx context.Context, g *wide.Game, lim Limits, info func(Info)) Result {
	pos := *g.Position()
	v := pos.Variant()
	s.eval = DefaultEval(v)
	if s.own != nil && s.own.Variant() == v {
		s.eval = s.own
	}
	s.start = time.Now()
	s.nodes, s.seldepth, s.aborted = 0, 0, false
	s.stop.Store(false)
	s.nodeLimit = lim.Nodes
	s.tt.newSearch()
	s.killers = [limits.MaxPly + 1][2]wide.Move{}
	s.gameHistory(g)
	s.nullAt = 0

	tm := timeState{plan: planTime(lim, pos.SideToMove())}
	s.hard = time.Time{}
	if tm.plan.hard > 0 {
		s.hard = s.start.Add(tm.plan.hard)
	}
	stopWatch := context.AfterFunc(ctx, func() { s.stop.Store(true) })
	defer stopWatch()
	if ctx.Err() != nil {
		s.stop.Store(true)
	}

	maxDepth := limits.MaxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	legal := pos.GenerateLegal(nil)
	s.root = nil
	if len(lim.SearchMoves) > 0 {
		var keep []wide.Move
		for _, m := range legal {
			if slices.Contains(lim.SearchMoves, m) {
				keep = append(keep, m)
			}
		}
		if len(keep) > 0 {
			legal, s.root = keep, keep
		}
	}
	res := Result{}
	if len(legal) == 0 {
		res.Score = s.endScore(&pos, 0)
		res.Time = time.Since(s.start)
		return res
	}
	res.Move = legal[0]
	tm.single = len(legal) == 1
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		score := s.aspirate(&pos, depth, res.Score)
		if s.aborted {
			// A partial iteration whose first move was searched through
			// still names a move; a partial first one is all there is.
			if s.pvLen[0] > 0 && s.pv[0][0] != wide.NullMove {
				res.Move = s.pv[0][0]
				if depth == 1 {
					res.Score, res.Depth = s.rootBest, 1
					res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
					if info != nil {
						info(Info{Depth: 1, SelDepth: s.seldepth, Score: res.Score, Nodes: s.nodes, Time: time.Since(s.start), PV: slices.Clone(res.PV)})
					}
				}
			}
			break
		}
		res.Score, res.Depth = score, depth
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if len(res.PV) > 0 {
			res.Move = res.PV[0]
		}
		res.Nodes, res.Time = s.nodes, time.Since(s.start)
		if info != nil {
			info(Info{Depth: depth, SelDepth: s.seldepth, Score: score, Nodes: res.Nodes, Time: res.Time, PV: slices.Clone(res.PV)})
		}
		if lim.Infinite {
			continue
		}
		if m := limits.MateIn(score); m != 0 && depth >= 2*abs(m)+1 {
			break // the fastest mate is proven
		}
		if tm.enough(res.Move, score, time.Since(s.start)) {
			break
		}
	}
	// Under "go infinite" the protocol wants bestmove only after stop.
	if lim.Infinite {
		<-ctx.Done()
	}
	res.Nodes, res.Time = s.nodes, time.Since(s.start)
	return res
}

// gameHistory sets the path to the game's positions: their hashes, and
// whether the side to move was in check there, replayed from the start
// (wide.Game keeps the checks to itself).
func (s *Searcher) gameHistory(g *wide.Game) {
	s.path = append(s.path[:0], g.Hashes()...)
	s.checks = s.checks[:0]
	p := *g.Start()
	s.checks = append(s.checks, p.InCheck())
	for _, m := range g.Moves() {
		p.MakeMove(m, &p)
		s.checks = append(s.checks, p.InCheck())
	}
	if len(s.checks) != len(s.path) {
		// Not a game replayed by its moves: no repetition is judged.
		s.path, s.checks = s.path[:0], s.checks[:0]
		s.path = append(s.path, g.Position().Hash())
		s.checks = append(s.checks, g.Position().InCheck())
	}
}

// aspirate searches the root with a window around the previous
// iteration's score, widening it on each failure.
func (s *Searcher) aspirate(pos *wide.Position, depth, prev int) int {
	if depth < 4 || prev > limits.MateBand || prev < -limits.MateBand {
		return s.negamax(pos, depth, 0, -infinity, infinity, true)
	}
	delta := aspiration
	alpha, beta := prev-delta, prev+delta
	for {
		score := s.negamax(pos, depth, 0, alpha, beta, true)
		switch {
		case s.aborted:
			return score
		case score <= alpha:
			alpha = max(score-delta, -infinity)
		case score >= beta:
			beta = min(score+delta, infinity)
		default:
			return score
		}
		delta *= 2
		if delta > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// checkStop sets s.aborted when a limit is reached. The clock's hard
// limit spares the first iteration, so that a spent clock is still
// answered with a searched move and a score.
func (s *Searcher) checkStop() bool {
	if s.aborted {
		return true
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit || s.stop.Load() {
		s.aborted = true
	} else if s.rootDepth > 1 && s.nodes&127 == 0 && !s.hard.IsZero() && time.Now().After(s.hard) {
		s.aborted = true
	}
	return s.aborted
}

// resultScore turns a game result into a score for side at ply.
func resultScore(r wide.Result, side wide.Color, ply int) int {
	switch {
	case r == wide.Draw || r == wide.Ongoing:
		return 0
	case r == wide.WhiteWins && side == wide.White, r == wide.BlackWins && side == wide.Black:
		return limits.Mate - ply
	}
	return -(limits.Mate - ply)
}

// endScore scores a position without legal moves: the rules' outcome
// (an immediate end, checkmate or stalemate with the variant's values).
func (s *Searcher) endScore(pos *wide.Position, ply int) int {
	return resultScore(pos.Status().Result, pos.SideToMove(), ply)
}

// ruleEnd judges the game ends a node meets before its moves: the
// position's immediate ends, a repetition on the path (one earlier
// occurrence is enough) as the variant scores it, and the n-move rule
// (unless in check: a mate there comes first, found by the search).
func (s *Searcher) ruleEnd(pos *wide.Position, ply int) (int, bool) {
	if o, over := pos.ImmediateEnd(); over {
		return resultScore(o.Result, pos.SideToMove(), ply), true
	}
	// Not across a null move: the positions before it are of another line.
	at := min(s.nullAt, len(s.path)-1)
	if o, over := wide.RepetitionOutcome(pos, s.path[at:], s.checks[at:], 2); over {
		return resultScore(o.Result, pos.SideToMove(), ply), true
	}
	if n := s.eval.nMoveRule; n > 0 && pos.HalfmoveClock() >= 2*n && !pos.InCheck() {
		return resultScore(pos.CountingResult(), pos.SideToMove(), ply), true
	}
	return 0, false
}

// Search constants, in centipawns and plies.
const (
	aspiration     = 40
	rfpMargin      = 90 // reverse futility per ply of depth
	rfpDepth       = 6
	futilityMargin = 120 // a quiet move cannot lift the static score by more, per ply
	futilityDepth  = 3
	deltaMargin    = 200
	lazyMargin     = 250 // cp the mobility and king terms are taken to move the score at most
	nullBase       = 3   // null-move reduction: nullBase + depth/nullDivisor
	nullDivisor    = 4
	lmrBase        = 0.5
	lmrDivisor     = 2.25
	qMaxPly        = 12 // quiescence plies before a position is scored statically
	qCheckPly      = 3  // quiescence plies within which checks are answered by every evasion
)

var lnTable = func() (t [64]float64) {
	for i := 1; i < 64; i++ {
		t[i] = math.Log(float64(i))
	}
	return
}()

// negamax searches pos to depth within (alpha, beta).
func (s *Searcher) negamax(pos *wide.Position, depth, ply, alpha, beta int, pvNode bool) int {
	s.pvLen[ply] = ply
	if s.checkStop() {
		return 0
	}
	if ply > 0 {
		if score, over := s.ruleEnd(pos, ply); over {
			return score
		}
		// Mate-distance pruning: no line from here beats a shorter mate.
		alpha = max(alpha, -(limits.Mate - ply))
		beta = min(beta, limits.Mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	inCheck := pos.InCheck()
	if inCheck && ply < limits.MaxPly/2 {
		depth++ // check extension (only variants with check have checks)
	}
	if depth <= 0 || ply >= limits.MaxPly {
		return s.quiesce(pos, ply, 0, alpha, beta)
	}
	s.seldepth = max(s.seldepth, ply)

	key := pos.Hash()
	ttMove := wide.NullMove
	e, ttHit := s.tt.probe(key)
	if ttHit {
		ttMove = e.move
		if !pvNode && int(e.depth) >= depth {
			if sc, ok := e.cutoff(ply, alpha, beta); ok {
				return sc
			}
		}
	}

	static := noEval
	if !inCheck {
		if ttHit && e.eval != noEvalTT {
			static = int(e.eval)
		} else {
			static = s.eval.Evaluate(pos)
		}
	}
	s.static[ply] = static
	improving := static != noEval && ply >= 2 && s.static[ply-2] != noEval && static > s.static[ply-2]
	canPrune := !pvNode && !inCheck && ply > 0

	// Reverse futility: far above beta near the leaves, the static score
	// stands (never on mate-score windows).
	if canPrune && depth <= rfpDepth && beta > -limits.MateBand && beta < limits.MateBand {
		margin := rfpMargin * depth
		if improving {
			margin -= rfpMargin / 2
		}
		if static-margin >= beta {
			return static
		}
	}

	// Null move: if passing still fails high, a real move will too. Not
	// in check, not right after another null move, not for a side with
	// only its royal piece and pawns or soldiers (zugzwang).
	if canPrune && depth >= 3 && static >= beta && beta < limits.MateBand && s.played[ply-1] != wide.NullMove &&
		s.hasPieces(pos, pos.SideToMove()) {
		child := &s.child[ply]
		if pos.MakeNullMove(child) {
			r := nullBase + depth/nullDivisor
			s.played[ply] = wide.NullMove
			s.path = append(s.path, child.Hash())
			s.checks = append(s.checks, false)
			nullAt := s.nullAt
			s.nullAt = len(s.path) - 1
			score := -s.negamax(child, depth-1-r, ply+1, -beta, -beta+1, false)
			s.nullAt = nullAt
			s.path, s.checks = s.path[:len(s.path)-1], s.checks[:len(s.checks)-1]
			if s.aborted {
				return 0
			}
			if score >= beta {
				if score > limits.MateBand {
					score = beta
				}
				return score
			}
		}
	}

	// Internal iterative reduction: a node never searched well here (no
	// hash move) is searched a ply shallower.
	if ttMove == wide.NullMove && depth >= 4 && !s.off.iir {
		depth--
	}

	moves := pos.GenerateLegal(s.moves[ply][:0])
	if ply == 0 && s.root != nil {
		moves = append(moves[:0], s.root...)
	}
	if len(moves) == 0 {
		return s.endScore(pos, ply)
	}
	scores := s.scores[ply][:len(moves)]
	s.scoreMoves(pos, moves, scores, ttMove, ply, s.counterOf(pos, ply))

	futile := canPrune && depth <= futilityDepth && alpha > -limits.MateBand && static+futilityMargin*depth <= alpha
	lmpLimit := 3 + depth*depth
	if !improving {
		lmpLimit = lmpLimit * 2 / 3
	}
	best, bestMove := -infinity, wide.NullMove
	origAlpha := alpha
	searched, nQuiets := 0, 0
	side := pos.SideToMove()
	child := &s.child[ply]
	for i := range moves {
		pickBest(moves, scores, i)
		m := moves[i]
		tactical := pos.Captured(m) != wide.NoPieceType || m.Promotion() != wide.NoPieceType
		quiet := !tactical && m != ttMove
		pos.MakeMove(m, child)
		givesCheck := child.InCheck()
		// Futility and late-move pruning of quiet moves near the leaves
		// (never a checking move, never before one move is searched).
		if quiet && !givesCheck && searched > 0 && best > -limits.MateBand {
			if futile || canPrune && depth <= 4 && searched >= lmpLimit {
				continue
			}
		}
		s.nodes++
		s.played[ply] = m
		s.path = append(s.path, child.Hash())
		s.checks = append(s.checks, givesCheck)
		var score int
		if searched == 0 {
			score = -s.negamax(child, depth-1, ply+1, -beta, -alpha, pvNode)
		} else {
			// Late-move reduction of quiet moves that do not check.
			r := 0
			if depth >= 3 && quiet && !givesCheck && !inCheck && searched >= 2 {
				r = int(s.lmr[min(depth, 63)][min(searched, 63)])
				if pvNode {
					r--
				}
				if m == s.killers[ply][0] || m == s.killers[ply][1] {
					r--
				}
				if !improving {
					r++
				}
				h := s.history[side][m.From()][m.To()]
				r -= int(h / 8192)
				r = max(0, min(r, depth-2))
			}
			score = -s.negamax(child, depth-1-r, ply+1, -alpha-1, -alpha, false)
			if score > alpha && r > 0 {
				score = -s.negamax(child, depth-1, ply+1, -alpha-1, -alpha, false)
			}
			if score > alpha && score < beta && pvNode {
				score = -s.negamax(child, depth-1, ply+1, -beta, -alpha, true)
			}
		}
		s.path, s.checks = s.path[:len(s.path)-1], s.checks[:len(s.checks)-1]
		if s.aborted {
			return 0
		}
		searched++
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				s.newPV(ply, m)
				if ply == 0 {
					s.rootBest = score
				}
				if score >= beta {
					if !tactical {
						s.rememberQuiet(side, m, ply, depth, s.quiets[ply][:nQuiets])
					}
					break
				}
			}
		}
		if !tactical && nQuiets < len(s.quiets[ply]) {
			s.quiets[ply][nQuiets] = m
			nQuiets++
		}
	}
	if searched == 0 {
		// Every move was pruned: the static score is the best guess.
		return max(alpha, min(static, beta))
	}
	s.tt.store(key, bestMove, toTT(best, ply), depth, boundOf(best, origAlpha, beta), static)
	return best
}

// hasPieces reports whether side has a piece other than its royal
// piece, its pawns or soldiers and the pieces kept to a region (a
// palace's guards): a side without one is prone to zugzwang, where the
// null move is unsound.
func (s *Searcher) hasPieces(pos *wide.Position, side wide.Color) bool {
	for t := 1; t <= s.eval.ntypes; t++ {
		if s.eval.roams[t] && !pos.Pieces(side, wide.PieceType(t)).IsEmpty() {
			return true
		}
	}
	return false
}

// newPV makes m followed by the child's PV the PV of ply.
func (s *Searcher) newPV(ply int, m wide.Move) {
	s.pv[ply][ply] = m
	n := s.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(s.pv[ply][ply+1:n], s.pv[ply+1][ply+1:n])
	s.pvLen[ply] = n
}

// rememberQuiet rewards a quiet move that failed high (killer, history)
// and punishes the quiet moves searched before it.
func (s *Searcher) rememberQuiet(side wide.Color, m wide.Move, ply, depth int, failed []wide.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1], s.killers[ply][0] = s.killers[ply][0], m
	}
	bonus := int32(min(depth*depth, 400))
	update := func(h *int32, b int32) { *h += 32*b - *h*abs32(b)/512 }
	update(&s.history[side][m.From()][m.To()], bonus)
	if ply > 0 && s.played[ply-1] != wide.NullMove {
		prev := s.played[ply-1]
		s.counter[side^1][prev.From()][prev.To()] = m
	}
	for _, q := range failed {
		update(&s.history[side][q.From()][q.To()], -bonus)
	}
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// Ordering scores: hash move, then captures and promotions by MVV-LVA,
// then killers, then quiet moves by history.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24
	orderKiller  = 1 << 23
)

// counterOf returns the quiet move that last refuted the move before ply.
func (s *Searcher) counterOf(pos *wide.Position, ply int) wide.Move {
	if ply == 0 || s.played[ply-1] == wide.NullMove {
		return wide.NullMove
	}
	prev := s.played[ply-1]
	return s.counter[pos.SideToMove()^1][prev.From()][prev.To()]
}

func (s *Searcher) scoreMoves(pos *wide.Position, moves []wide.Move, scores []int32, ttMove wide.Move, ply int, counter wide.Move) {
	side := pos.SideToMove()
	for i, m := range moves {
		switch victim := pos.Captured(m); {
		case m == ttMove:
			scores[i] = orderTT
		case victim != wide.NoPieceType || m.Promotion() != wide.NoPieceType:
			scores[i] = s.captureOrder(pos, m, victim)
		case m == s.killers[ply][0]:
			scores[i] = orderKiller + 1
		case m == s.killers[ply][1]:
			scores[i] = orderKiller
		case m == counter:
			scores[i] = orderKiller - 1
		default:
			scores[i] = s.history[side][m.From()][m.To()]
		}
	}
}

// captureOrder scores a capture or promotion by MVV-LVA; a capture of a
// lesser piece on a square the opponent attacks (a loss by static
// exchange, most of the time) comes after the killers, before the other
// quiet moves.
func (s *Searcher) captureOrder(pos *wide.Position, m wide.Move, victim wide.PieceType) int32 {
	pc, _ := pos.PieceAt(m.From())
	val := &s.eval.w.Material
	v := val[victim]*16 + val[m.Promotion()]*16 - val[pc.Type()]
	if !s.off.badCaptures && m.Promotion() == wide.NoPieceType && val[victim] < val[pc.Type()] &&
		pos.Attacked(m.To(), pos.SideToMove()^1) {
		return orderKiller - 1<<16 + int32(v)
	}
	return orderCapture + int32(v)
}

// pickBest moves the best-scored move of moves[i:] to i.
func pickBest(moves []wide.Move, scores []int32, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	scores[i], scores[b] = scores[b], scores[i]
}

// quiesce searches captures and promotions until the position is quiet.
// In check (within qCheckPly plies) every evasion is searched.
func (s *Searcher) quiesce(pos *wide.Position, ply, qply, alpha, beta int) int {
	s.pvLen[ply] = ply
	if s.checkStop() {
		return 0
	}
	s.seldepth = max(s.seldepth, ply)
	if qply > 0 {
		if score, over := s.ruleEnd(pos, ply); over {
			return score
		}
	}
	inCheck := qply < qCheckPly && pos.InCheck()
	// The hash table settles the node, or gives its static score.
	key := pos.Hash()
	e, ttHit := s.tt.probe(key)
	if s.off.qTT {
		ttHit = false
	}
	if ttHit {
		if sc, ok := e.cutoff(ply, alpha, beta); ok {
			return sc
		}
	}
	var stand int
	if !inCheck || ply >= limits.MaxPly {
		if ttHit && e.eval != noEvalTT {
			stand = int(e.eval)
		} else {
			// Lazy evaluation: far enough above beta the score without
			// the mobility and king terms (the costly part, a pass over
			// every piece's moves) stands: they rarely move it by
			// lazyMargin.
			if !inCheck && qply > 0 && !s.off.lazy && s.eval.active {
				if quick := s.eval.evaluate(pos, false); quick-lazyMargin >= beta {
					return quick - lazyMargin
				}
			}
			stand = s.eval.Evaluate(pos)
		}
	}
	if ply >= limits.MaxPly || qply >= qMaxPly {
		return stand
	}
	best, bestMove, origAlpha := -infinity, wide.NullMove, alpha
	var moves []wide.Move
	if inCheck {
		moves = pos.GenerateLegal(s.moves[ply][:0])
		if len(moves) == 0 {
			return s.endScore(pos, ply)
		}
	} else {
		best = stand
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
		moves = pos.GenerateCaptures(s.moves[ply][:0])
	}
	scores := s.scores[ply][:len(moves)]
	s.scoreMoves(pos, moves, scores, wide.NullMove, ply, wide.NullMove)
	val := &s.eval.w.Material
	child := &s.child[ply]
	for i := range moves {
		pickBest(moves, scores, i)
		m := moves[i]
		victim := pos.Captured(m)
		if !inCheck && m.Promotion() == wide.NoPieceType {
			// Delta pruning: the capture cannot lift the score to alpha.
			if stand+val[victim]+deltaMargin < alpha {
				continue
			}
		}
		pos.MakeMove(m, child)
		if !inCheck && m.Promotion() == wide.NoPieceType {
			// A capture of a lesser piece onto a defended square loses
			// material, as static exchange would say in most cases.
			pc, _ := pos.PieceAt(m.From())
			if val[victim] < val[pc.Type()] && child.Attacked(m.To(), child.SideToMove()) {
				continue
			}
		}
		s.nodes++
		s.path = append(s.path, child.Hash())
		s.checks = append(s.checks, child.InCheck())
		score := -s.quiesce(child, ply+1, qply+1, -beta, -alpha)
		s.path, s.checks = s.path[:len(s.path)-1], s.checks[:len(s.checks)-1]
		if s.aborted {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	if best == -infinity {
		// In check with every evasion pruned: cannot happen (none is),
		// but a score must come back.
		return alpha
	}
	static := stand
	if inCheck {
		static = noEval
	}
	if !s.off.qTT {
		s.tt.store(key, bestMove, toTT(best, ply), 0, boundOf(best, origAlpha, beta), static)
	}
	return best
}
