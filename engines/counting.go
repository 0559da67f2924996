package engines

import "fmt"

// CountingRule is Fairy-Stockfish's countingRule: Makruk's "board's
// honour" and "pieces' honour", where a side that cannot win in a
// number of moves set by the material on the board has drawn. The count
// is part of the position: its limit, in plies (0: no count), and the
// plies counted so far, which Fairy-Stockfish 11.1 writes in place of
// the en-passant field and of the halfmove clock ("... w - 32 6 40").
//
// The count starts (Fairy-Stockfish's do_move, after each move, for the
// side to move):
//   - when no pawn is left and no count is on, or when the side to move
//     is left with its king alone and no count is on or the move was a
//     capture (a capture that bares the king starts the count again);
//   - with the limit of the rule's table: the board's honour when the
//     side to move has more than its king, else the pieces' honour,
//     set by what its opponent has; a limit of 0 starts nothing and
//     leaves a count on as it was (makruk has none while a pawn is on
//     the board or the side that moved is bare, asean no board's
//     honour);
//   - at 0 plies, or, with startAtPieces and a bare king, at twice the
//     number of pieces on the board (makruk).
//
// The game is drawn when the plies counted pass the limit (32 plies
// counted of a limit of 32 still play on), unless the side to move is
// checkmated: Fairy-Stockfish 11.1's search scores a mate in 2 with 30
// plies counted of 32, a draw with 31. It is one of Fairy-Stockfish's
// optional game ends, seen only below the root of its search: at the
// root it plays on, and its perft goes on counting moves, as varena's.
type CountingRule uint8

const (
	NoCounting     CountingRule = iota
	MakrukCounting              // countingRule = makruk
	ASEANCounting               // countingRule = asean
)

func (r CountingRule) String() string {
	if int(r) < len(countingRules) {
		return countingRules[r].name
	}
	return fmt.Sprintf("CountingRule(%d)", r)
}

// CountingRole names the pieces whose numbers set a counting limit, as
// Fairy-Stockfish counts its own piece types: ROOK, KHON (its silver),
// KNIGHT and MET (its fers). Variant.CountingTypes gives each role its
// type in the variant.
type CountingRole uint8

const (
	CountRook CountingRole = iota
	CountKhon
	CountKnight
	CountMet
	numCountingRoles
	noRole = numCountingRoles
)

// countingRow is a line of a pieces'-honour table: the limit when the
// side with more than its king has at least n of role a, and at least
// one of role b (noRole: no second condition).
type countingRow struct {
	a     CountingRole
	n     int
	b     CountingRole
	limit int // in moves
}

// countingSpec is one rule's data.
type countingSpec struct {
	name string
	// boardsHonour is the limit, in moves, when the side to move has more
	// than its king (0: no count).
	boardsHonour int
	// rows are the pieces' honour: the first that holds gives the limit,
	// else otherwise does.
	rows      []countingRow
	otherwise int
	// startAtPieces: a pieces' honour count starts at twice the pieces
	// on the board, not at 0.
	startAtPieces bool
	// pawnsBar: no count starts while a pawn is on the board, not even
	// against a bare king (11.1's makruk; asean counts there).
	pawnsBar bool
	// bareBar: no count starts when the side that moved has its king
	// alone (11.1's makruk: its king takes the last piece, or its
	// opponent to move has more than a king).
	bareBar bool
}

// countingRules is indexed by CountingRule. The figures are Fairy-Stockfish
// 11.1's (checked against the binary by TestCountingAgainstFSF).
var countingRules = [...]countingSpec{
	NoCounting: {name: "none"},
	MakrukCounting: {
		name:         "makruk",
		boardsHonour: 64,
		rows: []countingRow{
			{CountRook, 2, noRole, 8},
			{CountRook, 1, noRole, 16},
			{CountKhon, 2, noRole, 22},
			{CountKnight, 2, noRole, 32},
			{CountKhon, 1, noRole, 44},
		},
		otherwise:     64,
		startAtPieces: true,
		pawnsBar:      true,
		bareBar:       true,
	},
	ASEANCounting: {
		name: "asean",
		rows: []countingRow{
			{CountRook, 1, noRole, 16},
			{CountKhon, 1, CountMet, 44},
			{CountKnight, 1, CountMet, 64},
		},
	},
}

// maxCountingLimit bounds a limit in plies: it is a byte of Position.
const maxCountingLimit = 255

// CountingLimit returns the limit of the count on, in plies, or 0 when no
// count is on (always 0 without Variant.Counting).
func (p *Position) CountingLimit() int {
	if p.v.Counting == NoCounting {
		return 0
	}
	return int(p.checks)
}

// CountingPly returns the plies counted so far, when a count is on.
func (p *Position) CountingPly() int {
	if p.CountingLimit() == 0 {
		return 0
	}
	return int(p.halfmove)
}

// TableKey returns Hash, and with a count on, the plies left to its
// limit mixed in: a key for a search's transposition table, where the
// same placement is worth a win with the count far from its limit and a
// draw near it. Hash leaves the count out, as Fairy-Stockfish's key does,
// so that the repetition rule sees the positions as the same.
func (p *Position) TableKey() uint64 {
	if p.v.Counting == NoCounting || p.checks == 0 {
		return p.hash
	}
	left := max(int(p.checks)-int(p.halfmove), -1)
	return p.hash ^ zobristCount[left+1]
}

// CountingOver reports whether a count of Variant.Counting has passed
// its limit: the game is drawn unless the side to move is checkmated.
func (p *Position) CountingOver() bool { return p.countingOver() }

// countingOver reports whether the count has passed its limit.
func (p *Position) countingOver() bool {
	return p.v.Counting != NoCounting && p.checks != 0 && int(p.halfmove) > int(p.checks)
}

// roleCount returns how many pieces of role r side c has.
func (p *Position) roleCount(c Color, r CountingRole) int {
	if r == noRole {
		return 1
	}
	t := p.v.CountingTypes[r]
	if t == NoPieceType {
		return 0
	}
	return p.PiecesOf(c, t).Count()
}

// countingMoves returns the limit, in moves, of a count starting in p
// (Fairy-Stockfish's counting_limit), 0 for none: while pawns are on
// the board and the side to move has more than its king (with pawnsBar,
// while pawns are on the board; with bareBar, when the side that moved
// is bare too).
func (p *Position) countingMoves() int {
	spec := &countingRules[p.v.Counting]
	us := p.side
	if p.pieces[Pawn] != 0 && (spec.pawnsBar || p.colors[us].Count() > 1) ||
		spec.bareBar && p.colors[us^1].Count() == 1 {
		return 0
	}
	if p.colors[us].Count() > 1 {
		return spec.boardsHonour
	}
	for _, row := range spec.rows {
		if p.roleCount(us^1, row.a) >= row.n && p.roleCount(us^1, row.b) >= 1 {
			return row.limit
		}
	}
	return spec.otherwise
}

// advanceCount updates the count of c, the position after a move from p,
// whose halfmove clock MakeMove has set: while a count is on, that field
// counts the plies of the count instead.
func (c *Position) advanceCount(p *Position) {
	if p.checks != 0 {
		c.halfmove = p.halfmove + 1
	}
	us := c.side
	bare := c.colors[us].Count() == 1
	// The side to move lost a piece only by a capture.
	captured := c.colors[us] != p.colors[us]
	if !(bare && (p.checks == 0 || captured) || p.checks == 0 && c.pieces[Pawn] == 0) {
		return
	}
	n := c.countingMoves()
	if n == 0 {
		// No limit: a count on goes on, and without one the field stays
		// the halfmove clock (Fairy-Stockfish 11.1 keeps its count when
		// a capture leaves king against king).
		return
	}
	c.checks = uint8(2 * n)
	switch {
	case bare && countingRules[c.v.Counting].startAtPieces:
		c.halfmove = uint16(2 * c.Occupied().Count())
	default:
		c.halfmove = 0
	}
}
