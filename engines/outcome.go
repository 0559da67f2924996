package engines

import "strings"

// Result is the result of a game.
type Result uint8

const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// Decisive reports whether one side won.
func (r Result) Decisive() bool { return r == WhiteWins || r == BlackWins }

// Winner returns the winning colour of a decisive result.
func (r Result) Winner() Color {
	if r == BlackWins {
		return Black
	}
	return White
}

// String returns the PGN result: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) String() string {
	return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[r]
}

// winFor returns the result in which c wins.
func winFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Termination says why a game ended.
type Termination uint8

const (
	NotOver Termination = iota
	Extinction
	Checkmate
	Stalemate
	FiftyMoves
	Repetition
	BareKings
	InsufficientMaterial
)

func (t Termination) String() string {
	return [...]string{"not over", "extinction", "checkmate", "stalemate", "50-move rule", "threefold repetition", "bare kings", "insufficient material"}[t]
}

// Outcome is a result and why.
type Outcome struct {
	Result Result
	Reason Termination
}

// Status returns the outcome decided by the position alone: extinction,
// checkmate or stalemate; the bare-kings draw; the 50-move rule. Repetition
// needs the history and is found by Game.Outcome.
//
// Extinction: a side missing one of the species has lost. When both sides
// are extinct, the side that just moved (not the side to move) wins, which
// is the RULES.md ruling for a move that makes both sides extinct.
func (p *Position) Status() Outcome {
	if len(p.v.Species) > 0 {
		mover := p.side ^ 1
		switch {
		case p.Extinct(p.side):
			return Outcome{winFor(mover), Extinction}
		case p.Extinct(mover):
			return Outcome{winFor(p.side), Extinction}
		}
	}
	if p.CountMoves() == 0 {
		if p.InCheck() {
			return Outcome{winFor(p.side ^ 1), Checkmate}
		}
		return Outcome{Draw, Stalemate}
	}
	if p.v.BareKingsDraw && p.Occupied() == p.pieces[King] && p.pieces[King].Count() == 2 {
		return Outcome{Draw, BareKings}
	}
	if p.v.InsufficientMaterial && p.InsufficientMaterial() {
		return Outcome{Draw, InsufficientMaterial}
	}
	if p.halfmove >= 100 {
		return Outcome{Draw, FiftyMoves}
	}
	return Outcome{}
}

// InsufficientMaterial reports whether neither side has the material to
// mate, as cutechess-cli adjudicates it: no pawn, rook or queen, and at
// most one knight or bishop in all, or bishops only, all on squares of
// one colour (K v K, K+B v K, K+N v K, K+B v K+B with bishops alike).
func (p *Position) InsufficientMaterial() bool {
	if p.pieces[Pawn]|p.pieces[Rook]|p.pieces[Queen] != 0 {
		return false
	}
	minors := p.pieces[Knight] | p.pieces[Bishop]
	if minors&(minors-1) == 0 {
		return true
	}
	if p.pieces[Knight] != 0 {
		return false
	}
	g := p.v.Geometry
	light := 0
	for b := minors; b != 0; {
		sq := b.Pop()
		light += (g.File(sq) + g.Rank(sq)) & 1
	}
	return light == 0 || light == minors.Count()
}

// Game is a position with the history the repetition rule needs: the
// start position, the moves played, and the hash after each.
type Game struct {
	start  Position
	pos    Position
	moves  []Move
	hashes []uint64 // hashes[i] is the hash before moves[i]; the last is the current
	// status is pos.Status() when known is set (PlaySAN computed it).
	status Outcome
	known  bool
}

// NewGame starts a game from pos.
func NewGame(pos Position) *Game {
	return &Game{start: pos, pos: pos, hashes: []uint64{pos.hash}}
}

// Position returns the current position.
func (g *Game) Position() *Position { return &g.pos }

// Start returns the start position.
func (g *Game) Start() Position { return g.start }

// Moves returns the moves played so far (the slice is the game's own:
// do not change it).
func (g *Game) Moves() []Move { return g.moves }

// Play plays the legal move m.
func (g *Game) Play(m Move) {
	g.pos = g.pos.Play(m)
	g.moves = append(g.moves, m)
	g.hashes = append(g.hashes, g.pos.hash)
	g.known = false
}

// PlaySAN plays the legal move m and returns it in SAN, as Position.SAN
// would have before the move. The new position's Status, which the SAN
// suffix needs, is kept for Outcome, so a game loop that records SAN
// computes it once per move.
func (g *Game) PlaySAN(m Move) string {
	var b strings.Builder
	g.pos.writeSAN(&b, m)
	g.Play(m)
	g.status, g.known = g.pos.Status(), true
	writeSANSuffix(&b, &g.pos, g.status)
	return b.String()
}

// Repetitions returns how many times the current position occurred
// before, looking back only as far as the last capture or pawn move.
func (g *Game) Repetitions() int {
	n := len(g.hashes) - 1
	h := g.hashes[n]
	count := 0
	for i := n - 2; i >= 0 && i >= n-int(g.pos.halfmove); i -= 2 {
		if g.hashes[i] == h {
			count++
		}
	}
	return count
}

// Outcome returns the outcome of the game so far: Status of the current
// position, and the threefold-repetition draw.
func (g *Game) Outcome() Outcome {
	o := g.status
	if !g.known {
		o = g.pos.Status()
	}
	if o.Result == Ongoing && g.Repetitions() >= 2 {
		return Outcome{Draw, Repetition}
	}
	return o
}

// Hashes returns the hash of every position of the game so far, the
// current one last (the slice is the game's own: do not change it).
func (g *Game) Hashes() []uint64 { return g.hashes }
