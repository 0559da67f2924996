package engines

import (
	"fmt"
	"strings"
)

// UCI returns the move in UCI-style text: from, to and a lower-case
// promotion letter ("e7e8q", "c1Vc1", "Vc5Vc6q"); castling is the king's
// move ("e1g1"); the null move is "0000".
func (g *Geometry) UCI(m Move) string {
	if m == NullMove {
		return "0000"
	}
	s := g.SquareName(m.From()) + g.SquareName(m.To())
	if t := m.Promotion(); t != NoPieceType {
		s += string(t.Letter() + 'a' - 'A')
	}
	return s
}

// UCI returns the move in UCI-style text as Geometry.UCI does, with the
// promotion letter of the variant's own types ("a7a8m" for a fers named
// M): Geometry.UCI knows only P N B R Q K.
func (v *Variant) UCI(m Move) string {
	if v.wide != nil {
		return v.wideUCI(m)
	}
	t := m.Promotion()
	if t < FirstFairy {
		return v.Geometry.UCI(m)
	}
	g := v.Geometry
	return g.SquareName(m.From()) + g.SquareName(m.To()) + string(v.Letter(t)+'a'-'A')
}

// MoveError is move text that could not be read or is not legal in the
// position.
type MoveError struct {
	Text string
	FEN  string
	Msg  string
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %q in %s: %s", e.Text, e.FEN, e.Msg)
}

// splitSquare reads one square name from the start of s: an optional V
// (either case), a file letter and rank digits. It returns the name and
// the rest of s.
func splitSquare(s string) (name, rest string, ok bool) {
	i := 0
	if i < len(s) && (s[i] == 'V' || s[i] == 'v') {
		i++
	}
	if i >= len(s) || s[i] < 'a' || s[i] > 'z' {
		return "", s, false
	}
	i++
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return "", s, false
	}
	return s[:j], s[j:], true
}

// ParseUCIMove reads UCI-style move text (bunker squares with V or v) and
// returns the legal move it names.
func (p *Position) ParseUCIMove(text string) (Move, error) {
	fail := func(format string, args ...any) (Move, error) {
		return NullMove, &MoveError{Text: text, FEN: p.FEN(), Msg: fmt.Sprintf(format, args...)}
	}
	if p.w != nil {
		m, err := p.w.ParseUCIMove(text)
		if err != nil {
			return fail("%s", wideReason(err))
		}
		return Move(m), nil
	}
	g := p.v.Geometry
	fromName, rest, ok1 := splitSquare(text)
	toName, rest, ok2 := splitSquare(rest)
	if !ok1 || !ok2 {
		return fail("want from and to squares, like e2e4 or c1Vc1")
	}
	from, err := g.ParseSquare(fromName)
	if err != nil {
		return fail("%v", err)
	}
	to, err := g.ParseSquare(toName)
	if err != nil {
		return fail("%v", err)
	}
	promo := NoPieceType
	switch len(rest) {
	case 0:
	case 1:
		t, ok := p.v.TypeOfLetter(rest[0])
		if !ok || t == Pawn {
			return fail("%q is not a promotion piece", rest)
		}
		promo = t
	default:
		return fail("unexpected %q after the squares", rest)
	}
	var buf [MaxMoves]Move
	for _, m := range p.generate(buf[:0], SquareBB(from), ^Bitboard(0)) {
		if m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	if promo == NoPieceType && g.lastRank[p.side].Has(to) && p.Pieces(p.side, Pawn).Has(from) {
		return fail("a promotion needs its piece letter (%s)", strings.ToLower(promotionLetters(p.v)))
	}
	return fail("not a legal move")
}

func promotionLetters(v *Variant) string {
	var b strings.Builder
	for _, t := range v.Promotions {
		b.WriteByte(v.Letter(t))
	}
	return b.String()
}
