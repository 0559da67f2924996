package engines

import (
	"errors"
	"fmt"
)

// Rect is a rectangle of squares given by its lowest file and rank (0-based,
// in main-board coordinates) and its size. A bunker is a Rect whose squares
// lie under the main-board squares of the same file and rank.
type Rect struct {
	File, Rank   int
	Files, Ranks int
}

// Directions, in the order of the ray tables. Squares are numbered rank
// by rank within a region, so N, NE, NW and E make the square index grow
// along the ray and S, SE, SW and W make it shrink; upRay and downRay rely
// on this to find the first blocker with one bit scan.
const (
	dirN = iota
	dirNE
	dirE
	dirSE
	dirS
	dirSW
	dirW
	dirNW
	numDirs
)

var dirSteps = [numDirs][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

var knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}

// region is one rectangle of squares: the main board or a bunker.
type region struct {
	Rect
	base   int  // index of the region's lowest square
	bunker bool // squares named with a V prefix
}

// Geometry is a board: its squares and, per square, the step and ray
// tables every rule reads. It is built once per variant and shared.
//
// Moves never leave the region (main board or bunker) they start in,
// except through a link: the one-square vertical step between a bunker
// square and the main-board square above it.
type Geometry struct {
	files, ranks int // main board
	numSquares   int
	all          Bitboard
	bunkers      Bitboard
	regions      []region

	// names, file and rank cover the squares of a wide board too
	// (newNamingGeometry), whose other tables stay empty.
	names  [maxNamedSquares]string
	file   [maxNamedSquares]int8
	rank   [maxNamedSquares]int8
	byName map[string]Square

	ray        [numDirs][64]Bitboard // squares along a direction, nearest first
	between    [64][64]Bitboard      // squares strictly between two squares on one ray
	knight     [64]Bitboard
	king       [64]Bitboard
	link       [64]Bitboard // the vertical bunker step, both ways
	pawnPush   [2][64]Bitboard
	pawnDouble [2][64]Bitboard // two steps ahead, from the second rank only
	pawnAttack [2][64]Bitboard
	lastRank   [2]Bitboard // where a pawn of the colour promotes

	// Slider attacks by magic hashing (magic.go).
	rankMagic [64]magic // the squares along the rank
	fileMagic [64]magic // along the file
	diagMagic [64]magic // along both diagonals
	sliders   []Bitboard

	// For the legal counter (legal.go): the whole line through two
	// squares on one ray (both included, empty elsewhere), the sliders'
	// moves on the empty board and, on a board without bunkers (square =
	// rank*files + file), what moving all pawns at once by shifts needs:
	// the squares off the first and the last file, and where a pawn's
	// single step from its double-step rank ends.
	line                      [64][64]Bitboard
	rookRays, bishopRays      [64]Bitboard
	notFirstFile, notLastFile Bitboard
	doubleVia                 [2]Bitboard
}

// maxNamedSquares is the most squares a Geometry names: package wide's
// boards, up to 12x10.
const maxNamedSquares = 128

// NewGeometry builds a board of files x ranks main squares plus the given
// bunkers: 2 to 14 files (a rank's slider table stays small, see
// magic.go), 2 to 9 ranks, at most 64 squares in all.
func NewGeometry(files, ranks int, bunkers ...Rect) (*Geometry, error) {
	if files < 2 || ranks < 2 || files > maxFiles || ranks > 9 {
		return nil, fmt.Errorf("geometry: board %dx%d out of range", files, ranks)
	}
	g := &Geometry{files: files, ranks: ranks, byName: map[string]Square{}}
	g.regions = append(g.regions, region{Rect: Rect{0, 0, files, ranks}})
	n := files * ranks
	for _, b := range bunkers {
		if b.Files < 1 || b.Ranks < 1 || b.File < 0 || b.Rank < 0 || b.File+b.Files > files || b.Rank+b.Ranks > ranks {
			return nil, fmt.Errorf("geometry: bunker %+v does not lie under the board", b)
		}
		g.regions = append(g.regions, region{Rect: b, base: n, bunker: true})
		n += b.Files * b.Ranks
	}
	if n > 64 {
		return nil, errors.New("geometry: more than 64 squares")
	}
	g.numSquares = n
	for ri, r := range g.regions {
		for lr := 0; lr < r.Ranks; lr++ {
			for lf := 0; lf < r.Files; lf++ {
				sq := Square(r.base + lr*r.Files + lf)
				f, rk := r.File+lf, r.Rank+lr
				g.file[sq], g.rank[sq] = int8(f), int8(rk)
				name := fmt.Sprintf("%c%d", 'a'+f, rk+1)
				if r.bunker {
					name = "V" + name
				}
				if _, dup := g.byName[name]; dup {
					return nil, fmt.Errorf("geometry: bunkers %d overlap at %s", ri, name)
				}
				g.names[sq] = name
				g.byName[name] = sq
				g.all |= SquareBB(sq)
				if r.bunker {
					g.bunkers |= SquareBB(sq)
				}
			}
		}
	}
	g.buildTables()
	if err := g.buildMagics(); err != nil {
		return nil, fmt.Errorf("geometry: board %dx%d: %w", files, ranks, err)
	}
	return g, nil
}

// step returns the square reached from sq by (df, dr) inside sq's own
// region, or NoSquare.
func (g *Geometry) step(sq Square, df, dr int) Square {
	r := g.regionOf(sq)
	f, rk := int(g.file[sq])+df, int(g.rank[sq])+dr
	if f < r.File || f >= r.File+r.Files || rk < r.Rank || rk >= r.Rank+r.Ranks {
		return NoSquare
	}
	return Square(r.base + (rk-r.Rank)*r.Files + (f - r.File))
}

func (g *Geometry) regionOf(sq Square) *region {
	for i := len(g.regions) - 1; i >= 0; i-- {
		if int(sq) >= g.regions[i].base {
			return &g.regions[i]
		}
	}
	return &g.regions[0]
}

func (g *Geometry) stepBB(sq Square, df, dr int) Bitboard {
	if t := g.step(sq, df, dr); t != NoSquare {
		return SquareBB(t)
	}
	return 0
}

func (g *Geometry) buildTables() {
	for s := 0; s < g.numSquares; s++ {
		sq := Square(s)
		for d, st := range dirSteps {
			for t := g.step(sq, st[0], st[1]); t != NoSquare; t = g.step(t, st[0], st[1]) {
				g.ray[d][sq] |= SquareBB(t)
			}
			g.king[sq] |= g.stepBB(sq, st[0], st[1])
		}
		for _, st := range knightSteps {
			g.knight[sq] |= g.stepBB(sq, st[0], st[1])
		}
		for c, dr := range [2]int{1, -1} {
			g.pawnPush[c][sq] = g.stepBB(sq, 0, dr)
			g.pawnAttack[c][sq] = g.stepBB(sq, -1, dr) | g.stepBB(sq, 1, dr)
			second := 1
			if c == int(Black) {
				second = g.ranks - 2
			}
			if !g.bunkers.Has(sq) && int(g.rank[sq]) == second {
				g.pawnDouble[c][sq] = g.stepBB(sq, 0, 2*dr)
			}
		}
		last := [2]int8{int8(g.ranks - 1), 0}
		for c := range last {
			if g.rank[sq] == last[c] {
				g.lastRank[c] |= SquareBB(sq)
			}
		}
		if g.bunkers.Has(sq) {
			above := Square(int(g.rank[sq])*g.files + int(g.file[sq]))
			g.link[sq] |= SquareBB(above)
			g.link[above] |= SquareBB(sq)
		}
	}
	for s := 0; s < g.numSquares; s++ {
		for d := 0; d < numDirs; d++ {
			ray := g.ray[d][s]
			// dirs d and d+4 are opposite.
			line := ray | g.ray[(d+4)%numDirs][s] | SquareBB(Square(s))
			for r := ray; r != 0; {
				t := r.Pop()
				// Squares of the ray from s up to, not including, t.
				g.between[s][t] = ray &^ g.ray[d][t] &^ SquareBB(t)
				g.line[s][t] = line
			}
		}
		g.rookRays[s] = g.ray[dirN][s] | g.ray[dirE][s] | g.ray[dirS][s] | g.ray[dirW][s]
		g.bishopRays[s] = g.ray[dirNE][s] | g.ray[dirSE][s] | g.ray[dirSW][s] | g.ray[dirNW][s]
	}
	if g.bunkers == 0 {
		for s := 0; s < g.numSquares; s++ {
			sq := Square(s)
			if g.file[sq] != 0 {
				g.notFirstFile |= SquareBB(sq)
			}
			if int(g.file[sq]) != g.files-1 {
				g.notLastFile |= SquareBB(sq)
			}
			for c := range g.doubleVia {
				if g.pawnDouble[c][sq] != 0 {
					g.doubleVia[c] |= g.pawnPush[c][sq]
				}
			}
		}
	}
}

// NumSquares returns the number of squares, bunkers included.
func (g *Geometry) NumSquares() int { return g.numSquares }

// Files returns the number of files of the main board.
func (g *Geometry) Files() int { return g.files }

// Ranks returns the number of ranks of the main board.
func (g *Geometry) Ranks() int { return g.ranks }

// All returns the set of every square.
func (g *Geometry) All() Bitboard { return g.all }

// Bunkers returns the set of bunker squares.
func (g *Geometry) Bunkers() Bitboard { return g.bunkers }

// SquareName returns the name of sq: "e4", or "Vc1" for a bunker square.
func (g *Geometry) SquareName(sq Square) string {
	if int(sq) >= g.numSquares {
		return "-"
	}
	return g.names[sq]
}

// File returns the 0-based file of sq (bunker squares take the file of the
// square above them).
func (g *Geometry) File(sq Square) int { return int(g.file[sq]) }

// Rank returns the 0-based rank of sq.
func (g *Geometry) Rank(sq Square) int { return int(g.rank[sq]) }

// IsBunker reports whether sq is a bunker square.
func (g *Geometry) IsBunker(sq Square) bool { return g.bunkers.Has(sq) }

// ParseSquare reads a square name ("e4", "Vc1"; the V in either case).
func (g *Geometry) ParseSquare(s string) (Square, error) {
	// A main-board square below the tenth rank, the usual case, without
	// the map: its name is its file's letter and its rank's digit.
	if len(s) == 2 {
		f, r := int(s[0])-'a', int(s[1])-'1'
		if f >= 0 && f < g.files && r >= 0 && r < min(g.ranks, 9) {
			return g.squareAt(f, r), nil
		}
	}
	if len(s) > 1 && s[0] == 'v' {
		s = "V" + s[1:]
	}
	if sq, ok := g.byName[s]; ok {
		return sq, nil
	}
	return NoSquare, fmt.Errorf("no square %q on this board", s)
}

// squareAt returns the main-board square at file f, rank r.
func (g *Geometry) squareAt(f, r int) Square { return Square(r*g.files + f) }

// KnightSteps, KingSteps and PawnAttacks expose the step tables (links
// excluded) for evaluation code.
func (g *Geometry) KnightSteps(sq Square) Bitboard { return g.knight[sq] }

// KingSteps returns the king steps from sq inside its region.
func (g *Geometry) KingSteps(sq Square) Bitboard { return g.king[sq] }

// PawnAttacks returns the squares a pawn of colour c on sq captures on,
// inside its region.
func (g *Geometry) PawnAttacks(c Color, sq Square) Bitboard { return g.pawnAttack[c][sq] }

// PawnPushes returns the square a pawn of colour c on sq steps forward
// to inside its region (empty set at the region's edge).
func (g *Geometry) PawnPushes(c Color, sq Square) Bitboard { return g.pawnPush[c][sq] }

// LastRank returns the squares where a pawn of colour c promotes.
func (g *Geometry) LastRank(c Color) Bitboard { return g.lastRank[c] }

// Link returns the square linked to sq by a vertical bunker step, if any.
func (g *Geometry) Link(sq Square) Bitboard { return g.link[sq] }

// RookAttacks returns the rook moves from sq given the occupied squares,
// links excluded. This is the hottest code of move generation and of the
// evaluation: a table lookup for the rank and one for the file
// (magic.go), inlined where it is called.
func (g *Geometry) RookAttacks(sq Square, occ Bitboard) Bitboard {
	return g.sliders[g.rankMagic[sq].index(occ)] | g.sliders[g.fileMagic[sq].index(occ)]
}

// BishopAttacks returns the bishop moves from sq given the occupied
// squares, links excluded: one table lookup.
func (g *Geometry) BishopAttacks(sq Square, occ Bitboard) Bitboard {
	return g.sliders[g.diagMagic[sq].index(occ)]
}

// upRay returns the squares of ray d from sq up to and including the
// first occupied one, for a ray toward higher square numbers (its first
// blocker is the lowest set bit).
func (g *Geometry) upRay(d int, sq Square, occ Bitboard) Bitboard {
	r := g.ray[d][sq]
	if b := r & occ; b != 0 {
		r ^= g.ray[d][b.First()]
	}
	return r
}

// downRay is upRay for a ray toward lower square numbers (its first
// blocker is the highest set bit).
func (g *Geometry) downRay(d int, sq Square, occ Bitboard) Bitboard {
	r := g.ray[d][sq]
	if b := r & occ; b != 0 {
		r ^= g.ray[d][b.Last()]
	}
	return r
}

// rankBB returns the main-board squares of rank r.
func (g *Geometry) rankBB(r int) Bitboard {
	var b Bitboard
	for f := 0; f < g.files; f++ {
		b |= SquareBB(g.squareAt(f, r))
	}
	return b
}
