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
	var p Position
	fail := func(field int, format string, args ...any) (Position, error) {
		return Position{}, &FENError{FEN: fen, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Fields(fen)
	var checks string
	if v.CheckCounting && len(fields) > 4 && strings.Contains(fields[4], "+") {
		checks = fields[4]
		fields = append(fields[:4:4], fields[5:]...)
	}
	if len(fields) < 4 || len(fields) > 6 {
		return fail(1, "want 4 to 6 space-separated fields, have %d", len(fields))
	}
	p.v = v
	g := v.Geometry
	p.ep = NoSquare
	p.fullmove = 1

	main, bunker, hasBunker := strings.Cut(fields[0], "|")
	if err := p.parseRanks(main, mainRows(g)); err != nil {
		return fail(1, "%v", err)
	}
	if hasBunker {
		rows := bunkerRows(g)
		if len(rows) == 0 {
			if strings.Trim(bunker, "2/") != "" {
				return fail(1, "this board has no bunkers, but the part after | holds pieces")
			}
		} else if err := p.parseRanks(bunker, rows); err != nil {
			return fail(1, "bunkers: %v", err)
		}
	}
	for t := Pawn; t <= King; t++ {
		if p.pieces[t] != 0 && !v.pieceSet[t] {
			return fail(1, "%s has no %c pieces", v.Name, v.Letter(t))
		}
	}
	for c := White; c <= Black; c++ {
		if b := p.Pieces(c, Pawn) & g.lastRank[c]; b != 0 {
			return fail(1, "%s pawn on %s, its promotion rank", c, g.SquareName(b.First()))
		}
	}

	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fail(2, "want w or b, have %q", fields[1])
	}

	if fields[2] != "-" {
		if !v.Castling {
			return fail(3, "%s has no castling, want -", v.Name)
		}
		if v.Chess960 {
			if err := p.parse960Castling(fields[2]); err != nil {
				return fail(3, "%v", err)
			}
		} else {
			for i := 0; i < len(fields[2]); i++ {
				j := strings.IndexByte("KQkq", fields[2][i])
				if j < 0 || p.castle&(1<<j) != 0 {
					return fail(3, "want - or a subset of KQkq in that order, have %q", fields[2])
				}
				p.castle |= 1 << j
			}
		}
		// Keep only rights whose king and rook stand ready.
		for i := range p.v.castling.rules {
			r := &p.v.castling.rules[i]
			if !p.Pieces(r.color, King).Has(r.kingFrom) || !p.Pieces(r.color, Rook).Has(r.rookFrom) {
				p.castle &^= r.right
			}
		}
	}

	if c := fields[3][0]; v.Counting != NoCounting && c >= '0' && c <= '9' {
		n, err := strconv.ParseUint(fields[3], 10, 8)
		if err != nil || n == 0 || n > maxCountingLimit {
			return fail(4, "want - or a counting limit of 1-%d plies, have %q", maxCountingLimit, fields[3])
		}
		p.checks = uint8(n)
	} else if fields[3] != "-" {
		sq, err := g.ParseSquare(fields[3])
		if err != nil {
			return fail(4, "%v", err)
		}
		if !v.EnPassant {
			return fail(4, "%s has no en passant, want -", v.Name)
		}
		wantRank := 2 // Black to move: a White pawn made the double step
		if p.side == White {
			wantRank = g.Ranks() - 3
		}
		if g.IsBunker(sq) || g.Rank(sq) != wantRank {
			return fail(4, "%s cannot be an en-passant square with %s to move", fields[3], p.side)
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
	}

	if len(fields) > 4 {
		n, err := strconv.ParseUint(fields[4], 10, 16)
		if err != nil {
			return fail(5, "want a number of plies, have %q", fields[4])
		}
		p.halfmove = uint16(n)
	}
	if len(fields) > 5 {
		n, err := strconv.ParseUint(fields[5], 10, 16)
		if err != nil {
			return fail(6, "want a move number, have %q", fields[5])
		}
		if n > 0 {
			p.fullmove = uint16(n)
		}
	}

	if v.CheckCounting {
		if checks == "" {
			if v.start.v == nil {
				return fail(fenChecksField, "%s needs the checks left (W+B, as 3+3) after the en-passant field", v.Name)
			}
			p.checks = v.start.checks
		} else {
			w, b, _ := strings.Cut(checks, "+")
			nw, errW := strconv.ParseUint(w, 10, 8)
			nb, errB := strconv.ParseUint(b, 10, 8)
			if errW != nil || errB != nil || nw > maxCheckCount || nb > maxCheckCount {
				return fail(fenChecksField, "want W+B, each 0-%d, have %q", maxCheckCount, checks)
			}
			p.checks = uint8(nw) | uint8(nb)<<4
		}
	}

	if v.Check {
		for c := White; c <= Black; c++ {
			// Fairy-Stockfish's rules give check only to a side that has
			// a king (horde's White has none).
			if n := p.Pieces(c, King).Count(); n != 1 && (!v.fairyRules || n > 1) {
				return fail(1, "%s needs exactly one %s king, have %d", v.Name, c, n)
			}
		}
		if k := p.Pieces(p.side^1, King); k != 0 && p.Attacked(k.First(), p.side) {
			return fail(1, "the %s king is in check with %s to move", p.side^1, p.side)
		}
		if p.ep != NoSquare && !p.epLegal() {
			p.ep = NoSquare
		}
	}
	p.hash = p.computeHash()
	return p, nil
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
	if p.castle == 0 {
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
	if p.v.Chess960 || p.castle == 0 {
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
