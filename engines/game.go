package engines

import (
	"strings"

	"varena/engines/wide"
)

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
	// wg is the game of a variant played by package wide, whose
	// repetition rules (perpetual check) need more history than hashes.
	wg *wide.Game
}

// NewGame starts a game from pos.
func NewGame(pos Position) *Game {
	g := &Game{start: pos, pos: pos, hashes: []uint64{pos.hash}}
	if pos.w != nil {
		g.wg = wide.NewGame(*pos.w)
	}
	return g
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
	if g.wg != nil {
		g.wg.Play(wide.Move(m))
	}
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
	if g.wg != nil {
		san := g.pos.SAN(m) // with its suffix: package wide writes it
		g.Play(m)
		g.status, g.known = g.pos.Status(), true
		return san
	}
	var b strings.Builder
	g.pos.writeSAN(&b, m)
	g.Play(m)
	g.status, g.known = g.pos.Status(), true
	writeSANSuffix(&b, &g.pos, g.status)
	return b.String()
}

// Repetitions returns how many times the current position occurred
// before, within Position.RepetitionWindow.
func (g *Game) Repetitions() int {
	n := len(g.hashes) - 1
	h := g.hashes[n]
	count := 0
	for i, last := n-2, n-g.pos.RepetitionWindow(n); i >= last; i -= 2 {
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
	if o.Result != Ongoing {
		return o
	}
	if g.wg != nil {
		return wideOutcome(g.wg.Outcome())
	}
	if v := g.pos.v; v.fairyRules {
		if g.Repetitions() >= v.nFold()-1 {
			return v.repetitionOutcome(&g.pos)
		}
		return o
	}
	if g.Repetitions() >= 2 {
		return Outcome{Draw, Repetition}
	}
	return o
}

// Hashes returns the hash of every position of the game so far, the
// current one last (the slice is the game's own: do not change it).
func (g *Game) Hashes() []uint64 { return g.hashes }

// Wide returns the game of a variant played by package wide, or nil for
// the others. It is the game's own: do not change it.
func (g *Game) Wide() *wide.Game { return g.wg }
