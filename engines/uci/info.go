package uci

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
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

// parseInfo is ParseInfo into in; with keep false it leaves PV and Text
// empty (no allocation) and only counts the pv's moves. The client reads
// every info line of a search this way and keeps the whole of the one it
// reports (infoState): the same checks, without the copies.
func parseInfo(line string, in *Info, keep bool) (pvLen int, err error) {
	var buf [128]string // a long pv fits: no allocation for the split
	f := appendFields(buf[:0], line, -1)
	if len(f) == 0 || f[0] != "info" {
		return 0, fmt.Errorf("not an info line: %q", line)
	}
	num := func(i int, key string) (int64, error) {
		if i >= len(f) {
			return 0, fmt.Errorf("info: %s without a value", key)
		}
		n, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("info: %s: bad number %q", key, f[i])
		}
		return n, nil
	}
	for i := 1; i < len(f); i++ {
		key := f[i]
		switch key {
		case "depth", "seldepth", "multipv":
			n, err := num(i+1, key)
			if err != nil {
				*in = Info{}
				return 0, err
			}
			if n > math.MaxInt32 || n < math.MinInt32 {
				*in = Info{}
				return 0, fmt.Errorf("info: %s: %d out of range", key, n)
			}
			i++
			switch key {
			case "depth":
				in.Depth = int(n)
			case "seldepth":
				in.SelDepth = int(n)
			default:
				in.MultiPV = int(n)
			}
		case "nodes", "nps":
			n, err := num(i+1, key)
			if err != nil {
				*in = Info{}
				return 0, err
			}
			i++
			if key == "nodes" {
				in.Nodes = n
			} else {
				in.NPS = n
			}
		case "time":
			n, err := num(i+1, key)
			if err != nil {
				*in = Info{}
				return 0, err
			}
			if n > maxMillis || n < -maxMillis {
				*in = Info{}
				return 0, fmt.Errorf("info: time: %d ms out of range", n)
			}
			i++
			in.Time = time.Duration(n) * time.Millisecond
		case "score":
			if i+1 >= len(f) || (f[i+1] != "cp" && f[i+1] != "mate") {
				*in = Info{}
				return 0, fmt.Errorf("info: score: want cp or mate")
			}
			n, err := num(i+2, "score "+f[i+1])
			if err != nil {
				*in = Info{}
				return 0, err
			}
			if n > math.MaxInt32 || n < math.MinInt32 {
				*in = Info{}
				return 0, fmt.Errorf("info: score: %d out of range", n)
			}
			in.Score = Score{Kind: Centipawns, Value: int(n)}
			if f[i+1] == "mate" {
				in.Score.Kind = MateIn
			}
			i += 2
			if i+1 < len(f) {
				switch f[i+1] {
				case "lowerbound":
					in.Score.Bound = LowerBound
					i++
				case "upperbound":
					in.Score.Bound = UpperBound
					i++
				}
			}
		case "pv":
			j := i + 1
			for j < len(f) && !infoKeyword(f[j]) {
				j++
			}
			pvLen = j - i - 1
			if keep {
				in.PV = slices.Clone(f[i+1 : j])
			}
			i = j - 1
		case "string":
			if keep {
				in.Text = strings.Join(f[i+1:], " ")
			}
			i = len(f)
		}
	}
	return pvLen, nil
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
