package engines

import (
	"errors"
	"fmt"
	"sync"

	"varena/engines/wide"
)

// Variant describes the rules of one chess variant. The move generator,
// make-move, game-state detection and notation read it; a variant is this
// description, not code of its own. Build one with NewVariant.
type Variant struct {
	Name string // UCI_Variant name, e.g. "extinction"
	// Aliases are other names of the variant, in configs, PGN Variant
	// tags and other engines' UCI_Variant lists (chess for standard).
	Aliases []string
	// Orthodox: what a UCI engine without UCI_Variant plays (standard
	// chess; Chess960 when the engine offers UCI_Chess960).
	Orthodox bool
	Geometry *Geometry // the board
	StartFEN string    // the initial position

	Pieces     []PieceType // the piece types that exist in the variant
	Promotions []PieceType // what a pawn may promote to, in generation order
	// Species lists the piece types whose extinction loses the game (no
	// check in that case); empty when the variant has no extinction rule.
	Species []PieceType
	// Check makes the king royal: no move may leave it attacked, a side
	// without moves is checkmated when in check, stalemated otherwise.
	Check bool
	// Evolution: a piece other than the king that moves becomes the next
	// type of Knight, Bishop, Rook, Queen at its destination.
	Evolution bool
	// BareKingsDraw: a position with only the two kings is drawn.
	BareKingsDraw bool
	// InsufficientMaterial: a position where neither side can mate is
	// drawn, as cutechess-cli adjudicates it: no pawn, rook or queen, and
	// at most one minor piece or only bishops all on squares of one
	// colour (K v K, K+B v K, K+N v K, K+B v K+B with bishops alike).
	InsufficientMaterial bool
	Castling             bool // orthodox castling on an 8-file board, king on the e-file
	// Chess960 takes the castling king and rooks from each position's FEN
	// (X-FEN or Shredder-FEN rights) rather than from the e-file and the
	// corners, and writes a castling as the king taking its own rook.
	Chess960   bool
	DoubleStep bool // pawns on their second rank may advance two squares
	EnPassant  bool // a double step may be captured en passant
	// PromotionRegion holds, per colour, the squares on which a pawn
	// promotes (always: promotion is mandatory); zero is the colour's
	// last rank. DoubleStepRegion holds the squares from which a pawn
	// may step twice (with DoubleStep); zero is its second rank.
	// EnPassantRegion holds the squares an en-passant capture may land
	// on; zero is every square. A variant that sets any of them plays on
	// a copy of Geometry whose pawn tables say so (pawnregions.go), so
	// that the pawn code reads the same tables as for the others.
	PromotionRegion  [2]Bitboard
	DoubleStepRegion [2]Bitboard
	EnPassantRegion  Bitboard
	// KingLeaps, when set, are the leaps of the King instead of its
	// steps (knightmate's royal knight: the knight's 8). Each must be a
	// leap (Range 1) that moves and captures, and the set must be the
	// same mirrored left-right and up-down, so that one table serves
	// both colours and, read backwards, the attacks on a square. Like
	// the pawn regions it is a table of the variant's own Geometry copy.
	KingLeaps []Atom

	// The game-end and move rules of Fairy-Stockfish's variants.ini, each
	// named after the key it mirrors. The zero value of every one is the
	// rule as varena's built-in variants have it (RULES.md), so a
	// description that sets none of them plays exactly as before; a
	// variant that sets any of them takes the general path (fairyRules,
	// fairy.go), kept apart so that the built-in variants' hot paths do
	// not see it; where a rule restricts moves it makes and tests every
	// move, some 5 to 10 times slower than the built-in counting.

	// CheckmateValue (checkmateValue) is the result for the side that is
	// checkmated: a loss by default.
	CheckmateValue EndValue
	// StalemateValue (stalemateValue) is the result for the side to move
	// that has no legal move and is not in check: a draw by default
	// (ValueWin in antichess and giveaway, ValueLoss in shatranj).
	StalemateValue EndValue
	// ExtinctionValue (extinctionValue) is the result for the side whose
	// species died out. Zero keeps RULES.md's extinction: a side missing
	// one of Species has lost, and when both miss one the side that just
	// moved wins. Set (ValueLoss, ValueWin, ValueDraw), extinction is
	// Fairy-Stockfish's: a side with at most ExtinctionPieceCount pieces
	// of a species type, while its opponent has at least
	// ExtinctionOpponentPieceCount of that type, is extinct; the side
	// that just moved is looked at first, then the side to move, each
	// over the types in PieceType order (ExtinctionAll first), and the
	// first extinct one found decides: when a move makes both sides
	// extinct the side to move gets the value, where RULES.md has the
	// mover win.
	ExtinctionValue EndValue
	// ExtinctionAll (extinctionPieceTypes = *): all of a side's pieces
	// together are one species, so a side that has at most
	// ExtinctionPieceCount pieces left is extinct (antichess, giveaway,
	// horde). Needs ExtinctionValue.
	ExtinctionAll bool
	// ExtinctionPieceCount (extinctionPieceCount): a side is extinct when
	// it has at most this many pieces of a species type (threekings: 2).
	// Needs ExtinctionValue.
	ExtinctionPieceCount int
	// ExtinctionOpponentPieceCount (extinctionOpponentPieceCount): the
	// extinction counts only while the opponent has at least this many
	// pieces of the type (shatranj: 2, so that king against king goes
	// on). Needs ExtinctionValue.
	ExtinctionOpponentPieceCount int
	// ExtinctionClaim (extinctionClaim): the extinction of the side to
	// move counts only when its opponent has one piece more than
	// ExtinctionOpponentPieceCount, so that the side that went extinct
	// gets one move to make its opponent extinct in turn (shatranj's
	// bare king, as Fairy-Stockfish 11.1 describes it). Needs
	// ExtinctionValue.
	ExtinctionClaim bool
	// ExtinctionPseudoRoyal (extinctionPseudoRoyal): a side's pieces of a
	// species type of which it has only ExtinctionPieceCount+1 left (its
	// last ones) may not be left attacked, as a royal king. Needs
	// ExtinctionValue.
	ExtinctionPseudoRoyal bool
	// BareKingValue (bareKingValue) is the result for a side left with
	// nothing but its king(s); zero is no bare-king rule. Without
	// BareKingMove the side to move that is bare gets it at once; with
	// BareKingMove (bareKingMove) the bare side gets one more move, and
	// the rule applies when its opponent is to move after it.
	BareKingValue EndValue
	BareKingMove  bool
	// FlagPiece (flagPiece) and FlagRegion (whiteFlag, blackFlag): a side
	// whose piece of type FlagPiece stands on a square of its region wins
	// ("flag"), as soon as it got there (king of the hill) or, with
	// FlagMove (flagMove), once the opponent has had one more move: if
	// Black then reached its own region too, the game is drawn (racing
	// kings). NoPieceType (zero) is no flag rule.
	FlagPiece  PieceType
	FlagRegion [2]Bitboard
	FlagMove   bool
	// CheckCounting (checkCounting): a side that has given as many checks
	// as its count allows wins ("check limit"). The counts left are part
	// of the position: FEN carries them after the en-passant field as
	// W+B, the checks White and Black still have to give (3+3 at the
	// start of 3check), as Fairy-Stockfish 11.1 reads and writes them.
	// Needs Check.
	CheckCounting bool
	// MustCapture (mustCapture): when a side can capture, only captures
	// are legal (antichess, giveaway).
	MustCapture bool
	// StalematePieceCount (stalematePieceCount): a stalemate gives
	// StalemateValue to the side with fewer pieces on the board, and is
	// drawn when both have as many (suicide, whose value is a win).
	StalematePieceCount bool
	// Makpong (makpongRule): a king in check may not move, except to take
	// the one piece that gives check (makpong). Needs Check.
	Makpong bool
	// ShatarMate (shatarMateRule): shatar's mate. A checkmate given by
	// knights alone loses for the side that gave it; any other counts
	// only when one of the checks of the mating side's unbroken series
	// of checking moves was a shak, a check by a piece of ShakTypes
	// (knight, rook and bers); without one the game is drawn. The series
	// lives in the position (the byte of the check counts, so it
	// excludes CheckCounting and Counting). Needs Check.
	ShatarMate bool
	ShakTypes  []PieceType
	// CambodianMoves (cambodianMoves): cambodian's first leaps. A king
	// that has not moved may leap, when not in check, to an empty square
	// a knight's leap away on the rank ahead; a met (CambodianMet) that
	// has not moved may leap two squares straight ahead, to an empty
	// square or taking the enemy piece there (as 11.1 generates it). The
	// FEN's castling field names the files of the unmoved
	// king and met (DEde at the start, Fairy-Stockfish's gates); the
	// position keeps them in its castling rights, which a move from or
	// to the square ends. Excludes Castling.
	CambodianMoves bool
	CambodianMet   PieceType
	// NoChecking (checking = false): a move that gives check is illegal
	// (racing kings). Needs Check.
	NoChecking bool
	// NMoveRule (nMoveRule) is the number of moves without capture or pawn
	// move that draws: zero is 50, a negative number no such rule.
	NMoveRule int
	// NFoldRule (nFoldRule) is how many times a position must occur to end
	// the game: zero is 3.
	NFoldRule int
	// NFoldValue (nFoldValue) is the result of the repetition for the side
	// to move in the repeated position (with NFoldValueAbsolute,
	// nFoldValueAbsolute, for White): a draw by default.
	NFoldValue         EndValue
	NFoldValueAbsolute bool
	// Counting (countingRule) is Fairy-Stockfish's counting rule
	// (CountingRule: makruk's board's and pieces' honour); zero is none.
	// Its count lives in the position's halfmove field (the plies
	// counted, as Fairy-Stockfish's FEN has it) and in the byte of the
	// check counts, so it excludes CheckCounting and needs no n-move
	// rule (NMoveRule negative).
	Counting CountingRule
	// CountingTypes are the variant's types of the pieces the counting
	// limits count (CountRook, CountKhon, CountKnight, CountMet);
	// NoPieceType for a role the variant has no piece of.
	CountingTypes [numCountingRoles]PieceType

	// Fairy lists the variant's own piece types, FirstFairy upward: how
	// each moves and its letter. They exist in the variant whether or not
	// Pieces names them. Boards with bunkers take none.
	Fairy []FairyPiece

	// Derived by NewVariant.
	// fairyRules is set when any rule above differs from its zero value:
	// generation, counting and Status then take the general path.
	fairyRules bool
	// fairyPlainMoves: on the general path, no rule of which moves are
	// legal beyond the built-in ones (no MustCapture, NoChecking,
	// ExtinctionPseudoRoyal, Makpong or CambodianMoves), so that
	// generation and counting are the built-in ones' once the game-end
	// rules are looked at: those rules cost the variants without them
	// this one test.
	fairyPlainMoves bool
	// moveRules holds the rules whose state MakeMove keeps in the child
	// (moveRule bits), so that a variant with none pays one test for
	// them all on every move.
	moveRules moveRule

	// noEP: squares the EnPassantRegion leaves out, where a double step
	// gives no en-passant right.
	noEP Bitboard

	pieceSet [NumPieceTypes]bool
	// fairy holds the move tables of the Fairy types, by type less
	// FirstFairy; hasFairy says there is one, the one test the code of
	// the other variants pays (their move generation is unchanged).
	fairy    []*fairyTables
	hasFairy bool
	// pinLines: the squares where a piece may be pinned against a king
	// on a square by riders of a colour (filterLegalByMaking).
	pinLines *[2][64]Bitboard
	// speciesSlots are the indexes of Position.pieces holding the
	// species (Extinct): each orthodox type's own, 0 for the own type.
	speciesSlots []PieceType
	// plainLegal: check, no bunkers, no fairy piece; the legal counter
	// of legal.go then serves perft's last ply.
	plainLegal bool
	letters    [NumPieceTypes]byte // upper-case letter by type, 0 for none
	castling   castling            // the orthodox castlings; Chess960 positions carry their own
	gates      [4]Square           // CambodianMoves: the squares of the rights, in KQkq order (king, met; White, Black)
	start      Position            // StartFEN, parsed
	startFEN   string              // start.FEN(): StartFEN as FEN prints it
	// canonical is the variant itself, or for a copy holding a Chess960
	// game's castling setup, the variant it was copied from.
	canonical *Variant
	// wide holds the rules of a variant played by package wide
	// (NewWideVariant), nil for the others.
	wide *wide.Variant
}

// castling is the castling setup of a game: the four castlings and the
// rights each square keeps. It is fixed for a game (a right once lost
// never returns). The orthodox variants hold theirs; a Chess960 game's
// position points to a copy of its variant holding the setup read from
// its FEN (withCastling), which keeps Position as small as before: it is
// copied at every move.
type castling struct {
	rules [4]castleRule
	mask  [64]uint8 // rights kept when a move starts or ends on a square
}

// Castling rights, as bits of Position.castle.
const (
	castleWK uint8 = 1 << iota
	castleWQ
	castleBK
	castleBQ
	// castleChecked is no right: in a variant with both CheckCounting and
	// Counting (karouk, the first check wins), the mover gave its check
	// and has none left (fairy.go's firstCheckLeft). The hash takes it
	// through the checks' keys, not the castling ones (zobristCastle
	// repeats itself above the bit). It is a spare bit of this byte, not
	// a field of Position, because Position has no byte of padding left:
	// one more byte makes it 8 bytes longer, copied at every move, and
	// that measured about 4% fewer search nodes per CPU second in standard
	// chess (BenchmarkSearch/standard in engines/search, 7 runs each on a
	// shared machine), for a rule of one variant. A move after the check
	// would drop the bit through the castling masks, but none is made:
	// the check ended the game.
	castleChecked
	castleRights = castleWK | castleWQ | castleBK | castleBQ
)

// castleRule is one of the four castlings: the squares involved, the
// squares that must be empty and those the king must not find attacked.
// A castling's Move goes from kingFrom to moveTo: the king's destination
// in orthodox notation (e1g1), the rook's square in Chess960's
// king-takes-rook (e1h1), which stays unambiguous when the king does not
// move at all.
type castleRule struct {
	right            uint8
	color            Color
	kingFrom, kingTo Square
	rookFrom, rookTo Square
	moveTo           Square
	empty            Bitboard // every square between and onto, but the king's and rook's own
	path             Bitboard // kingFrom to kingTo, both included: never attacked (variants with check)
}

// newCastleRule derives a castling of colour c on the board's back rank
// from the king's and rook's files; kingside when the rook is the king's
// right.
func newCastleRule(g *Geometry, c Color, kingFile, rookFile int, chess960 bool) castleRule {
	rank := 0
	if c == Black {
		rank = g.Ranks() - 1
	}
	kt, rt, right := 6, 5, castleWK
	if rookFile < kingFile {
		kt, rt, right = 2, 3, castleWQ
	}
	if c == Black {
		right <<= 2
	}
	r := castleRule{right: right, color: c,
		kingFrom: g.squareAt(kingFile, rank), kingTo: g.squareAt(kt, rank),
		rookFrom: g.squareAt(rookFile, rank), rookTo: g.squareAt(rt, rank)}
	r.moveTo = r.kingTo
	if chess960 {
		r.moveTo = r.rookFrom
	}
	span := func(a, b int) Bitboard {
		if a > b {
			a, b = b, a
		}
		var bb Bitboard
		for f := a; f <= b; f++ {
			bb |= SquareBB(g.squareAt(f, rank))
		}
		return bb
	}
	r.path = span(kingFile, kt)
	r.empty = (r.path | span(rookFile, rt)) &^ SquareBB(r.kingFrom) &^ SquareBB(r.rookFrom)
	return r
}

// add puts r into the setup and clears its right on the squares it
// starts from.
func (cs *castling) add(r castleRule) {
	i := 0
	for r.right>>i != 1 {
		i++
	}
	cs.rules[i] = r
	cs.mask[r.kingFrom] &^= r.right
	cs.mask[r.rookFrom] &^= r.right
}

// newCastling returns a setup with no castling: every square keeps every
// right.
func newCastling() castling {
	var cs castling
	for i := range cs.mask {
		cs.mask[i] = 0xF
	}
	return cs
}

// NewVariant validates a description and derives its tables.
func NewVariant(v Variant) (*Variant, error) {
	if v.Name == "" {
		return nil, errors.New("variant: no name")
	}
	g := v.Geometry
	if g == nil {
		return nil, fmt.Errorf("variant %s: no geometry", v.Name)
	}
	if err := v.derivePawnRegions(); err != nil {
		return nil, err
	}
	g = v.Geometry
	if err := v.deriveFairy(); err != nil {
		return nil, err
	}
	for _, t := range v.Pieces {
		if t < Pawn || t > King && int(t-FirstFairy) >= len(v.Fairy) {
			return nil, fmt.Errorf("variant %s: bad piece type %d", v.Name, t)
		}
		v.pieceSet[t] = true
	}
	if !v.pieceSet[King] {
		return nil, fmt.Errorf("variant %s: no king", v.Name)
	}
	for t := Pawn; t <= King; t++ {
		if v.pieceSet[t] {
			v.letters[t] = t.Letter()
		}
	}
	for i, f := range v.Fairy {
		for t := Pawn; t < FirstFairy+PieceType(i); t++ {
			if v.letters[t] == f.Letter {
				return nil, fmt.Errorf("variant %s: piece %s has the letter %c of another piece", v.Name, f.Name, f.Letter)
			}
		}
		v.letters[FirstFairy+PieceType(i)] = f.Letter
	}
	for _, t := range v.Promotions {
		if t == Pawn || int(t) >= NumPieceTypes || !v.pieceSet[t] {
			return nil, fmt.Errorf("variant %s: promotion to %s, not a piece of the variant", v.Name, v.typeName(t))
		}
	}
	if v.pieceSet[Pawn] && len(v.Promotions) == 0 {
		return nil, fmt.Errorf("variant %s: pawns but no promotion", v.Name)
	}
	for _, t := range v.Species {
		if int(t) >= NumPieceTypes || !v.pieceSet[t] {
			return nil, fmt.Errorf("variant %s: species %s is not a piece of the variant", v.Name, v.typeName(t))
		}
		if t > King && len(v.Fairy) > 1 {
			return nil, fmt.Errorf("variant %s: species %s: a species of the variant's own types needs it to have only one", v.Name, v.typeName(t))
		}
		v.speciesSlots = append(v.speciesSlots, slot(t))
	}
	if err := v.checkFairyRules(); err != nil {
		return nil, fmt.Errorf("variant %s: %w", v.Name, err)
	}
	if v.Check && len(v.Species) > 0 && v.ExtinctionValue == ValueDefault {
		return nil, fmt.Errorf("variant %s: check with RULES.md extinction is not supported (set ExtinctionValue for Fairy-Stockfish's)", v.Name)
	}
	if v.EnPassant && !v.DoubleStep {
		return nil, fmt.Errorf("variant %s: en passant without double step", v.Name)
	}
	if v.Chess960 && !v.Castling {
		return nil, fmt.Errorf("variant %s: Chess960 castling without castling", v.Name)
	}
	if v.InsufficientMaterial && !v.Check {
		return nil, fmt.Errorf("variant %s: insufficient material needs check (a game won by mate)", v.Name)
	}
	v.castling = newCastling()
	if v.CambodianMoves {
		if err := v.cambodianGates(); err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.Name, err)
		}
	}
	if v.Castling {
		if g.Files() != 8 || g.Bunkers() != 0 {
			return nil, fmt.Errorf("variant %s: castling needs a plain 8-file board", v.Name)
		}
		// The orthodox castlings; a Chess960 start position has its own,
		// read from its FEN.
		for c := White; c <= Black; c++ {
			for _, rf := range []int{7, 0} {
				v.castling.add(newCastleRule(g, c, 4, rf, v.Chess960))
			}
		}
	}
	v.plainLegal = v.Check && g.Bunkers() == 0 && !v.hasFairy
	nv := &Variant{}
	*nv = v
	nv.canonical = nv
	start, err := ParseFEN(nv, v.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("variant %s: start position: %w", v.Name, err)
	}
	nv.start, nv.startFEN = start, start.FEN()
	return nv, nil
}

// withCastling returns the copy of v with castling setup cs, made once
// per setup: at most 120 per colour exist (king file, rook files).
func (v *Variant) withCastling(cs castling) *Variant {
	key := castlingKey{v.canonical, cs}
	if d, ok := castlingCopies.Load(key); ok {
		return d.(*Variant)
	}
	d := &Variant{}
	*d = *v.canonical
	d.castling = cs
	got, _ := castlingCopies.LoadOrStore(key, d)
	return got.(*Variant)
}

type castlingKey struct {
	v  *Variant
	cs castling
}

// castlingCopies holds the variants withCastling made.
var castlingCopies sync.Map

// StartPosition returns the variant's initial position.
func (v *Variant) StartPosition() Position { return v.start }

// IsStart reports whether p is the variant's initial position, move
// counters included (what UCI's "position startpos" means).
func (v *Variant) IsStart(p *Position) bool { return p.FEN() == v.startFEN }

// HasPiece reports whether pieces of type t exist in the variant.
func (v *Variant) HasPiece(t PieceType) bool {
	if v.wide != nil {
		return v.wideLetter(t) != '?'
	}
	return int(t) < NumPieceTypes && v.pieceSet[t]
}

// HasFairy reports whether the variant has piece types of its own
// (Fairy).
func (v *Variant) HasFairy() bool { return v.hasFairy }

// Letter returns the upper-case letter of type t in the variant (its own
// types' letters are in Fairy), or '?' for a type it lacks.
func (v *Variant) Letter(t PieceType) byte {
	if v.wide != nil {
		return v.wideLetter(t)
	}
	if int(t) < NumPieceTypes && v.letters[t] != 0 {
		return v.letters[t]
	}
	if t >= FirstFairy {
		return '?'
	}
	return t.Letter()
}

// PieceLetter returns the FEN letter of pc in the variant: upper case for
// White, lower for Black.
func (v *Variant) PieceLetter(pc Piece) byte {
	l := v.Letter(pc.Type())
	if pc.Color() == Black && l >= 'A' && l <= 'Z' {
		l += 'a' - 'A'
	}
	return l
}

// TypeOfLetter returns the type whose letter, in either case, is c: one
// of the variant's own types, else one of P N B R Q K (present in the
// variant or not: callers say which is missing).
func (v *Variant) TypeOfLetter(c byte) (PieceType, bool) {
	if v.wide != nil {
		return v.wideTypeOfLetter(c)
	}
	if c >= 'a' && c <= 'z' {
		c -= 'a' - 'A'
	}
	if v.hasFairy {
		for t := FirstFairy; int(t-FirstFairy) < len(v.Fairy); t++ {
			if v.letters[t] == c {
				return t, true
			}
		}
	}
	return pieceTypeOf(c)
}

// typeName names t in messages: its letter, or its number when the
// variant has no such type.
func (v *Variant) typeName(t PieceType) string {
	if l := v.Letter(t); l != '?' {
		return string(l)
	}
	return fmt.Sprintf("type %d", t)
}

// deriveFairy checks the Fairy pieces and builds their move tables.
func (v *Variant) deriveFairy() error {
	if len(v.Fairy) == 0 {
		return nil
	}
	if n := int(MaxPieceType-FirstFairy) + 1; len(v.Fairy) > n {
		return fmt.Errorf("variant %s: %d piece types of its own, at most %d", v.Name, len(v.Fairy), n)
	}
	g := v.Geometry
	if g.Bunkers() != 0 {
		// A link crosses regions, where the fairy tables' reverse paths
		// (attackersTo) would no longer mirror the forward ones.
		return fmt.Errorf("variant %s: pieces of its own on a board with bunkers are not supported", v.Name)
	}
	v.fairy = make([]*fairyTables, len(v.Fairy))
	for i, f := range v.Fairy {
		if f.Letter < 'A' || f.Letter > 'Z' {
			return fmt.Errorf("variant %s: piece %s: letter %q is not an upper-case letter", v.Name, f.Name, f.Letter)
		}
		for j := range i {
			if v.Fairy[j].Letter == f.Letter {
				return fmt.Errorf("variant %s: pieces %s and %s have one letter %c", v.Name, v.Fairy[j].Name, f.Name, f.Letter)
			}
		}
		if len(f.Atoms) == 0 {
			return fmt.Errorf("variant %s: piece %s has no atoms", v.Name, f.Name)
		}
		for _, a := range f.Atoms {
			if err := validAtom(a); err != nil {
				return fmt.Errorf("variant %s: piece %s: %w", v.Name, f.Name, err)
			}
		}
		v.fairy[i] = newFairyTables(g, f.Atoms)
		v.pieceSet[FirstFairy+PieceType(i)] = true
	}
	v.hasFairy = true
	lines := pinLines(g, v.fairy)
	v.pinLines = &lines
	return nil
}

// HasBunkers reports whether the board has bunker squares.
func (v *Variant) HasBunkers() bool { return v.Geometry.Bunkers() != 0 }

// Names returns the variant's name and its aliases.
func (v *Variant) Names() []string { return append([]string{v.Name}, v.Aliases...) }

// String returns the variant's name.
func (v *Variant) String() string { return v.Name }
