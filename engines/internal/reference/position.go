package reference

// Layers of the board. The main board is layer 0. The bunkers are two
// small extra layers that reuse the coordinates of the main squares above
// them: White's bunker has files c,d and ranks 1,2; Black's bunker has
// files c,d and ranks 5,6.
const (
	mainLayer        = 0
	whiteBunkerLayer = 1
	blackBunkerLayer = 2
)

// square is a board square: a layer plus 0-based file and rank.
type square struct {
	layer, file, rank int
}

func (s square) String() string {
	text := string(rune('a'+s.file)) + string(rune('1'+s.rank))
	if s.layer != mainLayer {
		return "V" + text
	}
	return text
}

// Pieces are FEN letters: upper case White, lower case Black, 0 empty.
func isWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

// withColor returns the letter of piece type kind (any case) in the colour
// of white.
func withColor(kind byte, white bool) byte {
	if white {
		return upper(kind)
	}
	return lower(kind)
}

// castling right indices
const (
	whiteShort = iota // K
	whiteLong         // Q
	blackShort        // k
	blackLong         // q
)

// position is copied by value when a move is played.
type position struct {
	v      *variant
	cells  [3][8][8]byte // [layer][file][rank]
	white  bool          // White to move
	castle [4]bool
	// The files of the king and rook of each castling right: e and the
	// corners, but in Chess960, where the FEN names them.
	castleKing, castleRook [4]int
	hasEP                  bool
	ep                     square // en-passant target square, valid if hasEP
}

// exists reports whether s is a square of the board of this variant.
func (v *variant) exists(s square) bool {
	switch s.layer {
	case mainLayer:
		return s.file >= 0 && s.file < v.files && s.rank >= 0 && s.rank < v.ranks
	case whiteBunkerLayer:
		return v.bunkers && (s.file == 2 || s.file == 3) && (s.rank == 0 || s.rank == 1)
	case blackBunkerLayer:
		return v.bunkers && (s.file == 2 || s.file == 3) && (s.rank == 4 || s.rank == 5)
	}
	return false
}

func (p *position) exists(s square) bool { return p.v.exists(s) }

// allSquares lists every square of the variant (computed once in init).
func (p *position) allSquares() []square { return p.v.squares }

func init() {
	for _, v := range variants {
		for layer := 0; layer < 3; layer++ {
			for f := 0; f < 8; f++ {
				for r := 0; r < 8; r++ {
					if s := (square{layer, f, r}); v.exists(s) {
						v.squares = append(v.squares, s)
					}
				}
			}
		}
	}
}

func (p *position) at(s square) byte     { return p.cells[s.layer][s.file][s.rank] }
func (p *position) set(s square, c byte) { p.cells[s.layer][s.file][s.rank] = c }

// extinct reports whether the side (white or black) lacks a piece of one of
// the species of the variant. Variants without species never go extinct.
func (p *position) extinct(white bool) bool {
	if p.v.species == "" {
		return false
	}
	var present [256]bool
	for _, s := range p.allSquares() {
		c := p.at(s)
		if c != 0 && isWhite(c) == white {
			present[upper(c)] = true
		}
	}
	for i := 0; i < len(p.v.species); i++ {
		if !present[p.v.species[i]] {
			return true
		}
	}
	return false
}

// over reports whether the game is over by a win condition, in which case
// the position has no legal moves.
func (p *position) over() bool {
	return p.extinct(true) || p.extinct(false)
}

// kingSquares lists the squares of the kings of one side.
func (p *position) kingSquares(white bool) []square {
	var out []square
	for _, s := range p.allSquares() {
		if p.at(s) == withColor('K', white) {
			out = append(out, s)
		}
	}
	return out
}
