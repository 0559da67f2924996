package reference

import "fmt"

// Perft returns the number of leaves of the legal move tree depth plies
// deep from the position fen of the named variant ("extinction",
// "losalamos-bunkers", "losalamos-extinction", "evolution", "standard" or
// "fischerandom"). Perft of depth 0 is 1.
func Perft(variant, fen string, depth int) (uint64, error) {
	if depth < 0 {
		return 0, fmt.Errorf("reference: negative perft depth %d", depth)
	}
	p, err := parse(variant, fen)
	if err != nil {
		return 0, err
	}
	return p.perft(depth), nil
}

// Divide returns, for every legal move of the position (in UCI-like text,
// see the package comment), the perft(depth-1) count below it. depth must
// be at least 1.
func Divide(variant, fen string, depth int) (map[string]uint64, error) {
	if depth < 1 {
		return nil, fmt.Errorf("reference: divide depth %d, want at least 1", depth)
	}
	p, err := parse(variant, fen)
	if err != nil {
		return nil, err
	}
	out := map[string]uint64{}
	for _, m := range p.legalMoves() {
		text := m.String()
		if _, dup := out[text]; dup {
			return nil, fmt.Errorf("reference: internal error: two moves written %q", text)
		}
		next := p.play(m)
		out[text] = next.perft(depth - 1)
	}
	return out, nil
}

func (p *position) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.legalMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		next := p.play(m)
		n += next.perft(depth - 1)
	}
	return n
}
