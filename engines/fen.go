package engines

import (
	"fmt"
	"strconv"
	"strings"

	"varena/engines/wide"
)

// FENError is a FEN that could not be read: the field (1-6) and what is
// wrong with it.
type FENError struct {
	FEN   string
	Field int
	Msg   string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("bad FEN %q: field %d (%s): %s", e.FEN, e.Field, fenFieldNames[e.Field], e.Msg)
}

var fenFieldNames = [...]string{"", "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number", "checks left"}

// IsChecksField reports whether a FEN or EPD field is the checks-left
// field W+B (3+3) that a variant with check counting puts after the
// en-passant field. EPD writers and readers keep it with the four
// position fields: the position is not the same without it.
func IsChecksField(s string) bool {
	w, b, ok := strings.Cut(s, "+")
	return ok && isDigits(w) && isDigits(b)
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// PositionFields splits the fields of a FEN or an EPD line where its
// position ends: the four FEN fields, and the checks-left field W+B
// after them in a variant with check counting; rest is what follows (a
// FEN's move counters, an EPD line's operations).
func PositionFields(f []string) (pos, rest []string) {
	n := min(len(f), 4)
	if n == 4 && len(f) > 4 && IsChecksField(f[4]) {
		n = 5
	}
	return f[:n], f[n:]
}

// fenChecksField is the FENError.Field of the checks-left field of a
// variant with CheckCounting, which stands after the en-passant field.
const fenChecksField = 7

// ParseFEN reads a position of variant v. Standard FEN, with two
// extensions: more than one king per side where the variant allows it,
// and for boards with bunkers a `|` after the main ranks followed by the
// bunker ranks from top to bottom (Vc6Vd6/Vc5Vd5/Vc2Vd2/Vc1Vd1); without
// it the bunkers are empty. The halfmove and fullmove fields may be left
// out (EPD style). Castling rights whose king or rook is not on its square
// are dropped, and an en-passant square is kept only when an en-passant
// capture is possible there (RULES.md): the pawn that made the double step
// stands directly behind it and a pawn of the side to move can take it.
//
// In a variant with a counting rule (Variant.Counting) the en-passant
// field may hold the limit of the count on, in plies, and the halfmove
// field then holds the plies counted, as Fairy-Stockfish 11.1 writes
// them ("8/8/8/8/8/8/4R3/K1k5 b - 32 6 1").
//
// In a variant with CheckCounting the en-passant field is followed by the
// checks each side has still to give, W+B (3+3), as Fairy-Stockfish 11.1
// writes it; without that field the counts are the start position's.
func ParseFEN(v *Variant, fen string) (Position, error) {
	if v.wide != nil {
		w, err := wide.ParseFEN(v.wide, fen)
		if err != nil {
			return Position{}, &FENError{FEN: fen, Field: 1, Msg: err.Error()}
		}
		return fromWide(v, &w), nil
	}
	fields := strings.Fields(fen)
	var checks string
	if v.CheckCounting && len(fields) > 4 && strings.Contains(fields[4], "+") {
		checks = fields[4]
		fields = append(fields[:4:4], fields[5:]...)
	}
	if len(fields) < 4 || len(fields) > 6 {
		return Position{}, &FENError{FEN: fen, Field: 1, Msg: fmt.Sprintf("want 4 to 6 space-separated fields, have %d", len(fields))}
	}
	p := Position{v: v, ep: NoSquare, fullmove: 1}
	// The fields in order: the side to move is known before the
	// en-passant square, which depends on it, and the kings are checked
	// last, with the castling rights and the en-passant square in place.
	for _, part := range []func() *fenFault{
		func() *fenFault { return p.fenBoard(fields[0]) },
		func() *fenFault { return p.fenSide(fields[1]) },
		func() *fenFault { return p.fenCastling(fields[2]) },
		func() *fenFault { return p.fenEnPassant(fields[3]) },
		func() *fenFault { return p.fenClocks(fields[4:]) },
		func() *fenFault { return p.fenChecks(checks) },
		p.fenKings,
	} {
		if f := part(); f != nil {
			return Position{}, &FENError{FEN: fen, Field: f.field, Msg: f.msg}
		}
	}
	p.hash = p.computeHash()
	return p, nil
}

// fenFault is a problem in one field of a FEN (counted from 1), which
// ParseFEN makes a *FENError.
type fenFault struct {
	field int
	msg   string
}

func fault(field int, format string, args ...any) *fenFault {
	return &fenFault{field, fmt.Sprintf(format, args...)}
}

// fenBoard reads the piece placement, bunkers after a |, and refuses
// pieces the variant has not and pawns on their promotion rank.
func (p *Position) fenBoard(field string) *fenFault {
	v, g := p.v, p.v.Geometry
	main, bunker, hasBunker := strings.Cut(field, "|")
	if err := p.parseRanks(main, mainRows(g)); err != nil {
		return fault(1, "%v", err)
	}
	if hasBunker {
		rows := bunkerRows(g)
		if len(rows) == 0 {
			if strings.Trim(bunker, "2/") != "" {
				return fault(1, "this board has no bunkers, but the part after | holds pieces")
			}
		} else if err := p.parseRanks(bunker, rows); err != nil {
			return fault(1, "bunkers: %v", err)
		}
	}
	for t := Pawn; t <= King; t++ {
		if p.pieces[t] != 0 && !v.pieceSet[t] {
			return fault(1, "%s has no %c pieces", v.Name, v.Letter(t))
		}
	}
	for c := White; c <= Black; c++ {
		if b := p.Pieces(c, Pawn) & g.lastRank[c]; b != 0 {
			return fault(1, "%s pawn on %s, its promotion rank", c, g.SquareName(b.First()))
		}
	}
	return nil
}

// fenSide reads the side to move.
func (p *Position) fenSide(field string) *fenFault {
	switch field {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fault(2, "want w or b, have %q", field)
	}
	return nil
}

// fenCastling reads the castling rights (KQkq, or X-FEN in Chess960) and
// keeps only those whose king and rook stand ready.
func (p *Position) fenCastling(field string) *fenFault {
	if field == "-" {
		return nil
	}
	v := p.v
	if v.CambodianMoves {
		return p.fenGates(field)
	}
	if !v.Castling {
		return fault(3, "%s has no castling, want -", v.Name)
	}
	if v.Chess960 {
		if err := p.parse960Castling(field); err != nil {
			return fault(3, "%v", err)
		}
	} else {
		for i := 0; i < len(field); i++ {
			j := strings.IndexByte("KQkq", field[i])
			if j < 0 || p.castle&(1<<j) != 0 {
				return fault(3, "want - or a subset of KQkq in that order, have %q", field)
			}
			p.castle |= 1 << j
		}
	}
	// p.v, not v: parse960Castling gives the position a variant of its
	// own, with the rooks' files.
	for i := range p.v.castling.rules {
		r := &p.v.castling.rules[i]
		if !p.Pieces(r.color, King).Has(r.kingFrom) || !p.Pieces(r.color, Rook).Has(r.rookFrom) {
			p.castle &^= r.right
		}
	}
	return nil
}

// fenEnPassant reads the en-passant square, kept only when a capture
// there is possible, or in a variant with a counting rule the limit of
// the count.
func (p *Position) fenEnPassant(field string) *fenFault {
	v, g := p.v, p.v.Geometry
	if c := field[0]; v.Counting != NoCounting && c >= '0' && c <= '9' {
		n, err := strconv.ParseUint(field, 10, 8)
		if err != nil || n == 0 || n > maxCountingLimit {
			return fault(4, "want - or a counting limit of 1-%d plies, have %q", maxCountingLimit, field)
		}
		p.checks = uint8(n)
		return nil
	}
	if field == "-" {
		return nil
	}
	sq, err := g.ParseSquare(field)
	if err != nil {
		return fault(4, "%v", err)
	}
	if !v.EnPassant {
		return fault(4, "%s has no en passant, want -", v.Name)
	}
	wantRank := 2 // Black to move: a White pawn made the double step
	if p.side == White {
		wantRank = g.Ranks() - 3
	}
	if g.IsBunker(sq) || g.Rank(sq) != wantRank {
		return fault(4, "%s cannot be an en-passant square with %s to move", field, p.side)
	}
	// Accepted, but kept only when a capture there is possible: the
	// pawn that made the double step stands behind the square, the
	// square is empty, and a pawn of the side to move attacks it
	// (with a king safe after the capture, where the variant has
	// check).
	mover := p.side ^ 1
	behind := g.pawnPush[mover][sq]
	if p.Pieces(mover, Pawn)&behind != 0 && p.Occupied()&SquareBB(sq) == 0 && p.epCapturers(sq) != 0 && !v.noEP.Has(sq) {
		p.ep = sq
	}
	return nil
}

// fenClocks reads the halfmove clock and the move number, either of
// which may be left out (EPD style).
func (p *Position) fenClocks(fields []string) *fenFault {
	if len(fields) > 0 {
		n, err := strconv.ParseUint(fields[0], 10, 16)
		if err != nil {
			return fault(5, "want a number of plies, have %q", fields[0])
		}
		p.halfmove = uint16(n)
	}
	if len(fields) > 1 {
		n, err := strconv.ParseUint(fields[1], 10, 16)
		if err != nil {
			return fault(6, "want a move number, have %q", fields[1])
		}
		if n > 0 {
			p.fullmove = uint16(n)
		}
	}
	return nil
}

// fenChecks reads, in a variant with CheckCounting, the checks each side
// has still to give (W+B); without them the start position's.
func (p *Position) fenChecks(checks string) *fenFault {
	v := p.v
	if v.ShatarMate {
		// A check on the board starts the checking side's series, a
		// shak or not, as Fairy-Stockfish reads a FEN.
		p.shatarChecks()
	}
	if !v.CheckCounting {
		return nil
	}
	if checks == "" {
		if v.Counting != NoCounting {
			return nil // one check a side, none given (karouk)
		}
		if v.start.v == nil {
			return fault(fenChecksField, "%s needs the checks left (W+B, as 3+3) after the en-passant field", v.Name)
		}
		p.checks = v.start.checks
		return nil
	}
	w, b, _ := strings.Cut(checks, "+")
	nw, errW := strconv.ParseUint(w, 10, 8)
	nb, errB := strconv.ParseUint(b, 10, 8)
	if errW != nil || errB != nil || nw > maxCheckCount || nb > maxCheckCount {
		return fault(fenChecksField, "want W+B, each 0-%d, have %q", maxCheckCount, checks)
	}
	if v.Counting != NoCounting {
		return p.fenFirstCheck(int(nw), int(nb))
	}
	p.checks = uint8(nw) | uint8(nb)<<4
	return nil
}

// fenKings refuses, in a variant with check, a side without its one king
// and a king in check with the other side to move, and drops an
// en-passant square whose capture would leave the king in check.
func (p *Position) fenKings() *fenFault {
	v := p.v
	if !v.Check {
		return nil
	}
	for c := White; c <= Black; c++ {
		// Fairy-Stockfish's rules give check only to a side that has
		// a king (horde's White has none).
		if n := p.Pieces(c, King).Count(); n != 1 && (!v.fairyRules || n > 1) {
			return fault(1, "%s needs exactly one %s king, have %d", v.Name, c, n)
		}
	}
	if k := p.Pieces(p.side^1, King); k != 0 && p.Attacked(k.First(), p.side) {
		return fault(1, "the %s king is in check with %s to move", p.side^1, p.side)
	}
	if p.ep != NoSquare && !p.epLegal() {
		p.ep = NoSquare
	}
	return nil
}

// parse960Castling reads Chess960 castling rights: X-FEN (K and Q for the
// outermost rook on that side of the king, a file letter for another) or
// Shredder-FEN (file letters only, HAha), upper case for White. A right
// whose king is not alone on its back rank, or whose rook is not there, is
// dropped, as an orthodox right whose king or rook has moved.
func (p *Position) parse960Castling(field string) error {
	g := p.v.Geometry
	cs := newCastling()
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c, lower := White, ch
		if ch >= 'a' {
			c = Black
		} else {
			lower = ch + 'a' - 'A'
		}
		if lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h') {
			return fmt.Errorf("want -, KQkq or rook files (HAha), have %q", field)
		}
		rank := 0
		if c == Black {
			rank = g.Ranks() - 1
		}
		kings := p.Pieces(c, King) & g.rankBB(rank)
		if kings.Count() != 1 {
			continue
		}
		kf := g.File(kings.First())
		rooks := p.Pieces(c, Rook) & g.rankBB(rank)
		rf := -1
		switch lower {
		case 'k': // the outermost rook right of the king
			for f := g.Files() - 1; f > kf && rf < 0; f-- {
				if rooks.Has(g.squareAt(f, rank)) {
					rf = f
				}
			}
		case 'q':
			for f := 0; f < kf && rf < 0; f++ {
				if rooks.Has(g.squareAt(f, rank)) {
					rf = f
				}
			}
		default:
			if f := int(lower - 'a'); f != kf && rooks.Has(g.squareAt(f, rank)) {
				rf = f
			}
		}
		if rf < 0 {
			continue
		}
		r := newCastleRule(g, c, kf, rf, true)
		if p.castle&r.right != 0 {
			return fmt.Errorf("two %s castling rights on one side in %q", c, field)
		}
		cs.add(r)
		p.castle |= r.right
	}
	if p.castle != 0 {
		p.v = p.v.withCastling(cs)
	}
	return nil
}

// castlingField writes the castling rights of the FEN: KQkq in the
// orthodox variants; in Chess960 X-FEN (K or Q for the outermost rook, the
// rook's file otherwise) or, with shredder, the rooks' files (HAha).
func (p *Position) castlingField(b *strings.Builder, shredder bool) {
	if p.castle&castleRights == 0 {
		b.WriteByte('-')
		return
	}
	g := p.v.Geometry
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) == 0 {
			continue
		}
		letter := "KQkq"[i]
		if p.v.Chess960 {
			r := &p.v.castling.rules[i]
			rf, kf := g.File(r.rookFrom), g.File(r.kingFrom)
			outer := true
			for f := rf + 1; f < g.Files() && rf > kf; f++ {
				outer = outer && !p.Pieces(r.color, Rook).Has(g.squareAt(f, g.Rank(r.rookFrom)))
			}
			for f := rf - 1; f >= 0 && rf < kf; f-- {
				outer = outer && !p.Pieces(r.color, Rook).Has(g.squareAt(f, g.Rank(r.rookFrom)))
			}
			if shredder || !outer {
				letter = byte('A' + rf)
				if r.color == Black {
					letter += 'a' - 'A'
				}
			}
		}
		b.WriteByte(letter)
	}
}

// ShredderFEN returns the position in FEN with Shredder-FEN castling
// rights (the rooks' files, HAha); FEN writes X-FEN. In the orthodox
// variants both are the same.
func (p *Position) ShredderFEN() string { return p.fen(true) }

// mainRows returns the main-board ranks from top to bottom, each a list of
// squares from the a-file on.
func mainRows(g *Geometry) [][]Square {
	rows := make([][]Square, 0, g.ranks)
	for r := g.ranks - 1; r >= 0; r-- {
		row := make([]Square, g.files)
		for f := range row {
			row[f] = g.squareAt(f, r)
		}
		rows = append(rows, row)
	}
	return rows
}

// bunkerRows returns the bunker ranks in FEN order: bunkers from the top
// of the board down, each from its top rank down.
func bunkerRows(g *Geometry) [][]Square {
	var rows [][]Square
	for r := g.ranks - 1; r >= 0; r-- {
		for _, reg := range g.regions {
			if !reg.bunker || r < reg.Rank || r >= reg.Rank+reg.Ranks {
				continue
			}
			row := make([]Square, reg.Files)
			for f := range row {
				row[f] = Square(reg.base + (r-reg.Rank)*reg.Files + f)
			}
			rows = append(rows, row)
		}
	}
	return rows
}

// parseRanks fills rows (top to bottom) from FEN rank text.
func (p *Position) parseRanks(s string, rows [][]Square) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != len(rows) {
		return fmt.Errorf("want %d ranks, have %d", len(rows), len(ranks))
	}
	for i, text := range ranks {
		row := rows[i]
		f := 0
		for j := 0; j < len(text); j++ {
			ch := text[j]
			if ch >= '0' && ch <= '9' {
				n := 0
				for ; j < len(text) && text[j] >= '0' && text[j] <= '9'; j++ {
					n = n*10 + int(text[j]-'0')
					if n > len(row) {
						break
					}
				}
				j--
				if n == 0 {
					return fmt.Errorf("rank %d of the list: empty-square count 0", i+1)
				}
				f += n
				if f > len(row) {
					return fmt.Errorf("rank %d of the list: more than %d squares", i+1, len(row))
				}
				continue
			}
			t, ok := p.v.TypeOfLetter(ch)
			if !ok {
				return fmt.Errorf("rank %d of the list: %q is not a piece letter", i+1, ch)
			}
			if f >= len(row) {
				return fmt.Errorf("rank %d of the list: more than %d squares", i+1, len(row))
			}
			c := White
			if ch >= 'a' {
				c = Black
			}
			b := SquareBB(row[f])
			p.pieces[slot(t)] |= b
			p.colors[c] |= b
			p.board[row[f]] = t
			f++
		}
		if f != len(row) {
			return fmt.Errorf("rank %d of the list: %d squares, want %d", i+1, f, len(row))
		}
	}
	return nil
}

// FEN returns the position in FEN, with the bunker part on boards that
// have bunkers.
func (p *Position) FEN() string { return p.fen(false) }

func (p *Position) fen(shredder bool) string {
	if p.w != nil {
		return p.w.FEN()
	}
	var b strings.Builder
	p.writeRanks(&b, mainRows(p.v.Geometry))
	if rows := bunkerRows(p.v.Geometry); len(rows) > 0 {
		b.WriteByte('|')
		p.writeRanks(&b, rows)
	}
	b.WriteByte(' ')
	b.WriteByte("wb"[p.side])
	b.WriteByte(' ')
	if p.v.CambodianMoves && p.castle&castleRights != 0 {
		p.gatesField(&b)
	} else if p.v.Chess960 || p.castle&castleRights == 0 {
		p.castlingField(&b, shredder)
	} else {
		for i := 0; i < 4; i++ {
			if p.castle&(1<<i) != 0 {
				b.WriteByte("KQkq"[i])
			}
		}
	}
	b.WriteByte(' ')
	if n := p.CountingLimit(); n != 0 {
		b.WriteString(strconv.Itoa(n))
	} else {
		b.WriteString(p.epName())
	}
	if p.v.CheckCounting {
		fmt.Fprintf(&b, " %d+%d", p.ChecksLeft(White), p.ChecksLeft(Black))
	}
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	return b.String()
}

func (p *Position) epName() string {
	if p.ep == NoSquare {
		return "-"
	}
	return p.v.Geometry.SquareName(p.ep)
}

func (p *Position) writeRanks(b *strings.Builder, rows [][]Square) {
	for i, row := range rows {
		if i > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for _, sq := range row {
			pc := p.PieceAt(sq)
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(p.v.PieceLetter(pc))
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
	}
}
