package fairy

import "strings"

// startsWithout reports whether a side starts without a piece of one of
// the extinction types (one: true) or without a piece of all of them
// (one: false), the pieces in hand counted.
func (d *Definition) startsWithout(one bool) bool {
	if d.ExtinctionValue == ResultNone || d.ExtinctionPieces.All || len(d.ExtinctionPieces.Keys) == 0 {
		return false
	}
	board := strings.Fields(d.StartFEN + " w")[0] // with the hands
	for _, up := range []bool{true, false} {
		all, none := true, true
		for _, k := range d.ExtinctionPieces.Keys {
			p := d.Piece(k)
			if p == nil {
				continue
			}
			c := rune(p.Letter)
			if up {
				c = rune(p.Letter - 'a' + 'A')
			}
			has := strings.ContainsRune(board, c)
			all, none = all && has, none && !has
		}
		if one && !all || !one && none {
			return true
		}
	}
	return false
}

// pseudoRoyalPlaysOn reports whether the extinction rule never ends the
// game by itself: under extinctionPseudoRoyal without explosions,
// Fairy-Stockfish (c19b5f6) tests extinction only after a blast, so a
// side that starts without an extinction type plays on. Only the general
// engine (engines/wide) plays that.
func (d *Definition) pseudoRoyalPlaysOn() bool {
	return d.ExtinctionPseudoRoyal && !d.BlastOnCapture
}
