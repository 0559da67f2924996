package engines

import (
	"errors"
	"fmt"
)

// The general path of the rules Fairy-Stockfish's variants.ini can state
// (the Variant fields after EnPassant): a variant that sets any of them
// looks at its game ends here first, then generates and counts as the
// built-in variants do where only game ends differ (3check, king of the
// hill, horde, threekings), or, where its rules restrict moves
// (MustCapture, NoChecking, ExtinctionPseudoRoyal), makes every
// pseudo-legal move and tests it. The built-in variants, which set none,
// never come here: their generation, counting and Status stay as they
// were.

// EndValue is the result a rule gives to the side it names, as
// Fairy-Stockfish's values win, loss and draw. The zero value is the
// rule's default, which each field that holds one documents.
type EndValue int8

const (
	ValueDefault EndValue = iota
	ValueLoss
	ValueWin
	ValueDraw
)

func (e EndValue) String() string {
	return [...]string{"default", "loss", "win", "draw"}[e]
}

// or returns e, or def where e is the default.
func (e EndValue) or(def EndValue) EndValue {
	if e == ValueDefault {
		return def
	}
	return e
}

// resultFor returns the result in which side c gets e.
func (e EndValue) resultFor(c Color) Result {
	switch e {
	case ValueWin:
		return winFor(c)
	case ValueLoss:
		return winFor(c ^ 1)
	}
	return Draw
}

// maxCheckCount bounds CheckCounting's counts: each is a nibble of
// Position.checks.
const maxCheckCount = 15

// checkFairyRules validates the Fairy-Stockfish rules of v and sets
// v.fairyRules when any is set.
func (v *Variant) checkFairyRules() error {
	for _, e := range []EndValue{v.CheckmateValue, v.StalemateValue, v.ExtinctionValue, v.BareKingValue, v.NFoldValue} {
		if e < ValueDefault || e > ValueDraw {
			return fmt.Errorf("bad end value %d", e)
		}
	}
	extinction := v.ExtinctionValue != ValueDefault
	switch {
	case !extinction && (v.ExtinctionAll || v.ExtinctionPieceCount != 0 || v.ExtinctionOpponentPieceCount != 0 || v.ExtinctionClaim || v.ExtinctionPseudoRoyal):
		return errors.New("ExtinctionAll, ExtinctionPieceCount, ExtinctionOpponentPieceCount, ExtinctionClaim and ExtinctionPseudoRoyal need ExtinctionValue")
	case extinction && len(v.Species) == 0 && !v.ExtinctionAll:
		return errors.New("ExtinctionValue without species (Species or ExtinctionAll)")
	case v.ExtinctionPieceCount < 0 || v.ExtinctionPieceCount > 64:
		return fmt.Errorf("ExtinctionPieceCount %d out of 0-64", v.ExtinctionPieceCount)
	case v.ExtinctionOpponentPieceCount < 0 || v.ExtinctionOpponentPieceCount > 64:
		return fmt.Errorf("ExtinctionOpponentPieceCount %d out of 0-64", v.ExtinctionOpponentPieceCount)
	case v.BareKingMove && v.BareKingValue == ValueDefault:
		return errors.New("BareKingMove without BareKingValue")
	case v.FlagPiece == NoPieceType && (v.FlagRegion != [2]Bitboard{} || v.FlagMove):
		return errors.New("a flag region or FlagMove without FlagPiece")
	case v.FlagPiece != NoPieceType && (v.FlagPiece > King || !v.pieceSet[v.FlagPiece]):
		return fmt.Errorf("flag piece %d is not a piece of the variant", v.FlagPiece)
	case v.CheckCounting && !v.Check:
		return errors.New("CheckCounting needs Check")
	case v.NoChecking && !v.Check:
		return errors.New("NoChecking needs Check")
	case v.Makpong && !v.Check:
		return errors.New("Makpong needs Check")
	case v.ShatarMate && (!v.Check || v.CheckCounting || v.Counting != NoCounting):
		return errors.New("ShatarMate needs Check, and excludes CheckCounting and Counting")
	case v.NMoveRule > 10000:
		return fmt.Errorf("NMoveRule %d too large", v.NMoveRule)
	case v.NFoldRule < 0 || v.NFoldRule == 1 || v.NFoldRule > 1000:
		return fmt.Errorf("NFoldRule %d: want 0 (3) or 2-1000", v.NFoldRule)
	case int(v.Counting) >= len(countingRules):
		return fmt.Errorf("bad counting rule %d", v.Counting)
	case v.Counting != NoCounting && v.NMoveRule >= 0:
		return errors.New("Counting needs NMoveRule negative (no n-move rule): its count takes the halfmove clock")
	}
	for r, t := range v.CountingTypes {
		if t != NoPieceType && (v.Counting == NoCounting || int(t) >= NumPieceTypes || !v.pieceSet[t] || t == King || t == Pawn) {
			return fmt.Errorf("counting type %d of role %d is not a piece of the variant counted", t, r)
		}
	}
	if v.FlagPiece != NoPieceType {
		for c := White; c <= Black; c++ {
			if v.FlagRegion[c]&^v.Geometry.all != 0 {
				return fmt.Errorf("%s flag region off the board", c)
			}
		}
	}
	v.fairyRules = v.CheckmateValue != 0 || v.StalemateValue != 0 || extinction ||
		v.BareKingValue != 0 || v.FlagPiece != NoPieceType || v.CheckCounting ||
		v.MustCapture || v.NoChecking || v.NMoveRule != 0 || v.NFoldRule != 0 ||
		v.NFoldValue != 0 || v.NFoldValueAbsolute || v.Counting != NoCounting ||
		v.StalematePieceCount || v.Makpong || v.ShatarMate || v.CambodianMoves
	v.fairyPlainMoves = !v.MustCapture && !v.NoChecking && !v.ExtinctionPseudoRoyal && !v.Makpong && !v.CambodianMoves
	v.moveRules = 0
	if v.CheckCounting {
		v.moveRules |= ruleChecks
	}
	if v.ShatarMate {
		v.moveRules |= ruleShatar
	}
	if v.Counting != NoCounting {
		v.moveRules |= ruleCounting
	}
	return nil
}

// moveRule is a rule whose state MakeMove keeps in the position after a
// move, Variant.moveRules their set.
type moveRule uint8

const (
	ruleChecks   moveRule = 1 << iota // CheckCounting: the checks left (countChecks)
	ruleShatar                        // ShatarMate: the series of checks (shatarChecks)
	ruleCounting                      // Counting: the count and its limit (advanceCount)
)

// keepRules updates the state of the rules r in c, the position after a
// move from p, in this order: karouk's check is counted before its
// makruk count moves on. MakeMove calls it for all but Counting alone,
// the one most variants with any have (makruk and its kin).
func (c *Position) keepRules(p *Position, r moveRule) {
	if r&ruleChecks != 0 {
		c.countChecks()
	}
	if r&ruleShatar != 0 {
		c.shatarChecks()
	}
	if r&ruleCounting != 0 {
		c.advanceCount(p)
	}
}

// FairyRules reports whether the variant sets any of the Fairy-Stockfish
// rules (the Variant fields after EnPassant), so that it takes the
// general path.
func (v *Variant) FairyRules() bool { return v.fairyRules }

// ChecksLeft returns how many more checks c must give to win, in a
// variant with CheckCounting (0 elsewhere).
func (p *Position) ChecksLeft(c Color) int {
	if p.v.Counting != NoCounting {
		return p.firstCheckLeft(c)
	}
	return int(p.checks >> (4 * c) & 0xF)
}

// setChecks sets c's count of checks left, keeping the hash.
func (p *Position) setChecks(c Color, n int) {
	p.hash ^= zobristChecks[c][p.ChecksLeft(c)] ^ zobristChecks[c][n]
	if p.v.Counting != NoCounting {
		p.setFirstCheck(c, n)
		return
	}
	p.checks = p.checks&^(0xF<<(4*c)) | uint8(n)<<(4*c)
}

// fairyEnd returns the outcome of a game end by a variant rule that needs
// no move generation (Fairy-Stockfish's immediate game ends, in its
// order): bare king, extinction, flag, check limit.
func (p *Position) fairyEnd() (Outcome, bool) {
	v := p.v
	us, them := p.side, p.side^1
	if v.BareKingValue != ValueDefault {
		bare := us // the side to move is bare: it gets the value now
		if v.BareKingMove {
			bare = them // the side that moved was bare before its move, and still is
		}
		if p.colors[bare]&^p.pieces[King] == 0 {
			return Outcome{v.BareKingValue.resultFor(bare), BareKing}, true
		}
	}
	if v.ExtinctionValue != ValueDefault {
		if c, ok := p.fairyExtinct(); ok {
			return Outcome{v.ExtinctionValue.resultFor(c), Extinction}, true
		}
	}
	if t := v.FlagPiece; t != NoPieceType {
		if !v.FlagMove {
			if p.PiecesOf(them, t)&v.FlagRegion[them] != 0 {
				return Outcome{winFor(them), FlagReached}, true
			}
		} else if p.PiecesOf(us, t)&v.FlagRegion[us] != 0 {
			// The side to move got there before its opponent's last move:
			// it wins, unless that move brought Black there too.
			if us == White && p.PiecesOf(them, t)&v.FlagRegion[them] != 0 {
				return Outcome{Draw, FlagReached}, true
			}
			return Outcome{winFor(us), FlagReached}, true
		}
	}
	if v.CheckCounting && p.ChecksLeft(them) == 0 {
		return Outcome{winFor(them), CheckLimit}, true
	}
	return Outcome{}, false
}

// fairyExtinct returns the extinct side by Fairy-Stockfish's extinction:
// the side that just moved, then the side to move; for each the species
// types in order (all its pieces first with ExtinctionAll, then Species
// in PieceType order).
func (p *Position) fairyExtinct() (Color, bool) {
	v := p.v
	for _, c := range [2]Color{p.side ^ 1, p.side} {
		// The opponent's pieces needed for c's extinction to count.
		need := v.ExtinctionOpponentPieceCount
		if v.ExtinctionClaim && c == p.side {
			need++
		}
		if v.ExtinctionAll && p.colors[c].Count() <= v.ExtinctionPieceCount && p.colors[c^1].Count() >= need {
			return c, true
		}
		for t := Pawn; t < FirstFairy+PieceType(len(v.Fairy)); t++ {
			if v.isSpecies(t) && p.PiecesOf(c, t).Count() <= v.ExtinctionPieceCount &&
				p.PiecesOf(c^1, t).Count() >= need {
				return c, true
			}
		}
	}
	return 0, false
}

// isSpecies reports whether t is one of the variant's species.
func (v *Variant) isSpecies(t PieceType) bool {
	for _, s := range v.Species {
		if s == t {
			return true
		}
	}
	return false
}

// generateFairy is generate on the general path.
func (p *Position) generateFairy(list []Move, from, dest Bitboard) []Move {
	if _, over := p.fairyEnd(); over {
		return list
	}
	v := p.v
	if v.fairyPlainMoves {
		// The built-in legality: with Check a side's one king is royal;
		// a side without one (horde's White) has every move legal.
		list = p.genPseudo(list, from, dest)
		if v.Check && p.pieces[King]&p.colors[p.side] != 0 {
			list = p.filterLegal(list)
		}
		return list
	}
	all := ^Bitboard(0)
	if p.v.MustCapture && (from != all || dest != all) {
		// Whether a capture exists is a question about every move.
		var buf [MaxMoves]Move
		full := p.generateFairy(buf[:0], all, all)
		for _, m := range full {
			if from.Has(m.From()) && dest.Has(m.To()) {
				list = append(list, m)
			}
		}
		return list
	}
	list = p.genPseudo(list, from, dest)
	if v.CambodianMoves {
		list = p.cambodianMoves(list, from, dest)
	}
	if v.Check || v.ExtinctionPseudoRoyal {
		out := list[:0]
		var child Position
		for _, m := range list {
			p.MakeMove(m, &child)
			if child.leftSafe(p.side) {
				out = append(out, m)
			}
		}
		list = out
	}
	if v.Makpong {
		list = p.makpongFilter(list)
	}
	if v.MustCapture {
		captures := 0
		for _, m := range list {
			if p.IsCapture(m) {
				captures++
			}
		}
		if captures > 0 {
			out := list[:0]
			for _, m := range list {
				if p.IsCapture(m) {
					out = append(out, m)
				}
			}
			list = out
		}
	}
	return list
}

// countFairyRules is CountMoves on the general path: counted as the built-in
// variants count where only game-end rules differ, generated and counted
// otherwise. Apart, so that CountMoves keeps its small frame.
//
//go:noinline
func (p *Position) countFairyRules() int {
	if v := p.v; v.fairyPlainMoves {
		if _, over := p.fairyEnd(); over {
			return 0
		}
		switch {
		case !v.Check || p.pieces[King]&p.colors[p.side] == 0:
			return p.countPseudo()
		case v.plainLegal:
			return p.countLegalPlain()
		case v.hasFairy:
			return p.countLegalByMaking()
		}
		return p.countLegalFiltered()
	}
	var buf [MaxMoves]Move
	return len(p.generateFairy(buf[:0], ^Bitboard(0), ^Bitboard(0)))
}

// leftSafe reports whether the move that made p left mover's royal pieces
// unattacked (its king with Check, its last pieces of a species with
// ExtinctionPseudoRoyal) and, with NoChecking, the opponent's king too.
func (p *Position) leftSafe(mover Color) bool {
	v := p.v
	them := mover ^ 1
	occ := p.Occupied()
	if v.Check {
		if k := p.pieces[King] & p.colors[mover]; k != 0 && p.attackersTo(k.First(), them, occ) != 0 {
			return false
		}
		if v.NoChecking {
			if k := p.pieces[King] & p.colors[them]; k != 0 && p.attackersTo(k.First(), mover, occ) != 0 {
				return false
			}
		}
	}
	if v.ExtinctionPseudoRoyal {
		for b := p.pseudoRoyals(mover); b != 0; {
			if p.attackersTo(b.Pop(), them, occ) != 0 {
				return false
			}
		}
	}
	return true
}

// pseudoRoyals returns c's pieces that ExtinctionPseudoRoyal makes royal:
// those of a species type (all of them with ExtinctionAll) of which c has
// ExtinctionPieceCount+1 or fewer, so that losing one is extinction.
func (p *Position) pseudoRoyals(c Color) Bitboard {
	v := p.v
	n := v.ExtinctionPieceCount + 1
	var b Bitboard
	if v.ExtinctionAll && p.colors[c].Count() <= n {
		b |= p.colors[c]
	}
	for _, t := range v.Species {
		if s := p.PiecesOf(c, t); s.Count() <= n {
			b |= s
		}
	}
	return b
}

// pseudoRoyalAttacked reports whether a pseudo-royal piece of the side
// to move is attacked.
func (p *Position) pseudoRoyalAttacked() bool {
	occ := p.Occupied()
	for b := p.pseudoRoyals(p.side); b != 0; {
		if p.attackersTo(b.Pop(), p.side^1, occ) != 0 {
			return true
		}
	}
	return false
}

// statusFairy is Status on the general path: the immediate ends, then
// checkmate and stalemate with their values, the draws of the built-in
// rules, the n-move rule.
func (p *Position) statusFairy() Outcome {
	if o, over := p.fairyEnd(); over {
		return o
	}
	v := p.v
	if p.CountMoves() == 0 {
		if p.InCheck() {
			return p.checkmateOutcome()
		}
		return p.stalemateOutcome()
	}
	if v.BareKingsDraw && p.Occupied() == p.pieces[King] && p.pieces[King].Count() == 2 {
		return Outcome{Draw, BareKings}
	}
	if v.InsufficientMaterial && p.InsufficientMaterial() {
		return Outcome{Draw, InsufficientMaterial}
	}
	if n := v.nMoves(); n > 0 && int(p.halfmove) >= 2*n {
		return Outcome{Draw, FiftyMoves}
	}
	if p.countingOver() {
		return Outcome{Draw, CountingLimit}
	}
	return Outcome{}
}

// nMoves returns the n-move rule's number of moves, 0 for none.
func (v *Variant) nMoves() int {
	switch {
	case v.NMoveRule == 0:
		return 50
	case v.NMoveRule < 0:
		return 0
	}
	return v.NMoveRule
}

// nFold returns how many occurrences of a position end the game.
func (v *Variant) nFold() int {
	if v.NFoldRule == 0 {
		return 3
	}
	return v.NFoldRule
}

// repetitionOutcome returns the outcome of the n-fold repetition of pos.
func (v *Variant) repetitionOutcome(pos *Position) Outcome {
	side := pos.side
	if v.NFoldValueAbsolute {
		side = White
	}
	return Outcome{v.NFoldValue.or(ValueDraw).resultFor(side), Repetition}
}

// countChecks lowers the count of the side that moved into p when its
// move gave check (CheckCounting).
func (p *Position) countChecks() {
	mover := p.side ^ 1
	if k := p.pieces[King] & p.colors[p.side]; k != 0 && p.attackersTo(k.First(), mover, p.Occupied()) != 0 {
		if n := p.ChecksLeft(mover); n > 0 {
			p.setChecks(mover, n-1)
		}
	}
}
