package wide

// Walls at the edge (Fairy-Stockfish's wallingRule = edge with
// wallOrMove, atlantis): instead of moving, a side places a wall on an
// empty square of the board's edge or next to a wall (orthogonally), so
// the board wears away from its rim. Fairy-Stockfish writes the
// placement as a pass from the side's first piece's square (a1 first)
// followed by the wall, "a1a1,a1a3", and every other move with the wall
// a1 that stands for none, "e2e4,e4a1"; a1 itself never takes a wall.
// Here the placement is a pass (kindPass) whose wall square sits in the
// bits arrow walls use (wallShift); other moves keep those bits 0.

// edgeWalls appends the side to move's wall placements. None in check:
// a pass cannot answer it, as in Fairy-Stockfish.
func (p *Position) edgeWalls(list []Move) []Move {
	v := p.v
	own := p.byColor[p.side]
	if !own.any() || p.flags&flagInCheck != 0 {
		return list
	}
	from := own.pop()
	pass := makeMove(from, from, NoPieceType, kindPass)
	for b := v.edge.or(p.wallNeighbours()).andNot(p.Occupied()); b.any(); {
		list = append(list, pass.withWall(b.pop()))
	}
	return list
}

// wallNeighbours returns the squares orthogonally next to a wall.
func (p *Position) wallNeighbours() Bitboard {
	var out Bitboard
	for b := p.walls; b.any(); {
		out = out.or(p.v.wazirSteps[b.pop()])
	}
	return out
}

// isWallPlacement reports whether m, in a variant with Rules.EdgeWalls,
// places a wall instead of a move.
func (m Move) isWallPlacement() bool { return m.kind() == kindPass }
