package tuning

import (
	"fmt"
	"strconv"
	"strings"

	"varena/engines"
)

// Record is one labelled position of a data file.
type Record struct {
	// FEN is the position: four fields (placement, side, castling, en
	// passant), then the halfmove clock and fullmove number when the line
	// gives them (hmvc and fmvn).
	FEN string
	// Result is the game's result from White's view: 1, 0.5 or 0.
	Result float64
	// Score is the search score in centipawns from the side to move's
	// view (EPD's ce); HasScore says whether the line had one.
	Score    int
	HasScore bool
	Ply      int // plies played in the game before the position (0: unknown)
	Game     int // number of the game in its file, from 1 (0: unknown)
}

// resultText maps a Record result to its c9 operand and back.
var resultText = map[float64]string{1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}

func parseResult(s string) (float64, bool) {
	switch s {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2", "1/2":
		return 0.5, true
	}
	return 0, false
}

// Format returns the record as one line of a data file (no newline):
//
//	<placement> <side> <castling> <ep> hmvc 3; fmvn 40; c9 "1-0"; ce 35; ply 78; game 12;
//
// c9 holds the result as PGN writes it, ce the search score, and ply and
// game where the position came from. Readers of EPD take the first four
// fields and the operations they know.
func (r Record) Format() string {
	var b strings.Builder
	pos, counters := engines.PositionFields(strings.Split(r.FEN, " "))
	b.WriteString(strings.Join(pos, " "))
	if len(counters) > 0 {
		fmt.Fprintf(&b, " hmvc %s;", counters[0])
	}
	if len(counters) > 1 {
		fmt.Fprintf(&b, " fmvn %s;", counters[1])
	}
	fmt.Fprintf(&b, " c9 %q;", resultText[r.Result])
	if r.HasScore {
		fmt.Fprintf(&b, " ce %d;", r.Score)
	}
	if r.Ply > 0 {
		fmt.Fprintf(&b, " ply %d;", r.Ply)
	}
	if r.Game > 0 {
		fmt.Fprintf(&b, " game %d;", r.Game)
	}
	return b.String()
}

// ParseRecord reads one data line: the four FEN fields (and the
// checks-left field W+B of a variant with check counting), then EPD
// operations separated by ';'. c9 (the result: "1-0", "0-1" or
// "1/2-1/2") is required; hmvc, fmvn, ce, ply and game are read when
// present, other operations are ignored. The FEN itself is checked only
// when the position is set up for a variant (Parse, the tuner).
func ParseRecord(line string) (Record, error) {
	var r Record
	rest := strings.TrimSpace(line)
	var fen []string
	for range 4 {
		field, after := rest, ""
		if i := strings.IndexAny(rest, " \t"); i >= 0 {
			field, after = rest[:i], rest[i+1:]
		}
		if field == "" || strings.ContainsRune(field, ';') {
			return r, fmt.Errorf("want four FEN fields before the operations")
		}
		fen = append(fen, field)
		rest = strings.TrimLeft(after, " \t")
	}
	if field, after, _ := strings.Cut(rest, " "); engines.IsChecksField(field) {
		fen = append(fen, field)
		rest = strings.TrimLeft(after, " \t")
	}
	ops, unterminated, err := splitOps(rest)
	if err != nil {
		return r, err
	}
	for i, op := range ops {
		if !isOpcode(op[0]) {
			return r, fmt.Errorf("operation %d: %s is not an EPD opcode (a letter, then up to 14 letters, digits or _)", i+1, quoteShort(op[0]))
		}
	}
	// Only a known operation may lack its closing ';': anything else
	// after the last ';' is junk (a cut or garbled line), not data.
	if unterminated {
		if last := ops[len(ops)-1]; !knownOps[last[0]] {
			return r, fmt.Errorf("junk after the last operation: %s", quoteShort(strings.Join(last, " ")))
		}
	}
	var hmvc, fmvn string
	haveResult := false
	for _, op := range ops {
		code, args := op[0], op[1:]
		one := func() (int, error) {
			if len(args) != 1 {
				return 0, fmt.Errorf("%s: want one operand, have %d", code, len(args))
			}
			n, err := strconv.Atoi(args[0])
			if err != nil {
				return 0, fmt.Errorf("%s: %q is not an integer", code, args[0])
			}
			return n, nil
		}
		switch code {
		case "c9":
			if len(args) != 1 {
				return r, fmt.Errorf("c9: want one result operand, have %d", len(args))
			}
			res, ok := parseResult(args[0])
			if !ok {
				return r, fmt.Errorf("c9: %q is not a result (1-0, 0-1, 1/2-1/2)", args[0])
			}
			r.Result, haveResult = res, true
		case "hmvc", "fmvn":
			n, err := one()
			if err != nil {
				return r, err
			}
			if n < 0 || (code == "fmvn" && n < 1) {
				return r, fmt.Errorf("%s: %d is out of range", code, n)
			}
			if code == "hmvc" {
				hmvc = strconv.Itoa(n)
			} else {
				fmvn = strconv.Itoa(n)
			}
		case "ce", "ply", "game":
			n, err := one()
			if err != nil {
				return r, err
			}
			switch code {
			case "ce":
				r.Score, r.HasScore = n, true
			case "ply":
				if n < 0 {
					return r, fmt.Errorf("ply: %d is negative", n)
				}
				r.Ply = n
			case "game":
				if n < 0 {
					return r, fmt.Errorf("game: %d is negative", n)
				}
				r.Game = n
			}
		}
	}
	if !haveResult {
		return r, fmt.Errorf("no result: want a c9 operation such as c9 \"1-0\"")
	}
	if fmvn != "" && hmvc == "" {
		hmvc = "0"
	}
	if hmvc != "" {
		fen = append(fen, hmvc)
		if fmvn == "" {
			fmvn = "1"
		}
		fen = append(fen, fmvn)
	}
	r.FEN = strings.Join(fen, " ")
	return r, nil
}

// knownOps are the operations ParseRecord reads.
var knownOps = map[string]bool{"c9": true, "hmvc": true, "fmvn": true, "ce": true, "ply": true, "game": true}

// isOpcode reports whether s is an EPD opcode: a letter, then up to 14
// letters, digits or underscores.
func isOpcode(s string) bool {
	if len(s) == 0 || len(s) > 15 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c != '_' && (c < '0' || c > '9')) {
			return false
		}
	}
	return true
}

// quoteShort quotes s for a message, cut to its first 20 bytes.
func quoteShort(s string) string {
	if len(s) > 20 {
		return strconv.Quote(s[:20]) + fmt.Sprintf(" (%d bytes)", len(s))
	}
	return strconv.Quote(s)
}

// splitOps splits EPD operations: "op a b; op2 \"x;y\";" gives
// [[op a b] [op2 x;y]]. Quoted operands may hold spaces and ';'.
// unterminated says that the last operation had no closing ';'.
func splitOps(s string) (ops [][]string, unterminated bool, err error) {
	var cur []string
	var tok strings.Builder
	inTok, quoted := false, false
	flush := func() {
		if inTok {
			cur = append(cur, tok.String())
			tok.Reset()
			inTok = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted:
			if c == '"' {
				quoted = false
				cur = append(cur, tok.String())
				tok.Reset()
				inTok = false
			} else {
				tok.WriteByte(c)
			}
		case c == '"':
			if inTok {
				return nil, false, fmt.Errorf("a quote inside an operand")
			}
			quoted, inTok = true, true
		case c == ';':
			flush()
			if len(cur) == 0 {
				return nil, false, fmt.Errorf("an empty operation")
			}
			ops = append(ops, cur)
			cur = nil
		case c == ' ' || c == '\t':
			flush()
		default:
			tok.WriteByte(c)
			inTok = true
		}
	}
	if quoted {
		return nil, false, fmt.Errorf("an unterminated string")
	}
	flush()
	if len(cur) > 0 {
		ops = append(ops, cur) // the last ';' may be missing
		unterminated = true
	}
	return ops, unterminated, nil
}
