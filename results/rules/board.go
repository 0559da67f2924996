package rules

import (
	"fmt"
	"sort"
	"strings"

	"varena/engines"
	"varena/engines/variants"
	"varena/engines/wide"
	"varena/results"
)

// Board is a variant's board as the live page and report.html draw it,
// in plain data: the main board's files and ranks, the bunker rows as
// FEN lists them after "|" (top to bottom, each a list of square names:
// Vc6 lies under c6), and the FEN letters of the variant's own piece
// types (a variants.ini's fairy pieces). A drawing shows K Q R B N P as
// the chess glyphs and every letter of Letters as the letter itself:
// a variant may give a piece of its own a chess letter (q for a queen
// that captures as a knight), which must not look like a queen.
type Board struct {
	Files   int        `json:"files"`
	Ranks   int        `json:"ranks"`
	Bunkers [][]string `json:"bunkers,omitempty"`
	Letters string     `json:"letters,omitempty"` // upper case
}

// Referee judges and draws games by the rules of the variants of one
// Set: the built-ins and the sections of the variants.ini the games were
// played with. The zero Referee knows the built-ins only.
type Referee struct {
	Variants *variants.Set
}

// BoardOf describes the board of the variant called name.
func (rf Referee) BoardOf(name string) (Board, error) {
	v, err := rf.Variants.ByName(name)
	if err != nil {
		return Board{}, err
	}
	g := v.Geometry
	b := Board{Files: g.Files(), Ranks: g.Ranks()}
	rows := map[int][]engines.Square{}
	for s := 0; s < g.NumSquares(); s++ {
		if sq := engines.Square(s); g.IsBunker(sq) {
			rows[g.Rank(sq)] = append(rows[g.Rank(sq)], sq)
		}
	}
	ranks := make([]int, 0, len(rows))
	for r := range rows {
		ranks = append(ranks, r)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ranks)))
	for _, r := range ranks {
		sqs := rows[r]
		sort.Slice(sqs, func(i, j int) bool { return g.File(sqs[i]) < g.File(sqs[j]) })
		names := make([]string, len(sqs))
		for i, sq := range sqs {
			names[i] = g.SquareName(sq)
		}
		b.Bunkers = append(b.Bunkers, names)
	}
	for _, f := range v.Fairy {
		b.Letters += string(f.Letter)
	}
	if w := v.Wide(); w != nil {
		b.Letters = wideLetters(w.Rules().Pieces)
	}
	return b, nil
}

// chessNames are Fairy-Stockfish's names of the six chess pieces, by
// their letters: a wide variant's piece is drawn as a chess glyph only
// when it is that piece under its own letter (xiangqi's rook is; its
// horse n, elephant b and soldier p are not, and are drawn as letters).
var chessNames = map[byte]string{'p': "pawn", 'n': "knight", 'b': "bishop", 'r': "rook", 'q': "queen", 'k': "king"}

// wideLetters returns the upper-case letters of a wide variant's pieces
// that are not the chess piece of their letter.
func wideLetters(pieces []wide.PieceRule) string {
	var s strings.Builder
	for _, pr := range pieces {
		if chessNames[pr.Letter] != pr.Name {
			s.WriteByte(pr.Letter &^ ('a' - 'A'))
		}
	}
	return s.String()
}

// FinalFEN replays a record's moves from its start and returns the FEN
// of the position they reach: where the game ended, or where a fault
// (an illegal move, a crash, a forfeit) stopped it.
func (rf Referee) FinalFEN(g results.Game) (string, error) {
	v, pos, err := rf.startOf(g)
	if err != nil {
		return "", err
	}
	for i, mv := range g.Moves {
		m, err := pos.ParseUCIMove(mv.UCI)
		if err != nil {
			return "", fmt.Errorf("ply %d %s: %w", i+1, mv.UCI, err)
		}
		if !pos.IsLegal(m) {
			return "", fmt.Errorf("ply %d %s: illegal in %s", i+1, mv.UCI, v.Name)
		}
		pos = pos.Play(m)
	}
	return pos.FEN(), nil
}

// StartFEN returns the FEN a record starts from: its start_fen, or the
// variant's initial position for a record that names none.
func (rf Referee) StartFEN(g results.Game) (string, error) {
	_, pos, err := rf.startOf(g)
	if err != nil {
		return "", err
	}
	return pos.FEN(), nil
}

// startOf returns a record's variant and start position.
func (rf Referee) startOf(g results.Game) (*engines.Variant, engines.Position, error) {
	v, err := rf.Variants.ByName(g.Variant)
	if err != nil {
		return nil, engines.Position{}, err
	}
	switch {
	case g.StartFEN != "":
		pos, err := engines.ParseFEN(v, g.StartFEN)
		if err != nil {
			return nil, engines.Position{}, fmt.Errorf("start_fen: %w", err)
		}
		return v, pos, nil
	case g.StartIsInitial:
		return v, v.StartPosition(), nil
	}
	return nil, engines.Position{}, fmt.Errorf("no start_fen")
}
