package xboard

import (
	"strconv"
	"strings"
	"time"

	"varena/engines"
)

// LineKind is what an engine's output line is, as the client reads it.
type LineKind int

const (
	Other       LineKind = iota // anything else: ignored
	MoveLine                    // "move X": Text is X
	ClaimLine                   // "1-0 {...}", "0-1 {...}", "1/2-1/2 {...}"
	ResignLine                  // "resign"
	DrawOffer                   // "offer draw"
	IllegalLine                 // "Illegal move (REASON): X": the engine refused a move
	ErrorLine                   // "Error (REASON): COMMAND"
	FeatureLine                 // "feature ..."
	PongLine                    // "pong N": N in Number
	ThinkLine                   // "ply score time nodes pv...": Think
)

// Line is one engine output line, read.
type Line struct {
	Kind   LineKind
	Text   string       // the move (MoveLine, IllegalLine), the command (ErrorLine)
	Result string       // ClaimLine: "1-0", "0-1" or "1/2-1/2"
	Reason string       // ClaimLine: the comment in braces; IllegalLine, ErrorLine: the reason
	Number int          // PongLine
	Think  ThinkingLine // ThinkLine
}

// ThinkingLine is a line of thinking output, "ply score time nodes pv":
// the depth, the score in centipawns from the engine's side (mates as
// 100000+N for mate in N moves, -100000-N when mated in N), the time in
// centiseconds, the nodes and the principal variation as its words.
type ThinkingLine struct {
	Depth int
	Score int
	Time  time.Duration
	Nodes int64
	PV    []string
}

// ParseLine reads one line of an engine's output. It never fails: a line
// it does not know is Other.
func ParseLine(line string) Line {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Line{}
	}
	switch {
	case f[0] == "move" && len(f) >= 2:
		return Line{Kind: MoveLine, Text: f[1]}
	case f[0] == "resign":
		return Line{Kind: ResignLine}
	case f[0] == "offer" && len(f) >= 2 && f[1] == "draw":
		return Line{Kind: DrawOffer}
	case f[0] == "1-0" || f[0] == "0-1" || f[0] == "1/2-1/2":
		return Line{Kind: ClaimLine, Result: f[0], Reason: braced(line)}
	case f[0] == "feature":
		return Line{Kind: FeatureLine}
	case f[0] == "pong" && len(f) >= 2:
		if n, err := strconv.Atoi(f[1]); err == nil {
			return Line{Kind: PongLine, Number: n}
		}
	case strings.HasPrefix(line, "Illegal move"):
		reason, text := "", ""
		rest := strings.TrimPrefix(line, "Illegal move")
		if r, ok := strings.CutPrefix(strings.TrimSpace(rest), "("); ok {
			reason, rest, _ = strings.Cut(r, ")")
		}
		if _, after, ok := strings.Cut(rest, ":"); ok {
			text = strings.TrimSpace(after)
		}
		return Line{Kind: IllegalLine, Text: text, Reason: reason}
	case strings.HasPrefix(line, "Error"):
		reason, cmd := "", ""
		rest := strings.TrimPrefix(line, "Error")
		if r, ok := strings.CutPrefix(strings.TrimSpace(rest), "("); ok {
			reason, rest, _ = strings.Cut(r, ")")
		}
		if _, after, ok := strings.Cut(rest, ":"); ok {
			cmd = strings.TrimSpace(after)
		}
		return Line{Kind: ErrorLine, Text: cmd, Reason: reason}
	}
	if th, ok := parseThinking(f); ok {
		return Line{Kind: ThinkLine, Think: th}
	}
	return Line{}
}

// braced returns the text inside the first {...} of line, "" without one.
func braced(line string) string {
	i := strings.IndexByte(line, '{')
	if i < 0 {
		return ""
	}
	rest := line[i+1:]
	if j := strings.LastIndexByte(rest, '}'); j >= 0 {
		rest = rest[:j]
	}
	return strings.TrimSpace(rest)
}

// parseThinking reads "ply score time nodes [pv...]"; a ply may carry a
// mark ("12." or "12&" in some engines).
func parseThinking(f []string) (ThinkingLine, bool) {
	if len(f) < 4 {
		return ThinkingLine{}, false
	}
	var n [4]int64
	for i := range 4 {
		s := f[i]
		if i == 0 {
			s = strings.TrimRight(s, ".&")
		}
		x, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return ThinkingLine{}, false
		}
		n[i] = x
	}
	if n[0] < 0 || n[0] > 1000 || n[2] < 0 || n[3] < 0 {
		return ThinkingLine{}, false
	}
	th := ThinkingLine{Depth: int(n[0]), Score: int(max(min(n[1], 1<<30), -(1 << 30))),
		Time: time.Duration(min(n[2], 1<<40)) * 10 * time.Millisecond, Nodes: n[3]}
	// Some engines print a selective depth, speed and tablebase hits
	// (digits) before the PV; they are skipped.
	rest := f[4:]
	for len(rest) > 0 && isDigits(rest[0]) {
		rest = rest[1:]
	}
	th.PV = rest
	return th, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// MateScore is where xboard's mate scores begin: 100000+N is mate in N
// moves, -100000-N mated in N.
const MateScore = 100000

// ClaimResult returns the result a claim names.
func ClaimResult(result string) (engines.Result, bool) {
	switch result {
	case "1-0":
		return engines.WhiteWins, true
	case "0-1":
		return engines.BlackWins, true
	case "1/2-1/2":
		return engines.Draw, true
	}
	return engines.Ongoing, false
}

// ParseMove reads a move as an engine wrote it in pos: coordinate
// notation in XBoard's squares (e2e4, e7e8q, P@e5, h7f5+ for a shogi
// promotion, h0g2 on xiangqi's board), else SAN (Nf3, O-O, exd8=Q),
// whichever the feature san says, as XBoard accepts both. A check sign
// after a coordinate move is read as one, where the move with it is not
// a promotion. A move without its promotion letter where the promotion
// is forced to one type (shatranj, makruk) is taken as that promotion.
func ParseMove(pos *engines.Position, text string) (engines.Move, error) {
	text = strings.TrimRight(text, "#!?")
	coords := fromXboard(pos.Variant(), text)
	m, err := pos.ParseUCIMove(coords)
	if err == nil {
		return m, nil
	}
	if c, ok := strings.CutSuffix(coords, "+"); ok {
		if m, err2 := pos.ParseUCIMove(c); err2 == nil {
			return m, nil
		}
		coords = c
	}
	if m2, err2 := pos.ParseSAN(strings.TrimRight(text, "+#")); err2 == nil {
		return m2, nil
	}
	// A from-to pair that names exactly one legal move (its promotion
	// letter left out, or written otherwise than ours).
	if len(coords) >= 4 {
		var one engines.Move
		n := 0
		for _, c := range pos.GenerateMoves(nil) {
			u := pos.Variant().UCI(c)
			if strings.HasPrefix(coords, squaresOf(u)) && squaresOf(u) == squaresOf(coords) && c.Promotion() != engines.NoPieceType {
				one, n = c, n+1
			}
		}
		if n == 1 {
			return one, nil
		}
	}
	return engines.NullMove, err
}

// squaresOf returns the two squares of a coordinate move, without the
// promotion letter.
func squaresOf(text string) string {
	i := 0
	for k := 0; k < 2; k++ {
		for i < len(text) && text[i] >= 'a' && text[i] <= 'z' {
			i++
		}
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
		}
	}
	return text[:i]
}
