package results

import (
	"strconv"
	"unicode/utf8"
)

// appendLine appends g's journal line, newline included: byte for byte
// what encoding/json's Encoder writes for g with HTML escaping off (a test
// holds the two equal, and the journal is read back with encoding/json).
// It exists for speed: the reflective encoder was a third of the results
// consumer's work per game, and the consumer is the one serial stage of a
// run.
func appendLine(b []byte, g *Game) ([]byte, error) {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, int64(g.ID), 10)
	b = append(b, `,"round":`...)
	b = strconv.AppendInt(b, int64(g.Round), 10)
	b = append(b, `,"pair":`...)
	b = strconv.AppendInt(b, int64(g.Pair), 10)
	b = appendField(b, "event", g.Event)
	b = appendField(b, "variant", g.Variant)
	b = appendField(b, "white", g.White)
	b = appendField(b, "black", g.Black)
	b = appendField(b, "start_fen", g.StartFEN)
	b = append(b, `,"start_is_initial":`...)
	b = strconv.AppendBool(b, g.StartIsInitial)
	b = append(b, `,"moves":`...)
	if g.Moves == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range g.Moves {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendMove(b, &g.Moves[i])
		}
		b = append(b, ']')
	}
	b = appendField(b, "result", g.Result)
	b = appendField(b, "termination", g.Termination)
	if g.Reason != "" {
		b = appendField(b, "reason", g.Reason)
	}
	b = appendField(b, "time_control", g.TimeControl)
	if g.WhiteTimeControl != "" {
		b = appendField(b, "white_time_control", g.WhiteTimeControl)
	}
	if g.BlackTimeControl != "" {
		b = appendField(b, "black_time_control", g.BlackTimeControl)
	}
	started, err := g.Started.MarshalJSON()
	if err != nil {
		return b, err
	}
	b = append(b, `,"started":`...)
	b = append(b, started...)
	b = append(b, `,"duration_ms":`...)
	b = strconv.AppendInt(b, g.DurationMS, 10)
	if p := g.Ponder; p != nil {
		b = append(b, `,"ponder":{"tries":[`...)
		b = strconv.AppendInt(b, int64(p.Tries[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(p.Tries[1]), 10)
		b = append(b, `],"hits":[`...)
		b = strconv.AppendInt(b, int64(p.Hits[0]), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(p.Hits[1]), 10)
		b = append(b, "]}"...)
	}
	if g.Site != "" {
		b = appendField(b, "site", g.Site)
	}
	if len(g.Overruns) > 0 {
		b = append(b, `,"overruns":[`...)
		for i, o := range g.Overruns {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"ply":`...)
			b = strconv.AppendInt(b, int64(o.Ply), 10)
			b = appendField(b, "side", o.Side)
			b = append(b, `,"over_ms":`...)
			b = strconv.AppendInt(b, o.OverMS, 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, "}\n"...), nil
}

func appendMove(b []byte, m *Move) []byte {
	b = append(b, `{"uci":`...)
	b = appendString(b, m.UCI)
	b = appendField(b, "san", m.SAN)
	if m.Score != nil {
		b = append(b, `,"score":{"cp":`...)
		b = strconv.AppendInt(b, int64(m.Score.CP), 10)
		if m.Score.Mate != 0 {
			b = append(b, `,"mate":`...)
			b = strconv.AppendInt(b, int64(m.Score.Mate), 10)
		}
		b = append(b, '}')
	}
	if m.Depth != 0 {
		b = append(b, `,"depth":`...)
		b = strconv.AppendInt(b, int64(m.Depth), 10)
	}
	if m.Nodes != 0 {
		b = append(b, `,"nodes":`...)
		b = strconv.AppendInt(b, m.Nodes, 10)
	}
	b = append(b, `,"time_ms":`...)
	b = strconv.AppendInt(b, m.TimeMS, 10)
	if m.Comment != "" {
		b = appendField(b, "comment", m.Comment)
	}
	return append(b, '}')
}

// appendField appends `,"key":` and the JSON string s.
func appendField(b []byte, key, s string) []byte {
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, '"', ':')
	return appendString(b, s)
}

// appendString appends s as a JSON string the way encoding/json does
// without HTML escaping: short escapes for \ " \b \f \n \r \t, \u00XX for
// other control characters, \ufffd for each invalid UTF-8 byte, and
// \u2028 and \u2029 escaped (JavaScript line terminators).
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
