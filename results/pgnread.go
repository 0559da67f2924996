package results

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

// PGNGame is one game as read from a PGN file: its tags and the moves of
// its main line.
type PGNGame struct {
	// Tags maps tag names to values; a repeated tag keeps its last value.
	Tags map[string]string
	// TagOrder lists the tag names in the order they first appear.
	TagOrder []string
	// Moves are the SAN tokens of the main line, without move numbers,
	// comments, NAGs, "!"/"?" annotations or variations.
	Moves []string
	// Comment holds the main line's comments that come before the first
	// move, joined by a space.
	Comment string
	// Comments[i] holds the main line's {} comments that follow Moves[i],
	// joined by a space ("" if none); runs of white space in a comment
	// are read as one space. It has one entry per move.
	Comments []string
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2" or
	// "*". A game whose movetext lacks one takes its Result tag, or "*".
	Result string
	// Marker is the movetext's own termination marker, "" when it has
	// none, so that a caller can tell it from the Result tag.
	Marker string
	// Line is the 1-based line where the game starts.
	Line int
}

// SyntaxError is a PGN syntax error.
type SyntaxError struct {
	File string // file name, set by ReadPGNFile
	Line int    // 1-based line of the error
	Msg  string // what is wrong
}

func (e *SyntaxError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("pgn: line %d: %s", e.Line, e.Msg)
}

// ReadPGNFile reads all games of the PGN file at path, as ReadPGN does;
// syntax errors name path:line.
func ReadPGNFile(path string) ([]PGNGame, error) {
	var games []PGNGame
	err := ScanPGNFile(path, func(g PGNGame) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return games, nil
}

// ScanPGNFile calls fn with each game of the PGN file at path, as
// ScanPGN does; syntax errors name path:line.
func ScanPGNFile(path string, fn func(PGNGame) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	defer f.Close()
	err = ScanPGN(f, fn)
	if se, ok := err.(*SyntaxError); ok {
		se.File = path
	}
	return err
}

// ReadPGN reads all games of a PGN file, as written by cutechess-cli,
// fastchess and most other programs: tag pairs, {} comments (over several
// lines too), ; comments, ( ) variations (nested), NAGs such as $1, move
// number indications (12. and 12...), lines starting with % (skipped),
// the results 1-0, 0-1, 1/2-1/2 and *, CRLF line ends and a byte order
// mark. A syntax error is returned as a *SyntaxError with its line
// number.
//
// A game ends at its result; a tag section that follows moves without a
// result also starts a new game.
func ReadPGN(r io.Reader) ([]PGNGame, error) {
	var games []PGNGame
	err := ScanPGN(r, func(g PGNGame) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return games, nil
}

// ScanPGN reads the games of r as ReadPGN does and calls fn with each in
// turn, holding one game and a window of the input in memory rather than
// the whole file (a 100 MB PGN took more than a gigabyte read at once).
// An error of fn ends the scan and is returned. A single {} comment or
// move token longer than pgnLookahead (4 MiB) is a syntax error.
func ScanPGN(r io.Reader, fn func(PGNGame) error) error {
	return scanPGN(r, fn, pgnLookahead)
}

// pgnLookahead: the parser reads its input through a window of twice
// this many bytes that it refills whenever less than this is left ahead
// of its position, so that a shorter token is always whole in it.
const pgnLookahead = 4 << 20

// scanPGN is ScanPGN with a lookahead of look bytes (tests use small
// ones to cross the window's edge often).
func scanPGN(r io.Reader, fn func(PGNGame) error, look int) error {
	p := pgnParser{r: r, look: look, line: 1, bol: true, emit: fn}
	return p.parse()
}

var utf8BOM = []byte("\xef\xbb\xbf")

// pgnParser reads PGN from a window of its input.
type pgnParser struct {
	r       io.Reader
	eof     bool // r has nothing more; data holds the rest of the input
	look    int  // the lookahead kept in data past pos (see pgnLookahead)
	data    []byte
	pos     int
	line    int
	bol     bool // pos is at the beginning of a line
	emit    func(PGNGame) error
	emitErr error // the first error of emit, which ends the parse

	cur      *PGNGame // the game being read, nil between games
	movetext bool     // cur has seen movetext (moves, numbers, result)
	pending  []string // comments seen between games
	depth    int      // variation nesting
	varLine  int      // line of the outermost open variation
	number   bool     // the last token was a move number
}

func (p *pgnParser) errorf(line int, format string, args ...any) error {
	return &SyntaxError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// fill moves the unread input to the start of the window and reads more
// when less than p.look is left (or with force, whenever r has more).
// The window starts small and grows to 2*p.look at most, so that a short
// input costs no more than its size. Only parse and skipLine call it,
// where no slice of data is held.
func (p *pgnParser) fill(force bool) error {
	if p.eof || !force && len(p.data)-p.pos >= p.look {
		return nil
	}
	n := copy(p.data[:cap(p.data)], p.data[p.pos:])
	p.data, p.pos = p.data[:n], 0
	// Read to the full window, 2*p.look, so that the next fill comes
	// only after p.look bytes more are parsed.
	for !p.eof && len(p.data) < 2*p.look {
		if len(p.data) == cap(p.data) {
			grown := make([]byte, len(p.data), min(max(2*cap(p.data), 64<<10), 2*p.look))
			copy(grown, p.data)
			p.data = grown
		}
		m, err := p.r.Read(p.data[len(p.data):cap(p.data)])
		p.data = p.data[:len(p.data)+m]
		if err == io.EOF {
			p.eof = true
		} else if err != nil {
			return fmt.Errorf("pgn: %w", err)
		}
	}
	return nil
}

func (p *pgnParser) parse() error {
	for {
		if p.emitErr != nil {
			return p.emitErr
		}
		if err := p.fill(false); err != nil {
			return err
		}
		if err := p.skipSpace(); err != nil {
			return err
		}
		if p.pos >= len(p.data) {
			if !p.eof {
				continue // white space to the window's end: read on
			}
			break
		}
		c := p.data[p.pos]
		number := false
		switch {
		case c == '[':
			if p.depth > 0 {
				return p.errorf(p.line, "tag inside a variation (opened at line %d)", p.varLine)
			}
			if p.cur != nil && p.movetext {
				p.finish("")
			}
			p.start()
			if err := p.tag(); err != nil {
				return err
			}
		case c == '{':
			text, err := p.braceComment()
			if err != nil {
				return err
			}
			if p.depth == 0 {
				p.addComment(text)
			}
		case c == ';':
			p.skipLine()
		case c == '(':
			if p.cur == nil || len(p.cur.Moves) == 0 && p.depth == 0 {
				return p.errorf(p.line, "variation before the first move")
			}
			if p.depth == 0 {
				p.varLine = p.line
			}
			p.depth++
			p.pos++
		case c == ')':
			if p.depth == 0 {
				return p.errorf(p.line, "')' without '('")
			}
			p.depth--
			p.pos++
		case c == '$':
			p.pos++
			n := p.span(isDigit)
			if p.pos+n == len(p.data) && !p.eof {
				return p.errorf(p.line, "a token longer than %d bytes", p.look)
			}
			if n == 0 {
				return p.errorf(p.line, "'$' without a number")
			}
			p.pos += n
		case c == '!' || c == '?':
			p.pos += p.span(func(c byte) bool { return c == '!' || c == '?' })
		case c == '*':
			p.pos++
			p.result("*")
		case c == '.':
			if !p.number {
				return p.errorf(p.line, "'.' not after a move number")
			}
			p.pos += p.span(func(c byte) bool { return c == '.' })
			number = true
		case isSymbolStart(c) || c == '+':
			n := p.span(isSymbolChar)
			if p.pos+n == len(p.data) && !p.eof {
				return p.errorf(p.line, "a token longer than %d bytes", p.look)
			}
			if c == '+' && !promotedSymbol(p.data[p.pos:p.pos+n]) {
				return p.errorf(p.line, "unexpected character %q", c)
			}
			tok := string(p.data[p.pos : p.pos+n])
			p.pos += n
			switch {
			case isResult(tok):
				p.result(tok)
			case allDigits(tok):
				number = true
				if p.depth == 0 {
					p.start()
					p.movetext = true
				}
			case p.depth > 0:
			default:
				p.start()
				p.movetext = true
				p.cur.Moves = append(p.cur.Moves, tok)
				p.cur.Comments = append(p.cur.Comments, "")
			}
		default:
			return p.errorf(p.line, "unexpected character %q", c)
		}
		p.number = number
	}
	if p.depth > 0 {
		return p.errorf(p.varLine, "variation is not closed")
	}
	if p.cur != nil {
		p.finish("")
	}
	return p.emitErr
}

// start begins a game if none is being read.
func (p *pgnParser) start() {
	if p.cur != nil {
		return
	}
	p.cur = &PGNGame{Tags: map[string]string{}, Line: p.line, Comment: strings.Join(p.pending, " ")}
	p.pending = p.pending[:0]
	p.movetext = false
}

// result handles a game termination marker; inside a variation it is
// ignored.
func (p *pgnParser) result(r string) {
	if p.depth > 0 {
		return
	}
	p.start()
	p.finish(r)
}

// finish ends the current game with result r, or with its Result tag (or
// "*") when r is empty.
func (p *pgnParser) finish(r string) {
	g := p.cur
	g.Marker = r
	if r == "" {
		r = Unfinished
		if t := g.Tags["Result"]; validResult(t) {
			r = t
		}
	}
	g.Result = r
	if p.emitErr == nil {
		p.emitErr = p.emit(*g)
	}
	p.cur = nil
	p.movetext = false
}

// addComment attaches a main-line comment to the last move, or to the
// game's start.
func (p *pgnParser) addComment(text string) {
	if text == "" {
		return
	}
	join := func(a, b string) string {
		if a == "" {
			return b
		}
		return a + " " + b
	}
	switch {
	case p.cur == nil:
		p.pending = append(p.pending, text)
	case len(p.cur.Moves) == 0:
		p.cur.Comment = join(p.cur.Comment, text)
	default:
		i := len(p.cur.Moves) - 1
		p.cur.Comments[i] = join(p.cur.Comments[i], text)
	}
}

// skipSpace skips white space, a byte order mark at the start of a line
// and escape lines (a '%' in the first column).
func (p *pgnParser) skipSpace() error {
	for p.pos < len(p.data) {
		if p.bol {
			if bytes.HasPrefix(p.data[p.pos:], utf8BOM) {
				p.pos += len(utf8BOM)
				if p.pos == len(p.data) { // a file of a byte order mark only
					return nil
				}
			}
			if p.data[p.pos] == '%' {
				p.skipLine()
				continue
			}
			p.bol = false
		}
		switch p.data[p.pos] {
		case '\n':
			p.line++
			p.bol = true
		case ' ', '\t', '\r', '\v', '\f':
		default:
			return nil
		}
		p.pos++
	}
	return nil
}

// skipLine skips to the start of the next line, reading on through the
// window as far as the line goes.
func (p *pgnParser) skipLine() {
	for {
		i := bytes.IndexByte(p.data[p.pos:], '\n')
		if i >= 0 {
			p.pos += i + 1
			p.line++
			p.bol = true
			return
		}
		p.pos = len(p.data)
		if p.eof || p.fill(true) != nil || len(p.data) == 0 {
			return // a read error stops the parse at the next fill
		}
	}
}

// span returns how many bytes from pos satisfy ok.
func (p *pgnParser) span(ok func(byte) bool) int {
	n := 0
	for p.pos+n < len(p.data) && ok(p.data[p.pos+n]) {
		n++
	}
	return n
}

// braceComment reads a {} comment and returns its text with white space
// runs made single spaces.
func (p *pgnParser) braceComment() (string, error) {
	start := p.line
	end := bytes.IndexByte(p.data[p.pos:], '}')
	if end < 0 {
		if !p.eof {
			return "", p.errorf(start, "comment longer than %d bytes", p.look)
		}
		return "", p.errorf(start, "comment is not closed")
	}
	body := p.data[p.pos+1 : p.pos+end]
	p.line += bytes.Count(body, []byte{'\n'})
	p.pos += end + 1
	return strings.Join(strings.Fields(string(body)), " "), nil
}

// tag reads a tag pair [Name "value"].
func (p *pgnParser) tag() error {
	line := p.line
	p.pos++ // '['
	p.skipBlanks()
	n := p.span(isTagNameChar)
	if n == 0 {
		return p.errorf(line, "tag without a name")
	}
	name := string(p.data[p.pos : p.pos+n])
	p.pos += n
	p.skipBlanks()
	// A tag ends on its line; one that runs past the window is too long.
	tooLong := func() bool { return p.pos >= len(p.data) && !p.eof }
	if tooLong() {
		return p.errorf(line, "tag %s: longer than %d bytes", name, p.look)
	}
	if p.pos >= len(p.data) || p.data[p.pos] != '"' {
		return p.errorf(line, "tag %s: value must be a quoted string", name)
	}
	p.pos++
	var value []byte
	for {
		if tooLong() || p.pos+1 >= len(p.data) && !p.eof {
			return p.errorf(line, "tag %s: longer than %d bytes", name, p.look)
		}
		if p.pos >= len(p.data) || p.data[p.pos] == '\n' {
			return p.errorf(line, "tag %s: value is not closed", name)
		}
		c := p.data[p.pos]
		p.pos++
		if c == '"' {
			break
		}
		if c == '\\' {
			if p.pos >= len(p.data) || p.data[p.pos] == '\n' {
				return p.errorf(line, "tag %s: value is not closed", name)
			}
			c = p.data[p.pos]
			p.pos++
		}
		if c < ' ' || c == 0x7f {
			c = ' ' // as the writers do; a tag value holds no control characters
		}
		value = append(value, c)
	}
	p.skipBlanks()
	if tooLong() {
		return p.errorf(line, "tag %s: longer than %d bytes", name, p.look)
	}
	if p.pos >= len(p.data) || p.data[p.pos] != ']' {
		return p.errorf(line, "tag %s: missing ']'", name)
	}
	p.pos++
	if _, ok := p.cur.Tags[name]; !ok {
		p.cur.TagOrder = append(p.cur.TagOrder, name)
	}
	p.cur.Tags[name] = string(value)
	return nil
}

// skipBlanks skips spaces and tabs within a line.
func (p *pgnParser) skipBlanks() {
	p.pos += p.span(func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' })
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isSymbolStart(c byte) bool { return isLetter(c) || isDigit(c) }

// promotedSymbol reports whether a symbol that begins with '+' is a move:
// Fairy-Stockfish's SAN writes the drop of a promoted piece as '+', the
// piece's letter, '@' and the square ("+B@d4" in micro, "+P@e4" in
// kyotoshogi), the one move of its notation that does not begin with a
// letter or digit as PGN's symbols do. A '+' before a letter is taken
// whole (a promoted piece's letter as shogi writes it, "+Bxd4", reads
// back for the replay to judge); before anything else it is no move.
func promotedSymbol[T string | []byte](s T) bool {
	return len(s) > 1 && s[0] == '+' && isLetter(s[1])
}

// isSymbolChar reports whether c may continue a PGN symbol (a move, a
// move number or a result): PGN's characters, and those of
// Fairy-Stockfish's SAN: '/' of a gating, '@' of a drop, ',' before the
// square of a wall ("Ncd3,b4" in cowboys).
func isSymbolChar(c byte) bool {
	return isLetter(c) || isDigit(c) || strings.IndexByte("_+#=:-/@,", c) >= 0
}

func isTagNameChar(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

func isResult(s string) bool {
	return s == WhiteWins || s == BlackWins || s == Draw
}

// validSAN reports whether s reads back from PGN as one move token.
func validSAN(s string) bool {
	if s == "" || !isSymbolStart(s[0]) && !promotedSymbol(s) || allDigits(s) || isResult(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isSymbolChar(s[i]) {
			return false
		}
	}
	return true
}

func validTagName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isTagNameChar(s[i]) {
			return false
		}
	}
	return s != ""
}
