package dialect

import (
	"fmt"
	"strconv"
	"strings"

	"varena/engines/limits"
	"varena/engines/uci"
)

// BestMove is an engine's answer to "go".
type BestMove struct {
	Text   string // the line as the engine wrote it, trimmed
	Move   string // the move's text ("" for none given)
	Ponder string // the move it expects in reply ("" for none)
	// None: no move ("nobestmove", "bestmove (none)" or "0000").
	// Resign: "bestmove resign" (USI; Move is "resign") or a move
	// followed by "resign" (UCCI). Win: "bestmove win", a USI engine
	// declaring that it wins. Draw: a move followed by "draw" (UCCI's
	// draw offer, which varena does not take up).
	None, Resign, Win, Draw bool
}

// ParseBestMove reads a "bestmove" or "nobestmove" line; ok is false
// for any other line.
func ParseBestMove(line string) (b BestMove, ok bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return b, false
	}
	b.Text = strings.Join(f, " ")
	switch f[0] {
	case "nobestmove":
		b.None = true
		return b, true
	case "bestmove":
	default:
		return BestMove{}, false
	}
	if len(f) < 2 {
		return b, true
	}
	switch f[1] {
	case "resign":
		b.Move, b.Resign = f[1], true
		return b, true
	case "win":
		b.Move, b.Win = f[1], true
		return b, true
	case "(none)", "0000":
		b.None = true
		return b, true
	}
	b.Move = f[1]
	for i := 2; i < len(f); i++ {
		switch f[i] {
		case "ponder":
			if i+1 < len(f) {
				b.Ponder = f[i+1]
				i++
			}
		case "resign":
			b.Resign = true
		case "draw":
			b.Draw = true
		}
	}
	return b, true
}

// String writes the bestmove line back; ParseBestMove reads it.
func (b BestMove) String() string {
	switch {
	case b.None && b.Move == "":
		return "nobestmove"
	case b.None:
		return "bestmove " + b.Move
	case b.Move == "":
		return "bestmove"
	}
	s := "bestmove " + b.Move
	if b.Ponder != "" {
		s += " ponder " + b.Ponder
	}
	if b.Resign && b.Move != "resign" {
		s += " resign"
	}
	if b.Draw {
		s += " draw"
	}
	return s
}

// ParseOption reads an option line of either dialect: USI's is UCI's
// ("option name NAME type ..."), UCCI's leaves "name" out ("option NAME
// type ...", the name one word).
func ParseOption(p Protocol, line string) (uci.Option, error) {
	f := strings.Fields(line)
	if len(f) >= 2 && f[0] == "option" && f[1] != "name" {
		line = "option name " + strings.Join(f[1:], " ")
	}
	return uci.ParseOption(line)
}

// ParseInfo reads an info line of either dialect into UCI's terms. UCCI
// may write a score without "cp" ("score 52", Fairy-Stockfish's newer
// UCCI); USI counts "mate N" in plies, and "mate +" or "mate -" is a
// mate of unknown distance (taken as the search's horizon). Scores come
// back in UCI's convention: centipawns, or moves to mate.
func ParseInfo(p Protocol, line string) (uci.Info, error) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return uci.Info{}, fmt.Errorf("not an info line: %q", line)
	}
	plies := false
	for i := 1; i+1 < len(f); i++ {
		if f[i] == "string" {
			break
		}
		if f[i] != "score" {
			continue
		}
		switch {
		case isNumber(f[i+1]):
			f = append(f[:i+1], append([]string{"cp"}, f[i+1:]...)...)
		case f[i+1] == "mate" && p == USI && i+2 < len(f):
			plies = true
			switch f[i+2] {
			case "+", "-":
				f[i+2] = strings.Replace(f[i+2], "+", "", 1) + strconv.Itoa(2*limits.MaxPly)
			}
		}
		break
	}
	in, err := uci.ParseInfo(strings.Join(f, " "))
	if err != nil {
		return uci.Info{}, err
	}
	if plies && in.Score.Kind == uci.MateIn {
		n := in.Score.Value
		switch {
		case n > 0:
			in.Score.Value = int((int64(n) + 1) / 2)
		case n < 0:
			in.Score.Value = -int((-int64(n) + 1) / 2)
		}
	}
	return in, nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// SFEN writes a position of varena's (Fairy-Stockfish's) FEN as USI's
// SFEN: the board, the side to move with "b" for the first player
// (sente, varena's White), the pieces in hand counted (uppercase first,
// "-" for none) and the ply number. ok is false when the FEN has
// castling or en passant rights, which SFEN cannot carry, or is not a
// FEN.
func SFEN(fen string) (sfen string, ok bool) {
	f := strings.Fields(fen)
	if len(f) < 2 || f[0] == "" {
		return "", false
	}
	for _, i := range []int{2, 3} {
		if len(f) > i && f[i] != "-" {
			return "", false
		}
	}
	board, pocket := f[0], ""
	if i := strings.IndexByte(board, '['); i >= 0 {
		j := strings.IndexByte(board, ']')
		if j < i {
			return "", false
		}
		board, pocket = board[:i], board[i+1:j]
	}
	var side string
	switch f[1] {
	case "w":
		side = "b"
	case "b":
		side = "w"
	default:
		return "", false
	}
	full := 1
	if len(f) > 5 {
		n, err := strconv.Atoi(f[5])
		if err != nil || n < 1 || n > 1<<20 {
			return "", false
		}
		full = n
	}
	ply := 2*(full-1) + 1
	if side == "w" {
		ply++
	}
	return board + " " + side + " " + hand(pocket) + " " + strconv.Itoa(ply), true
}

// hand counts the pieces of a FEN pocket ("PPpb") in SFEN's way
// ("2Pbp"): the first player's (uppercase) first, each letter once in
// the order it first appears.
func hand(pocket string) string {
	var order []byte
	count := map[byte]int{}
	for _, upper := range []bool{true, false} {
		for i := 0; i < len(pocket); i++ {
			c := pocket[i]
			if !isLetter(c) || (c >= 'A' && c <= 'Z') != upper {
				continue
			}
			if count[c] == 0 {
				order = append(order, c)
			}
			count[c]++
		}
	}
	if len(order) == 0 {
		return "-"
	}
	var b strings.Builder
	for _, c := range order {
		if n := count[c]; n > 1 {
			b.WriteString(strconv.Itoa(n))
		}
		b.WriteByte(c)
	}
	return b.String()
}
