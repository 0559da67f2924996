package results

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// ToGame converts a game read from PGN into a Game, filling what the PGN
// tells: Event, Site, Round, White, Black and Variant from their tags
// ("?" read as unknown), StartFEN from the FEN tag (without one the game
// started from the variant's initial position: StartIsInitial is set and
// StartFEN left empty, for the caller to fill from the variant), the
// result, TimeControl (and WhiteTimeControl/BlackTimeControl), Started from Date (and GameStartTime when present),
// DurationMS from GameDuration.
//
// Moves get their SAN and, from comments in cutechess-cli's or fastchess's
// form such as {+0.35/12 0.52s}, the score, depth, time and (fastchess's
// n=) nodes; the rest of a move's comment is its Comment (on the last
// move, what comes before the end). Termination and Reason come from the final comment, e.g.
// {... , White wins by extinction} or {Black loses on time}, as WritePGN
// and cutechess-cli write it, else from the Termination tag. ID, Pair and
// the moves' UCI stay empty.
func ToGame(pg PGNGame) Game {
	t := pg.Tags
	g := Game{
		Event:       known(t["Event"]),
		Site:        known(t["Site"]),
		White:       known(t["White"]),
		Black:       known(t["Black"]),
		Variant:     known(t["Variant"]),
		TimeControl: known(t["TimeControl"]),
		Result:      pg.Result,
	}
	// cutechess-cli writes each side's limit when they differ, and then
	// no TimeControl: the record keeps White's there, as the arena does.
	if w, b := known(t["WhiteTimeControl"]), known(t["BlackTimeControl"]); w != "" && b != "" && w != b {
		g.WhiteTimeControl, g.BlackTimeControl = w, b
		if g.TimeControl == "" {
			g.TimeControl = w
		}
	}
	if !validResult(g.Result) {
		g.Result = Unfinished
		if validResult(t["Result"]) {
			g.Result = t["Result"]
		}
	}
	if r := t["Round"]; r != "" {
		// cutechess-cli writes "3" or, in some modes, "3.1".
		digits, _, _ := strings.Cut(r, ".")
		if n, err := strconv.Atoi(digits); err == nil && n > 0 {
			g.Round = n
		}
	}
	if fen := strings.TrimSpace(t["FEN"]); fen != "" && t["SetUp"] != "0" {
		g.StartFEN = fen
	} else {
		g.StartIsInitial = true
	}
	g.Started = pgnStart(t["Date"], t["GameStartTime"])
	g.DurationMS = pgnDuration(t["GameDuration"])

	var last string // the text of the last comment that is not an evaluation
	if len(pg.Moves) == 0 {
		last = pg.Comment
	}
	for i, san := range pg.Moves {
		m := Move{SAN: san}
		if i < len(pg.Comments) && pg.Comments[i] != "" {
			var rest string
			m, rest = parseEvalComment(pg.Comments[i])
			m.SAN = san
			m.Comment = rest
			if i == len(pg.Moves)-1 && rest != "book" {
				// The engine's comment, if any, comes before the end.
				m.Comment, last = "", rest
				if c, end, ok := splitEnd(rest); ok {
					m.Comment, last = c, end
				}
			}
		}
		g.Moves = append(g.Moves, m)
	}

	term, reason, ok := parseEnd(last)
	if !ok {
		term, reason = "", last
	}
	if term == "" {
		switch t["Termination"] {
		case "adjudication":
			term = TermAdjudication
		case "time forfeit":
			term = TermTimeForfeit
		case "rules infraction":
			term = TermIllegalMove
		case "abandoned":
			term = TermEngineCrash
		case "stalled connection":
			term = TermStall
		}
	}
	g.Termination, g.Reason = term, reason
	return g
}

// known returns a tag value, or "" for the unknown "?".
func known(v string) string {
	if v == "?" {
		return ""
	}
	return v
}

// pgnStart reads the game's start from the Date tag and, when it parses,
// the GameStartTime tag that cutechess-cli and fastchess write.
func pgnStart(date, start string) time.Time {
	for _, layout := range []string{"2006-01-02T15:04:05 MST", "2006-01-02T15:04:05 -0700", time.RFC3339} {
		if ts, err := time.Parse(layout, start); err == nil {
			return ts
		}
	}
	if d, err := time.Parse("2006.01.02", date); err == nil {
		return d
	}
	return time.Time{}
}

// pgnDuration reads a GameDuration value "hh:mm:ss" in milliseconds.
func pgnDuration(s string) int64 {
	f := strings.Split(s, ":")
	if len(f) != 3 {
		return 0
	}
	h, err1 := strconv.Atoi(f[0])
	m, err2 := strconv.Atoi(f[1])
	sec, err3 := strconv.ParseFloat(f[2], 64)
	if err1 != nil || err2 != nil || err3 != nil || h < 0 || m < 0 || !(sec >= 0 && sec < 60) || h > 1e6 {
		return 0
	}
	return int64(h)*3_600_000 + int64(m)*60_000 + int64(math.Round(sec*1000))
}

// knownExtras are the key=value items fastchess may add to a move's
// comment after the score and time.
var knownExtras = map[string]bool{"n": true, "sd": true, "nps": true, "hashfull": true, "tbhits": true, "mt": true, "tl": true, "latency": true}

// parseEvalComment reads a move comment such as "+0.35/12 0.52s",
// "-M3/20 1.1s", "0.8s" or "+0.31/16 0.163s, n=12345, White mates". It
// returns the move's score, depth, time and nodes, and the text that
// follows ("White mates"); a comment that does not start with an
// evaluation is returned whole as the rest.
func parseEvalComment(s string) (m Move, rest string) {
	head, tail, _ := strings.Cut(s, ", ")
	f := strings.Fields(head)
	ok := false
	switch len(f) {
	case 1:
		ok = parseTime(f[0], &m)
	case 2:
		ok = parseScore(f[0], &m) && parseTime(f[1], &m)
	}
	if !ok {
		return Move{}, s
	}
	if tail == "" {
		return m, ""
	}
	parts := strings.Split(tail, ", ")
	i := 0
	for ; i < len(parts); i++ {
		k, v, found := strings.Cut(parts[i], "=")
		if !found || !knownExtras[k] {
			break
		}
		if n, err := strconv.ParseInt(v, 10, 64); k == "n" && err == nil && n >= 0 {
			m.Nodes = n
		}
	}
	return m, strings.Join(parts[i:], ", ")
}

// parseScore reads "+0.35/12", "-0.10", "0.00/1", "+M5/30", "-M3".
func parseScore(s string, m *Move) bool {
	s, depth, hasDepth := strings.Cut(s, "/")
	if hasDepth {
		d, err := strconv.Atoi(depth)
		if err != nil || d < 0 || d > 10000 || depth[0] == '+' || depth[0] == '-' {
			return false
		}
		m.Depth = d
	}
	neg := false
	switch {
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	case strings.HasPrefix(s, "-"):
		s, neg = s[1:], true
	}
	if n, ok := strings.CutPrefix(s, "M"); ok {
		v, err := strconv.Atoi(n)
		if err != nil || v <= 0 || v > 100000 || !allDigits(n) {
			return false
		}
		if neg {
			v = -v
		}
		m.Score = &Score{Mate: v}
		return true
	}
	v, ok := decimal(s)
	if !ok || v > 1e6 {
		return false
	}
	cp := int(math.Round(v * 100))
	if neg {
		cp = -cp
	}
	m.Score = &Score{CP: cp}
	return true
}

// parseTime reads a move time such as "0.52s" or "12s".
func parseTime(s string, m *Move) bool {
	n, ok := strings.CutSuffix(s, "s")
	if !ok {
		return false
	}
	v, ok := decimal(n)
	if !ok || v > 1e9 {
		return false
	}
	m.TimeMS = int64(math.Round(v * 1000))
	return true
}

// decimal reads an unsigned decimal number such as "12" or "0.35".
func decimal(s string) (float64, bool) {
	whole, frac, _ := strings.Cut(s, ".")
	if !allDigits(whole) || frac != "" && !allDigits(frac) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// drawTerms reads the words cutechess-cli and fastchess use after
// "Draw by" and "wins by".
var drawTerms = map[string]string{
	"3-fold repetition":            TermRepetition,
	"threefold repetition":         TermRepetition,
	"fifty moves rule":             TermFiftyMoves,
	"50 moves rule":                TermFiftyMoves,
	"insufficient mating material": TermInsufficient,
	"insufficient material":        TermInsufficient,
}

// splitEnd finds the end of a game at the end of a last move's comment:
// "TEXT, White wins by extinction" gives TEXT and the end. The end is the
// longest tail, after a ", ", that parseEnd reads (a reason may hold
// commas: "Black makes an illegal move: it played e2e5, illegal").
func splitEnd(s string) (comment, end string, ok bool) {
	if _, _, ok := parseEnd(s); ok {
		return "", s, true
	}
	for i := 0; i+2 <= len(s); i++ {
		if strings.HasPrefix(s[i:], ", ") {
			if _, _, ok := parseEnd(s[i+2:]); ok {
				return s[:i], s[i+2:], true
			}
		}
	}
	return "", "", false
}

// parseEnd reads the end-of-game text that endText writes, and the
// phrases of cutechess-cli and fastchess: "White wins by extinction",
// "Black mates", "Draw by 3-fold repetition", "White loses on time",
// "Black makes an illegal move: ...". It returns the termination and the
// reason (what follows ": "); ok is false when s is no such text.
func parseEnd(s string) (term, reason string, ok bool) {
	head, reason, _ := strings.Cut(s, ": ")
	side, verb, _ := strings.Cut(head, " ")
	if side == "White's" || side == "Black's" {
		side, verb = side[:5], "'s "+verb
	}
	player := side == "White" || side == "Black"
	switch {
	case head == "No result" || head == "Draw" || player && verb == "wins":
		return "", reason, true
	case strings.HasPrefix(head, "No result (") && strings.HasSuffix(head, ")"):
		return head[len("No result (") : len(head)-1], reason, true
	case side == "Draw" && strings.HasPrefix(verb, "by "):
		term = strings.TrimPrefix(verb, "by ")
	case player && strings.HasPrefix(verb, "wins by "):
		term = strings.TrimPrefix(verb, "wins by ")
	case player && verb == "mates":
		term = TermCheckmate
	case player && verb == "loses on time":
		term = TermTimeForfeit
	case player && (verb == "makes an illegal move" || verb == "made an illegal move"):
		term = TermIllegalMove
	case player && (verb == "disconnects" || verb == "crashed" || verb == "crashes"):
		term = TermEngineCrash
	case player && verb == "'s connection stalls":
		term = TermStall
	case player && verb == "resigns":
		term = TermResignation
	default:
		return "", "", false
	}
	if t, ok := drawTerms[term]; ok {
		term = t
	}
	return term, reason, true
}
