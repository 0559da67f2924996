package results

import (
	"bytes"
	"strconv"
)

// decodeLine reads a journal line laid out exactly as appendLine writes
// it: the same keys in the same order, strings without escapes. ok false
// means the line is laid out some other way (an older varena, an edited
// file, a string with an escape) and is for encoding/json to read; a
// line decodeLine takes, it reads as encoding/json would (a fuzz test
// holds the two equal). It exists for speed: reading a journal back
// (resume, report, rate) spent three quarters of its time in
// encoding/json's reflection over the moves.
func decodeLine(line []byte) (g Game, ok bool) {
	d := lineDecoder{b: line}
	d.lit(`{"id":`)
	g.ID = d.int()
	d.lit(`,"round":`)
	g.Round = d.int()
	d.lit(`,"pair":`)
	g.Pair = d.int()
	g.Event = d.field(`,"event":`)
	g.Variant = d.field(`,"variant":`)
	g.White = d.field(`,"white":`)
	g.Black = d.field(`,"black":`)
	g.StartFEN = d.field(`,"start_fen":`)
	d.lit(`,"start_is_initial":`)
	g.StartIsInitial = d.bool()
	d.lit(`,"moves":`)
	if d.opt(`null`) {
		g.Moves = nil
	} else {
		d.lit(`[`)
		g.Moves = make([]Move, 0, bytes.Count(d.rest(), []byte(`{"uci":`)))
		for !d.opt(`]`) {
			if len(g.Moves) > 0 {
				d.lit(`,`)
			}
			g.Moves = append(g.Moves, d.move())
			if d.bad {
				return Game{}, false
			}
		}
	}
	g.Result = d.field(`,"result":`)
	g.Termination = d.field(`,"termination":`)
	if d.peek(`,"reason":`) {
		g.Reason = d.field(`,"reason":`)
	}
	g.TimeControl = d.field(`,"time_control":`)
	if d.peek(`,"white_time_control":`) {
		g.WhiteTimeControl = d.field(`,"white_time_control":`)
	}
	if d.peek(`,"black_time_control":`) {
		g.BlackTimeControl = d.field(`,"black_time_control":`)
	}
	d.lit(`,"started":`)
	if started := d.quoted(); !d.bad {
		if err := g.Started.UnmarshalJSON(started); err != nil {
			return Game{}, false
		}
	}
	d.lit(`,"duration_ms":`)
	g.DurationMS = d.int64()
	if d.opt(`,"ponder":{"tries":[`) {
		p := &PonderCounts{}
		p.Tries[0] = d.int()
		d.lit(`,`)
		p.Tries[1] = d.int()
		d.lit(`],"hits":[`)
		p.Hits[0] = d.int()
		d.lit(`,`)
		p.Hits[1] = d.int()
		d.lit(`]}`)
		g.Ponder = p
	}
	if d.peek(`,"site":`) {
		g.Site = d.field(`,"site":`)
	}
	if d.opt(`,"overruns":[`) {
		g.Overruns = []Overrun{}
		for !d.opt(`]`) {
			if len(g.Overruns) > 0 {
				d.lit(`,`)
			}
			var o Overrun
			d.lit(`{"ply":`)
			o.Ply = d.int()
			o.Side = d.field(`,"side":`)
			d.lit(`,"over_ms":`)
			o.OverMS = d.int64()
			d.lit(`}`)
			g.Overruns = append(g.Overruns, o)
			if d.bad {
				return Game{}, false
			}
		}
	}
	d.lit(`}`)
	if d.bad || len(bytes.TrimSpace(d.rest())) != 0 {
		return Game{}, false
	}
	return g, true
}

func (d *lineDecoder) move() Move {
	var m Move
	d.lit(`{"uci":`)
	m.UCI = d.str()
	m.SAN = d.field(`,"san":`)
	if d.opt(`,"score":{"cp":`) {
		s := &Score{CP: d.int()}
		if d.opt(`,"mate":`) {
			s.Mate = d.int()
		}
		d.lit(`}`)
		m.Score = s
	}
	if d.opt(`,"depth":`) {
		m.Depth = d.int()
	}
	if d.opt(`,"nodes":`) {
		m.Nodes = d.int64()
	}
	d.lit(`,"time_ms":`)
	m.TimeMS = d.int64()
	d.lit(`}`)
	return m
}

// lineDecoder reads b from the front; the first mismatch sets bad, and
// every read after it gives zero values.
type lineDecoder struct {
	b   []byte
	bad bool
}

func (d *lineDecoder) rest() []byte { return d.b }

// peek reports whether the input goes on with s.
func (d *lineDecoder) peek(s string) bool { return !d.bad && bytes.HasPrefix(d.b, []byte(s)) }

// opt reads s if the input goes on with it.
func (d *lineDecoder) opt(s string) bool {
	if !d.peek(s) {
		return false
	}
	d.b = d.b[len(s):]
	return true
}

// lit reads s, which must come next.
func (d *lineDecoder) lit(s string) {
	if !d.opt(s) {
		d.bad = true
	}
}

// field reads key (`,"name":`) and its string.
func (d *lineDecoder) field(key string) string {
	d.lit(key)
	return d.str()
}

// quoted reads a string without escapes and returns it with its quotes.
func (d *lineDecoder) quoted() []byte {
	if d.bad || len(d.b) == 0 || d.b[0] != '"' {
		d.bad = true
		return nil
	}
	for i := 1; i < len(d.b); i++ {
		switch c := d.b[i]; {
		case c == '"':
			s := d.b[:i+1]
			d.b = d.b[i+1:]
			return s
		case c == '\\' || c < 0x20 || c >= 0x80:
			// Escapes, and bytes that may be invalid UTF-8 (which
			// encoding/json would replace): for encoding/json.
			d.bad = true
			return nil
		}
	}
	d.bad = true
	return nil
}

// str reads a string without escapes.
func (d *lineDecoder) str() string {
	q := d.quoted()
	if d.bad {
		return ""
	}
	return string(q[1 : len(q)-1])
}

func (d *lineDecoder) bool() bool {
	switch {
	case d.opt("true"):
		return true
	case d.opt("false"):
		return false
	}
	d.bad = true
	return false
}

// int64 reads an integer as encoding/json writes one: an optional minus,
// then digits without a leading zero.
func (d *lineDecoder) int64() int64 {
	if d.bad {
		return 0
	}
	i := 0
	if i < len(d.b) && d.b[i] == '-' {
		i++
	}
	start := i
	for i < len(d.b) && d.b[i] >= '0' && d.b[i] <= '9' {
		i++
	}
	if i == start || (d.b[start] == '0' && i > start+1) {
		d.bad = true
		return 0
	}
	n, err := strconv.ParseInt(string(d.b[:i]), 10, 64)
	if err != nil {
		d.bad = true
		return 0
	}
	d.b = d.b[i:]
	return n
}

// int reads an integer that fits an int.
func (d *lineDecoder) int() int {
	n := d.int64()
	if int64(int(n)) != n {
		d.bad = true
		return 0
	}
	return int(n)
}
