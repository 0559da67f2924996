package live

import (
	"fmt"
	"path/filepath"
	"slices"

	"varena/engines"
	"varena/results"
	"varena/results/rules"
	"varena/results/rundir"
)

// Replay is a game with the position after every ply, for the page's
// move list and board.
type Replay struct {
	ID          int         `json:"id"`
	Variant     string      `json:"variant"`
	White       string      `json:"white"`
	Black       string      `json:"black"`
	Result      string      `json:"result"` // "*" while it is being played
	Termination string      `json:"termination,omitempty"`
	Reason      string      `json:"reason,omitempty"`
	Moves       []string    `json:"moves"`    // SAN
	UCI         []string    `json:"uci"`      // the same moves in UCI, for marking squares
	Comments    []string    `json:"comments"` // score/depth time per move, as in the PGN
	FENs        []string    `json:"fens"`     // FENs[i]: after i plies
	Board       rules.Board `json:"board"`
	Note        string      `json:"note,omitempty"` // a move that did not replay
}

// errNoGame is returned for an ID the run does not hold.
var errNoGame = fmt.Errorf("no such game")

// game finds game id: in progress, among the recent ones, or in the
// journal.
func (h *Hub) game(id int) (Replay, error) {
	h.mu.Lock()
	if g, ok := h.live[id]; ok {
		rec := results.Game{ID: id, Variant: g.spec.Variant, White: g.spec.White, Black: g.spec.Black,
			StartFEN: g.spec.Opening.FEN, Result: results.Unfinished, Moves: slices.Clone(g.moves)}
		h.mu.Unlock()
		return replay(h.rules, rec), nil
	}
	var rec *results.Game
	for i := range h.recent {
		if h.recent[i].ID == id {
			g := h.recent[i]
			rec = &g
		}
	}
	known, dir := h.seen[id], h.dir
	h.mu.Unlock()
	if rec == nil {
		if !known {
			return Replay{}, errNoGame
		}
		games, _, err := results.SalvageJournal(filepath.Join(dir, rundir.JournalFile))
		if err != nil {
			return Replay{}, err
		}
		for i := range games {
			if games[i].ID == id {
				rec = &games[i]
			}
		}
		if rec == nil {
			return Replay{}, errNoGame
		}
	}
	return replay(h.rules, *rec), nil
}

// replay plays a record's moves from its start to list every position,
// by the rules of rf.
func replay(rf rules.Referee, g results.Game) Replay {
	r := Replay{ID: g.ID, Variant: g.Variant, White: g.White, Black: g.Black, Result: g.Result,
		Termination: g.Termination, Reason: g.Reason}
	for _, m := range g.Moves {
		r.Moves = append(r.Moves, m.SAN)
		r.UCI = append(r.UCI, m.UCI)
		r.Comments = append(r.Comments, comment(m))
	}
	r.Board, _ = rf.BoardOf(g.Variant)
	v, err := rf.Variants.ByName(g.Variant)
	if err != nil {
		r.Note = err.Error()
		return r
	}
	fen := g.StartFEN
	if fen == "" {
		p := v.StartPosition()
		fen = p.FEN()
	}
	pos, err := engines.ParseFEN(v, fen)
	if err != nil {
		r.Note = fmt.Sprintf("start position: %v", err)
		return r
	}
	r.FENs = append(r.FENs, pos.FEN())
	for i, m := range g.Moves {
		mv, err := pos.ParseUCIMove(m.UCI)
		if err != nil || !pos.IsLegal(mv) {
			r.Note = fmt.Sprintf("ply %d (%s) does not replay: the board stops there", i+1, m.UCI)
			return r
		}
		pos = pos.Play(mv)
		r.FENs = append(r.FENs, pos.FEN())
	}
	return r
}

// comment is a move's engine output as the PGN writes it: score/depth
// and time.
func comment(m results.Move) string {
	s := ""
	if m.Score != nil {
		if m.Score.Mate != 0 {
			if m.Score.Mate > 0 {
				s = fmt.Sprintf("+M%d", m.Score.Mate)
			} else {
				s = fmt.Sprintf("-M%d", -m.Score.Mate)
			}
		} else {
			s = fmt.Sprintf("%+.2f", float64(m.Score.CP)/100)
		}
		if m.Depth > 0 {
			s += fmt.Sprintf("/%d", m.Depth)
		}
		s += " "
	}
	return s + fmt.Sprintf("%.3gs", float64(m.TimeMS)/1000)
}
