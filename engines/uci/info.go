package uci

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"varena/engines/limits"
)

// ScoreKind says what a Score counts.
type ScoreKind uint8

const (
	NoScore    ScoreKind = iota
	Centipawns           // "score cp N"
	MateIn               // "score mate N": moves (not plies) to mate, negative when mated
)

// Bound says whether a score is exact or only a bound (a search that failed
// outside its aspiration window).
type Bound uint8

const (
	Exact      Bound = iota
	LowerBound       // "lowerbound": the score is at least this
	UpperBound       // "upperbound": the score is at most this
)

// Score is a UCI score from the side to move's point of view.
type Score struct {
	Kind  ScoreKind
	Value int // centipawns, or moves to mate (+ the side to move mates, - it is mated)
	Bound Bound
}

// ScoreOf returns the UCI score of a search score (limits.Mate convention).
func ScoreOf(score int) Score {
	if n := limits.MateIn(score); n != 0 {
		return Score{Kind: MateIn, Value: n}
	}
	return Score{Kind: Centipawns, Value: score}
}

// Search returns the score in the search's convention: centipawns as they
// are; "mate N" as limits.Mate-(2N-1) for N > 0 (the side to move mates
// with its N-th move, ply 2N-1), -(limits.Mate-2|N|) for N < 0 and
// -limits.Mate for "mate 0" (mated now); limits.MateIn inverts it. Mates
// further than the search's horizon are clamped to it, and centipawn
// values to the range below the mate scores, so that a large centipawn
// score is never read as a mate.
func (s Score) Search() int {
	switch s.Kind {
	case MateIn:
		n := max(min(s.Value, limits.MaxPly-1), -(limits.MaxPly - 1))
		switch {
		case n > 0:
			return limits.Mate - (2*n - 1)
		case n < 0:
			return -(limits.Mate + 2*n)
		}
		return -limits.Mate
	case Centipawns:
		const limit = limits.Mate - 2*limits.MaxPly
		return max(min(s.Value, limit), -limit)
	}
	return 0
}

// String returns the score as UCI writes it after "score": "cp 35",
// "mate -2 upperbound"; "" for NoScore.
func (s Score) String() string {
	var b strings.Builder
	switch s.Kind {
	case Centipawns:
		fmt.Fprintf(&b, "cp %d", s.Value)
	case MateIn:
		fmt.Fprintf(&b, "mate %d", s.Value)
	default:
		return ""
	}
	switch s.Bound {
	case LowerBound:
		b.WriteString(" lowerbound")
	case UpperBound:
		b.WriteString(" upperbound")
	}
	return b.String()
}

// Info is one UCI "info" line. Zero fields are absent; fields the type does
// not hold (hashfull, tbhits, currmove, wdl, ...) are skipped when parsing.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int
	Score    Score
	Nodes    int64
	NPS      int64
	Time     time.Duration // whole milliseconds
	PV       []string      // move texts as the engine wrote them
	Text     string        // the text after "string", which takes the rest of the line
}

// maxMillis keeps a time in milliseconds representable as a Duration.
const maxMillis = math.MaxInt64 / int64(time.Millisecond)

// infoKeyword reports whether a token begins a field of an info line: a
// pv ends at the next one. (A switch, not a map: it is asked for every
// move of every pv.)
func infoKeyword(tok string) bool {
	switch tok {
	case "depth", "seldepth", "time", "nodes", "pv",
		"multipv", "score", "currmove", "currmovenumber",
		"hashfull", "nps", "tbhits", "sbhits", "cpuload",
		"string", "refutation", "currline", "wdl":
		return true
	}
	return false
}

// ParseInfo reads a UCI info line ("info depth 3 score cp 20 pv e2e4 ...").
// Unknown tokens are skipped, as the protocol asks; a known field with a
// bad or missing number is an error.
func ParseInfo(line string) (Info, error) {
	var in Info
	_, err := parseInfo(line, &in, true)
	return in, err
}

// parseInfo is ParseInfo into in; with keep false it leaves PV empty (no
// allocation) and only counts the pv's moves, and leaves Text empty but
// for a string that is a pgncomment (PGNCommentPrefix), the one text the
// client keeps: so the client need not search each whole line for it. The client reads
// every info line of a search this way and keeps the whole of the one it
// reports (infoState): the same checks, without the copies.
func parseInfo(line string, in *Info, keep bool) (pvLen int, err error) {
	// The fields are taken one at a time: splitting the whole line first
	// (its pv too) was most of the client's own work per info line.
	t := fieldCursor{s: line}
	if t.next() != "info" {
		return 0, fmt.Errorf("not an info line: %q", line)
	}
	fail := func(err error) (int, error) {
		*in = Info{}
		return 0, err
	}
	key := t.next()
	for key != "" {
		next := "" // a token read ahead, the next key
		switch key {
		case "depth", "seldepth", "multipv":
			n, err := t.num(key, "")
			if err != nil {
				return fail(err)
			}
			if n > math.MaxInt32 || n < math.MinInt32 {
				return fail(fmt.Errorf("info: %s: %d out of range", key, n))
			}
			switch key {
			case "depth":
				in.Depth = int(n)
			case "seldepth":
				in.SelDepth = int(n)
			default:
				in.MultiPV = int(n)
			}
		case "nodes", "nps":
			n, err := t.num(key, "")
			if err != nil {
				return fail(err)
			}
			if key == "nodes" {
				in.Nodes = n
			} else {
				in.NPS = n
			}
		case "time":
			n, err := t.num(key, "")
			if err != nil {
				return fail(err)
			}
			if n > maxMillis || n < -maxMillis {
				return fail(fmt.Errorf("info: time: %d ms out of range", n))
			}
			in.Time = time.Duration(n) * time.Millisecond
		case "score":
			kind := t.next()
			if kind != "cp" && kind != "mate" {
				return fail(fmt.Errorf("info: score: want cp or mate"))
			}
			n, err := t.num("score", kind)
			if err != nil {
				return fail(err)
			}
			if n > math.MaxInt32 || n < math.MinInt32 {
				return fail(fmt.Errorf("info: score: %d out of range", n))
			}
			in.Score = Score{Kind: Centipawns, Value: int(n)}
			if kind == "mate" {
				in.Score.Kind = MateIn
			}
			switch next = t.next(); next {
			case "lowerbound":
				in.Score.Bound, next = LowerBound, ""
			case "upperbound":
				in.Score.Bound, next = UpperBound, ""
			}
		case "pv":
			pvLen = 0
			if keep {
				in.PV = []string{}
			}
			for next = t.next(); next != "" && !(maybeKeyword(next) && infoKeyword(next)); next = t.next() {
				pvLen++
				if keep {
					in.PV = append(in.PV, next)
				}
			}
		case "string":
			if keep || t.peek() == PGNCommentPrefix {
				var b strings.Builder
				for w := t.next(); w != ""; w = t.next() {
					if b.Len() > 0 {
						b.WriteByte(' ')
					}
					b.WriteString(w)
				}
				in.Text = b.String()
			}
			return pvLen, nil
		}
		if key = next; key == "" {
			key = t.next()
		}
	}
	return pvLen, nil
}

// maybeKeyword is a quick test before infoKeyword, true for every
// keyword (two lowercase letters or more) and false for most move texts
// ("e2e4", "P@e5"): a pv's moves are most of an info line's fields.
func maybeKeyword(tok string) bool {
	return len(tok) >= 2 && tok[1] >= 'a' && tok[1] <= 'z'
}

// fieldCursor walks the fields of s as strings.Fields splits it (at
// Unicode white space), one at a time.
type fieldCursor struct {
	s string
	i int
}

// num reads the next field as the value of key (with its kind, "score
// cp", when not ""): a decimal integer, as strconv.ParseInt reads it.
func (t *fieldCursor) num(key, kind string) (int64, error) {
	v := t.next()
	if n, ok := parseDecimal(v); ok {
		return n, nil
	}
	label := key // only on an error: joining allocates
	if kind != "" {
		label = key + " " + kind
	}
	if v == "" {
		return 0, fmt.Errorf("info: %s without a value", label)
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("info: %s: bad number %q", label, v)
	}
	return n, nil
}

// parseDecimal reads a signed decimal of at most 18 digits, which cannot
// overflow; anything else is left to strconv.ParseInt (ok false). The
// numbers of info lines are most of what the client parses.
func parseDecimal(v string) (n int64, ok bool) {
	i := 0
	if len(v) > 0 && (v[0] == '-' || v[0] == '+') {
		i = 1
	}
	if i == len(v) || len(v)-i > 18 {
		return 0, false
	}
	for _, c := range []byte(v[i:]) {
		if c-'0' > 9 {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if v[0] == '-' {
		n = -n
	}
	return n, true
}

// peek returns the next field without moving past it.
func (t *fieldCursor) peek() string {
	i := t.i
	f := t.next()
	t.i = i
	return f
}

// next returns the next field, "" after the last.
func (t *fieldCursor) next() string {
	// The usual field, printable ASCII after one space, with one test a
	// byte: an info line has twenty-odd fields, most of the client's
	// work on it.
	s, i := t.s, t.i
	if i < len(s) && s[i] == ' ' {
		i++
	}
	j := i
	for j < len(s) && s[j]-'!' < 0x7f-'!' {
		j++
	}
	if j > i && (j == len(s) || s[j] == ' ') {
		t.i = j
		return s[i:j]
	}
	return t.nextSlow()
}

// nextSlow is next for any field: Unicode's white space, and the end.
func (t *fieldCursor) nextSlow() string {
	s, i := t.s, t.i
	for i < len(s) {
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				break
			}
			i++
		} else if r, n := utf8.DecodeRuneInString(s[i:]); unicode.IsSpace(r) {
			i += n
		} else {
			break
		}
	}
	j := i
	for j < len(s) {
		if c := s[j]; c > ' ' && c < utf8.RuneSelf { // printable ASCII, the usual byte: one test
			j++
		} else if c < utf8.RuneSelf {
			if asciiSpace[c] {
				break
			}
			j++
		} else if r, n := utf8.DecodeRuneInString(s[j:]); !unicode.IsSpace(r) {
			j += n
		} else {
			break
		}
	}
	t.i = j
	return s[i:j]
}

// appendFields appends the fields of s, as strings.Fields splits it, to
// dst: at most n of them when n >= 0.
//
// Engines write ASCII, so it splits bytes at ASCII white space, and only
// a line with another byte goes through strings.FieldsSeq (Unicode's
// spaces): a third of the client's own work at 1000 nodes a move was
// splitting info lines.
func appendFields(dst []string, s string, n int) []string {
	start := len(dst)
	for i := 0; i < len(s) && n != 0; {
		for i < len(s) && asciiSpace[s[i]] {
			i++
		}
		j := i
		for j < len(s) && !asciiSpace[s[j]] {
			if s[j] >= utf8.RuneSelf {
				return appendFieldsUnicode(dst[:start], s, n+len(dst)-start)
			}
			j++
		}
		if j > i {
			dst = append(dst, s[i:j])
			n--
		}
		i = j
	}
	return dst
}

// asciiSpace holds the ASCII bytes unicode.IsSpace reports.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

func appendFieldsUnicode(dst []string, s string, n int) []string {
	for w := range strings.FieldsSeq(s) {
		if n == 0 {
			break
		}
		dst = append(dst, w)
		n--
	}
	return dst
}

// String formats the info line, fields in a fixed order, "string" last.
// ParseInfo reads it back to the same Info.
func (in Info) String() string {
	var b strings.Builder
	b.WriteString("info")
	field := func(key string, v int64) {
		if v != 0 {
			fmt.Fprintf(&b, " %s %d", key, v)
		}
	}
	field("depth", int64(in.Depth))
	field("seldepth", int64(in.SelDepth))
	field("multipv", int64(in.MultiPV))
	if s := in.Score.String(); s != "" {
		b.WriteString(" score ")
		b.WriteString(s)
	}
	field("nodes", in.Nodes)
	field("nps", in.NPS)
	field("time", in.Time.Milliseconds())
	if len(in.PV) > 0 {
		b.WriteString(" pv ")
		b.WriteString(strings.Join(in.PV, " "))
	}
	if in.Text != "" {
		b.WriteString(" string ")
		b.WriteString(in.Text)
	}
	return b.String()
}
