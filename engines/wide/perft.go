package wide

import (
	"context"
	"fmt"
)

// MaxPerftDepth bounds the depth PerftContext accepts.
const MaxPerftDepth = 64

// Perft returns the number of leaves of the legal move tree depth plies
// below p, the last ply counted in bulk, as Fairy-Stockfish's go perft
// counts.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.GenerateLegal(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var child Position
	var n uint64
	for _, m := range moves {
		p.MakeMove(m, &child)
		n += Perft(&child, depth-1)
	}
	return n
}

// PerftContext is Perft that stops with ctx's error when ctx is done, and
// refuses a depth outside 0..MaxPerftDepth.
func PerftContext(ctx context.Context, p *Position, depth int) (uint64, error) {
	if depth < 0 || depth > MaxPerftDepth {
		return 0, fmt.Errorf("perft depth %d is not from 0 to %d", depth, MaxPerftDepth)
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth <= 3 {
		return Perft(p, depth), nil
	}
	var buf [MaxMoves]Move
	var child Position
	var n uint64
	for _, m := range p.GenerateLegal(buf[:0]) {
		p.MakeMove(m, &child)
		c, err := PerftContext(ctx, &child, depth-1)
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

// Divide returns the perft count below each legal move, by its UCI text.
func Divide(p *Position, depth int) map[string]uint64 {
	out := map[string]uint64{}
	var buf [MaxMoves]Move
	var child Position
	for _, m := range p.GenerateLegal(buf[:0]) {
		p.MakeMove(m, &child)
		out[p.UCI(m)] += Perft(&child, depth-1)
	}
	return out
}
