package pairing

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// TRF is a Swiss as FIDE's Tournament Report File (TRF-16, with
// JaVaFo's XXR and XXA extensions) records it: the number of rounds and
// each player's line (001) with one entry per round.
type TRF struct {
	Rounds  int         // XXR; 0 when the file does not say
	Players []TRFPlayer // in file order
}

// TRFPlayer is one 001 line.
type TRFPlayer struct {
	No     int       // pairing number (columns 5-8)
	Points float64   // the file's total (columns 81-84)
	Games  []TRFGame // round 1 first; a round not yet played is Result ' '
	// Accel is the fictitious points an accelerated event adds to the
	// player's score for pairing each round (XXA), round 1 first; a
	// round past its end adds none.
	Accel []float64
}

// TRFGame is one round's entry of a player: the opponent's pairing number
// (0: none), the colour and the TRF result code: 1 = 0 (a game), + - (a
// forfeit), W D L (an unrated game), H F Z U (half-point bye, full-point
// bye, absent, pairing-allocated bye), or ' ' (not played yet).
type TRFGame struct {
	Opponent int
	Colour   Colour
	Result   byte
}

// points is what the result scores, in half-points.
func (g TRFGame) points() int {
	switch g.Result {
	case '1', '+', 'W', 'F', 'U':
		return 2
	case '=', 'D', 'H':
		return 1
	}
	return 0
}

// played reports whether the entry is a game played over the board: the
// only kind that counts as a meeting and a colour.
func (g TRFGame) played() bool {
	return g.Opponent > 0 && strings.IndexByte("10=WDL", g.Result) >= 0
}

// paired reports whether the pairing program made the entry: a board
// (played or forfeited) or the pairing-allocated bye.
func (g TRFGame) paired() bool { return g.Opponent > 0 || g.Result == 'U' }

// ReadTRF reads a TRF-16 file: the XXR line, the 001 lines and the XXA
// lines (a player's pairing number, then the fictitious points of each
// round from the first, in halves); other lines are skipped. name is used
// in errors, as name:line.
func ReadTRF(r io.Reader, name string) (*TRF, error) {
	t := &TRF{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	byNo := map[int]int{}
	at := map[int]int{} // pairing number -> line, for the checks after reading
	type xxa struct {
		line, no int
		accel    []float64
	}
	var accels []xxa
	line := 0
	for sc.Scan() {
		line++
		l := strings.TrimRight(sc.Text(), " \r")
		switch {
		case strings.HasPrefix(l, "XXR"):
			n, err := strconv.Atoi(strings.TrimSpace(l[3:]))
			if err != nil || n < 1 || n > 99 {
				return nil, fmt.Errorf("%s:%d: XXR: want the number of rounds, 1 to 99", name, line)
			}
			t.Rounds = n
		case strings.HasPrefix(l, "XXA"):
			no, accel, err := parseXXA(l[3:])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: XXA: %w", name, line, err)
			}
			accels = append(accels, xxa{line, no, accel})
		case strings.HasPrefix(l, "001"):
			p, err := parse001(l)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			if _, dup := byNo[p.No]; dup {
				return nil, fmt.Errorf("%s:%d: pairing number %d twice", name, line, p.No)
			}
			byNo[p.No] = len(t.Players)
			at[p.No] = line
			t.Players = append(t.Players, p)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(t.Players) == 0 {
		return nil, fmt.Errorf("%s: no player lines (001)", name)
	}
	for _, a := range accels {
		i, ok := byNo[a.no]
		if !ok {
			return nil, fmt.Errorf("%s:%d: XXA: player %d has no line", name, a.line, a.no)
		}
		if t.Players[i].Accel != nil {
			return nil, fmt.Errorf("%s:%d: XXA: player %d twice", name, a.line, a.no)
		}
		t.Players[i].Accel = a.accel
	}
	// Every game must be on both players' lines, with opposite colours.
	for _, p := range t.Players {
		for k, g := range p.Games {
			if g.Opponent == 0 {
				continue
			}
			oi, ok := byNo[g.Opponent]
			if !ok {
				return nil, fmt.Errorf("%s:%d: round %d: opponent %d has no line", name, at[p.No], k+1, g.Opponent)
			}
			o := t.Players[oi].Games
			if k >= len(o) || o[k].Opponent != p.No || o[k].Colour != g.Colour.other() {
				return nil, fmt.Errorf("%s:%d: round %d: %d-%d is not on %d's line with the other colour", name, at[p.No], k+1, p.No, g.Opponent, g.Opponent)
			}
		}
	}
	return t, nil
}

// parseXXA reads an XXA record after its code: the pairing number and
// the fictitious points of each round, multiples of a half.
func parseXXA(l string) (int, []float64, error) {
	f := strings.Fields(l)
	if len(f) < 2 {
		return 0, nil, errors.New("want a pairing number and points")
	}
	no, err := strconv.Atoi(f[0])
	if err != nil || no < 1 {
		return 0, nil, fmt.Errorf("pairing number %q: want a positive number", f[0])
	}
	var accel []float64
	for k, s := range f[1:] {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < 0 || v > 99 || v*2 != math.Trunc(v*2) {
			return 0, nil, fmt.Errorf("player %d, round %d: points %q: want a multiple of 0.5 from 0 to 99", no, k+1, s)
		}
		accel = append(accel, v)
	}
	return no, accel, nil
}

// accel is the fictitious points p has for pairing round (1-based), in
// half-points.
func (p *TRFPlayer) accel(round int) int {
	if round-1 < len(p.Accel) {
		return int(2 * p.Accel[round-1])
	}
	return 0
}

// parse001 reads one player line by TRF-16's columns.
func parse001(l string) (TRFPlayer, error) {
	var p TRFPlayer
	if len(l) < 84 {
		return p, fmt.Errorf("player line of %d characters: want at least 84", len(l))
	}
	no, err := strconv.Atoi(strings.TrimSpace(l[4:8]))
	if err != nil || no < 1 {
		return p, fmt.Errorf("pairing number %q (columns 5-8): want a positive number", l[4:8])
	}
	p.No = no
	if s := strings.TrimSpace(l[80:84]); s != "" {
		if p.Points, err = strconv.ParseFloat(s, 64); err != nil {
			return p, fmt.Errorf("player %d: points %q (columns 81-84)", no, l[80:84])
		}
	}
	for k := 0; 91+10*k < len(l); k++ {
		e := l[91+10*k : min(len(l), 91+10*k+8)]
		e += strings.Repeat(" ", 8-len(e))
		var g TRFGame
		switch opp := strings.TrimSpace(e[0:4]); opp {
		case "", "0000":
		default:
			if g.Opponent, err = strconv.Atoi(opp); err != nil || g.Opponent < 0 || g.Opponent == no {
				return p, fmt.Errorf("player %d, round %d: opponent %q", no, k+1, e[0:4])
			}
		}
		switch e[5] {
		case 'w':
			g.Colour = White
		case 'b':
			g.Colour = Black
		case '-', ' ':
		default:
			return p, fmt.Errorf("player %d, round %d: colour %q: want w, b or -", no, k+1, e[5])
		}
		g.Result = e[7]
		if strings.IndexByte("10=+-WDLHFZU ", g.Result) < 0 {
			return p, fmt.Errorf("player %d, round %d: result %q", no, k+1, e[7])
		}
		if (g.Opponent > 0) != (g.Colour != NoColour) || g.Opponent > 0 && strings.IndexByte("HFZU ", g.Result) >= 0 {
			return p, fmt.Errorf("player %d, round %d: %q: a game needs an opponent, a colour and a game's result", no, k+1, strings.TrimSpace(e))
		}
		p.Games = append(p.Games, g)
	}
	return p, nil
}

// Before gives the history before round (1-based) of the players who
// are to be paired in it: everyone except those whose entry for round
// marks them absent (H, F, Z, or a forfeit with no opponent), or is blank
// when the file already records the round's pairing (a player who had
// left). Scores count the points of the earlier rounds plus the round's
// fictitious points (XXA), and floats compare the scores each earlier
// round was paired on, fictitious points included; an unplayed round (a
// bye, a forfeit, an absence) has no colour and is a downfloat (C.04.3 of
// 2017, A.4.b); a forfeit win, like the pairing-allocated bye, bars
// another bye.
func (t *TRF) Before(round int) []Player {
	score := func(p *TRFPlayer, before int) int {
		s := 0
		for k := 0; k < before-1 && k < len(p.Games); k++ {
			s += p.Games[k].points()
		}
		return s
	}
	// pairedOn is the score a player was paired on in a round.
	pairedOn := func(p *TRFPlayer, round int) int { return score(p, round) + p.accel(round) }
	byNo := map[int]*TRFPlayer{}
	recorded := false
	for i := range t.Players {
		byNo[t.Players[i].No] = &t.Players[i]
		if g := t.Players[i].Games; round-1 < len(g) && g[round-1].paired() {
			recorded = true
		}
	}
	var out []Player
	for i := range t.Players {
		tp := &t.Players[i]
		g := TRFGame{Result: ' '}
		if round-1 < len(tp.Games) {
			g = tp.Games[round-1]
		}
		if !g.paired() && (g.Result != ' ' || recorded) {
			continue
		}
		p := Player{No: tp.No, Score: pairedOn(tp, round)}
		for k := 0; k < round-1; k++ {
			var g TRFGame
			if k < len(tp.Games) {
				g = tp.Games[k]
			}
			if !g.played() {
				p.Colours = append(p.Colours, NoColour)
				p.Floats = append(p.Floats, Down)
				if g.Result == 'U' || g.Result == '+' || g.Result == 'F' {
					p.HadBye = true
				}
				continue
			}
			p.Opponents = append(p.Opponents, g.Opponent)
			p.Colours = append(p.Colours, g.Colour)
			mine, theirs := pairedOn(tp, k+1), pairedOn(byNo[g.Opponent], k+1)
			switch {
			case mine > theirs:
				p.Floats = append(p.Floats, Down)
			case mine < theirs:
				p.Floats = append(p.Floats, Up)
			default:
				p.Floats = append(p.Floats, NoFloat)
			}
		}
		out = append(out, p)
	}
	return out
}

// Pairing gives the boards of round (1-based) as the file records them,
// in file order of their white player, and its pairing-allocated bye.
func (t *TRF) Pairing(round int) Round {
	var r Round
	for _, p := range t.Players {
		if round-1 >= len(p.Games) {
			continue
		}
		switch g := p.Games[round-1]; {
		case g.Opponent > 0 && g.Colour == White:
			r.Pairs = append(r.Pairs, Pair{White: p.No, Black: g.Opponent})
		case g.Result == 'U':
			r.Bye = p.No
		}
	}
	return r
}
