package search

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"varena/engines"
	"varena/engines/limits"
	"varena/engines/widesearch"
)

// infinity bounds every score, beyond the mate scores (limits.Mate).
const infinity = 31000

// Info describes one finished iteration, as UCI "info" prints it.
type Info struct {
	Depth    int
	SelDepth int
	Score    int
	Nodes    int64
	Time     time.Duration
	PV       []engines.Move
}

// Result is the outcome of a search.
type Result struct {
	Move  engines.Move // NullMove only when the position has no legal move
	Score int
	Depth int
	Nodes int64
	Time  time.Duration
	PV    []engines.Move
}

// Searcher is the alpha-beta searcher: iterative deepening, principal
// variation search, transposition table, quiescence over captures and
// promotions, null-move pruning, late-move reductions, and move ordering by
// hash move, MVV-LVA, killers and history. One Searcher searches one
// position at a time; use one per worker. With SetThreads it searches in
// several goroutines (smp.go). A search of one thread without a clock is
// deterministic: the same searches since NewGame (same positions, weights
// and limits) give the same results.
type Searcher struct {
	w   *Weights
	tt  *table
	p   Params
	lmr lmrTable
	psq [limits.MaxPly + 1]psqState // incremental material and piece-square sums per ply

	history [2][64][64]int32
	counter [2][64][64]engines.Move // the quiet reply that refuted a move, by its from and to
	// cont is the continuation history: how well a quiet move (its piece
	// and destination) did after a move one or two plies before it (that
	// move's piece and destination). It knows replies the butterfly
	// history, which has one score per from-to, mixes up.
	cont    [numPieceIndex][64]contTable
	killers [limits.MaxPly + 1][2]engines.Move
	// plyState is each ply's scratch: a node's locals would be cleared
	// at every call.
	plyState [limits.MaxPly + 1]struct {
		quiets      [64]engines.Move
		quietPieces [64]uint8
		threats     engines.QuietThreats
		child       engines.Position // the position after the move being searched
	}
	stack  [limits.MaxPly + 2]frame
	pv     [limits.MaxPly + 1][limits.MaxPly + 1]engines.Move
	pvLen  [limits.MaxPly + 1]int
	moves  [limits.MaxPly + 1][engines.MaxMoves]engines.Move
	scores [limits.MaxPly + 1][engines.MaxMoves]int32
	path   []uint64       // hashes of the game, then of the search path
	root   []engines.Move // the root moves to search (limits.Limits.SearchMoves); nil: all

	nodes     int64
	nodeLimit int64
	// visits counts the positions searched the way the node count did
	// before it counted moves made (a call of negamax with depth left or
	// of quiesce): benchmarks compare speed with older builds by it.
	visits    int64
	rootDepth int // depth of the current iteration
	// rootBest is the score of pv[0][0], the best root move the current
	// iteration has searched through: an aborted first iteration answers
	// with it.
	rootBest int
	seldepth int
	start    time.Time
	hard     time.Time // abort past this instant (zero: none)
	stop     atomic.Bool
	aborted  bool
	reuseTT  bool  // entries of earlier searches since NewGame count (false: this search's only)
	rules    rules // the general path's rules of the variant searched (zero: a built-in variant)
	stats    Stats // the counters of this search (stats.go), kept with statsOn only
	statsPly [limits.MaxPly + 1]statsPly

	// A parallel search (smp.go): the helpers of a main thread, and the
	// state the threads share during a search (nil: one thread), with the
	// part of the thread's node count added to it.
	helpers   []*Searcher
	par       *parallel
	published int64

	// ws searches the games of wide variants (wide.go), made on first
	// use with a table of hashMB megabytes.
	ws     *widesearch.Searcher
	wsEval *widesearch.Eval // the evaluation ws was given (SetEval clears its table)
	hashMB int
}

// New returns a searcher with the given weights and a transposition table
// of hashMB megabytes.
func New(w *Weights, hashMB int) *Searcher {
	s := &Searcher{w: w, tt: newTable(hashMB), hashMB: hashMB}
	s.SetParams(DefaultParams())
	return s
}

// SetParams changes the search parameters.
func (s *Searcher) SetParams(p Params) {
	s.p = p
	s.lmr.fill(&p)
}

// Params returns the search parameters.
func (s *Searcher) Params() Params { return s.p }

// SetWeights changes the evaluation weights. New weights empty the
// transposition table, whose entries keep static evaluations (and scores)
// of the old ones.
func (s *Searcher) SetWeights(w *Weights) {
	if w != s.w {
		s.tt.clear()
	}
	s.w = w
}

// Weights returns the evaluation weights.
func (s *Searcher) Weights() *Weights { return s.w }

// SetHash resizes (and clears) the transposition table.
func (s *Searcher) SetHash(mb int) {
	s.tt = newTable(mb)
	s.hashMB = mb
	if s.ws != nil {
		s.ws.SetHash(mb)
	}
}

// NewGame forgets everything learnt from earlier positions.
func (s *Searcher) NewGame() {
	s.tt.clear()
	if s.ws != nil {
		s.ws.NewGame()
	}
	s.history = [2][64][64]int32{}
	s.counter = [2][64][64]engines.Move{}
	s.cont = [numPieceIndex][64]contTable{}
	for _, h := range s.helpers {
		h.NewGame()
	}
}

// Search searches the current position of game within lim, calling info
// (if not nil) after each finished iteration. It returns when a limit is
// reached or ctx ends; the result is the best move found so far. The game
// must not change during the search.
func (s *Searcher) Search(ctx context.Context, game *engines.Game, lim limits.Limits, info func(Info)) Result {
	if game.Position().Wide() != nil {
		return s.searchWide(ctx, game, lim, info)
	}
	pos := *game.Position()
	s.rules = rulesOf(pos.Variant())
	s.start = time.Now()
	s.nodes, s.visits, s.seldepth, s.aborted = 0, 0, 0, false
	if statsOn {
		s.stats = Stats{}
	}
	s.stop.Store(false)
	s.nodeLimit = lim.Nodes
	// What earlier searches of the game learnt (hash entries, histories,
	// counter-moves) is kept, as Fairy-Stockfish keeps it under "go nodes"
	// too: the reply searched a move ago is half searched already. A game
	// stays reproducible, since each starts with NewGame.
	s.reuseTT = true
	s.tt.newSearch()
	s.killers = [limits.MaxPly + 1][2]engines.Move{}
	s.path = append(s.path[:0], game.Hashes()...)

	tm := timeState{plan: planTime(lim, pos.SideToMove())}
	s.hard = time.Time{}
	if tm.plan.hard > 0 {
		s.hard = s.start.Add(tm.plan.hard)
	}
	stopWatch := context.AfterFunc(ctx, func() { s.stop.Store(true) })
	defer stopWatch()

	maxDepth := limits.MaxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}

	legal := pos.GenerateMoves(nil)
	s.root = nil
	if len(lim.SearchMoves) > 0 {
		// In place: when nothing is kept, legal is left as it was.
		if keep := keepMoves(legal, lim.SearchMoves); len(keep) > 0 {
			legal, s.root = keep, keep
		}
	}
	res := Result{}
	if len(legal) == 0 {
		res.Score = s.terminalScore(&pos, 0)
		res.Time = time.Since(s.start)
		return res
	}
	res.Move = legal[0]
	tm.single = len(legal) == 1
	s.stack[0] = frame{}
	s.startHelpers(&pos, maxDepth, lim.Nodes)
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		score := s.aspirate(&pos, depth, res.Score)
		if s.aborted {
			// A partial iteration still improves the move when its first
			// (principal) move was searched through. A partial first
			// iteration is all there is: a node limit can end it (in
			// Evolution's crowded openings a full depth 1 takes 6,000
			// nodes in the median, 150,000 at most), and its best move
			// so far, with its score, is worth more than the first
			// legal move and no score.
			if s.pvLen[0] > 0 && s.pv[0][0] != engines.NullMove {
				res.Move = s.pv[0][0]
				if depth == 1 {
					res.Score, res.Depth = s.rootBest, 1
					res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
					if info != nil {
						info(Info{Depth: 1, SelDepth: s.seldepth, Score: res.Score, Nodes: s.totalNodes(), Time: time.Since(s.start), PV: res.PV})
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
		res.Nodes, res.Time = s.totalNodes(), time.Since(s.start)
		if info != nil {
			info(Info{Depth: depth, SelDepth: s.seldepth, Score: score, Nodes: res.Nodes, Time: res.Time, PV: res.PV})
		}
		if lim.Infinite {
			continue
		}
		if limits.MateIn(score) != 0 && depth >= 2*abs(limits.MateIn(score))+1 && !lim.Infinite {
			break // the fastest mate is proven
		}
		if tm.enough(res.Move, score, time.Since(s.start)) {
			break
		}
	}
	s.stopHelpers()
	// Under "go infinite" the protocol wants bestmove only after stop.
	if lim.Infinite {
		<-ctx.Done()
	}
	res.Nodes, res.Time = s.totalNodes(), time.Since(s.start)
	s.par = nil
	return res
}

// keepMoves keeps, in place, the moves of list that are in allowed.
func keepMoves(list, allowed []engines.Move) []engines.Move {
	out := list[:0]
	for _, m := range list {
		if slices.Contains(allowed, m) {
			out = append(out, m)
		}
	}
	return out
}

// aspirate searches the root with a window around the previous
// iteration's score, widening it on each failure until the score lies
// inside (shallow depths and mate scores use the full window).
func (s *Searcher) aspirate(pos *engines.Position, depth, prev int) int {
	if depth < 4 || prev > limits.MateBand || prev < -limits.MateBand {
		return s.negamax(pos, depth, 0, -infinity, infinity, true, false)
	}
	delta := s.p.Aspiration
	alpha, beta := prev-delta, prev+delta
	for {
		score := s.negamax(pos, depth, 0, alpha, beta, true, false)
		switch {
		case s.aborted:
			return score
		case score <= alpha:
			s.count(StatAspLow, depth, 1)
			alpha = max(score-delta, -infinity)
		case score >= beta:
			s.count(StatAspHigh, depth, 1)
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

// abs returns the absolute value of x (an int, or an int32 history score).
func abs[T int | int32](x T) T {
	if x < 0 {
		return -x
	}
	return x
}

// checkStop sets s.aborted when a limit is reached (in a parallel
// search the node limit is a sync point first: limitReached). The
// clock's hard limit spares the first iteration (a few thousand nodes at
// most): cut short, it would leave the first legal move as the answer
// and no score to report (a UCI client, fastchess's compliance check
// among them, wants an info line with a score before bestmove), as a
// tiny clock on a busy machine did.
func (s *Searcher) checkStop() bool {
	if s.aborted {
		return true
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit && s.limitReached() || s.stop.Load() {
		s.aborted = true
	} else if s.rootDepth > 1 && s.nodes&127 == 0 && !s.hard.IsZero() && time.Now().After(s.hard) {
		s.aborted = true
	}
	return s.aborted
}

// terminalScore scores a position without legal moves or with a decided
// game: extinction (the side to move is extinct: lost, even when both are,
// since then the side that just moved wins), checkmate, or stalemate.
func (s *Searcher) terminalScore(pos *engines.Position, ply int) int {
	if s.rules.on {
		return fairyTerminal(pos, ply)
	}
	if len(pos.Variant().Species) > 0 {
		if pos.Extinct(pos.SideToMove()) {
			return -(limits.Mate - ply)
		}
		if pos.Extinct(pos.SideToMove().Other()) {
			return limits.Mate - ply
		}
	}
	if pos.InCheck() {
		return -(limits.Mate - ply)
	}
	return 0
}

// isDraw reports a draw by rule inside the search: 50 moves, a repetition
// of any earlier position within the game rule's window
// (Position.RepetitionWindow; once is enough in the search), the
// bare-kings draw, or (orthodox chess) material that cannot mate.
func (s *Searcher) isDraw(pos *engines.Position) bool {
	if pos.HalfmoveClock() >= 100 {
		return true
	}
	n := len(s.path) - 1
	h := s.path[n]
	for i, last := n-2, n-pos.RepetitionWindow(n); i >= last; i -= 2 {
		if s.path[i] == h {
			return true
		}
	}
	if pos.Variant().BareKingsDraw && pos.Occupied() == pos.ByType(engines.King) {
		return true
	}
	return pos.Variant().InsufficientMaterial && pos.InsufficientMaterial()
}

func (s *Searcher) decided(pos *engines.Position) bool {
	if s.rules.on {
		_, over := pos.FairyEnd()
		return over
	}
	v := pos.Variant()
	return len(v.Species) > 0 && (pos.Extinct(engines.White) || pos.Extinct(engines.Black))
}

func toTT(score, ply int) int {
	switch {
	case score > limits.MateBand:
		return score + ply
	case score < -limits.MateBand:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > limits.MateBand:
		return score - ply
	case score < -limits.MateBand:
		return score + ply
	}
	return score
}

// frame is what a ply of the search path leaves for the plies below it.
type frame struct {
	static   int          // static evaluation (noEval in check)
	move     engines.Move // the move made from this ply (NullMove: a null move)
	excluded engines.Move // the move a singular search leaves out
	cont     *contTable   // the continuation history of move (nil: a null move)
}

// contTable scores quiet moves, by their piece and destination, as
// replies to one earlier move.
type contTable [numPieceIndex][64]int16

// numPieceIndex sizes the continuation tables by pieceIndex.
const numPieceIndex = 16

// pieceIndex is the index of a piece of colour c and type t in the
// continuation tables. A variant's own types (FirstFairy = 7 upward) take
// their type's low 3 bits: the first two fall on the slots no orthodox
// type uses (7 and 0), the others share a slot with an orthodox type, a
// cost in move ordering only, which keeps the tables (2 MB, cleared at
// every new game) the size they had.
func pieceIndex(c engines.Color, t engines.PieceType) int { return int(c)<<3 | int(t)&7 }

// conts returns the continuation tables of the moves one and two plies
// before ply (nil where there is none: the root, a null move).
func (s *Searcher) conts(ply int) (c1, c2 *contTable) {
	if ply >= 1 {
		c1 = s.stack[ply-1].cont
	}
	if ply >= 2 {
		c2 = s.stack[ply-2].cont
	}
	return c1, c2
}

// quietScore is the history of quiet move m of piece pc: the butterfly
// history and the continuation histories of the two moves before it.
func (s *Searcher) quietScore(side engines.Color, m engines.Move, pc int, c1, c2 *contTable) int32 {
	h := s.history[side][m.From()][m.To()]
	if c1 != nil {
		h += int32(c1[pc][m.To()])
	}
	if c2 != nil {
		h += int32(c2[pc][m.To()])
	}
	return h
}

// noEval marks a frame without a static evaluation (in check).
const noEval = -infinity

// negamax searches pos to depth within (alpha, beta). pvNode: the window
// is open, the node is on the principal variation. cutNode: a null-window
// node expected to fail high (the first child of an expected all-node,
// or a reduced search), where late moves are reduced more.
func (s *Searcher) negamax(pos *engines.Position, depth, ply, alpha, beta int, pvNode, cutNode bool) int {
	// Step 1. Initialize the node, stop when the search is over.
	s.pvLen[ply] = ply
	if s.checkStop() {
		return 0
	}
	// Step 2. A game over, a draw; mate-distance pruning.
	if s.decided(pos) {
		return s.terminalScore(pos, ply)
	}
	if ply > 0 {
		if s.rules.on {
			if score, over := s.fairyDrawn(pos, ply); over {
				return score
			}
		} else if s.isDraw(pos) {
			return 0
		}
		// Mate-distance pruning: no line from here beats a shorter mate.
		alpha = max(alpha, -(limits.Mate - ply))
		beta = min(beta, limits.Mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}
	// Step 3. The check extension, or the quiescence search at the leaves.
	inCheck := pos.InCheck()
	checkExt := inCheck && (!s.rules.on || s.rules.royal)
	if checkExt {
		depth++
	}
	if depth <= 0 || ply >= limits.MaxPly {
		return s.quiesce(pos, ply, 0, alpha, beta)
	}
	s.visits++
	s.count(StatNode, depth, 1)
	if checkExt {
		s.count(StatCheckExt, depth, 1)
	}
	fr := &s.stack[ply]
	excluded := fr.excluded
	s.stack[ply+1].excluded = engines.NullMove

	// Step 4. The transposition table: a cutoff, or the hash move.
	key := s.rules.ttKey(pos)
	ttMove, ttHit := engines.NullMove, false
	var tte ttEntry
	if excluded == engines.NullMove {
		s.count(StatTTProbe, depth, 1)
		if e, ok := s.tt.probe(key, s.reuseTT); ok {
			tte, ttHit, ttMove = e, true, e.move
			s.countHit(&e, depth)
			if !pvNode && int(e.depth) >= depth {
				if sc, ok := e.cutoff(ply, alpha, beta); ok {
					s.count(StatTTCut, depth, 1)
					return sc
				}
			}
		}
	}

	// Step 5. A capture of a last piece wins at once.
	//
	// A side that can take the opponent's last piece of a species wins
	// with that capture: found before the evaluation and the pruning
	// below, which would score it as a mere advantage. Only the moves of
	// their attackers onto them (or en passant) can be such a capture: the
	// others are not generated.
	if excluded == engines.NullMove {
		if win, ok := s.lastPieceCapture(pos, ply); ok {
			s.countLastPieceWin(ply, depth)
			return s.wonBy(win, key, ply, depth, noEval)
		}
	}

	// Step 6. The static evaluation, danger and improving.
	//
	// The static score, kept in the TT and on the stack: "improving" says
	// whether it rose since our previous move, and the pruning margins
	// below are wider when it did not. A side with the last piece of a
	// species attacked is a move from losing the game: no pruning or
	// reduction there, and one ply more; the evaluation's pass over the
	// pieces tells that when it runs.
	static, danger := s.staticEval(pos, ply, inCheck, ttHit, &tte)
	s.noteDanger(ply, danger)
	if danger && ply > 0 && 100*ply < s.p.DangerReach*s.rootDepth {
		depth++
		s.count(StatDangerExt, depth, 1)
	}
	fr.static = static
	improving := false
	if static != noEval && ply >= 2 && s.stack[ply-2].static != noEval {
		improving = static > s.stack[ply-2].static
	}
	nullFailed := false // counting only: the null move was searched and failed low
	canPrune := !pvNode && !inCheck && !danger && excluded == engines.NullMove && ply > 0
	if canPrune {
		s.count(StatCanPrune, depth, 1)
	}

	// Step 7. Reverse futility pruning.
	//
	// Reverse futility: far above beta near the leaves, the static score
	// stands.
	if canPrune && s.reverseFutile(depth, beta, static, improving) {
		s.count(StatRFP, depth, 1)
		return (static + beta) / 2
	}

	// Step 8. Null move search.
	//
	// Null move: if passing still fails high, a real move will too. Not in
	// check, not when only pawns and kings are left (zugzwang).
	if canPrune && depth >= 3 && static >= beta && beta < limits.MateBand && s.hasPieces(pos) &&
		s.stack[ply-1].move != engines.NullMove && s.rules.nullAllowed(pos) {
		s.count(StatNullTry, depth, 1)
		if score, cut := s.nullMove(pos, ply, depth, beta, static, cutNode); cut {
			s.count(StatNullCut, depth, 1)
			return score
		}
		nullFailed = statsOn
	}

	// Step 9. Internal iterative reduction.
	//
	// Internal iterative reduction: without a hash move the node was
	// never searched well here, a shallower search costs less.
	if ttMove == engines.NullMove && depth >= 4 && !danger && excluded == engines.NullMove {
		depth--
		s.count(StatIIR, depth, 1)
	}

	// Step 10. The moves, ordered; none is a game over.
	prevMove := engines.NullMove
	if ply > 0 {
		prevMove = s.stack[ply-1].move
	}
	counter := engines.NullMove
	if prevMove != engines.NullMove {
		counter = s.counter[pos.SideToMove().Other()][prevMove.From()][prevMove.To()]
	}
	moves, scores := s.orderedMoves(pos, ply, ttMove, counter)
	if len(moves) == 0 {
		return s.terminalScore(pos, ply)
	}
	// A capture that extinguishes a species wins at once: nothing is
	// faster, so no other move needs a look. Found above unless it is en
	// passant: a last pawn taken en passant is not attacked.
	if excluded == engines.NullMove && pos.EnPassant() != engines.NoSquare {
		if win, ok := s.extinguishing(pos, moves); ok {
			return s.wonBy(win, key, ply, depth, static)
		}
	}

	// Step 11. Singular extension.
	//
	// Singular extension: a hash move whose score, lowered by a margin,
	// no other move reaches is searched one ply deeper.
	singular := false
	if ply > 0 && depth >= 7 && ttMove != engines.NullMove && excluded == engines.NullMove &&
		int(tte.depth) >= depth-3 && tte.bound != boundUpper {
		var searched bool
		singular, searched = s.singularKeeping(pos, ply, depth, cutNode, ttMove, &tte, moves)
		if s.aborted {
			return 0
		}
		if searched {
			s.count(StatSingularTry, depth, 1)
			if singular {
				s.count(StatSingularExt, depth, 1)
			}
			// The list is as generated again; the search without the hash
			// move taught the history tables, so the moves are scored anew.
			c1, c2 := s.conts(ply)
			s.scoreMoves(pos, moves, scores, ttMove, ply, counter, c1, c2)
		}
	}

	// Step 12. The move loop: futility and late-move pruning (skipMove),
	// reductions and re-searches (searchMove).
	c1, c2 := s.conts(ply)
	best, bestMove := -infinity, engines.NullMove
	origAlpha := alpha
	nd := node{ply: ply, depth: depth, pvNode: pvNode, cutNode: cutNode, inCheck: inCheck, danger: danger,
		improving: improving, ttMove: ttMove, counter: counter}
	// Futility: a quiet move near the leaves (FutilityDepth plies at most)
	// cannot lift a static score far below alpha.
	nd.futile = canPrune && depth <= s.p.FutilityDepth && alpha > -limits.MateBand && static+s.p.FutilityMargin*depth <= alpha
	if nd.futile {
		s.count(StatFutileNode, depth, 1)
	}
	nd.lmpLimit = s.p.LMPBase + depth*depth
	if !improving {
		nd.lmpLimit /= 2
	}
	// This ply's scratch (Searcher.plyState): the quiet moves searched
	// without a cutoff (for the history malus), the quiet-move threats and
	// the child position.
	pl := &s.plyState[ply]
	nQuiets := 0
	side := pos.SideToMove()
	searched := 0
	child := &pl.child
	// The opponent's last pieces of a species, and what tells whether a
	// quiet move attacks one (set up at the first quiet move made): a
	// quiet move leaves the opponent's pieces as they are.
	threats := &pl.threats
	threatsReady := false
	var lone engines.Bitboard
	for i := range moves {
		pickBest(moves, scores, i)
		m := moves[i]
		if m == excluded {
			continue
		}
		c := candidate{m: m, capture: pos.IsCapture(m)}
		c.quiet = !c.capture && m.Promotion() == engines.NoPieceType
		pc := pieceIndex(side, pos.MovedType(m))
		if c.quiet {
			c.stat = s.quietScore(side, m, pc, c1, c2)
		}
		pos.MakeMove(m, child)
		s.tt.prefetch(s.rules.ttKey(child))
		// A checking move is neither pruned nor reduced: it may mate.
		// In an extinction variant, a quiet move attacking the last piece
		// of a species threatens to end the game, as a check may: it is
		// not pruned either, and reduced less than other moves.
		c.givesCheck = child.InCheck()
		if c.quiet && !c.givesCheck {
			if !threatsReady {
				lone = s.lastPieces(pos, side.Other())
				pos.QuietThreats(lone, threats)
				threatsReady = true
			}
			c.threat = lone != 0 && threats.Attacks(pos, m, child)
		}
		if s.skipMove(pos, &nd, &c, best, searched) {
			continue
		}
		var score int
		if nd.danger && s.losesAtOnce(child, ply+1) {
			// The move leaves the last piece of one of our species to
			// be taken, which ends the game: its score is known without
			// a search, as a move into check is known illegal in chess
			// (the child's PV is the capture losesAtOnce found).
			score = -(limits.Mate - ply - 2)
			s.count(StatDangerLost, depth, 1)
		} else {
			s.nodes++
			s.count(StatMoveMain, depth, 1)
			fr.move, fr.cont = m, &s.cont[pc][m.To()]
			s.path = append(s.path, child.Hash())
			ext := 0
			if singular && m == ttMove {
				ext = 1
			}
			score = s.searchMove(pos, child, &nd, &c, alpha, beta, ext, searched)
			s.path = s.path[:len(s.path)-1]
			if s.aborted {
				return 0
			}
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
					if c.quiet {
						s.rememberQuiet(pos, m, pc, ply, depth, prevMove, pl.quiets[:nQuiets], pl.quietPieces[:nQuiets])
					}
					s.countFailHigh(depth, searched, nullFailed)
					break
				}
			}
		}
		if c.quiet && nQuiets < len(pl.quiets) {
			pl.quiets[nQuiets], pl.quietPieces[nQuiets] = m, uint8(pc)
			nQuiets++
		}
	}
	// Step 13. No move searched: the excluded move alone, or all pruned.
	if searched == 0 {
		if excluded != engines.NullMove {
			return alpha // only the excluded move: it is singular
		}
		// Every move was pruned: the static score is the best guess.
		return max(alpha, min(static, beta))
	}
	// Step 14. The counters of the node, and the transposition table.
	if best <= origAlpha {
		s.count(StatFailLow, depth, 1)
	}
	if singular && bestMove != ttMove {
		s.count(StatSingularNotBest, depth, 1)
	}
	if excluded == engines.NullMove {
		s.countStore(key, depth, boundOf(best, origAlpha, beta))
		s.tt.store(key, bestMove, toTT(best, ply), depth, boundOf(best, origAlpha, beta), static, s.reuseTT)
	}
	return best
}

// staticEval returns the static score of pos, searched at ply (noEval in
// check), from the hash entry tte when it has one (ttHit), and whether
// the side to move has the last piece of a species attacked (from the
// evaluation's pass over the pieces when it runs).
func (s *Searcher) staticEval(pos *engines.Position, ply int, inCheck, ttHit bool, tte *ttEntry) (int, bool) {
	switch {
	case inCheck:
		return noEval, s.lastPieceAttacked(pos)
	case ttHit && tte.eval != noEvalTT:
		return int(tte.eval), s.lastPieceAttacked(pos)
	}
	return s.evaluateDanger(pos, ply)
}

// reverseFutile reports whether a node whose static score is far above
// beta near the leaves (depth 6 at most) may return without a search:
// the margin grows with the depth, and is half a step narrower when
// improving. Mate scores are left to the search: a window near a mate
// must be searched for the shortest one.
func (s *Searcher) reverseFutile(depth, beta, static int, improving bool) bool {
	if depth > 6 || beta <= -limits.MateBand || beta >= limits.MateBand || static >= limits.MateBand {
		return false
	}
	margin := s.p.RFPMargin * depth
	if improving {
		margin -= s.p.RFPMargin / 2
	}
	return static-margin >= beta
}

// nullMove searches the null move of the node at ply (to depth, static
// score static at or above beta) with a null window at beta, reduced more
// the further the static score is above beta (the pass is then less
// likely to be refuted). cut: the node fails high, return score (beta);
// or the search was aborted (score 0).
func (s *Searcher) nullMove(pos *engines.Position, ply, depth, beta, static int, cutNode bool) (score int, cut bool) {
	child := &s.plyState[ply].child
	pos.MakeNullMove(child)
	s.tt.prefetch(s.rules.ttKey(child))
	s.path = append(s.path, child.Hash())
	fr := &s.stack[ply]
	fr.move, fr.cont = engines.NullMove, nil
	r := s.p.NullMoveBase + depth/s.p.NullMoveDivisor + min((static-beta)/200, 3)
	score = -s.negamax(child, depth-1-r, ply+1, -beta, -beta+1, false, !cutNode)
	s.path = s.path[:len(s.path)-1]
	if s.aborted {
		return 0, true
	}
	if score >= beta && score < limits.MateBand {
		return beta, true
	}
	return 0, false
}

// singularKeeping is singular for a node whose move list, moves, lies in
// the ply's list, which the singular search (negamax on the same ply)
// writes over: the list is put back as it was generated, so that the
// node does not generate its moves a second time. The copy lives in this
// frame, not in negamax's, which every node pays for.
func (s *Searcher) singularKeeping(pos *engines.Position, ply, depth int, cutNode bool, ttMove engines.Move, tte *ttEntry, moves []engines.Move) (singular, searched bool) {
	var kept [engines.MaxMoves]engines.Move
	n := copy(kept[:], moves)
	singular, searched = s.singular(pos, ply, depth, cutNode, ttMove, tte)
	copy(moves, kept[:n])
	return singular, searched
}

// singular reports whether the hash move ttMove of the node at ply is
// singular: a search of the node without it, to half the depth, with a
// null window at the hash score lowered by a margin, fails low. searched:
// the hash score is no mate score, so that search ran, and wrote over the
// ply's move list.
func (s *Searcher) singular(pos *engines.Position, ply, depth int, cutNode bool, ttMove engines.Move, tte *ttEntry) (singular, searched bool) {
	ttScore := fromTT(int(tte.score), ply)
	if ttScore <= -limits.MateBand || ttScore >= limits.MateBand {
		return false, false
	}
	sBeta := ttScore - s.p.SingularMargin*depth
	fr := &s.stack[ply]
	fr.excluded = ttMove
	sc := s.negamax(pos, (depth-1)/2, ply, sBeta-1, sBeta, false, cutNode)
	fr.excluded = engines.NullMove
	return sc < sBeta, true
}

// searchMove searches child, the position after move c of node nd (pos),
// by principal variation search: the first move with the window (alpha,
// beta); a later one with a null window at alpha, reduced first
// (reduction) and again at the full depth when it beats alpha, and with
// the full window when its score lands inside it. ext is the move's
// extension, searched the moves searched before it.
func (s *Searcher) searchMove(pos, child *engines.Position, nd *node, c *candidate, alpha, beta, ext, searched int) int {
	depth, ply := nd.depth, nd.ply
	s.count(StatSearched, depth, 1)
	if searched == 0 {
		return -s.negamax(child, depth-1+ext, ply+1, -beta, -alpha, nd.pvNode, !nd.pvNode && !nd.cutNode)
	}
	r := s.reduction(pos, nd, c, searched)
	if statsOn && r > 0 {
		s.count(StatLMR, depth, 1)
		s.count(StatLMRPlies, depth, int64(r))
	}
	score := -s.negamax(child, depth-1-r+ext, ply+1, -alpha-1, -alpha, false, true)
	if score > alpha && r > 0 {
		s.count(StatLMRResearch, depth, 1)
		score = -s.negamax(child, depth-1+ext, ply+1, -alpha-1, -alpha, false, !nd.cutNode)
		if statsOn && score > alpha {
			s.count(StatLMRConfirmed, depth, 1)
		}
	}
	if score > alpha && score < beta {
		s.count(StatPVSResearch, depth, 1)
		score = -s.negamax(child, depth-1+ext, ply+1, -beta, -alpha, true, false)
	}
	return score
}

// newPV makes move m, followed by the principal variation of the ply
// after, the principal variation of ply.
func (s *Searcher) newPV(ply int, m engines.Move) {
	s.pv[ply][ply] = m
	copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
	s.pvLen[ply] = s.pvLen[ply+1]
}

// node is what negamax has settled about the node it searches when its
// move loop starts: the loop's steps (skipMove, reduction) read it.
type node struct {
	ply, depth      int // depth after the extensions and the internal iterative reduction
	pvNode, cutNode bool
	inCheck         bool
	danger          bool // the side to move has the last piece of a species attacked
	improving       bool // the static score rose since our previous move
	futile          bool // futility: no quiet move lifts the static score to alpha
	lmpLimit        int  // late-move pruning: quiet moves searched before the others are pruned
	ttMove, counter engines.Move
}

// candidate is a move of negamax's loop, made (the child position is
// known) but not searched yet.
type candidate struct {
	m          engines.Move
	capture    bool
	quiet      bool  // neither a capture nor a promotion
	givesCheck bool  // a check
	threat     bool  // a quiet move, not a check, attacking a last piece of a species
	stat       int32 // the history of a quiet move (quietScore)
}

// skipMove reports whether negamax passes over move c of node nd without
// searching it, best being the best score so far and searched the moves
// searched before it. Each rule is one if, to be read and A/B-tested
// alone. A check is never skipped: it may mate; nor a quiet move
// attacking a last piece, which may end the game; nor any move at the
// root, in check or with a last piece attacked. Late-move, history and
// SEE pruning spare the hash move too, and wait for a move that does not
// lose (best above the mate scores); futility waits for one move
// searched.
func (s *Searcher) skipMove(pos *engines.Position, nd *node, c *candidate, best, searched int) bool {
	if c.givesCheck || c.threat {
		return false
	}
	if nd.ply > 0 && !nd.inCheck && !nd.danger && best > -limits.MateBand && c.m != nd.ttMove {
		depth := nd.depth
		// Late-move pruning: near the leaves, after enough quiet moves
		// the later ones (ordered by history) rarely matter.
		if c.quiet && !nd.pvNode && depth <= s.p.LMPDepth && searched >= nd.lmpLimit {
			s.count(StatLMP, depth, 1)
			return true
		}
		if depth <= 6 && !nd.pvNode && !s.rules.antiMaterial {
			// History pruning: a quiet move that keeps failing here.
			if c.quiet && depth <= 3 && c.stat < int32(-s.p.HistoryPrune*depth) {
				s.count(StatHistoryPrune, depth, 1)
				return true
			}
			// SEE pruning: a move that loses more material by static
			// exchange than the depth left can win back.
			if c.quiet && !pos.SEEAtLeast(c.m, &s.w.pieces, -s.p.SEEQuietMargin*depth) {
				s.count(StatSEEQuiet, depth, 1)
				return true
			}
			if c.capture && !pos.SEEAtLeast(c.m, &s.w.pieces, -s.p.SEECaptureMargin*depth*depth) {
				s.count(StatSEECapture, depth, 1)
				return true
			}
		}
	}
	// Futility (node.futile), once one move was searched.
	if statsOn && nd.futile && c.quiet && searched > 0 {
		s.count(StatFutility, nd.depth, 1)
	}
	return nd.futile && c.quiet && searched > 0
}

// reduction returns how many plies less than the full depth the first,
// null-window search of move c of node nd gets, searched being the moves
// searched before it (at least 1): late quiet moves, from the table of
// Params (lmrTable), more at an expected cut-node or when the static
// score is not improving, less on the principal variation, for a killer
// or counter-move and by the move's history. The first three moves are
// not reduced, nor a check, a capture or a promotion, nor any move in
// check or with a last piece attacked; a quiet move attacking the
// opponent's last piece of a species is reduced a ply less than another
// (in Extinction every attack on the king or the queen is one: sparing
// them all left most moves unreduced); and the reduced search keeps at
// least one ply.
func (s *Searcher) reduction(pos *engines.Position, nd *node, c *candidate, searched int) int {
	depth := nd.depth
	if !c.quiet || c.givesCheck || depth < 3 || searched < 3 || nd.inCheck || nd.danger {
		return 0
	}
	r := int(s.lmr[min(depth, 63)][min(searched, 63)])
	if c.threat {
		r--
	}
	if nd.pvNode {
		r--
	}
	if !nd.improving {
		r++
	}
	if nd.cutNode {
		r++
	}
	if nd.ttMove != engines.NullMove && pos.IsCapture(nd.ttMove) {
		r++ // the best move found here is a capture: quiet ones rarely are
	}
	if c.m == s.killers[nd.ply][0] || c.m == s.killers[nd.ply][1] || c.m == nd.counter {
		r--
	}
	r -= int(c.stat / 12288)
	return max(0, min(r, depth-2))
}

// rootMoves keeps, at the root (ply 0), the moves the search is limited
// to (limits.Limits.SearchMoves, Searcher.root); elsewhere moves are left as
// they are.
func (s *Searcher) rootMoves(moves []engines.Move, ply int) []engines.Move {
	if ply == 0 && s.root != nil {
		return keepMoves(moves, s.root)
	}
	return moves
}

// orderedMoves generates the moves of pos searched at ply (rootMoves),
// in the ply's move list, and scores them for move ordering (scoreMoves:
// the hash move ttMove, captures, killers, the counter-move counter,
// history). None: the game is over. A search of the same ply (the
// singular search) writes over the list (singularKeeping puts it back).
func (s *Searcher) orderedMoves(pos *engines.Position, ply int, ttMove, counter engines.Move) ([]engines.Move, []int32) {
	moves := s.rootMoves(pos.GenerateMoves(s.moves[ply][:0]), ply)
	scores := s.scores[ply][:len(moves)]
	c1, c2 := s.conts(ply)
	s.scoreMoves(pos, moves, scores, ttMove, ply, counter, c1, c2)
	return moves, scores
}

// losesAtOnce reports whether child, reached at ply by a move of the side
// that is not to move there, lets the side to move take a last piece of
// a species of that side's, which ends the game: the game is not over
// in child already, nor drawn there, and lastPieceCapture finds the
// capture (set as child's principal variation). Built-in variants only:
// the general path's game ends are the rules engine's.
func (s *Searcher) losesAtOnce(child *engines.Position, ply int) bool {
	if s.rules.on || s.decided(child) {
		return false
	}
	s.path = append(s.path, child.Hash())
	drawn := s.isDraw(child)
	s.path = s.path[:len(s.path)-1]
	if drawn {
		return false
	}
	win, ok := s.lastPieceCapture(child, ply)
	if ok {
		s.pv[ply][ply] = win
		s.pvLen[ply] = ply + 1
	}
	return ok
}

// lastPieceCapture returns a capture of the opponent's last piece of a
// species that ends the game at once (see extinguishing), searched at
// ply. Only the moves of their attackers onto them (or en passant) can
// be such a capture: only those are generated.
func (s *Searcher) lastPieceCapture(pos *engines.Position, ply int) (engines.Move, bool) {
	lone, attackers := s.lastPieceAttackers(pos, pos.SideToMove().Other())
	if attackers == 0 {
		return engines.NullMove, false
	}
	dest := lone
	if ep := pos.EnPassant(); ep != engines.NoSquare {
		dest |= engines.SquareBB(ep)
		attackers |= pos.Pieces(pos.SideToMove(), engines.Pawn)
	}
	return s.extinguishing(pos, s.rootMoves(pos.GenerateFromTo(s.moves[ply][:0], attackers, dest), ply))
}

// extinguishing returns a capture among moves that takes the last piece
// of one of the opponent's species, which ends the game at once; of
// several, the one taking the most valuable piece.
func (s *Searcher) extinguishing(pos *engines.Position, moves []engines.Move) (engines.Move, bool) {
	// On the general path the game ends are the rules engine's (a last
	// piece lost may win there): decided sees them a ply later.
	if len(pos.Variant().Species) == 0 || s.rules.on {
		return engines.NullMove, false
	}
	them := pos.SideToMove().Other()
	// The squares of the opponent's pieces that are the only one of their
	// type: a move elsewhere (but en passant) takes no last piece, and
	// most moves are skipped without looking up what they capture.
	var lone engines.Bitboard
	for t := engines.Pawn; t <= engines.King; t++ {
		if b := pos.Pieces(them, t); b.Count() == 1 {
			lone |= b
		}
	}
	var child engines.Position
	best, bestValue := engines.NullMove, -1
	for _, m := range moves {
		if !lone.Has(m.To()) && !m.IsEnPassant() {
			continue
		}
		victim := pos.CapturedType(m)
		if victim == engines.NoPieceType || pos.PiecesOf(them, victim).Count() != 1 {
			continue
		}
		// Of several, the most valuable victim, as move ordering would.
		if v := s.w.pieces[victim]; v > bestValue {
			pos.MakeMove(m, &child)
			if child.Extinct(them) {
				best, bestValue = m, v
			}
		}
	}
	return best, best != engines.NullMove
}

// wonBy ends a node at ply whose side to move wins with the extinguishing
// capture win: its PV, its hash entry (with the static evaluation, when
// there is one) and its score, a win in one move.
func (s *Searcher) wonBy(win engines.Move, key uint64, ply, depth, static int) int {
	s.pv[ply][ply] = win
	s.pvLen[ply] = ply + 1
	score := limits.Mate - ply - 1
	if statsOn {
		s.countStore(key, depth, boundExact)
	}
	s.tt.store(key, win, toTT(score, ply), depth, boundExact, static, s.reuseTT)
	return score
}

// epSquare returns the en-passant square of pos as a set (empty when
// there is none).
func epSquare(pos *engines.Position) engines.Bitboard {
	if ep := pos.EnPassant(); ep != engines.NoSquare {
		return engines.SquareBB(ep)
	}
	return 0
}

// lastPieceAttacked reports whether the side to move has a species down
// to one piece, and that piece attacked.
func (s *Searcher) lastPieceAttacked(pos *engines.Position) bool {
	return s.lastPieceAttackedOf(pos, pos.SideToMove())
}

// lastPieceAttackedOf reports whether side us has a species down to one
// piece, and that piece attacked by the other side.
func (s *Searcher) lastPieceAttackedOf(pos *engines.Position, us engines.Color) bool {
	v := pos.Variant()
	if len(v.Species) == 0 {
		return false
	}
	for _, t := range v.Species {
		if b := pos.PiecesOf(us, t); b.Count() == 1 && pos.Attacked(b.First(), us.Other()) {
			return true
		}
	}
	return false
}

// lastPieceAttackers returns the squares of us's pieces that are the last
// of their species, and the pieces of the other side that attack them.
func (s *Searcher) lastPieceAttackers(pos *engines.Position, us engines.Color) (lone, attackers engines.Bitboard) {
	if s.rules.on {
		return 0, 0 // see extinguishing
	}
	for _, t := range pos.Variant().Species {
		if b := pos.PiecesOf(us, t); b.Count() == 1 {
			lone |= b
			attackers |= pos.AttackersTo(b.First(), us.Other())
		}
	}
	return lone, attackers
}

// lastPieces returns the squares of side c's pieces that are the last of
// their species.
func (s *Searcher) lastPieces(pos *engines.Position, c engines.Color) engines.Bitboard {
	var b engines.Bitboard
	for _, t := range pos.Variant().Species {
		if p := pos.PiecesOf(c, t); p.Count() == 1 {
			b |= p
		}
	}
	return b
}

// hasPieces reports whether the side to move has a piece other than pawns
// and kings.
func (s *Searcher) hasPieces(pos *engines.Position) bool {
	us := pos.ByColor(pos.SideToMove())
	return us&^(pos.ByType(engines.Pawn)|pos.ByType(engines.King)) != 0
}

func (s *Searcher) rememberQuiet(pos *engines.Position, m engines.Move, pc, ply, depth int, prev engines.Move, tried []engines.Move, triedPieces []uint8) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	side := pos.SideToMove()
	if prev != engines.NullMove {
		s.counter[side.Other()][prev.From()][prev.To()] = m
	}
	bonus := int32(min(depth*depth, 400))
	c1, c2 := s.conts(ply)
	s.addHistory(side, m, pc, c1, c2, bonus)
	// The quiet moves tried before the cutoff did not cut: a malus.
	for i, q := range tried {
		s.addHistory(side, q, int(triedPieces[i]), c1, c2, -bonus)
	}
}

// historyMax bounds the history scores: each update moves a score toward
// +-historyMax by a share of the distance, so old results fade.
const historyMax = 1 << 14

// addHistory adds bonus to the butterfly and continuation histories of
// quiet move m of piece pc.
func (s *Searcher) addHistory(side engines.Color, m engines.Move, pc int, c1, c2 *contTable, bonus int32) {
	h := &s.history[side][m.From()][m.To()]
	*h = gravity(*h, bonus)
	for _, c := range [2]*contTable{c1, c2} {
		if c != nil {
			e := &c[pc][m.To()]
			*e = int16(gravity(int32(*e), bonus))
		}
	}
}

// gravity returns history score h after a bonus (or malus when negative).
func gravity(h, bonus int32) int32 {
	h += bonus*32 - h*abs(bonus)/512
	return max(-historyMax, min(historyMax, h))
}

// Ordering scores: hash move, then promotions and captures by MVV-LVA,
// then killers, then quiet moves by history.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 24
	orderKiller  = 1 << 23
)

// victimValue orders captures (MVV-LVA) by type; a variant's own types
// count as 4, between a minor piece and a rook, having no value of
// their own here.
var victimValue = [engines.NumPieceTypes]int32{0, 1, 3, 3, 5, 9, 4, 4, 4, 4, 4, 4, 4, 4}

func (s *Searcher) scoreMoves(pos *engines.Position, moves []engines.Move, scores []int32, ttMove engines.Move, ply int, counter engines.Move, c1, c2 *contTable) {
	side := pos.SideToMove()
	them := side.Other()
	// A capture takes the last piece of its type when it lands on one of
	// these squares or, en passant, takes the last pawn: the victim is
	// looked up only for the captures that are scored by it.
	var lone engines.Bitboard
	lonePawn := false
	if len(pos.Variant().Species) > 0 {
		for t := engines.Pawn; t <= engines.King; t++ {
			if b := pos.Pieces(them, t); b.Count() == 1 {
				lone |= b
			}
		}
		lonePawn = pos.Pieces(them, engines.Pawn).Count() == 1
	}
	for i, m := range moves {
		switch {
		case lone.Has(m.To()) || lonePawn && m.IsEnPassant():
			scores[i] = orderTT + 1 // takes the last of a species: may end the game
		case m == ttMove:
			scores[i] = orderTT
		case pos.IsCapture(m) || m.Promotion() != engines.NoPieceType:
			scores[i] = s.captureOrder(pos, m, false)
		case m == s.killers[ply][0]:
			scores[i] = orderKiller + 1
		case m == s.killers[ply][1]:
			scores[i] = orderKiller
		case m == counter:
			scores[i] = orderKiller - 1
		default:
			scores[i] = s.quietScore(side, m, pieceIndex(side, pos.MovedType(m)), c1, c2)
		}
	}
}

// captureOrder scores a capture or promotion by MVV-LVA, after the quiet
// moves when it loses material by static exchange; seeGood says the
// caller already found its exchange not losing (quiescence's filter), so
// that SEE, the costly part, is not computed twice.
func (s *Searcher) captureOrder(pos *engines.Position, m engines.Move, seeGood bool) int32 {
	v := victimValue[pos.CapturedType(m)]*16 + victimValue[m.Promotion()]*16 - victimValue[pos.MovedType(m)]
	if !seeGood && !pos.SEEAtLeast(m, &s.w.pieces, 0) {
		return v // losing: after the quiet moves
	}
	return orderCapture + v
}

// pickBest moves the best-scored move of moves[i:] to i (selection sort
// step: most nodes cut off after a few moves).
func pickBest(moves []engines.Move, scores []int32, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	scores[i], scores[b] = scores[b], scores[i]
}

// Quiescence limits: beyond qCheckPly plies into quiescence a position in
// check is scored statically instead of searching every evasion, and
// beyond qMaxPly every position is. Without them a board full of mutual
// captures (Evolution's start, where each capture also evolves the piece)
// explodes; with them the cost of a capture sequence stays bounded.
const (
	qCheckPly = 3
	qMaxPly   = 10
)

func (s *Searcher) quiesce(pos *engines.Position, ply, qply, alpha, beta int) int {
	s.pvLen[ply] = ply
	if s.checkStop() {
		return 0
	}
	s.visits++
	s.count(StatQNode, 0, 1)
	s.seldepth = max(s.seldepth, ply)
	if s.decided(pos) {
		return s.terminalScore(pos, ply)
	}
	if s.rules.mustCapture {
		return s.quiesceForced(pos, ply, qply, alpha, beta)
	}
	inCheck := qply < qCheckPly && pos.InCheck()
	// The stand-pat score: the static evaluation the TT keeps for this
	// position when it has one (the same number: every eval stored is
	// s.evaluate's of the position), else computed.
	key := s.rules.ttKey(pos)
	e, ttHit := s.tt.probe(key, s.reuseTT)
	if statsOn {
		s.count(StatQTTProbe, 0, 1)
		if ttHit {
			s.count(StatQTTHit, 0, 1)
		}
	}
	var stand int
	if ttHit && e.eval != noEvalTT {
		stand = int(e.eval)
	} else {
		stand = s.evaluate(pos, ply)
	}
	if ply >= limits.MaxPly || qply >= qMaxPly {
		return stand
	}
	if ttHit {
		if sc, ok := e.cutoff(ply, alpha, beta); ok {
			s.count(StatQTTCut, 0, 1)
			return sc
		}
	}
	best := -infinity
	if !inCheck {
		best = stand
		if best >= beta {
			s.count(StatQStandPat, 0, 1)
			return best
		}
		alpha = max(alpha, best)
	}
	// Out of check only captures and promotions are searched: only the
	// moves onto enemy pieces, the last rank or the en-passant square are
	// generated, and the whole list only when that finds none (no move at
	// all ends the game).
	var moves []engines.Move
	if inCheck {
		moves = pos.GenerateMoves(s.moves[ply][:0])
		if len(moves) == 0 {
			return s.terminalScore(pos, ply)
		}
	} else {
		us := pos.SideToMove()
		moves = pos.GenerateFromTo(s.moves[ply][:0], pos.ByColor(us), pos.ByColor(us.Other())|pos.Geometry().LastRank(us)|epSquare(pos))
		if len(moves) == 0 && pos.CountMoves() == 0 {
			return s.terminalScore(pos, ply)
		}
	}
	if !inCheck {
		// Captures and promotions only. Delta pruning drops captures that
		// cannot lift the score to alpha even with a margin, and captures
		// that lose material by static exchange are dropped too; never the
		// capture of a species' last piece, which may end the game.
		// The kept moves are scored here as scoreMoves would score them
		// (each is a capture or a promotion), reusing the filter's SEE.
		n := 0
		them := pos.SideToMove().Other()
		species := len(pos.Variant().Species) > 0
		scores := s.scores[ply][:len(moves)]
		for _, m := range moves {
			victim := pos.CapturedType(m)
			if victim == engines.NoPieceType && m.Promotion() == engines.NoPieceType {
				continue
			}
			seeGood := false
			if m.Promotion() == engines.NoPieceType && pos.PiecesOf(them, victim).Count() > 1 {
				if stand+s.w.pieces[victim]+s.p.DeltaMargin < alpha || !pos.SEEAtLeast(m, &s.w.pieces, 0) {
					if statsOn {
						s.countQPrune(stand+s.w.pieces[victim]+s.p.DeltaMargin < alpha)
					}
					continue
				}
				seeGood = true
			}
			moves[n] = m
			if species && victim != engines.NoPieceType && pos.PiecesOf(them, victim).Count() == 1 {
				scores[n] = orderTT + 1 // takes the last of a species: may end the game
			} else {
				scores[n] = s.captureOrder(pos, m, seeGood)
			}
			n++
		}
		moves = moves[:n]
	} else {
		s.scoreMoves(pos, moves, s.scores[ply][:len(moves)], engines.NullMove, ply, engines.NullMove, nil, nil)
	}
	scores := s.scores[ply][:len(moves)]
	origAlpha := alpha
	bestMove := engines.NullMove
	child := &s.plyState[ply].child
	for i := range moves {
		pickBest(moves, scores, i)
		pos.MakeMove(moves[i], child)
		s.tt.prefetch(s.rules.ttKey(child))
		s.nodes++
		s.count(StatMoveQ, 0, 1)
		score := -s.quiesce(child, ply+1, qply+1, -beta, -alpha)
		if s.aborted {
			return 0
		}
		if score > best {
			best, bestMove = score, moves[i]
			if score > alpha {
				alpha = score
				if score >= beta {
					break
				}
			}
		}
	}
	evalTT := stand
	if inCheck {
		evalTT = noEval
	}
	if statsOn {
		s.countStore(key, 0, boundOf(best, origAlpha, beta))
	}
	s.tt.store(key, bestMove, toTT(best, ply), 0, boundOf(best, origAlpha, beta), evalTT, s.reuseTT)
	return best
}
