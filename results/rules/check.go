package rules

import (
	"errors"
	"fmt"
	"slices"

	"varena/engines"
	"varena/results"
)

// rulesTerminations are the record's names of the ends the rules decide:
// a game recorded as ended so must end so when replayed, and a game the
// rules ended must be recorded with the rules' result and reason.
var rulesTerminations = []string{results.TermExtinction, results.TermCheckmate, results.TermStalemate,
	results.TermRepetition, results.TermFiftyMoves, results.TermInsufficient,
	results.TermFlag, results.TermCheckLimit, results.TermBareKing, results.TermCounting}

// CheckGame replays a journal record by its variant's rules, as `varena
// rate FILE.pgn` replays a PGN game: every move must be legal where it
// is played and read as recorded (UCI, and SAN when recorded), none may
// follow the end of the game, and a game the rules ended must carry the
// rules' result and termination (one ended otherwise, by adjudication,
// a forfeit or a crash, carries what the arena decided). It is the
// results.Check of every journal read to resume, rate, merge or report,
// so that an edited or corrupted line that still parses is refused, not
// counted. The error says what is false, with the move's number.
func (rf Referee) CheckGame(g results.Game) error {
	v, pos, err := rf.startOf(g)
	if err != nil {
		return err
	}
	first, black := pos.FullmoveNumber(), pos.SideToMove() == engines.Black
	label := func(i int, text string) string {
		ply := i + boolInt(black)
		if ply%2 == 0 {
			return fmt.Sprintf("move %d. %s", first+ply/2, text)
		}
		return fmt.Sprintf("move %d... %s", first+ply/2, text)
	}
	game := engines.NewGame(pos)
	for i, mv := range g.Moves {
		if o := game.Outcome(); o.Result != engines.Ongoing {
			return fmt.Errorf("%s: the game was already over (%s, %s)", label(i, mv.UCI), o.Reason, o.Result)
		}
		m, err := game.Position().ParseUCIMove(mv.UCI)
		if err != nil {
			reason := err.Error()
			var me *engines.MoveError
			if errors.As(err, &me) && me.Msg != "" {
				reason = me.Msg
			}
			return fmt.Errorf("%s: %s in %s", label(i, mv.UCI), reason, v.Name)
		}
		if san := game.PlaySAN(m); mv.SAN != "" && san != mv.SAN {
			return fmt.Errorf("%s: recorded as %s, which reads %s", label(i, mv.UCI), mv.SAN, san)
		}
	}
	o := game.Outcome()
	if o.Result == engines.Ongoing {
		if slices.Contains(rulesTerminations, g.Termination) {
			return fmt.Errorf("termination %q, but the game is not over after its %d moves", g.Termination, len(g.Moves))
		}
		return nil
	}
	if g.Result != o.Result.String() || g.Termination != Termination(o.Reason) {
		return fmt.Errorf("result %s (%s), but the game ended by %s, %s", g.Result, orNone(g.Termination), Termination(o.Reason), o.Result)
	}
	return nil
}

func orNone(s string) string {
	if s == "" {
		return "no termination"
	}
	return s
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Termination names an end by the rules as the record does.
func Termination(r engines.Termination) string {
	switch r {
	case engines.Extinction:
		return results.TermExtinction
	case engines.Checkmate:
		return results.TermCheckmate
	case engines.Stalemate:
		return results.TermStalemate
	case engines.FiftyMoves:
		return results.TermFiftyMoves
	case engines.Repetition:
		return results.TermRepetition
	case engines.BareKings, engines.InsufficientMaterial:
		return results.TermInsufficient
	case engines.FlagReached:
		return results.TermFlag
	case engines.CheckLimit:
		return results.TermCheckLimit
	case engines.BareKing:
		return results.TermBareKing
	case engines.CountingLimit:
		return results.TermCounting
	}
	return r.String()
}
