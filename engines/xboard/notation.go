package xboard

import (
	"fmt"
	"strings"

	"varena/engines"
	"varena/engines/dialect"
)

// XBoard's notation is varena's (Fairy-Stockfish's UCI moves and FEN)
// but in two places, both on the xiangqi boards, where engines written
// for XBoard (MaxQi, Sjaak II) and Fairy-Stockfish in xboard mode read
// and write XBoard's way:
//
//   - squares: on a board of ten ranks the ranks are numbered from 0
//     (varena's h1g3 is h0g2), as XBoard's ONE and UCCI number them and
//     cutechess-cli converts them for its xboard engines;
//   - the letters of a position (setboard, edit mode): xiangqi's horse
//     is H and its elephant E (rheakaehr/...), where Fairy-Stockfish
//     writes N and B. Sjaak II refuses a FEN with N, MaxQi's edit mode
//     ignores it; Fairy-Stockfish reads both.
//
// Moves carry no piece letters in xiangqi, so only squares change there.

// xboardLetters maps, by variant name, varena's lower-case FEN letters to
// XBoard's where they differ (the upper case follows).
var xboardLetters = map[string]map[byte]byte{
	"xiangqi":     {'n': 'h', 'b': 'e'},
	"minixiangqi": {'n': 'h'},
}

// zeroRanks reports whether XBoard numbers v's ranks from 0.
func zeroRanks(v *engines.Variant) bool { return v.Geometry.Ranks() == 10 }

// toXboard rewrites varena's coordinate text of a move (e2e4, P@e5,
// b1c3, h7f5+) in XBoard's squares. Text that is not coordinates (SAN,
// O-O) is returned as it is.
func toXboard(v *engines.Variant, text string) string {
	if !zeroRanks(v) {
		return text
	}
	g := v.Geometry
	if t, err := dialect.ToUCCI(text, g.Files(), g.Ranks()); err == nil {
		return t
	}
	return text
}

// fromXboard rewrites XBoard's coordinate text of a move in varena's
// squares; text that is not coordinates is returned as it is.
func fromXboard(v *engines.Variant, text string) string {
	if !zeroRanks(v) {
		return text
	}
	g := v.Geometry
	if t, err := dialect.FromUCCI(text, g.Files(), g.Ranks()); err == nil {
		return t
	}
	return text
}

// MoveText writes m, a legal move of pos, as an xboard engine reads it:
// coordinates in XBoard's squares, or SAN for an engine that asked for it
// (feature san=1). A Chess960 castling is O-O or O-O-O, XBoard's way.
func MoveText(pos *engines.Position, m engines.Move, san bool) string {
	if san || pos.Variant().Chess960 && m.IsCastling() {
		return strings.TrimRight(pos.SAN(m), "+#")
	}
	return toXboard(pos.Variant(), pos.Variant().UCI(m))
}

// squareName names sq in XBoard's squares.
func squareName(v *engines.Variant, sq engines.Square) string {
	g := v.Geometry
	if zeroRanks(v) {
		return fmt.Sprintf("%c%d", 'a'+g.File(sq), g.Rank(sq))
	}
	return g.SquareName(sq)
}

// lettersOf returns the letter map of v and whether it has one.
func lettersOf(v *engines.Variant) (map[byte]byte, bool) {
	for _, n := range v.Names() {
		if m, ok := xboardLetters[n]; ok {
			return m, true
		}
	}
	return nil, false
}

// xboardLetter returns XBoard's letter for varena's FEN letter c in v.
func xboardLetter(v *engines.Variant, c byte) byte {
	m, ok := lettersOf(v)
	if !ok {
		return c
	}
	lower := c | 0x20
	x, ok := m[lower]
	if !ok {
		return c
	}
	if c != lower {
		return x - 'a' + 'A'
	}
	return x
}

// FEN returns pos as XBoard writes it for setboard: varena's FEN with
// XBoard's letters in its board field.
func FEN(pos *engines.Position) string {
	return mapBoard(pos.FEN(), func(c byte) byte { return xboardLetter(pos.Variant(), c) })
}

// ParseFEN reads a position as XBoard writes it (setboard): XBoard's
// letters in the board field are read as varena's.
func ParseFEN(v *engines.Variant, fen string) (engines.Position, error) {
	if m, ok := lettersOf(v); ok {
		back := map[byte]byte{}
		for ours, theirs := range m {
			back[theirs] = ours
		}
		fen = mapBoard(fen, func(c byte) byte {
			lower := c | 0x20
			x, ok := back[lower]
			switch {
			case !ok:
				return c
			case c != lower:
				return x - 'a' + 'A'
			}
			return x
		})
	}
	return engines.ParseFEN(v, fen)
}

// mapBoard applies f to every letter of a FEN's board field (its first).
func mapBoard(fen string, f func(byte) byte) string {
	board, rest, _ := strings.Cut(fen, " ")
	b := []byte(board)
	for i, c := range b {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			b[i] = f(c)
		}
	}
	if !strings.Contains(fen, " ") {
		return string(b)
	}
	return string(b) + " " + rest
}
