package engines

import (
	"context"
	"fmt"

	"varena/engines/wide"
)

// MaxPerftDepth bounds the depth PerftContext accepts. Each ply is a stack
// frame holding a move buffer, and no perft beyond a dozen or so plies
// finishes from a real position, so a larger depth is a typing error
// rather than a request (a depth of 2000000 would overflow the stack).
const MaxPerftDepth = 64

// perftCheckDepth is the remaining depth below which PerftContext hands
// the subtree to Perft without looking at the context: such a subtree
// takes well under a millisecond, so a cancellation is noticed quickly,
// while the check costs nothing measurable (one per thousands of leaves).
const perftCheckDepth = 3

// Perft returns the number of leaves of the legal move tree depth plies
// below p. The last ply is counted in bulk (CountMoves), as Stockfish and
// Fairy-Stockfish do. Perft does not check its depth (it is the hot loop
// of the benchmarks); callers with outside input use PerftContext.
func Perft(p *Position, depth int) uint64 {
	if p.w != nil {
		return wide.Perft(p.w, depth)
	}
	if p.v.plainLegal && !p.v.fairyRules {
		return perftPlain(p, depth)
	}
	return perftAny(p, depth)
}

// perftAny is Perft in any variant.
func perftAny(p *Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountMoves())
	}
	var buf [MaxMoves]Move
	var child Position
	var n uint64
	for _, m := range p.GenerateMoves(buf[:0]) {
		p.MakeMove(m, &child)
		n += perftAny(&child, depth-1)
	}
	return n
}

// perftPlain is Perft in a variant with check on a board without
// bunkers: the last ply counted by countLegalPlain, the moves above it
// made by makePerft.
func perftPlain(p *Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.countLegalPlain())
	}
	var buf [MaxMoves]Move
	var child Position
	var n uint64
	for _, m := range p.GenerateMoves(buf[:0]) {
		p.makePerft(m, &child)
		n += perftPlain(&child, depth-1)
	}
	return n
}

// makePerft writes into child the position after the legal move m as
// perft needs it: pieces, side to move, castling rights and en-passant
// square. It leaves the hash and the move counters as they were in p,
// and sets the en-passant square wherever an enemy pawn attacks it, the
// capture legal or not (MakeMove keeps it only when one is legal): the
// generator and the counters test each en-passant capture, so the counts
// are the same. child may not be p.
func (p *Position) makePerft(m Move, c *Position) {
	*c = *p
	v, g := p.v, p.v.Geometry
	from, to := m.From(), m.To()
	us, them := p.side, p.side^1
	c.side = them
	c.ep = NoSquare
	if p.castle != 0 {
		c.castle = p.castle & v.castling.mask[from] & v.castling.mask[to]
	}
	k := m.kind()
	if k == kindCastle {
		for i := range v.castling.rules {
			if r := &v.castling.rules[i]; r.moveTo == to && r.color == us && r.right != 0 {
				// Exclusive or is right whatever squares coincide: the
				// king's or the rook's own, or one's start the other's end.
				kings := SquareBB(r.kingFrom) ^ SquareBB(r.kingTo)
				rooks := SquareBB(r.rookFrom) ^ SquareBB(r.rookTo)
				c.pieces[King] ^= kings
				c.pieces[Rook] ^= rooks
				c.colors[us] ^= kings ^ rooks
				c.board[r.kingFrom], c.board[r.rookFrom] = NoPieceType, NoPieceType
				c.board[r.kingTo], c.board[r.rookTo] = King, Rook
				return
			}
		}
	}
	fromBB, toBB := SquareBB(from), SquareBB(to)
	moved := p.board[from]
	if captured := p.board[to]; captured != NoPieceType {
		c.pieces[captured] ^= toBB
		c.colors[them] ^= toBB
	}
	placed := moved
	switch {
	case k >= kindPromo:
		placed = m.Promotion()
	case k == kindDouble:
		if sq := g.pawnPush[us][from].First(); v.EnPassant && g.pawnAttack[us][sq]&p.pieces[Pawn]&p.colors[them] != 0 && !v.noEP.Has(sq) {
			c.ep = sq
		}
	case k == kindEnPassant:
		victim := g.pawnPush[them][to].First()
		c.pieces[Pawn] ^= SquareBB(victim)
		c.colors[them] ^= SquareBB(victim)
		c.board[victim] = NoPieceType
	}
	if v.Evolution {
		placed = evolved(placed)
	}
	c.pieces[moved] ^= fromBB
	c.pieces[placed] |= toBB
	c.colors[us] ^= fromBB | toBB
	c.board[from] = NoPieceType
	c.board[to] = placed
}

// PerftContext is Perft for long runs: it refuses a depth above
// MaxPerftDepth and stops with ctx's error when ctx is done.
func PerftContext(ctx context.Context, p *Position, depth int) (uint64, error) {
	if depth > MaxPerftDepth {
		return 0, fmt.Errorf("perft depth %d is beyond the limit of %d", depth, MaxPerftDepth)
	}
	if p.w != nil {
		return p.widePerft(ctx, depth)
	}
	n, ok := perftDone(ctx.Done(), p, depth)
	if !ok {
		return n, ctx.Err()
	}
	return n, nil
}

// perftDone counts like Perft, checking done at every node with more than
// perftCheckDepth plies below it; ok is false when done was closed.
func perftDone(done <-chan struct{}, p *Position, depth int) (n uint64, ok bool) {
	if depth <= perftCheckDepth {
		return Perft(p, depth), true
	}
	select {
	case <-done:
		return 0, false
	default:
	}
	var buf [MaxMoves]Move
	var child Position
	for _, m := range p.GenerateMoves(buf[:0]) {
		p.MakeMove(m, &child)
		c, ok := perftDone(done, &child, depth-1)
		n += c
		if !ok {
			return n, false
		}
	}
	return n, true
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p in generation order, the
// perft(depth-1) of the position after it.
func Divide(p *Position, depth int) []DivideEntry {
	var buf [MaxMoves]Move
	moves := p.GenerateMoves(buf[:0])
	out := make([]DivideEntry, 0, len(moves))
	var child Position
	for _, m := range moves {
		p.MakeMove(m, &child)
		out = append(out, DivideEntry{m, Perft(&child, depth-1)})
	}
	return out
}
