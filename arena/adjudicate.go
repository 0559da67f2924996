package arena

import (
	"varena/configs"
	"varena/engines"
)

// adjudicator applies a run's adjudication rules to the scores the engines
// report, move by move. It is a small pure type: observe is fed each move
// in order, and says when a rule ends the game.
type adjudicator struct {
	rule      configs.Adjudication
	drawPlies int    // consecutive plies with |score| <= the draw score
	losing    [2]int // consecutive plies in which both engines see colour c losing
}

// verdict is an adjudicated end.
type verdict struct {
	result engines.Result
	reason string
}

// observe takes the move just played: the ply count after it, the
// fullmove number it was played in, who moved, and the mover's score in
// centipawns from its own view (ok false when the player reports none).
func (a *adjudicator) observe(plies, moveNumber int, mover engines.Color, score int, ok bool) (verdict, bool) {
	if d := a.rule.Draw; d != nil {
		if ok && -d.Score <= score && score <= d.Score && moveNumber >= d.MoveNumber {
			a.drawPlies++
		} else {
			a.drawPlies = 0
		}
		if a.drawPlies >= 2*d.Moves {
			return verdict{engines.Draw, "both engines see a draw"}, true
		}
	}
	if r := a.rule.Resign; r != nil {
		for c := engines.White; c <= engines.Black; c++ {
			// The mover's score says c is losing when c moved and scores
			// low, or the other side moved and scores high.
			sees := ok && (mover == c && score <= -r.Score || mover != c && score >= r.Score)
			if sees {
				a.losing[c]++
			} else {
				a.losing[c] = 0
			}
			if a.losing[c] >= 2*r.Moves {
				return verdict{winFor(c.Other()), c.String() + " resigns: both engines see it lost"}, true
			}
		}
	}
	if a.rule.MaxPlies > 0 && plies >= a.rule.MaxPlies {
		return verdict{engines.Draw, "maximum length reached"}, true
	}
	return verdict{}, false
}
