package wide

// Game is a game from a position: its moves and the history the
// repetition rules read.
type Game struct {
	pos     Position
	moves   []Move
	hashes  []uint64 // the hash of every position, the start's first
	checks  []bool   // whether the side to move was in check there
	current Position
}

// NewGame starts a game from pos.
func NewGame(pos Position) *Game {
	g := &Game{pos: pos, current: pos}
	g.hashes = append(g.hashes, pos.Hash())
	g.checks = append(g.checks, pos.InCheck())
	return g
}

// Play makes the legal move m (as MakeMove, m must be legal: outside
// input goes through ParseUCIMove or ParseSAN first, or PlayUCI).
func (g *Game) Play(m Move) {
	g.current.MakeMove(m, &g.current)
	g.moves = append(g.moves, m)
	g.hashes = append(g.hashes, g.current.Hash())
	g.checks = append(g.checks, g.current.InCheck())
}

// PlayUCI plays the legal move s names.
func (g *Game) PlayUCI(s string) error {
	m, err := g.current.ParseUCIMove(s)
	if err != nil {
		return err
	}
	g.Play(m)
	return nil
}

// Start returns the position the game started from.
func (g *Game) Start() *Position { return &g.pos }

// Position returns the current position.
func (g *Game) Position() *Position { return &g.current }

// Moves returns the moves played (the game's own slice: do not change).
func (g *Game) Moves() []Move { return g.moves }

// Hashes returns the hash of each position of the game, the start's first
// (the game's own slice: do not change).
func (g *Game) Hashes() []uint64 { return g.hashes }

// Outcome returns the game's result: the position's immediate ends
// (extinction, flag, bikjang, double pass), the n-fold repetition with
// its perpetual-check rule, then checkmate, stalemate and the n-move rule
// (Position.Status), in Fairy-Stockfish's order.
func (g *Game) Outcome() Outcome {
	p := &g.current
	if o, over := p.immediateEnd(); over {
		return o
	}
	if o, over := g.repetition(); over {
		return o
	}
	return p.Status()
}

// repetition applies Fairy-Stockfish's n-fold rule: the current position
// occurred NFoldRule times within the plies since the last capture or
// pawn move (positions with the same side to move). With
// PerpetualCheckIllegal, a side that gave check at every one of its moves
// since the first occurrence loses (both: the value stands).
func (g *Game) repetition() (Outcome, bool) {
	p := &g.current
	if p.v.r.NFoldRule <= 0 {
		return Outcome{}, false
	}
	return RepetitionOutcome(p, g.hashes, g.checks, p.v.r.NFoldRule)
}

// repetitionWindow returns how many plies back a repetition may be
// found among n: since the last capture or pawn move, or with captures
// to the hand (where nothing is irreversible) all of them, as
// Fairy-Stockfish looks.
func repetitionWindow(p *Position, n int) int {
	if p.v.r.CapturesToHand {
		return n
	}
	return min(int(p.halfmove), n)
}
