package reference

// move is one move. Castling is the king's move to its castling square,
// or in Chess960 the king taking its own rook; play moves the rook. An
// en-passant capture removes the pawn beside from.
type move struct {
	from, to  square
	promo     byte // lower-case promotion letter, 0 if none
	castle    bool
	right     int // the castling right used, when castle
	enPassant bool
}

func (m move) String() string {
	text := m.from.String() + m.to.String()
	if m.promo != 0 {
		text += string(rune(m.promo))
	}
	return text
}

var (
	knightSteps = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	rookDirs    = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs  = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	royalDirs   = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	noDirs      = [][2]int{}
	// castleSquares gives each right its side, back rank and the files
	// king and rook end on, wherever they start (orthodox and Chess960).
	castleSquares = []struct {
		right          int
		white          bool
		rank           int
		kingTo, rookTo int
	}{
		{whiteShort, true, 0, 6, 5},
		{whiteLong, true, 0, 2, 3},
		{blackShort, false, 7, 6, 5},
		{blackLong, false, 7, 2, 3},
	}
)

func shift(s square, df, dr int) square {
	return square{s.layer, s.file + df, s.rank + dr}
}

// canLand reports whether a piece of colour white may end a move on t:
// t exists and is empty or holds an enemy piece.
func (p *position) canLand(t square, white bool) bool {
	if !p.exists(t) {
		return false
	}
	c := p.at(t)
	return c == 0 || isWhite(c) != white
}

// pieceMoves appends the pseudo-legal moves of the piece on s (of either
// colour) to out: everything but castling, which pseudoMoves adds.
func (p *position) pieceMoves(s square, out []move) []move {
	c := p.at(s)
	white := isWhite(c)
	kind := upper(c)

	// Steppers and sliders, inside the layer of s only.
	steps, slides := noDirs, noDirs
	switch kind {
	case 'N':
		steps = knightSteps
	case 'K':
		steps = royalDirs
	case 'B':
		slides = bishopDirs
	case 'R':
		slides = rookDirs
	case 'Q':
		slides = royalDirs
	}
	for _, d := range steps {
		t := shift(s, d[0], d[1])
		if p.canLand(t, white) {
			out = append(out, move{from: s, to: t})
		}
	}
	for _, d := range slides {
		for t := shift(s, d[0], d[1]); p.exists(t); t = shift(t, d[0], d[1]) {
			if p.at(t) == 0 {
				out = append(out, move{from: s, to: t})
				continue
			}
			if isWhite(p.at(t)) != white {
				out = append(out, move{from: s, to: t})
			}
			break
		}
	}

	if kind == 'P' {
		out = p.pawnMoves(s, white, out)
	}

	// The vertical step between a main square and the bunker square under
	// it, for every piece. It never promotes and never continues.
	if p.v.bunkers {
		var links []square
		if s.layer == mainLayer {
			links = []square{{whiteBunkerLayer, s.file, s.rank}, {blackBunkerLayer, s.file, s.rank}}
		} else {
			links = []square{{mainLayer, s.file, s.rank}}
		}
		for _, t := range links {
			if p.canLand(t, white) {
				out = append(out, move{from: s, to: t})
			}
		}
	}
	return out
}

// pawnMoves appends the pawn moves (push, double step, captures, en
// passant) of the pawn on s, inside its layer.
func (p *position) pawnMoves(s square, white bool, out []move) []move {
	dir, lastRank, secondRank := 1, p.v.ranks-1, 1
	if !white {
		dir, lastRank, secondRank = -1, 0, p.v.ranks-2
	}
	addPawn := func(t square) {
		if t.rank == lastRank {
			for i := 0; i < len(p.v.promotions); i++ {
				out = append(out, move{from: s, to: t, promo: p.v.promotions[i]})
			}
			return
		}
		out = append(out, move{from: s, to: t})
	}

	push := shift(s, 0, dir)
	if p.exists(push) && p.at(push) == 0 {
		addPawn(push)
		double := shift(s, 0, 2*dir)
		if p.v.doubleStep && s.layer == mainLayer && s.rank == secondRank &&
			p.exists(double) && p.at(double) == 0 {
			out = append(out, move{from: s, to: double})
		}
	}
	for _, df := range []int{-1, 1} {
		t := shift(s, df, dir)
		if !p.exists(t) {
			continue
		}
		if c := p.at(t); c != 0 && isWhite(c) != white {
			addPawn(t)
		} else if c == 0 && p.v.enPassant && p.hasEP && t == p.ep && white == p.white {
			out = append(out, move{from: s, to: t, enPassant: true})
		}
	}
	return out
}

// pseudoMoves lists the moves of the side to move, ignoring king safety.
func (p *position) pseudoMoves() []move {
	var out []move
	for _, s := range p.allSquares() {
		if c := p.at(s); c != 0 && isWhite(c) == p.white {
			out = p.pieceMoves(s, out)
		}
	}
	if p.v.castling {
		for _, cs := range castleSquares {
			if cs.white != p.white || !p.castle[cs.right] {
				continue
			}
			kingFrom := square{mainLayer, p.castleKing[cs.right], cs.rank}
			rookFrom := square{mainLayer, p.castleRook[cs.right], cs.rank}
			if p.at(kingFrom) != withColor('K', p.white) || p.at(rookFrom) != withColor('R', p.white) {
				continue
			}
			// Every square from the leftmost to the rightmost of the four
			// files must be empty but for the king and the rook.
			lo := min(kingFrom.file, rookFrom.file, cs.kingTo, cs.rookTo)
			hi := max(kingFrom.file, rookFrom.file, cs.kingTo, cs.rookTo)
			free := true
			for f := lo; f <= hi; f++ {
				if s := (square{mainLayer, f, cs.rank}); s != kingFrom && s != rookFrom && p.at(s) != 0 {
					free = false
				}
			}
			if free && p.v.royal() && !p.kingPathSafe(kingFrom, cs.kingTo) {
				free = false
			}
			if free {
				to := square{mainLayer, cs.kingTo, cs.rank}
				if p.v.chess960 {
					to = rookFrom
				}
				out = append(out, move{from: kingFrom, to: to, castle: true, right: cs.right})
			}
		}
	}
	return out
}

// kingPathSafe reports whether the king on from could stand on every
// square from its own to the file kingTo of its rank without being in
// check, the other pieces left where they are: castling is never out of,
// through or into check. (Into check with the rook moved is the
// legal-move filter's test.)
func (p *position) kingPathSafe(from square, kingTo int) bool {
	step := 1
	if kingTo < from.file {
		step = -1
	}
	king := p.at(from)
	for f := from.file; ; f += step {
		q := *p
		q.set(from, 0)
		q.set(square{mainLayer, f, from.rank}, king)
		if q.inCheck(isWhite(king)) {
			return false
		}
		if f == kingTo {
			return true
		}
	}
}

// attacked reports whether a piece of colour byWhite could move onto s,
// which holds a piece of the other colour.
func (p *position) attacked(s square, byWhite bool) bool {
	buf := make([]move, 0, 64)
	for _, from := range p.allSquares() {
		if c := p.at(from); c != 0 && isWhite(c) == byWhite {
			buf = p.pieceMoves(from, buf[:0])
			for _, m := range buf {
				if m.to == s {
					return true
				}
			}
		}
	}
	return false
}

// inCheck reports whether a king of the given colour is attacked.
func (p *position) inCheck(white bool) bool {
	for _, k := range p.kingSquares(white) {
		if p.attacked(k, !white) {
			return true
		}
	}
	return false
}

// legalMoves lists the legal moves of the side to move.
func (p *position) legalMoves() []move {
	if p.over() {
		return nil
	}
	moves := p.pseudoMoves()
	if !p.v.royal() {
		return moves
	}
	var legal []move
	for _, m := range moves {
		next := p.play(m)
		if !next.inCheck(p.white) {
			legal = append(legal, m)
		}
	}
	return legal
}

// evolve returns what a piece becomes after it moved in Evolution Chess.
func evolve(c byte) byte {
	next := map[byte]byte{'N': 'B', 'B': 'R', 'R': 'Q', 'Q': 'Q', 'K': 'K'}[upper(c)]
	return withColor(next, isWhite(c))
}

// play returns the position after m.
func (p *position) play(m move) position {
	q := *p
	c := q.at(m.from)
	q.set(m.from, 0)
	if m.enPassant {
		q.set(square{mainLayer, m.to.file, m.from.rank}, 0)
	}
	switch {
	case m.promo != 0:
		c = withColor(m.promo, isWhite(c))
	case q.v.evolution:
		c = evolve(c)
	}
	if m.castle {
		cs := castleSquares[m.right]
		rookFrom := square{mainLayer, p.castleRook[m.right], cs.rank}
		rook := q.at(rookFrom)
		q.set(rookFrom, 0)
		q.set(square{mainLayer, cs.kingTo, cs.rank}, c)
		q.set(square{mainLayer, cs.rookTo, cs.rank}, rook)
	} else {
		q.set(m.to, c)
	}

	// A right is lost once anything leaves or lands on its king or rook square.
	if q.v.castling {
		for _, s := range []square{m.from, m.to} {
			if s.layer != mainLayer {
				continue
			}
			for _, cs := range castleSquares {
				if s.rank == cs.rank && (s.file == p.castleKing[cs.right] || s.file == p.castleRook[cs.right]) {
					q.castle[cs.right] = false
				}
			}
		}
	}

	q.hasEP = false
	if upper(c) == 'P' && m.from.layer == mainLayer && m.to.layer == mainLayer &&
		(m.to.rank-m.from.rank == 2 || m.from.rank-m.to.rank == 2) {
		q.hasEP = true
		q.ep = square{mainLayer, m.from.file, (m.from.rank + m.to.rank) / 2}
	}
	q.white = !q.white
	return q
}
