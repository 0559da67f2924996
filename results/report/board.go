package report

import (
	"fmt"
	"strconv"
	"strings"

	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
)

// The report draws at most this many start positions (the first rows of
// the openings table) and final positions (the first faults): the page
// stays a few hundred kilobytes however long the run; the others keep
// their FEN.
const (
	drawnOpenings = 24
	drawnFaults   = 12
)

// glyphs are the chess pieces' symbols by FEN letter. The filled shapes
// serve both colours (the style colours them): their outlines alone are
// hard to tell apart at a diagram's size.
var glyphs = map[byte]string{'K': "♚", 'Q': "♛", 'R': "♜", 'B': "♝", 'N': "♞", 'P': "♟"}

// diagram is a position drawn as HTML: the main board's ranks top to
// bottom, and the bunkers beside the ranks they lie under, as the live
// page draws them.
type diagram struct {
	Variant, FEN string
	Ranks        int // of the main board: the bunker column's rows
	Rows         []diagramRow
	Bunkers      []bunkerBox
	// Hands are the pieces in hand, White's then Black's, of a FEN with
	// holdings ("[...]" after the board); nil for one without.
	Hands []hand
}

// hand is one side's pieces in hand, in the order the FEN first names
// each, with their counts.
type hand struct {
	Side   string // white or black
	Pieces []handPiece
}

// handPiece is one kind of piece in a hand: drawn as on the board, with
// its count when more than one.
type handPiece struct {
	Square diagramSquare
	Count  int
}

// diagramRow is one rank of squares, a-file first.
type diagramRow struct {
	Rank    int // 1-based
	Squares []diagramSquare
}

// diagramSquare is a square with what stands on it.
type diagramSquare struct {
	Class string // l or d (light, dark), o (a bunker lies under it), f (a letter, not a glyph), w or b (the piece's colour)
	Text  string // the glyph or letter, "" for an empty square
	// Pre and Post mark a promoted piece: "+" before a shogi piece
	// promoted (+P), "~" after a crazyhouse piece promoted from a pawn (Q~).
	Pre, Post string
}

// bunkerBox is one bunker: consecutive bunker rows, placed in the grid
// rows Row to Row+len(Rows)-1 of the bunker column (row 1 is the main
// board's top rank).
type bunkerBox struct {
	Row  int
	Rows []diagramRow
}

// End returns the grid line after the box's last row.
func (b bunkerBox) End() int { return b.Row + len(b.Rows) }

// boards draws FENs of the run's variants, asking rules once for each
// variant's board.
type boards struct {
	rules  rules.Referee
	byName map[string]rules.Board
}

// newBoards draws the variants of vs (nil: the built-ins).
func newBoards(vs *variants.Set) boards {
	return boards{rules: rules.Referee{Variants: vs}, byName: map[string]rules.Board{}}
}

// drawing is a position as a cell of the report shows it: its diagram,
// or why there is none.
type drawing struct {
	Board *diagram
	Err   string
}

// drawing draws a position of record g, the one fen replays it to
// (Referee.StartFEN, Referee.FinalFEN), or says why it cannot.
func (bs boards) drawing(g results.Game, fen func(results.Game) (string, error)) drawing {
	f, err := fen(g)
	var d *diagram
	if err == nil {
		d, err = bs.draw(g.Variant, f)
	}
	if err != nil {
		return drawing{Err: "no diagram: " + err.Error()}
	}
	return drawing{Board: d}
}

// draw draws fen, a position of variant. A FEN that does not fit the
// variant's board is an error, not half a picture.
func (bs boards) draw(variant, fen string) (*diagram, error) {
	b, ok := bs.byName[variant]
	if !ok {
		var err error
		if b, err = bs.rules.BoardOf(variant); err != nil {
			return nil, err
		}
		bs.byName[variant] = b
	}
	placement, _, _ := strings.Cut(fen, " ")
	placement, holdings, hasHands := strings.Cut(placement, "[")
	main, bunker, hasBunker := strings.Cut(placement, "|")
	d := &diagram{Variant: variant, FEN: fen, Ranks: b.Ranks}
	if hasHands {
		held, rest, ok := strings.Cut(holdings, "]")
		if !ok || rest != "" {
			return nil, fmt.Errorf("FEN %q: holdings %q: no \"]\" at their end", fen, "["+holdings)
		}
		hands, err := drawHands(held, b.Letters)
		if err != nil {
			return nil, fmt.Errorf("FEN %q: holdings: %w", fen, err)
		}
		d.Hands = hands
	}
	ranks := strings.Split(main, "/")
	if len(ranks) != b.Ranks {
		return nil, fmt.Errorf("FEN %q: %d ranks, the %s board has %d", fen, len(ranks), variant, b.Ranks)
	}
	under := map[string]bool{} // squares a bunker lies under
	for _, row := range b.Bunkers {
		for _, n := range row {
			under[strings.ToLower(n[1:])] = true
		}
	}
	for i, text := range ranks {
		rank := b.Ranks - i
		names := make([]string, b.Files)
		for f := range names {
			names[f] = string(rune('a'+f)) + strconv.Itoa(rank)
		}
		row, err := drawRow(text, names, rank, b.Letters, under)
		if err != nil {
			return nil, fmt.Errorf("FEN %q: rank %d: %w", fen, rank, err)
		}
		d.Rows = append(d.Rows, row)
	}
	if len(b.Bunkers) == 0 {
		return d, nil
	}
	var texts []string
	if hasBunker {
		texts = strings.Split(bunker, "/")
	}
	if len(texts) != 0 && len(texts) != len(b.Bunkers) {
		return nil, fmt.Errorf("FEN %q: %d bunker rows, the %s board has %d", fen, len(texts), variant, len(b.Bunkers))
	}
	for i, names := range b.Bunkers {
		text := strconv.Itoa(len(names)) // no bunker part: empty bunkers
		if texts != nil {
			text = texts[i]
		}
		rank, err := strconv.Atoi(names[0][2:])
		if err != nil {
			return nil, fmt.Errorf("bunker square %q: %w", names[0], err)
		}
		row, err := drawRow(text, names, rank, b.Letters, nil)
		if err != nil {
			return nil, fmt.Errorf("FEN %q: bunker row %d: %w", fen, i+1, err)
		}
		// Consecutive ranks form one bunker (rows come top to bottom).
		if n := len(d.Bunkers); n > 0 && d.Bunkers[n-1].Rows[len(d.Bunkers[n-1].Rows)-1].Rank == rank+1 {
			d.Bunkers[n-1].Rows = append(d.Bunkers[n-1].Rows, row)
		} else {
			d.Bunkers = append(d.Bunkers, bunkerBox{Row: b.Ranks - rank + 1, Rows: []diagramRow{row}})
		}
	}
	return d, nil
}

// drawRow reads one FEN row onto the squares named names (a bunker
// square, Vc1, takes the colour of the square above it, c1): the six
// chess letters as glyphs unless the variant has a piece of its own with
// that letter (own), every other letter as itself, upper case White.
func drawRow(text string, names []string, rank int, own string, under map[string]bool) (diagramRow, error) {
	row := diagramRow{Rank: rank}
	put := func(piece token) error {
		f := len(row.Squares)
		if f >= len(names) {
			return fmt.Errorf("%q: more than %d squares", text, len(names))
		}
		name := strings.ToLower(strings.TrimPrefix(names[f], "V"))
		class := "l"
		if (int(name[0]-'a')+rank)%2 == 1 {
			class = "d"
		}
		if under[name] {
			class += " o"
		}
		sq := pieceSquare(piece, own)
		sq.Class = strings.TrimSpace(class + " " + sq.Class)
		row.Squares = append(row.Squares, sq)
		return nil
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c >= '0' && c <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(text[i:j])
			for range n {
				if err := put(token{}); err != nil {
					return row, err
				}
			}
			i = j
		default:
			tok, n, err := readPiece(text[i:])
			if err != nil {
				return row, fmt.Errorf("%q: %w", text, err)
			}
			if err := put(tok); err != nil {
				return row, err
			}
			i += n
		}
	}
	if len(row.Squares) != len(names) {
		return row, fmt.Errorf("%q: %d squares, want %d", text, len(row.Squares), len(names))
	}
	return row, nil
}

// token is a piece as a FEN writes it: its letter, "+" before it for a
// shogi piece promoted, "~" after it for a crazyhouse piece promoted
// from a pawn. The zero token is an empty square.
type token struct {
	letter    byte
	pre, post string
}

// readPiece reads the piece at the start of text (P, +P, Q~) and returns
// it with the bytes it took.
func readPiece(text string) (token, int, error) {
	var t token
	i := 0
	if text[0] == '+' {
		t.pre, i = "+", 1
	}
	if i >= len(text) || !isLetter(text[i]) {
		return t, 0, fmt.Errorf("%q is neither a piece nor a count", text[0])
	}
	t.letter = text[i]
	i++
	if i < len(text) && text[i] == '~' {
		t.post, i = "~", i+1
	}
	return t, i, nil
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// pieceSquare draws a piece (none: an empty square) as the board shows
// it: the six chess letters as glyphs unless the variant has a piece of
// its own with that letter (own), every other letter as itself; its
// class f (a letter) and w or b (its colour); its marks of promotion.
func pieceSquare(piece token, own string) diagramSquare {
	var sq diagramSquare
	c := piece.letter
	if c == 0 {
		return sq
	}
	up := c &^ ('a' - 'A')
	if g, ok := glyphs[up]; ok && !strings.ContainsRune(own, rune(up)) {
		sq.Text = g
	} else {
		sq.Text = string(c)
		sq.Class = "f"
	}
	if c == up {
		sq.Class += " w"
	} else {
		sq.Class += " b"
	}
	sq.Class = strings.TrimSpace(sq.Class)
	sq.Pre, sq.Post = piece.pre, piece.post
	return sq
}

// drawHands reads a FEN's holdings (the text between "[" and "]": one
// letter a piece, White's upper case, as Fairy-Stockfish writes them; a
// count before a letter, 2P, and "-" for none are read too) into White's
// and Black's hands.
func drawHands(text, own string) ([]hand, error) {
	hands := []hand{{Side: "white"}, {Side: "black"}}
	if text == "-" {
		return hands, nil
	}
	for i := 0; i < len(text); {
		n := 1
		if c := text[i]; c >= '0' && c <= '9' {
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			var err error
			if n, err = strconv.Atoi(text[i:j]); err != nil || n < 1 || n > 999 {
				return nil, fmt.Errorf("%q: count %q", text, text[i:j])
			}
			if j == len(text) {
				return nil, fmt.Errorf("%q: count %d of no piece", text, n)
			}
			i = j
		}
		tok, k, err := readPiece(text[i:])
		if err != nil {
			return nil, fmt.Errorf("%q: %w", text, err)
		}
		i += k
		h := &hands[1]
		if tok.letter == tok.letter&^('a'-'A') {
			h = &hands[0]
		}
		tok.post = "" // a piece in hand is no longer promoted
		sq := pieceSquare(tok, own)
		found := false
		for p := range h.Pieces {
			if h.Pieces[p].Square == sq {
				h.Pieces[p].Count += n
				found = true
				break
			}
		}
		if !found {
			h.Pieces = append(h.Pieces, handPiece{Square: sq, Count: n})
		}
	}
	return hands, nil
}
