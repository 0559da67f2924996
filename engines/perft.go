package engines

// Perft returns the number of leaves of the legal move tree depth plies
// below p. The last ply is counted in bulk (CountMoves), as Stockfish and
// Fairy-Stockfish do.
func Perft(p *Position, depth int) uint64 {
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
		n += Perft(&child, depth-1)
	}
	return n
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
