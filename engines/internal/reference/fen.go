package reference

import (
	"fmt"
	"strconv"
	"strings"
)

// parse reads a FEN of the named variant. For the bunker variant the
// placement field may carry "|" and four bunker ranks of two squares each,
// top to bottom: Vc6Vd6 / Vc5Vd5 / Vc2Vd2 / Vc1Vd1.
func parse(variantName, fen string) (*position, error) {
	v, ok := variants[variantName]
	if !ok {
		return nil, fmt.Errorf("reference: unknown variant %q", variantName)
	}
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return nil, fmt.Errorf("reference: FEN %q has %d fields, want 4 or 6", fen, len(fields))
	}
	p := &position{v: v}

	mainPart, bunkerPart, hasBar := strings.Cut(fields[0], "|")
	if err := p.parseMain(mainPart); err != nil {
		return nil, err
	}
	if hasBar {
		switch {
		case v.bunkers:
			if err := p.parseBunkers(bunkerPart); err != nil {
				return nil, err
			}
		case v.name == "losalamos-extinction":
			if bunkerPart != "" {
				// Accept an all-empty bunker part such as "2/2/2/2" only.
				scratch := &position{v: variants["losalamos-bunkers"]}
				if err := scratch.parseBunkers(bunkerPart); err != nil {
					return nil, err
				}
				for _, s := range scratch.allSquares() {
					if s.layer != mainLayer && scratch.at(s) != 0 {
						return nil, fmt.Errorf("reference: variant losalamos has no bunkers, but bunker square %v holds %q", s, scratch.at(s))
					}
				}
			}
		default:
			return nil, fmt.Errorf("reference: variant %s has no bunkers, FEN placement %q contains '|'", v.name, fields[0])
		}
	}

	// Pawns may not stand on their own promotion rank (main board or bunker).
	for _, s := range p.allSquares() {
		switch p.at(s) {
		case 'P':
			if s.rank == v.ranks-1 {
				return nil, fmt.Errorf("reference: White pawn on its promotion rank at %v", s)
			}
		case 'p':
			if s.rank == 0 {
				return nil, fmt.Errorf("reference: Black pawn on its promotion rank at %v", s)
			}
		}
	}

	switch fields[1] {
	case "w":
		p.white = true
	case "b":
		p.white = false
	default:
		return nil, fmt.Errorf("reference: bad side to move %q, want w or b", fields[1])
	}

	if err := p.parseCastling(fields[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return nil, err
	}

	if len(fields) == 6 {
		if n, err := strconv.Atoi(fields[4]); err != nil || n < 0 {
			return nil, fmt.Errorf("reference: bad halfmove clock %q", fields[4])
		}
		if n, err := strconv.Atoi(fields[5]); err != nil || n < 0 {
			return nil, fmt.Errorf("reference: bad fullmove number %q", fields[5])
		}
	}

	if v.royal() {
		for _, white := range []bool{true, false} {
			if n := len(p.kingSquares(white)); n != 1 {
				return nil, fmt.Errorf("reference: evolution needs exactly one king per side, %s has %d", colorName(white), n)
			}
		}
		if p.inCheck(!p.white) {
			return nil, fmt.Errorf("reference: %s, not to move, is in check", colorName(!p.white))
		}
	}
	return p, nil
}

func colorName(white bool) string {
	if white {
		return "White"
	}
	return "Black"
}

// parseRank fills the squares of one FEN rank: digits skip empty squares,
// letters place pieces. squares lists the squares of the rank from left
// to right.
func (p *position) parseRank(text string, squares []square, what string) error {
	i := 0
	for _, ch := range text {
		switch {
		case ch >= '1' && ch <= '9':
			i += int(ch - '0')
			if i > len(squares) {
				return fmt.Errorf("reference: FEN %s %q is longer than %d squares", what, text, len(squares))
			}
		case ch < 128 && strings.IndexByte(p.v.pieces, upper(byte(ch))) >= 0:
			if i >= len(squares) {
				return fmt.Errorf("reference: FEN %s %q is longer than %d squares", what, text, len(squares))
			}
			p.set(squares[i], byte(ch))
			i++
		default:
			return fmt.Errorf("reference: FEN %s %q: character %q is not a piece of variant %s (pieces %s)", what, text, ch, p.v.name, p.v.pieces)
		}
	}
	if i != len(squares) {
		return fmt.Errorf("reference: FEN %s %q has %d squares, want %d", what, text, i, len(squares))
	}
	return nil
}

func (p *position) parseMain(text string) error {
	rows := strings.Split(text, "/")
	if len(rows) != p.v.ranks {
		return fmt.Errorf("reference: FEN placement %q has %d ranks, want %d", text, len(rows), p.v.ranks)
	}
	for i, row := range rows {
		rank := p.v.ranks - 1 - i
		var squares []square
		for f := 0; f < p.v.files; f++ {
			squares = append(squares, square{mainLayer, f, rank})
		}
		if err := p.parseRank(row, squares, "rank "+strconv.Itoa(rank+1)); err != nil {
			return err
		}
	}
	return nil
}

func (p *position) parseBunkers(text string) error {
	rows := strings.Split(text, "/")
	if len(rows) != 4 {
		return fmt.Errorf("reference: FEN bunker part %q has %d ranks, want 4 (Vc6Vd6/Vc5Vd5/Vc2Vd2/Vc1Vd1)", text, len(rows))
	}
	layers := []int{blackBunkerLayer, blackBunkerLayer, whiteBunkerLayer, whiteBunkerLayer}
	ranks := []int{5, 4, 1, 0}
	for i, row := range rows {
		squares := []square{{layers[i], 2, ranks[i]}, {layers[i], 3, ranks[i]}}
		if err := p.parseRank(row, squares, "bunker rank V"+strconv.Itoa(ranks[i]+1)); err != nil {
			return err
		}
	}
	return nil
}

func (p *position) parseCastling(text string) error {
	if text == "-" {
		return nil
	}
	if !p.v.castling {
		return fmt.Errorf("reference: variant %s has no castling, castling field %q must be -", p.v.name, text)
	}
	p.castleKing = [4]int{4, 4, 4, 4}
	p.castleRook = [4]int{7, 0, 7, 0}
	for _, ch := range text {
		i := strings.IndexRune("KQkq", ch)
		if p.v.chess960 {
			var err error
			if i, err = p.parse960Right(text, byte(ch)); err != nil {
				return err
			}
			if i < 0 {
				continue // dropped: no king or no rook for it
			}
		}
		if i < 0 {
			return fmt.Errorf("reference: bad castling field %q: character %q", text, ch)
		}
		if p.castle[i] {
			return fmt.Errorf("reference: bad castling field %q: %q repeated", text, ch)
		}
		p.castle[i] = true
	}
	// Rights without the king and the own rook on their squares are
	// dropped (ignored), not an error.
	for _, cs := range castleSquares {
		if p.at(square{mainLayer, p.castleKing[cs.right], cs.rank}) != withColor('K', cs.white) ||
			p.at(square{mainLayer, p.castleRook[cs.right], cs.rank}) != withColor('R', cs.white) {
			p.castle[cs.right] = false
		}
	}
	return nil
}

// parse960Right reads one letter of a Chess960 castling field: K or Q
// (X-FEN: the outermost rook on that side of the king) or a rook's file
// (Shredder-FEN, or X-FEN for an inner rook); upper case White. It sets
// the right's king and rook files and returns the right's index, or -1
// when the back rank has no single king or no such rook.
func (p *position) parse960Right(text string, ch byte) (int, error) {
	white := isWhite(ch)
	rank := 0
	if !white {
		rank = 7
	}
	king := -1
	for f := 0; f < 8; f++ {
		if p.at(square{mainLayer, f, rank}) == withColor('K', white) {
			if king >= 0 {
				return -1, nil
			}
			king = f
		}
	}
	l := lower(ch)
	if l != 'k' && l != 'q' && (l < 'a' || l > 'h') {
		return 0, fmt.Errorf("reference: bad castling field %q: character %q", text, ch)
	}
	if king < 0 {
		return -1, nil
	}
	isRook := func(f int) bool { return p.at(square{mainLayer, f, rank}) == withColor('R', white) }
	rook := -1
	switch l {
	case 'k':
		for f := 7; f > king; f-- {
			if isRook(f) && rook < 0 {
				rook = f
			}
		}
	case 'q':
		for f := 0; f < king; f++ {
			if isRook(f) && rook < 0 {
				rook = f
			}
		}
	default:
		if f := int(l - 'a'); f != king && isRook(f) {
			rook = f
		}
	}
	if rook < 0 {
		return -1, nil
	}
	i := whiteShort
	if rook < king {
		i = whiteLong
	}
	if !white {
		i += 2
	}
	p.castleKing[i], p.castleRook[i] = king, rook
	return i, nil
}

func (p *position) parseEnPassant(text string) error {
	if text == "-" {
		return nil
	}
	if !p.v.enPassant {
		return fmt.Errorf("reference: variant %s has no en passant, en-passant field %q must be -", p.v.name, text)
	}
	if len(text) != 2 || text[0] < 'a' || text[1] < '1' {
		return fmt.Errorf("reference: bad en-passant square %q", text)
	}
	s := square{mainLayer, int(text[0] - 'a'), int(text[1] - '1')}
	if !p.exists(s) {
		return fmt.Errorf("reference: bad en-passant square %q", text)
	}
	wantRank, behind := p.v.ranks-3, -1 // White to move: Black pawn double stepped
	if !p.white {
		wantRank, behind = 2, 1
	}
	if s.rank != wantRank {
		return fmt.Errorf("reference: en-passant square %q is not on rank %d for %s to move", text, wantRank+1, colorName(p.white))
	}
	// Used only if the enemy pawn that double stepped stands behind it
	// (and the square itself is empty).
	if p.at(shift(s, 0, behind)) == withColor('P', !p.white) && p.at(s) == 0 {
		p.hasEP = true
		p.ep = s
	}
	return nil
}
