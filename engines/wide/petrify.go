package wide

// petrify turns the square of a capture by a type of Rules.PetrifyTypes
// into a wall, the capturing piece leaving the game (an explosion may
// have taken it already); kept apart from the generator so that a variant
// without it pays one table test per capture.
func (p *Position) petrify(to Square) {
	if p.board[to] != NoPiece {
		if p.v.ext {
			p.clearPromo(to)
		}
		p.remove(to)
	}
	p.walls = p.walls.With(to)
	p.hash ^= zobristWall[to]
}
