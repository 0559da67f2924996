package engines

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
	// FlagReached: a flag piece reached its region (king of the hill,
	// racing kings; Variant.FlagPiece).
	FlagReached
	// CheckLimit: a side gave its last check (3check; Variant.CheckCounting).
	CheckLimit
	// BareKing: a side has nothing but its king (Variant.BareKingValue).
	BareKing
	// CountingLimit: the count of a counting rule reached its limit
	// (makruk; Variant.Counting).
	CountingLimit
	// Bikjang: the two generals face each other (janggi), scored as
	// Fairy-Stockfish scores it.
	Bikjang
	// PerpetualCheck: a repetition in which one side gave check at every
	// move (xiangqi): that side loses.
	PerpetualCheck
	// VariantRule: another ending of a variant's own rules.
	VariantRule
)

func (t Termination) String() string {
	return [...]string{"not over", "extinction", "checkmate", "stalemate", "50-move rule", "threefold repetition", "bare kings", "insufficient material",
		"flag", "check limit", "bare king", "counting rule", "bikjang", "perpetual check", "variant rule"}[t]
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
//
// A variant with Fairy-Stockfish's rules (Variant.FairyRules) ends as
// Fairy-Stockfish decides: first bare king, extinction, flag and check
// limit in that order, then checkmate and stalemate with their values,
// then the draws and the n-move rule.
func (p *Position) Status() Outcome {
	if p.w != nil {
		return wideOutcome(p.w.Status())
	}
	if p.v.fairyRules {
		return p.statusFairy()
	}
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
	// A piece of the variant's own types (pieces[NoPieceType]) counts as
	// mating material: no table of which can mate exists here.
	if p.pieces[Pawn]|p.pieces[Rook]|p.pieces[Queen]|p.pieces[NoPieceType] != 0 {
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
