package results

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// pgnLineWidth is the longest movetext line the writers produce, unless a
// single word is longer.
const pgnLineWidth = 80

// WritePGN writes g as one PGN game followed by a blank line, the way
// cutechess-cli writes engine games.
//
// The tags come in this order: the Seven Tag Roster (Event, Site, Date,
// Round, White, Black, Result), then Variant (when set), FEN and SetUp
// (unless the game started from the variant's initial position),
// TimeControl (WhiteTimeControl and BlackTimeControl instead when the
// sides' limits differ, as cutechess-cli writes them), PlyCount and
// Termination. Unknown values are written "?".
// Termination takes the standard PGN values: "normal" for endings by the
// rules, "adjudication", "time forfeit", "rules infraction" (an illegal
// move), "abandoned" (an engine crash) or "unterminated".
//
// Each move is followed by a comment with the engine's score, depth and
// time, e.g. {+0.35/12 0.52s} or {-M3/20 1.1s}, then the engine's own
// comment on its move when it gave one ({+0.35/12 0.52s, TEXT}); the
// last move's comment (or a comment of its own when there are no moves)
// also tells how the game ended, e.g. {+M1/3 0.05s, White wins by
// extinction} or {-1.20/9 0.8s, Black makes an illegal move:
// Fairy-Stockfish played e2e5, illegal}. ToGame reads these back.
func WritePGN(w io.Writer, g Game) error {
	if !validResult(g.Result) {
		return fmt.Errorf("results: PGN of game %d: bad result %q", g.ID, g.Result)
	}
	var b strings.Builder
	tag := func(name, value string) {
		b.WriteString("[" + name + " \"" + escapeTag(value) + "\"]\n")
	}
	round := "?"
	if g.Round > 0 {
		round = strconv.Itoa(g.Round)
	}
	tag("Event", orUnknown(g.Event))
	tag("Site", orUnknown(g.Site))
	tag("Date", pgnDate(g.Started))
	tag("Round", round)
	tag("White", orUnknown(g.White))
	tag("Black", orUnknown(g.Black))
	tag("Result", g.Result)
	if g.Variant != "" {
		tag("Variant", g.Variant)
	}
	if !g.StartIsInitial && g.StartFEN != "" {
		tag("FEN", g.StartFEN)
		tag("SetUp", "1")
	}
	if g.WhiteTimeControl != "" && g.BlackTimeControl != "" && g.WhiteTimeControl != g.BlackTimeControl {
		// As cutechess-cli: each side's limit in place of the common one.
		tag("WhiteTimeControl", g.WhiteTimeControl)
		tag("BlackTimeControl", g.BlackTimeControl)
	} else {
		tag("TimeControl", orUnknown(g.TimeControl))
	}
	tag("PlyCount", strconv.Itoa(len(g.Moves)))
	tag("Termination", pgnTermination(g.Termination, g.Result))
	b.WriteByte('\n')

	mt := movetext{b: &b}
	num, black := moveNumber(g.StartFEN)
	end := endText(g)
	for i, m := range g.Moves {
		san := m.SAN
		if san == "" {
			san = m.UCI
		}
		if !validSAN(san) {
			return fmt.Errorf("results: PGN of game %d: move %d: %q is not a PGN move", g.ID, i+1, san)
		}
		comment := joinComment(evalText(m), m.Comment)
		if i == len(g.Moves)-1 {
			comment = joinComment(comment, end)
		}
		mt.move(num, black, i == 0, san, comment)
		if black {
			num++
		}
		black = !black
	}
	if len(g.Moves) == 0 {
		mt.comment(end)
	}
	mt.word(g.Result)
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WritePGNGame writes pg as PGN followed by a blank line: its tags in
// TagOrder (then any others, sorted), its comments and moves, numbered from
// the FEN tag's move number and side to move, and its result. It is the
// plain writer for games read with ReadPGN, e.g. to filter or join PGN
// files; ReadPGN reads the output back to the same tags, moves, comments
// and result.
func WritePGNGame(w io.Writer, pg PGNGame) error {
	if !validResult(pg.Result) {
		return fmt.Errorf("results: PGN game at line %d: bad result %q", pg.Line, pg.Result)
	}
	var b strings.Builder
	names := slices.Clone(pg.TagOrder)
	var rest []string
	for name := range pg.Tags {
		if !slices.Contains(names, name) {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	for _, name := range append(names, rest...) {
		value, ok := pg.Tags[name]
		if !ok {
			continue
		}
		if !validTagName(name) {
			return fmt.Errorf("results: PGN game at line %d: bad tag name %q", pg.Line, name)
		}
		b.WriteString("[" + name + " \"" + escapeTag(value) + "\"]\n")
	}
	if b.Len() > 0 {
		b.WriteByte('\n')
	}
	mt := movetext{b: &b}
	mt.comment(pg.Comment)
	num, black := moveNumber(pg.Tags["FEN"])
	for i, san := range pg.Moves {
		if !validSAN(san) {
			return fmt.Errorf("results: PGN game at line %d: move %d: %q is not a PGN move", pg.Line, i+1, san)
		}
		comment := ""
		if i < len(pg.Comments) {
			comment = pg.Comments[i]
		}
		mt.move(num, black, i == 0 || (i > 0 && i-1 < len(pg.Comments) && pg.Comments[i-1] != ""), san, comment)
		if black {
			num++
		}
		black = !black
	}
	mt.word(pg.Result)
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// movetext lays out PGN movetext words in lines of at most pgnLineWidth
// characters.
type movetext struct {
	b       *strings.Builder
	line    int    // length of the current line
	scratch []byte // the word being built
}

// word appends s, starting a new line if s does not fit on this one. A
// word starting with '%' (within a comment) is indented when it starts a
// line, where it would read as an escape line.
func (t *movetext) word(s string) {
	t.space(len(s), s[0])
	t.b.WriteString(s)
	t.line += len(s)
}

// wordBytes is word for a word in bytes.
func (t *movetext) wordBytes(s []byte) {
	t.space(len(s), s[0])
	t.b.Write(s)
	t.line += len(s)
}

// space starts a word of n bytes beginning with first: a new line if the
// word does not fit on this one, else a space (nothing at a line's start).
func (t *movetext) space(n int, first byte) {
	if t.line > 0 {
		if t.line+1+n > pgnLineWidth {
			t.b.WriteByte('\n')
			t.line = 0
		} else {
			t.b.WriteByte(' ')
			t.line++
		}
	}
	if t.line == 0 && first == '%' {
		t.b.WriteByte(' ')
		t.line++
	}
}

// move appends a move with its number and the comment that follows it,
// kept on one line when they fit: "12. Nf3 {+0.35/12 0.52s}" for White,
// and for Black "12... Nf6 {...}" when number is true, else "Nf6 {...}".
func (t *movetext) move(num int, black, number bool, san, comment string) {
	w := t.scratch[:0]
	switch {
	case !black:
		w = append(strconv.AppendInt(w, int64(num), 10), ". "...)
	case number:
		w = append(strconv.AppendInt(w, int64(num), 10), "... "...)
	}
	w = append(w, san...)
	if c := commentText(comment); c != "" && len(w)+len(c)+3 <= pgnLineWidth {
		w = append(append(append(w, " {"...), c...), '}')
		t.wordBytes(w)
		t.scratch = w
		return
	}
	t.wordBytes(w)
	t.scratch = w
	t.comment(comment)
}

// comment appends {text}, as one word if it fits on a line, else broken
// into words. Nothing is written for an empty text.
func (t *movetext) comment(text string) {
	c := commentText(text)
	if c == "" {
		return
	}
	if len(c)+2 <= pgnLineWidth {
		t.word("{" + c + "}")
		return
	}
	words := strings.Fields(c)
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, w := range words {
		t.word(w)
	}
}

// commentText makes text safe inside braces: '}' becomes ')' and white
// space runs a single space.
func commentText(text string) string {
	if cleanComment(text) {
		return text // the usual case: no allocation
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(text, "}", ")")), " ")
}

// cleanComment reports whether commentText would return text unchanged:
// printable ASCII without '}', single spaces between words.
func cleanComment(text string) bool {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == ' ':
			if i == 0 || i == len(text)-1 || text[i-1] == ' ' {
				return false
			}
		case c < 0x21 || c > 0x7e || c == '}':
			return false
		}
	}
	return true
}

// moveNumber returns the move number and side to move of a FEN's
// position: 1 and White when the FEN does not say.
func moveNumber(fen string) (num int, black bool) {
	f := strings.Fields(fen)
	black = len(f) > 1 && f[1] == "b"
	num = 1
	if len(f) > 5 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 && n < 1<<30 {
			num = n
		}
	}
	return num, black
}

// escapeTag escapes a PGN tag value: backslash and double quote get a
// backslash; control characters, which a tag may not hold, become spaces.
func escapeTag(s string) string {
	if !strings.ContainsAny(s, "\\\"") && !hasControl(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' || c == '"':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ' || c == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func hasControl(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] == 0x7f {
			return true
		}
	}
	return false
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// pgnDate formats t as a PGN Date value, "????.??.??" when unknown.
func pgnDate(t time.Time) string {
	if t.IsZero() || t.Year() < 1 || t.Year() > 9999 {
		return "????.??.??"
	}
	return t.Format("2006.01.02")
}

// pgnTermination maps a Game's termination to the PGN Termination tag.
func pgnTermination(term, result string) string {
	switch term {
	case TermAdjudication:
		return "adjudication"
	case TermTimeForfeit:
		return "time forfeit"
	case TermIllegalMove:
		return "rules infraction"
	case TermEngineCrash:
		return "abandoned"
	case TermStall:
		return "stalled connection"
	}
	if result == Unfinished {
		return "unterminated"
	}
	return "normal"
}

// joinComment joins the parts of a move's comment with ", ".
func joinComment(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + ", " + b
}

// evalText formats what the engine said about a move the way cutechess-cli
// does: "+0.35/12 0.52s", "-M3/20 1.1s", or "0.8s" without a score. It is
// empty when the move carries nothing.
func evalText(m Move) string {
	if m.Score == nil && m.Depth == 0 && m.TimeMS == 0 {
		return ""
	}
	var buf [48]byte
	b := buf[:0]
	if m.Score != nil {
		b = appendScore(b, *m.Score)
		if m.Depth > 0 {
			b = strconv.AppendInt(append(b, '/'), int64(m.Depth), 10)
		}
		b = append(b, ' ')
	}
	return string(appendTime(b, m.TimeMS))
}

// appendScore appends a score in pawns with a sign, "0.00" for zero, or
// as a mate distance: "+M5", "-M3".
func appendScore(b []byte, sc Score) []byte {
	if sc.Mate != 0 {
		if sc.Mate > 0 {
			return strconv.AppendInt(append(b, "+M"...), int64(sc.Mate), 10)
		}
		return strconv.AppendUint(append(b, "-M"...), absInt(sc.Mate), 10)
	}
	switch {
	case sc.CP > 0:
		b = append(b, '+')
	case sc.CP < 0:
		b = append(b, '-')
	}
	a := absInt(sc.CP)
	b = strconv.AppendUint(b, a/100, 10)
	return append(b, '.', byte('0'+a%100/10), byte('0'+a%10))
}

func absInt(n int) uint64 {
	if n < 0 {
		return uint64(-(n + 1)) + 1
	}
	return uint64(n)
}

// appendTime appends milliseconds as seconds with cutechess-cli's
// precision: three decimals below 0.1 s, two below 1 s, one below 10 s,
// none above.
func appendTime(b []byte, ms int64) []byte {
	if ms <= 0 {
		return append(b, "0s"...)
	}
	prec := 0
	switch {
	case ms < 100:
		prec = 3
	case ms < 1000:
		prec = 2
	case ms < 10000:
		prec = 1
	}
	return append(strconv.AppendFloat(b, float64(ms)/1000, 'f', prec, 64), 's')
}

// endText tells how g ended in cutechess-cli's words, e.g. "White wins by
// extinction", "Black mates", "Draw by 3-fold repetition", "White loses
// on time", with ": " and the reason appended. It is empty when g has
// neither termination nor reason. parseEnd reads it back.
func endText(g Game) string {
	term := strings.Join(strings.Fields(g.Termination), " ")
	reason := strings.Join(strings.Fields(g.Reason), " ")
	if term == "" && reason == "" {
		return ""
	}
	var winner, loser string
	switch g.Result {
	case WhiteWins:
		winner, loser = "White", "Black"
	case BlackWins:
		winner, loser = "Black", "White"
	}
	var head string
	switch {
	case g.Result != Draw && winner == "":
		head = "No result"
		if term != "" {
			head += " (" + term + ")"
		}
	case term == "" && winner == "":
		head = "Draw"
	case term == "":
		head = winner + " wins"
	case winner == "":
		switch term {
		case TermRepetition:
			head = "Draw by 3-fold repetition"
		case TermFiftyMoves:
			head = "Draw by fifty moves rule"
		case TermInsufficient:
			head = "Draw by insufficient mating material"
		default:
			head = "Draw by " + term
		}
	default:
		switch term {
		case TermCheckmate:
			head = winner + " mates"
		case TermTimeForfeit:
			head = loser + " loses on time"
		case TermIllegalMove:
			head = loser + " makes an illegal move"
		case TermEngineCrash:
			head = loser + " disconnects"
		case TermStall:
			head = loser + "'s connection stalls"
		case TermResignation:
			head = loser + " resigns"
		default:
			head = winner + " wins by " + term
		}
	}
	if reason != "" {
		head += ": " + reason
	}
	return head
}
