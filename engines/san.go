package engines

import (
	"strings"

	"varena/engines/wide"
)

// SAN returns the move, which must be legal in p, in Standard Algebraic
// Notation: piece letter as the piece stood before the move (in Evolution
// Chess "Nxe2" leaves a bishop on e2), disambiguation by file, then rank,
// then the whole square, "x" for captures, "=Q" for promotions, O-O and
// O-O-O. A suffix "+" marks check and "#" a move that wins at once
// (checkmate or extinction). Bunker squares keep their V: "QVc1", "NxVd2".
func (p *Position) SAN(m Move) string {
	if p.w != nil {
		return p.w.SAN(wide.Move(m))
	}
	var b strings.Builder
	p.writeSAN(&b, m)
	var child Position
	p.MakeMove(m, &child)
	writeSANSuffix(&b, &child, child.Status())
	return b.String()
}

// writeSANSuffix writes the "#" or "+" of a move that led to child, whose
// Status is o.
func writeSANSuffix(b *strings.Builder, child *Position, o Outcome) {
	switch {
	case o.Result.Decisive() && o.Result.Winner() != child.side:
		b.WriteByte('#')
	case child.InCheck():
		b.WriteByte('+')
	}
}

func (p *Position) writeSAN(b *strings.Builder, m Move) {
	g := p.v.Geometry
	if m.IsCastling() {
		if g.File(m.To()) > g.File(m.From()) {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
		return
	}
	from, to := m.From(), m.To()
	t := p.typeAt(from)
	capture := p.colors[p.side^1].Has(to) || m.IsEnPassant()

	// Other legal moves of the same piece type to the same square.
	var rivals []Square
	var buf [MaxMoves]Move
	for _, o := range p.generate(buf[:0], p.PiecesOf(p.side, t)&^SquareBB(from), ^Bitboard(0)) {
		if o.To() == to && o.Promotion() == m.Promotion() {
			rivals = append(rivals, o.From())
		}
	}
	if t == Pawn {
		switch {
		case len(rivals) > 0 && (!capture || !uniqueBy(g, from, rivals, true)):
			// Only in bunker games: two pawns reach one square.
			b.WriteString(g.SquareName(from))
		case capture:
			b.WriteByte(byte('a' + g.File(from)))
		}
	} else {
		b.WriteByte(p.v.Letter(t))
		switch {
		case len(rivals) == 0:
		case uniqueBy(g, from, rivals, true):
			b.WriteByte(byte('a' + g.File(from)))
		case uniqueBy(g, from, rivals, false):
			b.WriteByte(byte('1' + g.Rank(from)))
		default:
			b.WriteString(g.SquareName(from))
		}
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(g.SquareName(to))
	if pt := m.Promotion(); pt != NoPieceType {
		b.WriteByte('=')
		b.WriteByte(p.v.Letter(pt))
	}
}

// uniqueBy reports whether from's file (or rank) differs from every
// rival's.
func uniqueBy(g *Geometry, from Square, rivals []Square, file bool) bool {
	for _, r := range rivals {
		if file && g.File(r) == g.File(from) || !file && g.Rank(r) == g.Rank(from) {
			return false
		}
	}
	return true
}

// captureMarks strips the capture and long-algebraic separators from the
// part of a SAN move before its target square. Built once: a Replacer
// built per call cost a quarter of the time of replaying a PGN game.
var captureMarks = strings.NewReplacer("x", "", "-", "", ":", "")

// ParseSAN reads a move in SAN and returns the legal move it names. It
// accepts what other programs write too: check and annotation suffixes
// (+ # ! ?), 0-0 for O-O, promotions with or without "=", long algebraic
// ("Ng1-f3", "e2-e4"), and a V or v before bunker squares.
func (p *Position) ParseSAN(text string) (Move, error) {
	fail := func(msg string) (Move, error) {
		return NullMove, &MoveError{Text: text, FEN: p.FEN(), Msg: msg}
	}
	if p.w != nil {
		m, err := p.w.ParseSAN(text)
		if err != nil {
			return fail(wideReason(err))
		}
		return Move(m), nil
	}
	s := strings.TrimRight(strings.TrimSpace(text), "+#!?")
	if s == "" {
		return fail("empty move")
	}
	var buf [MaxMoves]Move
	legal := p.GenerateMoves(buf[:0])

	switch strings.ReplaceAll(s, "0", "O") {
	case "O-O", "O-O-O":
		long := len(s) == 5
		for _, m := range legal {
			if m.IsCastling() && (p.v.Geometry.File(m.To()) < p.v.Geometry.File(m.From())) == long {
				return m, nil
			}
		}
		return fail("castling is not legal here")
	}

	// Promotion: "=Q", or a piece letter straight after the rank digit.
	promo := NoPieceType
	if i := strings.IndexByte(s, '='); i >= 0 {
		if i != len(s)-2 {
			return fail("want one piece letter after =")
		}
		t, ok := p.v.TypeOfLetter(s[i+1])
		if !ok || t == Pawn {
			return fail("bad promotion piece")
		}
		promo, s = t, s[:i]
	} else if n := len(s); n >= 3 && s[n-2] >= '0' && s[n-2] <= '9' {
		if t, ok := p.v.TypeOfLetter(s[n-1]); ok && t != Pawn {
			promo, s = t, s[:n-1]
		}
	}

	if s == "" { // "=B": a promotion piece and nothing before it
		return fail("no target square")
	}
	piece := Pawn
	if t, ok := p.v.TypeOfLetter(s[0]); ok && s[0] >= 'A' && s[0] <= 'Z' && t != Pawn {
		piece, s = t, s[1:]
	}
	// The target is the last square name.
	j := len(s)
	for j > 0 && s[j-1] >= '0' && s[j-1] <= '9' {
		j--
	}
	if j == len(s) || j == 0 {
		return fail("no target square")
	}
	j-- // the file letter
	if j > 0 && (s[j-1] == 'V' || s[j-1] == 'v') {
		j--
	}
	to, err := p.v.Geometry.ParseSquare(s[j:])
	if err != nil {
		return fail(err.Error())
	}
	disamb := captureMarks.Replace(s[:j])
	if disamb != "" && (disamb[0] == 'v') {
		disamb = "V" + disamb[1:]
	}

	found := NullMove
	for _, m := range legal {
		if m.To() != to || m.Promotion() != promo || m.IsCastling() || p.typeAt(m.From()) != piece {
			continue
		}
		if !matchesFrom(p.v.Geometry, m.From(), disamb) {
			continue
		}
		if found != NullMove {
			return fail("ambiguous: more than one legal move matches")
		}
		found = m
	}
	if found == NullMove {
		if promo == NoPieceType && piece == Pawn && p.v.Geometry.lastRank[p.side].Has(to) {
			return fail("a promotion needs =piece")
		}
		return fail("no legal move matches")
	}
	return found, nil
}

// matchesFrom reports whether sq fits a SAN disambiguation: empty, a file
// letter, a rank number, or a whole square name.
func matchesFrom(g *Geometry, sq Square, d string) bool {
	switch {
	case d == "":
		return true
	case len(d) == 1 && d[0] >= 'a' && d[0] <= 'z':
		return g.File(sq) == int(d[0]-'a')
	case len(d) == 1 && d[0] >= '1' && d[0] <= '9':
		return g.Rank(sq) == int(d[0]-'1')
	}
	return g.SquareName(sq) == d
}
