package dialect

import (
	"fmt"
	"strings"
)

// A move's text in either notation is, in order: a drop's piece and
// mark ("P@", "+P@"; "P*", "+P*" in USI) or a from square, the to
// square, and a suffix kept as it stands (a promotion letter, "+" to
// promote, "-" to demote). Only the square names and the drop mark
// change between varena's notation and the protocols'.

// maxUSISide is the largest board side USI's square names fit: one
// digit for the file.
const maxUSISide = 9

// ToUSI writes varena's UCI-style move text (e4e5, P@e4, b8b9+) in USI
// notation for a board of files x ranks squares: files numbered from
// the right (files..1), ranks lettered from the top (a, b, ...), drops
// marked "*". On a 9x9 board e3e4 is 5g5f and P@e5 is P*5e.
func ToUSI(move string, files, ranks int) (string, error) {
	if err := usiBoard(files, ranks); err != nil {
		return "", err
	}
	return convert(move, "@", "*", varenaSquare(files, ranks), func(f, r int) string {
		return string(rune('0'+files-f)) + string(rune('a'+ranks-1-r))
	})
}

// FromUSI reads a USI move (7g7f, P*5e, 8h2b+, 7g7f= for a promotion
// refused) into varena's UCI-style text on a board of files x ranks.
func FromUSI(move string, files, ranks int) (string, error) {
	if err := usiBoard(files, ranks); err != nil {
		return "", err
	}
	move = strings.TrimSuffix(move, "=")
	return convert(move, "*", "@", usiSquare(files, ranks), varenaName)
}

// ToUCCI writes varena's move text in UCCI notation: on a board of ten
// ranks (xiangqi's) the ranks are numbered 0 to 9 from the bottom
// (b1e3 is b0e2); on other boards the text is varena's, as
// Fairy-Stockfish's UCCI mode writes it.
func ToUCCI(move string, files, ranks int) (string, error) {
	if err := ucciBoard(files, ranks); err != nil {
		return "", err
	}
	if ranks != 10 {
		return convert(move, "@", "@", varenaSquare(files, ranks), varenaName)
	}
	return convert(move, "@", "@", varenaSquare(files, ranks), func(f, r int) string {
		return string(rune('a'+f)) + string(rune('0'+r))
	})
}

// FromUCCI reads a UCCI move into varena's text; see ToUCCI.
func FromUCCI(move string, files, ranks int) (string, error) {
	if err := ucciBoard(files, ranks); err != nil {
		return "", err
	}
	if ranks != 10 {
		return convert(move, "@", "@", varenaSquare(files, ranks), varenaName)
	}
	return convert(move, "@", "@", func(s string) (int, int, int) {
		if len(s) < 2 || s[0] < 'a' || int(s[0]-'a') >= files || s[1] < '0' || s[1] > '9' {
			return 0, 0, 0
		}
		return int(s[0] - 'a'), int(s[1] - '0'), 2
	}, varenaName)
}

func usiBoard(files, ranks int) error {
	if files < 1 || ranks < 1 || files > maxUSISide || ranks > maxUSISide {
		return fmt.Errorf("a %dx%d board: USI names squares of boards up to %dx%d", files, ranks, maxUSISide, maxUSISide)
	}
	return nil
}

func ucciBoard(files, ranks int) error {
	if files < 1 || ranks < 1 || files > 26 || ranks > 99 {
		return fmt.Errorf("a %dx%d board has no UCCI square names", files, ranks)
	}
	return nil
}

// readSquare reads a square name at the start of s: its file and rank
// (0-based, from White's left and bottom) and its length, 0 for none.
type readSquare func(s string) (file, rank, n int)

// varenaSquare reads varena's names: a file letter and a rank from 1
// without leading zeros (a1, e10).
func varenaSquare(files, ranks int) readSquare {
	return func(s string) (int, int, int) {
		if len(s) < 2 || s[0] < 'a' || int(s[0]-'a') >= files || s[1] < '1' || s[1] > '9' {
			return 0, 0, 0
		}
		r, n := 0, 1
		for n < len(s) && s[n] >= '0' && s[n] <= '9' && n <= 2 {
			r = 10*r + int(s[n]-'0')
			n++
		}
		if r > ranks {
			return 0, 0, 0
		}
		return int(s[0] - 'a'), r - 1, n
	}
}

// usiSquare reads USI's names: a file digit counted from the right and a
// rank letter counted from the top.
func usiSquare(files, ranks int) readSquare {
	return func(s string) (int, int, int) {
		if len(s) < 2 || s[0] < '1' || int(s[0]-'0') > files || s[1] < 'a' || int(s[1]-'a') >= ranks {
			return 0, 0, 0
		}
		return files - int(s[0]-'0'), ranks - 1 - int(s[1]-'a'), 2
	}
}

func varenaName(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }

// convert rewrites a move: an optional drop (an optional "+", a piece
// letter and the mark from), or a from square, then the to square, then
// the suffix as it stands.
func convert(move, from, to string, read readSquare, write func(f, r int) string) (string, error) {
	bad := func(why string) (string, error) { return "", fmt.Errorf("move %q: %s", move, why) }
	var b strings.Builder
	rest := move
	if i := strings.Index(rest, from); i >= 0 {
		piece := rest[:i]
		p := strings.TrimPrefix(piece, "+")
		if len(p) != 1 || !isLetter(p[0]) {
			return bad("a drop wants one piece letter before " + from)
		}
		b.WriteString(piece + to)
		rest = rest[i+len(from):]
	} else {
		f, r, n := read(rest)
		if n == 0 {
			return bad("no from square")
		}
		b.WriteString(write(f, r))
		rest = rest[n:]
	}
	f, r, n := read(rest)
	if n == 0 {
		return bad("no to square")
	}
	b.WriteString(write(f, r))
	rest = rest[n:]
	switch {
	case rest == "", rest == "+", rest == "-", len(rest) == 1 && isLetter(rest[0]):
	default:
		return bad(fmt.Sprintf("%q after the squares: want a promotion letter, + or -", rest))
	}
	return b.String() + rest, nil
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
