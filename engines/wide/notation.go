package wide

import (
	"fmt"
	"strings"
)

// UCI returns m as Fairy-Stockfish writes UCI moves: from and to squares
// ("a10a9"), the promotion type's lower-case letter after them, castling
// as the king's move to its target square (Chess960: the king taking its
// rook), a pass as the royal piece's square twice ("e2e2"). A drop is the
// upper-case letter of the type taken from the hand, '@' and the square
// ("P@e4"; "+L@c3" for a promoted drop); a piece promotion ends in '+'
// ("8h2b+"), a demotion in '-'; a gating move ends in the gated type's
// letter ("b1c3e", "e1g1h"), and a castling that gates on the rook's
// square is written from the rook's square to the king's ("h1e1h").
func (p *Position) UCI(m Move) string {
	v := p.v
	if m == NullMove {
		return "0000"
	}
	from, to := m.From(), m.To()
	switch m.kind() {
	case kindDrop:
		return string(v.PieceLetter(MakePiece(White, m.Dropped()))) + "@" + v.SquareName(to)
	case kindDropPromoted:
		return "+" + string(v.PieceLetter(MakePiece(White, m.Dropped()))) + "@" + v.SquareName(to)
	}
	if m.IsCastling() && !v.r.Chess960 {
		if g := p.gateOf(m); m&gateOnRook != 0 && g != NoPieceType {
			return v.SquareName(to) + v.SquareName(from) + string(v.TypeLetter(g))
		}
		// The castling's colour is the king's, read from its rank, not
		// the side to move: engines.Variant.UCI writes every move from
		// the start position, Black's castlings too.
		c := p.side
		switch v.RankOf(from) {
		case v.r.CastlingRank - 1:
			c = White
		case v.ranks - v.r.CastlingRank:
			c = Black
		}
		right := 2 * int(c)
		if to < from {
			right++
		}
		to, _ = p.castleSquares(right)
	}
	s := v.SquareName(from) + v.SquareName(to)
	switch m.kind() {
	case kindPiecePromotion:
		return s + "+"
	case kindPieceDemotion:
		return s + "-"
	}
	if t := m.Promotion(); t != NoPieceType {
		s += string(v.TypeLetter(t))
	}
	if g := p.gateOf(m); g != NoPieceType {
		s += string(v.TypeLetter(g))
	}
	if v.wallMoves || v.r.EdgeWalls {
		s += "," + v.SquareName(to) + v.SquareName(m.Wall())
	}
	return s
}

// ParseUCIMove returns the legal move s names. Where two legal moves have
// the same text (a king's step and a castling to the same square), the
// one generated first is taken, as Fairy-Stockfish takes it: the step.
func (p *Position) ParseUCIMove(s string) (Move, error) {
	if len(s) < 4 || len(s) > 14 {
		return NullMove, fmt.Errorf("move %q: not a UCI move", short(s))
	}
	var buf [MaxMoves]Move
	for _, m := range p.GenerateLegal(buf[:0]) {
		if p.UCI(m) == s {
			return m, nil
		}
	}
	if err := p.checkUCISquares(s); err != nil {
		return NullMove, err
	}
	return NullMove, fmt.Errorf("move %q is not legal in %s", s, p.FEN())
}

// checkUCISquares tells a malformed UCI move from an illegal one.
func (p *Position) checkUCISquares(s string) error {
	v := p.v
	if at := strings.IndexByte(s, '@'); at >= 0 {
		l := strings.TrimPrefix(s[:at], "+")
		if len(l) != 1 || v.TypeOf(l[0]) == NoPieceType {
			return fmt.Errorf("move %q: %q is not a piece letter of %s", s, s[:at], v.r.Name)
		}
		if _, err := v.ParseSquare(s[at+1:]); err != nil {
			return fmt.Errorf("move %q: %w", s, err)
		}
		return nil
	}
	i := 1
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if _, err := v.ParseSquare(s[:i]); err != nil {
		return fmt.Errorf("move %q: %w", s, err)
	}
	j := i + 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if _, err := v.ParseSquare(s[i:j]); err != nil {
		return fmt.Errorf("move %q: %w", s, err)
	}
	if rest := s[j:]; rest != "" && rest != "+" && rest != "-" && (len(rest) > 1 || v.TypeOf(rest[0]) == NoPieceType) {
		return fmt.Errorf("move %q: %q is not a piece letter of %s", s, rest, v.r.Name)
	}
	return nil
}

// SAN returns m in Fairy-Stockfish's SAN (its notation for PGN, the one
// its Python binding writes): the piece's upper-case letter (none for the
// pawn), the origin's file, rank or square where another piece of the
// type could go to the same square (always the file for a pawn's
// capture), 'x' for a capture, the target square, "=X" for a promotion,
// O-O or O-O-O for castling, then '+' for check or '#' for a check that
// leaves no legal move. A pass is written as the royal piece's move to
// its own square ("Ke2"). A drop is written as in UCI ("P@e4"); a piece
// promotion ends in '+', a promotion declined in '=' (western shogi
// notation), a demotion in '-'; a gating move ends in '/' and the gated
// letter (a castling's also with the gate's square: "O-O/He1"). A move
// that places a wall ends in ',' and the wall's square ("Ncd3,b4"); a
// wall placed instead of a move (atlantis) is a pass with it ("Ke1,a3").
func (p *Position) SAN(m Move) string {
	v := p.v
	var b strings.Builder
	from, to := m.From(), m.To()
	switch {
	case m.IsDrop():
		if m.kind() == kindDropPromoted {
			b.WriteByte('+')
		}
		b.WriteByte(v.PieceLetter(MakePiece(White, m.Dropped())))
		b.WriteByte('@')
		b.WriteString(v.SquareName(to))
	case m.IsCastling():
		if to > from {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case m.isWallPlacement() && v.r.EdgeWalls:
		// A wall instead of a move: written as a pass of the royal
		// piece (of the piece the UCI pass names when there is none),
		// then the wall.
		s := from
		if k := p.king[p.side]; k != NoSquare {
			s = k
		}
		if t := p.board[s].Type(); t != v.pawn {
			b.WriteByte(v.PieceLetter(MakePiece(White, t)))
		}
		b.WriteString(v.SquareName(s))
	default:
		pc := p.board[from]
		t := pc.Type()
		capture := m.IsEnPassant() || (p.board[to] != NoPiece && from != to)
		if t != v.pawnOf[p.side] {
			b.WriteByte(v.PieceLetter(MakePiece(White, t)))
		}
		switch {
		case t == v.pawnOf[p.side] && capture:
			b.WriteByte('a' + byte(v.FileOf(from)))
		case !m.IsPass():
			b.WriteString(p.disambiguation(m))
		}
		if capture {
			b.WriteByte('x')
		}
		b.WriteString(v.SquareName(to))
		switch pr := m.Promotion(); {
		case m.kind() == kindPiecePromotion:
			b.WriteByte('+')
		case m.kind() == kindPieceDemotion:
			b.WriteByte('-')
		case pr != NoPieceType:
			b.WriteByte('=')
			b.WriteByte(v.PieceLetter(MakePiece(White, pr)))
		case v.promoted[t] != NoPieceType && p.IsLegal(makeMove(from, to, v.promoted[t], kindPiecePromotion)):
			// A promotion declined, as western shogi notation writes it.
			b.WriteByte('=')
		}
	}
	if g := p.gateOf(m); g != NoPieceType {
		b.WriteByte('/')
		b.WriteByte(v.PieceLetter(MakePiece(White, g)))
		if m.IsCastling() {
			b.WriteString(v.SquareName(m.gateSquare()))
		}
	}
	if v.wallMoves || v.r.EdgeWalls && m.isWallPlacement() {
		// The wall's square, as the UCI move ends in it.
		b.WriteByte(',')
		b.WriteString(v.SquareName(m.Wall()))
	}
	var child Position
	p.MakeMove(m, &child)
	if child.InCheck() {
		if child.CountLegal() == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	return b.String()
}

// disambiguation returns the origin's file, rank or square when another
// piece of the moving type has a legal move of the same kind to the same
// square.
func (p *Position) disambiguation(m Move) string {
	v := p.v
	from, to := m.From(), m.To()
	t := p.board[from].Type()
	var buf [MaxMoves]Move
	var others Bitboard
	for _, o := range p.GenerateLegal(buf[:0]) {
		if o.To() == to && o.From() != from && o.kind() == m.kind() && o.Promotion() == m.Promotion() && p.gateOf(o) == p.gateOf(m) && p.board[o.From()].Type() == t {
			others = others.With(o.From())
		}
	}
	switch {
	case !others.any():
		return ""
	case !others.and(v.fileBB[v.FileOf(from)]).any():
		return string(rune('a' + v.FileOf(from)))
	case !others.and(v.rankBB[v.RankOf(from)]).any():
		return fmt.Sprint(v.RankOf(from) + 1)
	}
	return v.SquareName(from)
}

// ParseSAN returns the legal move s names in the SAN SAN writes ('+',
// '#', '!' and '?' at the end are ignored, 0-0 is read as O-O).
func (p *Position) ParseSAN(s string) (Move, error) {
	t := strings.TrimRight(s, "+#!?")
	if t == "" || len(s) > 32 {
		return NullMove, fmt.Errorf("SAN %q: not a move", short(s))
	}
	t = strings.ReplaceAll(t, "0", "O")
	if strings.Trim(t, "O-") != "" {
		t = strings.TrimRight(s, "+#!?") // only castling spells 0 as O
	}
	var buf [MaxMoves]Move
	legal := p.GenerateLegal(buf[:0])
	// The text as SAN writes it first: a piece promotion's '+' would
	// otherwise read as a check.
	for _, m := range legal {
		if p.SAN(m) == s {
			return m, nil
		}
	}
	for _, m := range legal {
		if strings.TrimRight(p.SAN(m), "+#") == t {
			return m, nil
		}
	}
	return NullMove, fmt.Errorf("SAN %q is not a legal move in %s", s, p.FEN())
}
