package wide

import (
	"errors"
	"fmt"
	"strings"
)

// Board limits: Fairy-Stockfish's large boards.
const (
	MaxFiles   = 12
	MaxRanks   = 10
	maxSquares = MaxFiles * MaxRanks
	// MaxPieceTypes is the number of piece types a variant may have.
	MaxPieceTypes = 31
	maxTypes      = MaxPieceTypes + 1
	// MaxMoves bounds the legal moves of any position GenerateLegal is
	// asked for (buffers of this size never grow).
	MaxMoves = 1024
)

// lameMove is a lame leap: its other square (the target in forward
// tables, the source in reverse ones) and the squares that block it.
type lameMove struct {
	sq           Square
	path         Bitboard
	quiet, capts bool
}

// rayKind is the squares a rider reaches from each square on an empty
// board along one step, limited in range and to the palace lines as its
// atom says.
type rayKind struct {
	dir int  // index of the unlimited rays of the same step in Variant.full
	up  bool // the squares along the ray increase (the first blocker is the lowest)
	ray []Bitboard
}

// ride is a rider's or hopper's atom: its ray kind for the mover and the
// reverse kind (from the target back to the mover), for attack tests.
type ride struct {
	kind, rev    int
	quiet, capts bool
	grass        bool
}

// typeTables are the move tables of one piece type of one colour.
type typeTables struct {
	quiet, capts []Bitboard // leaps per square (mobility region applied)
	revCapts     []Bitboard // per square: the squares whose capture leaps reach it
	lame         [][]lameMove
	revLame      [][]lameMove // capture lame leaps to the square
	sliders      []ride
	hoppers      []ride
	pseudo       []Bitboard // per square: every square an attack on it may come from
	region       Bitboard
	immobile     []bool // per square: no quiet move on an empty board
	anyImmobile  bool
}

// Variant is a compiled Rules: the tables the generator reads. It is
// read-only after NewVariant and may be shared by goroutines.
type Variant struct {
	r            Rules
	files, ranks int
	nsq          int
	ntypes       int
	letter       [maxTypes]byte
	byLetter     [128]PieceType
	royal        PieceType
	pawn         PieceType
	pawnType     PieceType         // the Pawn unless CustomPawn: Fairy-Stockfish's own pawn type
	pawnOf       [2]PieceType      // each side's pawn: the Pawn unless Rules.PawnOf says otherwise
	nmove        [2][maxTypes]bool // the types whose moves reset the n-move count
	petrify      [maxTypes]bool    // the types Rules.PetrifyTypes names
	sameHurdle   PieceType         // the type with NoSameHurdle
	castleRook   PieceType
	castleKing   PieceType // Rules.CastlingKing's type, NoPieceType for the royal piece
	flagPiece    PieceType
	all          Bitboard
	fileBB       [MaxFiles]Bitboard
	rankBB       [MaxRanks]Bitboard
	t            [2][maxTypes]typeTables
	kinds        []rayKind
	full         [][]Bitboard
	fullUp       []bool
	dangerLines  []Bitboard    // per square: the lines a rider or hopper may attack it along
	legs         [2][]Bitboard // per attacking colour and square: the squares of lame paths to it
	promo        [2][]PieceType
	limit        [maxTypes]int
	extinct      [maxTypes]bool
	connect      [maxTypes]bool // the types Rules.ConnectTypes counts
	connectDirs  [][2]int       // the (file, rank) steps of a connect-N line
	rookLines    []Bitboard     // per square: its file and rank (flying general, bikjang)
	hasRiders    bool
	blastZone    []Bitboard // per square: it and the squares around (Rules.BlastOnCapture); nil without
	edge         Bitboard   // the board's rim (Rules.EdgeWalls)
	wazirSteps   []Bitboard // per square: its orthogonal neighbours (Rules.EdgeWalls); nil without

	// The ataxx, reversi and snailtrail families (ataxx.go).
	ax        *ataxxTables // Rules.Ataxx's tables, nil when the variant uses none of its rules
	wallMoves bool         // moves carry a wall (ArrowWalls, Ataxx.PastWalls)

	connectRegions bool // Rules.ConnectRegion has a region

	// Pieces in hand, drops, piece promotion, gating.
	hands        bool                  // positions hold pieces in hand (FEN "[...]")
	ext          bool                  // positions use the state after the board (hands, promoted pieces, gates)
	immobile     [2][maxTypes]Bitboard // where a type could not move (ImmobilityIllegal)
	hoppers      bool
	promoted     [maxTypes]PieceType   // a type's promoted type (PieceRule.PromotesTo)
	dropZone     [2][maxTypes]Bitboard // where a type may be dropped, before the position's own rules
	shogiPawn    PieceType
	noDoubled    PieceType // DropNoDoubled's type
	mustDropType PieceType // MustDropType's type
	bishop       PieceType // the type of the opposite-coloured bishops rule
	dark         Bitboard  // the dark squares (a1's colour)
	sittuyin     [2]Bitboard
	pawnZone     [2]Bitboard // where the pawn promotes as a pawn (none under SittuyinPromotion)
}

// Rules returns the description the variant was made from.
func (v *Variant) Rules() Rules { return v.r }

// Name returns the variant's name.
func (v *Variant) Name() string { return v.r.Name }

// Files returns the number of files.
func (v *Variant) Files() int { return v.files }

// Ranks returns the number of ranks.
func (v *Variant) Ranks() int { return v.ranks }

// StartFEN returns the start position.
func (v *Variant) StartFEN() string { return v.r.StartFEN }

// HasCheck reports whether the royal piece may not be left attacked.
func (v *Variant) HasCheck() bool { return v.r.Checking && v.royal != NoPieceType }

// PieceTypes returns the variant's piece types in order.
func (v *Variant) PieceTypes() []PieceType {
	out := make([]PieceType, v.ntypes)
	for i := range out {
		out[i] = PieceType(i + 1)
	}
	return out
}

// TypeLetter returns the lower-case FEN letter of t (0 for no type).
func (v *Variant) TypeLetter(t PieceType) byte {
	if int(t) > v.ntypes {
		return 0
	}
	return v.letter[t]
}

// TypeOf returns the type of a FEN letter of either case.
func (v *Variant) TypeOf(letter byte) PieceType {
	if letter >= 'A' && letter <= 'Z' {
		letter += 'a' - 'A'
	}
	if letter >= 128 {
		return NoPieceType
	}
	return v.byLetter[letter]
}

// RoyalType returns the royal type, NoPieceType if none.
func (v *Variant) RoyalType() PieceType { return v.royal }

// PieceLetter returns pc's FEN letter, upper case for White.
func (v *Variant) PieceLetter(pc Piece) byte {
	l := v.TypeLetter(pc.Type())
	if l != 0 && pc.Color() == White {
		l -= 'a' - 'A'
	}
	return l
}

// SquareOf returns the square of a 0-based file and rank, NoSquare off
// the board.
func (v *Variant) SquareOf(file, rank int) Square {
	if file < 0 || file >= v.files || rank < 0 || rank >= v.ranks {
		return NoSquare
	}
	return Square(rank*v.files + file)
}

// FileOf and RankOf return a square's 0-based file and rank.
func (v *Variant) FileOf(s Square) int { return int(s) % v.files }

// RankOf returns a square's 0-based rank.
func (v *Variant) RankOf(s Square) int { return int(s) / v.files }

// SquareName returns a square's name: "a1", "j10".
func (v *Variant) SquareName(s Square) string {
	if int(s) >= v.nsq {
		return "-"
	}
	return fmt.Sprintf("%c%d", 'a'+v.FileOf(s), v.RankOf(s)+1)
}

// ParseSquare reads a square's name.
func (v *Variant) ParseSquare(s string) (Square, error) {
	if len(s) < 2 || len(s) > 3 || s[0] < 'a' || int(s[0]-'a') >= v.files {
		return NoSquare, fmt.Errorf("%q is not a square of %s", s, v.r.Name)
	}
	r := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return NoSquare, fmt.Errorf("%q is not a square of %s", s, v.r.Name)
		}
		r = r*10 + int(c-'0')
	}
	if r < 1 || r > v.ranks || s[1] == '0' {
		return NoSquare, fmt.Errorf("%q is not a square of %s", s, v.r.Name)
	}
	return Square((r-1)*v.files + int(s[0]-'a')), nil
}

// relRank returns the 0-based rank of s seen from c's side.
func (v *Variant) relRank(c Color, s Square) int {
	r := v.RankOf(s)
	if c == Black {
		return v.ranks - 1 - r
	}
	return r
}

// NewVariant checks r and compiles its tables. Every problem is one line
// naming the field.
func NewVariant(r Rules) (*Variant, error) {
	v, err := newVariant(r)
	if err != nil {
		name := r.Name
		if name == "" {
			name = "variant"
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}

func newVariant(r Rules) (*Variant, error) {
	if r.Files < 1 || r.Files > MaxFiles || r.Ranks < 1 || r.Ranks > MaxRanks {
		return nil, fmt.Errorf("board of %d files and %d ranks: at most %d files and %d ranks", r.Files, r.Ranks, MaxFiles, MaxRanks)
	}
	if len(r.Pieces) == 0 {
		return nil, errors.New("no piece types")
	}
	if len(r.Pieces) > MaxPieceTypes {
		return nil, fmt.Errorf("%d piece types, at most %d", len(r.Pieces), MaxPieceTypes)
	}
	v := &Variant{files: r.Files, ranks: r.Ranks, nsq: r.Files * r.Ranks, ntypes: len(r.Pieces)}
	// Copy the slices the caller may change later.
	r.Pieces = append([]PieceRule(nil), r.Pieces...)
	for i := range r.Pieces {
		r.Pieces[i].Atoms = append([]Atom(nil), r.Pieces[i].Atoms...)
	}
	v.r = r
	for s := 0; s < v.nsq; s++ {
		v.all = v.all.With(Square(s))
		v.fileBB[s%v.files] = v.fileBB[s%v.files].With(Square(s))
		v.rankBB[s/v.files] = v.rankBB[s/v.files].With(Square(s))
	}
	for _, compile := range []func(Rules) error{v.compilePieces, v.compileTypes, v.compileCastling, v.compileWins} {
		if err := compile(r); err != nil {
			return nil, err
		}
	}
	v.build()
	v.prepareAtaxx()
	if err := v.compileWalls(r); err != nil {
		return nil, err
	}
	if r.StartFEN == "" {
		return nil, errors.New("no start position")
	}
	start, err := ParseFEN(v, r.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("start position: %w", err)
	}
	if r.ArrowWalls {
		if n := start.arrowMoveBound(); n > MaxMoves {
			return nil, fmt.Errorf("arrow walls: up to %d moves a position, more than the generator's %d", n, MaxMoves)
		}
	}
	return v, nil
}

// compilePieces checks each piece type's letter, atoms and roles (the
// royal, the pawn, the NoSameHurdle type: one each at most).
func (v *Variant) compilePieces(r Rules) error {
	for i, p := range r.Pieces {
		t := PieceType(i + 1)
		l := p.Letter
		if l < 'a' || l > 'z' {
			return fmt.Errorf("piece %q: letter %q is not a lower-case letter", p.Name, l)
		}
		if v.byLetter[l] != NoPieceType {
			return fmt.Errorf("piece %q: letter %q is taken by %q", p.Name, l, r.Pieces[v.byLetter[l]-1].Name)
		}
		v.letter[t], v.byLetter[l] = l, t
		if p.Royal {
			if v.royal != NoPieceType {
				return fmt.Errorf("piece %q: a second royal type", p.Name)
			}
			v.royal = t
		}
		if p.Pawn {
			if v.pawn != NoPieceType {
				return fmt.Errorf("piece %q: a second pawn type", p.Name)
			}
			v.pawn = t
			if !p.CustomPawn {
				v.pawnType = t
			}
		}
		if p.NoSameHurdle {
			if v.sameHurdle != NoPieceType {
				return fmt.Errorf("piece %q: a second type with NoSameHurdle", p.Name)
			}
			v.sameHurdle = t
		}
		for _, a := range p.Atoms {
			if err := checkAtom(a); err != nil {
				return fmt.Errorf("piece %q: %w", p.Name, err)
			}
		}
	}
	return nil
}

// letterType is the piece type with letter l, for the Rules field named
// field.
func (v *Variant) letterType(field string, l byte) (PieceType, error) {
	t := v.TypeOf(l)
	if t == NoPieceType {
		return 0, fmt.Errorf("%s: no piece type has letter %q", field, l)
	}
	return t, nil
}

// compileTypes turns the rules that name piece types by letter
// (promotions, petrification, the n-move rule, drops) into the type
// tables.
func (v *Variant) compileTypes(r Rules) error {
	for c := 0; c < 2; c++ {
		for _, l := range r.PromotionTypes[c] {
			t, err := v.letterType("PromotionTypes", l)
			if err != nil {
				return err
			}
			v.promo[c] = append(v.promo[c], t)
		}
	}
	for l, n := range r.PromotionLimit {
		t, err := v.letterType("PromotionLimit", l)
		if err != nil {
			return err
		}
		v.limit[t] = n
	}
	for i, p := range r.Pieces {
		if p.PromotesTo == 0 {
			continue
		}
		t, err := v.letterType("PromotesTo", p.PromotesTo)
		if err != nil {
			return fmt.Errorf("piece %q: %w", p.Name, err)
		}
		v.promoted[i+1] = t
	}
	for _, l := range r.PetrifyTypes {
		t, err := v.letterType("PetrifyTypes", l)
		if err != nil {
			return err
		}
		v.petrify[t] = true
	}
	for c := 0; c < 2; c++ {
		v.pawnOf[c] = v.pawn
		if l := r.PawnOf[c]; l != 0 {
			t, err := v.letterType("PawnOf", l)
			if err != nil {
				return err
			}
			v.pawnOf[c] = t
		}
	}
	for c := 0; c < 2; c++ {
		if r.NMoveTypes[c] == nil {
			v.nmove[c][v.pawnOf[c]] = v.pawnOf[c] != NoPieceType
			continue
		}
		for _, l := range r.NMoveTypes[c] {
			t, err := v.letterType("NMoveTypes", l)
			if err != nil {
				return err
			}
			v.nmove[c][t] = true
		}
	}
	for i, p := range r.Pieces {
		if p.ShogiPawn {
			v.shogiPawn = PieceType(i + 1)
		}
	}
	if r.DropNoDoubled != 0 {
		t, err := v.letterType("DropNoDoubled", r.DropNoDoubled)
		if err != nil {
			return err
		}
		v.noDoubled = t
	}
	if r.MustDropType != 0 {
		t, err := v.letterType("MustDropType", r.MustDropType)
		if err != nil {
			return err
		}
		if !r.MustDrop {
			return errors.New("MustDropType without MustDrop")
		}
		v.mustDropType = t
	}
	v.bishop = v.byName("bishop")
	if r.DropOppositeColoredBishop && v.bishop == NoPieceType {
		return errors.New("DropOppositeColoredBishop without a bishop")
	}
	if r.SittuyinPromotion && v.pawn == NoPieceType {
		return errors.New("SittuyinPromotion without a pawn type")
	}
	v.hands = r.Drops || r.SeirawanGating || r.Gating
	v.ext = v.hands
	for _, t := range v.promoted {
		v.ext = v.ext || t != NoPieceType
	}
	if len(v.promo[0]) > 0 && v.pawnOf[0] == NoPieceType || len(v.promo[1]) > 0 && v.pawnOf[1] == NoPieceType {
		return errors.New("PromotionTypes without a pawn type")
	}
	return nil
}

// compileCastling checks castling's pieces and files.
func (v *Variant) compileCastling(r Rules) error {
	if r.Castling {
		if r.CastlingKing != 0 {
			t, err := v.letterType("CastlingKing", r.CastlingKing)
			if err != nil {
				return err
			}
			if t == v.royal {
				return errors.New("CastlingKing names the royal piece: leave it 0")
			}
			v.castleKing = t
		} else if v.royal == NoPieceType {
			return errors.New("castling without a royal piece")
		}
		t, err := v.letterType("CastlingRook", r.CastlingRook)
		if err != nil {
			return err
		}
		v.castleRook = t
		if r.CastlingRank < 1 || r.CastlingRank > r.Ranks {
			return fmt.Errorf("CastlingRank %d is off the board", r.CastlingRank)
		}
		for _, f := range []int{r.CastlingKingsideFile, r.CastlingQueensideFile} {
			if f < 1 || f > r.Files-2 {
				return fmt.Errorf("castling king file %d leaves no room for the rook", f)
			}
		}
	}
	return nil
}

// compileWins checks and compiles the ways a game ends beside mate:
// extinction, connections, flags and janggi's counting.
func (v *Variant) compileWins(r Rules) error {
	if (r.FlyingGeneral || r.Bikjang || r.KingPass) && v.royal == NoPieceType {
		return errors.New("flying general, bikjang or passing without a royal piece")
	}
	for _, l := range r.ExtinctionTypes {
		t, err := v.letterType("ExtinctionTypes", l)
		if err != nil {
			return err
		}
		v.extinct[t] = true
	}
	if r.ConnectN < 0 || r.ConnectNxN < 0 || r.CollinearN < 0 {
		return errors.New("a negative connect count")
	}
	for t := 1; t <= v.ntypes; t++ {
		v.connect[t] = len(r.ConnectTypes) == 0
	}
	for _, l := range r.ConnectTypes {
		t, err := v.letterType("ConnectTypes", l)
		if err != nil {
			return err
		}
		v.connect[t] = true
	}
	if r.ConnectLines.Horizontal {
		v.connectDirs = append(v.connectDirs, [2]int{1, 0})
	}
	if r.ConnectLines.Vertical {
		v.connectDirs = append(v.connectDirs, [2]int{0, 1})
	}
	if r.ConnectLines.Diagonal {
		v.connectDirs = append(v.connectDirs, [2]int{1, 1}, [2]int{1, -1})
	}
	for _, rg := range r.ConnectRegion {
		v.connectRegions = v.connectRegions || rg[0].any() || rg[1].any()
	}
	if r.FlagMove && (r.FlagPieceCount > 1 || r.FlagBlockedWin) {
		return errors.New("flagMove with more than one flag piece")
	}
	if r.FlagSafe && r.FlagMove && !r.FlagAll {
		return errors.New("FlagSafe with FlagMove and one flag piece type")
	}
	if r.FlagAll && r.FlagMove && v.royal != NoPieceType {
		return errors.New("FlagAll with FlagMove beside a royal piece")
	}
	if r.FlagAll && r.FlagPiece != 0 {
		return errors.New("FlagAll with a FlagPiece")
	}
	if r.FlagPiece != 0 {
		t, err := v.letterType("FlagPiece", r.FlagPiece)
		if err != nil {
			return err
		}
		v.flagPiece = t
	}
	if r.MaterialCounting == JanggiCounting {
		for _, n := range []string{"rook", "janggiCannon", "horse", "janggiElephant", "wazir", "soldier"} {
			if v.byName(n) == NoPieceType {
				return fmt.Errorf("janggi material counting without a %s", n)
			}
		}
	}
	return nil
}

// compileWalls checks the wall rules against the rest and makes the
// edge walls' tables. It runs after build, whose attack tables it reads.
func (v *Variant) compileWalls(r Rules) error {
	v.wallMoves = r.ArrowWalls || r.Ataxx.PastWalls
	if v.wallMoves && (v.hands || r.Castling) {
		// The wall's square takes the bits of a gating's type and of a
		// castling's gate (move.go).
		return errors.New("walls placed by moves with pieces in hand or castling")
	}
	if r.ArrowWalls {
		// The wall's squares are the piece's leaps and rides only
		// (quietTargets), and its bits are those of a castling's gate.
		if v.hands || r.Castling {
			return errors.New("ArrowWalls with pieces in hand or castling")
		}
		for c := range v.t {
			for t := range v.t[c] {
				tt := &v.t[c][t]
				lame := false
				for _, l := range tt.lame {
					lame = lame || len(l) > 0
				}
				if len(tt.hoppers) > 0 || lame {
					return errors.New("ArrowWalls with a hopper or a lame leaper")
				}
			}
		}
	}
	if r.EdgeWalls {
		// A placement is a pass with a wall in the bits of a castling's
		// gate side; both wall rules at once would share them too.
		if v.hands || v.wallMoves || r.KingPass || r.PassOnStalemate {
			return errors.New("EdgeWalls with pieces in hand, walls placed by moves or passing")
		}
		v.wazirSteps = make([]Bitboard, v.nsq)
		for s := 0; s < v.nsq; s++ {
			f, rk := v.FileOf(Square(s)), v.RankOf(Square(s))
			if f == 0 || rk == 0 || f == v.files-1 || rk == v.ranks-1 {
				v.edge = v.edge.With(Square(s))
			}
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if nf, nr := f+d[0], rk+d[1]; nf >= 0 && nf < v.files && nr >= 0 && nr < v.ranks {
					v.wazirSteps[s] = v.wazirSteps[s].With(v.SquareOf(nf, nr))
				}
			}
		}
	}
	return nil
}

func (v *Variant) byName(n string) PieceType {
	for i, p := range v.r.Pieces {
		if p.Name == n {
			return PieceType(i + 1)
		}
	}
	return NoPieceType
}

func checkAtom(a Atom) error {
	switch {
	case a.DX == 0 && a.DY == 0:
		return errors.New("atom of no step")
	case abs(a.DX) >= MaxFiles || abs(a.DY) >= MaxRanks:
		return fmt.Errorf("atom (%d, %d) longer than the largest board", a.DX, a.DY)
	case a.Range < 0:
		return fmt.Errorf("atom (%d, %d): negative range", a.DX, a.DY)
	case !a.Move && !a.Capture:
		return fmt.Errorf("atom (%d, %d) neither moves nor captures", a.DX, a.DY)
	case a.Hop && a.Grasshopper:
		return fmt.Errorf("atom (%d, %d): both hopper and grasshopper", a.DX, a.DY)
	case (a.Hop || a.Grasshopper) && a.Range == 1:
		return fmt.Errorf("atom (%d, %d): a hopper of one step", a.DX, a.DY)
	case a.Lame && a.Range != 1:
		return fmt.Errorf("atom (%d, %d): a lame rider", a.DX, a.DY)
	case a.Lame && (a.Hop || a.Grasshopper):
		return fmt.Errorf("atom (%d, %d): a lame hopper", a.DX, a.DY)
	case a.Lame && max(abs(a.DX), abs(a.DY)) > 3:
		return fmt.Errorf("atom (%d, %d): a lame leap longer than 3", a.DX, a.DY)
	}
	return nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// kind returns the index of the ray kind of step (dx, dy), range rng
// (0 unlimited), palace-only or not, making it on first use.
func (v *Variant) kind(dx, dy, rng int, palace bool, index map[[4]int]int, dirs map[[2]int]int) int {
	p := 0
	if palace {
		p = 1
	}
	key := [4]int{dx, dy, rng, p}
	if k, ok := index[key]; ok {
		return k
	}
	d, ok := dirs[[2]int{dx, dy}]
	if !ok {
		d = len(v.full)
		dirs[[2]int{dx, dy}] = d
		v.full = append(v.full, v.rays(dx, dy, 0, false))
		v.fullUp = append(v.fullUp, dy > 0 || dy == 0 && dx > 0)
	}
	k := len(v.kinds)
	index[key] = k
	v.kinds = append(v.kinds, rayKind{dir: d, up: v.fullUp[d], ray: v.rays(dx, dy, rng, palace)})
	return k
}

// rays returns, per square, the squares along (dx, dy) up to rng steps
// (0: to the edge), along the palace lines only if palace.
func (v *Variant) rays(dx, dy, rng int, palace bool) []Bitboard {
	out := make([]Bitboard, v.nsq)
	lines := v.r.DiagonalLines
	for s := 0; s < v.nsq; s++ {
		if palace && !lines.Has(Square(s)) {
			continue
		}
		f, r := s%v.files+dx, s/v.files+dy
		for n := 1; f >= 0 && f < v.files && r >= 0 && r < v.ranks; n++ {
			t := Square(r*v.files + f)
			if palace && !lines.Has(t) {
				break
			}
			out[s] = out[s].With(t)
			if rng != 0 && n >= rng {
				break
			}
			f, r = f+dx, r+dy
		}
	}
	return out
}

// lamePath returns the squares between s and s+(dx, dy) that block a lame
// leap, by Fairy-Stockfish's path: a step along the longer remaining
// coordinate, diagonal when both are equal.
func (v *Variant) lamePath(s Square, dx, dy int) Bitboard {
	f, r := v.FileOf(s), v.RankOf(s)
	tf, tr := f+dx, r+dy
	var b Bitboard
	for f != tf || r != tr {
		df, dr := abs(tf-f), abs(tr-r)
		switch {
		case df > dr:
			f += sign(tf - f)
		case df < dr:
			r += sign(tr - r)
		default:
			f += sign(tf - f)
			r += sign(tr - r)
		}
		if f != tf || r != tr {
			b = b.With(Square(r*v.files + f))
		}
	}
	return b
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// build compiles the per-type tables.
func (v *Variant) build() {
	v.buildBlast()
	index, dirs := map[[4]int]int{}, map[[2]int]int{}
	lines := v.r.DiagonalLines
	for c := Color(0); c < 2; c++ {
		sg := 1
		if c == Black {
			sg = -1
		}
		for i, p := range v.r.Pieces {
			t := PieceType(i + 1)
			tt := &v.t[c][t]
			tt.region = p.Mobility[c].and(v.all)
			if tt.region.IsEmpty() {
				tt.region = v.all
			}
			tt.quiet = make([]Bitboard, v.nsq)
			tt.capts = make([]Bitboard, v.nsq)
			tt.revCapts = make([]Bitboard, v.nsq)
			tt.lame = make([][]lameMove, v.nsq)
			tt.revLame = make([][]lameMove, v.nsq)
			tt.pseudo = make([]Bitboard, v.nsq)
			tt.immobile = make([]bool, v.nsq)
			for _, a := range p.Atoms {
				dx, dy := a.DX*sg, a.DY*sg
				switch {
				case a.Hop || a.Grasshopper:
					// A range bounds the whole move, hurdle and landing
					// (cannonshogi's pB2), as in Fairy-Stockfish.
					tt.hoppers = append(tt.hoppers, ride{
						kind: v.kind(dx, dy, a.Range, a.Palace, index, dirs), rev: v.kind(-dx, -dy, a.Range, a.Palace, index, dirs),
						quiet: a.Move, capts: a.Capture, grass: a.Grasshopper})
				case a.Range != 1:
					tt.sliders = append(tt.sliders, ride{
						kind: v.kind(dx, dy, a.Range, a.Palace, index, dirs), rev: v.kind(-dx, -dy, a.Range, a.Palace, index, dirs),
						quiet: a.Move, capts: a.Capture})
				default:
					for s := Square(0); int(s) < v.nsq; s++ {
						if p.Soldier && v.relRank(c, s) < v.r.SoldierRank-1 && !(a.DX == 0 && a.DY > 0) {
							continue
						}
						to := v.SquareOf(v.FileOf(s)+dx, v.RankOf(s)+dy)
						if to == NoSquare || !tt.region.Has(to) || a.Palace && !(lines.Has(s) && lines.Has(to)) {
							continue
						}
						if a.Lame {
							tt.lame[s] = append(tt.lame[s], lameMove{sq: to, path: v.lamePath(s, dx, dy), quiet: a.Move, capts: a.Capture})
							continue
						}
						if a.Move {
							tt.quiet[s] = tt.quiet[s].With(to)
						}
						if a.Capture {
							tt.capts[s] = tt.capts[s].With(to)
						}
					}
				}
			}
			// Merge lame leaps to one square (nN has eight atoms, each once).
			for s := Square(0); int(s) < v.nsq; s++ {
				tt.immobile[s] = !tt.quiet[s].any()
				for _, lm := range tt.lame[s] {
					if lm.quiet {
						tt.immobile[s] = false
					}
				}
				for _, rd := range tt.sliders {
					if rd.quiet && v.kinds[rd.kind].ray[s].and(tt.region).any() {
						tt.immobile[s] = false
					}
				}
				// A hopper that moves quietly counts as a rider: it is
				// immobile only where its line leaves the board at once,
				// as Fairy-Stockfish has it (a forward hopper may go to
				// the last rank but one).
				for _, rd := range tt.hoppers {
					if rd.quiet && v.kinds[rd.kind].ray[s].and(tt.region).any() {
						tt.immobile[s] = false
					}
				}
				if tt.immobile[s] {
					tt.anyImmobile = true
				}
			}
		}
	}
	// Reverse tables, pseudo-attacks, danger lines and lame legs.
	v.dangerLines = make([]Bitboard, v.nsq)
	v.rookLines = make([]Bitboard, v.nsq)
	for s := 0; s < v.nsq; s++ {
		v.rookLines[s] = v.fileBB[s%v.files].or(v.rankBB[s/v.files])
	}
	for c := Color(0); c < 2; c++ {
		v.legs[c] = make([]Bitboard, v.nsq)
		for t := PieceType(1); int(t) <= v.ntypes; t++ {
			tt := &v.t[c][t]
			for s := Square(0); int(s) < v.nsq; s++ {
				for b := tt.capts[s]; b.any(); {
					to := b.pop()
					tt.revCapts[to] = tt.revCapts[to].With(s)
				}
				for _, lm := range tt.lame[s] {
					if lm.capts {
						tt.revLame[lm.sq] = append(tt.revLame[lm.sq], lameMove{sq: s, path: lm.path, capts: true})
					}
				}
			}
			for s := Square(0); int(s) < v.nsq; s++ {
				if !tt.region.Has(s) {
					continue
				}
				ps := tt.revCapts[s]
				for _, lm := range tt.revLame[s] {
					ps = ps.With(lm.sq)
					v.legs[c][s] = v.legs[c][s].or(lm.path)
				}
				for _, rd := range tt.sliders {
					if rd.capts {
						ps = ps.or(v.kinds[rd.rev].ray[s])
					}
				}
				for _, rd := range tt.hoppers {
					if rd.capts {
						ps = ps.or(v.kinds[rd.rev].ray[s])
					}
				}
				tt.pseudo[s] = ps
			}
			if len(tt.sliders)+len(tt.hoppers) > 0 {
				v.hasRiders = true
			}
			if len(tt.hoppers) > 0 {
				v.hoppers = true
			}
		}
	}
	for _, k := range v.kinds {
		for s := 0; s < v.nsq; s++ {
			v.dangerLines[s] = v.dangerLines[s].or(v.full[k.dir][s])
		}
	}
	v.buildDrops()
}

// buildDrops compiles where each type may be dropped, as far as the
// board alone tells: the drop region within the type's mobility region,
// the pawn's ranks, the sittuyin rook's rank, and no square where the
// piece could not move (ImmobilityIllegal). The position's own rules
// (empty squares, nifu) come at generation.
func (v *Variant) buildDrops() {
	r := &v.r
	for s := 0; s < v.nsq; s++ {
		if (v.FileOf(Square(s))+v.RankOf(Square(s)))%2 == 0 {
			v.dark = v.dark.With(Square(s))
		}
	}
	for c := Color(0); c < 2; c++ {
		if !r.SittuyinPromotion {
			v.pawnZone[c] = r.PromotionRegion[c]
		}
		first := v.rankBB[0]
		if c == Black {
			first = v.rankBB[v.ranks-1]
		}
		region := r.DropRegion[c].and(v.all)
		if region.IsEmpty() {
			region = v.all
		}
		for t := PieceType(1); int(t) <= v.ntypes; t++ {
			tt := &v.t[c][t]
			z := region.and(tt.region)
			if t == v.pawnType && t != NoPieceType {
				if !r.PromotionZonePawnDrops {
					z = z.andNot(r.PromotionRegion[c])
				}
				if !r.FirstRankPawnDrops {
					z = z.andNot(first)
				}
			}
			if r.SittuyinRookDrop && v.r.Pieces[t-1].Name == "rook" {
				z = z.and(first)
			}
			if r.ImmobilityIllegal {
				for s := Square(0); int(s) < v.nsq; s++ {
					if tt.immobile[s] {
						v.immobile[c][t] = v.immobile[c][t].With(s)
					}
				}
			}
			v.dropZone[c][t] = z
		}
		// Sittuyin: the long diagonals from the corners of the side's
		// first rank, in the opponent's half.
		if r.SittuyinPromotion {
			var diag Bitboard
			r0 := 0
			dir := 1
			if c == Black {
				r0, dir = v.ranks-1, -1
			}
			for i := 0; i < v.ranks && i < v.files; i++ {
				diag = diag.With(v.SquareOf(i, r0+dir*i)).With(v.SquareOf(v.files-1-i, r0+dir*i))
			}
			var half Bitboard
			for rk := 0; rk < v.ranks; rk++ {
				rel := rk
				if c == Black {
					rel = v.ranks - 1 - rk
				}
				if rel > (v.ranks-1)/2 {
					half = half.or(v.rankBB[rk])
				}
			}
			v.sittuyin[c] = diag.and(half)
		}
	}
}

// String returns the variant's name.
func (v *Variant) String() string { return v.r.Name }

// pieceName returns the name of type t for messages.
func (v *Variant) pieceName(t PieceType) string {
	if t == NoPieceType || int(t) > v.ntypes {
		return "none"
	}
	if n := v.r.Pieces[t-1].Name; n != "" {
		return n
	}
	return strings.ToUpper(string(v.letter[t]))
}
