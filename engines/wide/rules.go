package wide

// Color is a side: White moves first.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Square is rank*files + file of the variant's board, a1 = 0.
type Square uint8

// NoSquare is the absent square.
const NoSquare Square = 255

// PieceType is a variant's piece type: 1 for the first entry of
// Rules.Pieces, 2 for the second, and so on.
type PieceType uint8

// NoPieceType is the absent type.
const NoPieceType PieceType = 0

// Piece is a coloured piece: its type times two plus its colour. The zero
// value is no piece.
type Piece uint8

// NoPiece is the empty square's piece.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(t)<<1 | Piece(c) }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p & 1) }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p >> 1) }

// Value is a game result seen from one side, as Fairy-Stockfish's rule
// values are (checkmateValue = loss: the side to move, mated, loses).
type Value uint8

// The values. NoValue leaves a rule out (or takes its default, where a
// field says so).
const (
	NoValue Value = iota
	ValueWin
	ValueLoss
	ValueDraw
)

// Counting is a material count that decides a game the rules would
// otherwise draw (Fairy-Stockfish's materialCounting).
type Counting uint8

// The material counts.
const (
	NoCounting Counting = iota
	// JanggiCounting: rook 13, cannon 7, horse 5, elephant 3, advisor 3,
	// soldier 2 points; Black gets 1 point for moving second (Fairy-
	// Stockfish scores White's total minus Black's minus one, above zero
	// a White win, else a Black win).
	JanggiCounting
	// UnweightedCounting: the side with more pieces wins, equal counts
	// draw.
	UnweightedCounting
	// WhiteDrawOdds and BlackDrawOdds: that side wins.
	WhiteDrawOdds
	BlackDrawOdds
)

// Atom is one directed move of a piece, as Fairy-Stockfish reads Betza
// notation: a leap, a ride, a hop or a lame leap along (DX, DY).
type Atom struct {
	// DX files to the right, DY ranks forward, from White's side. Black's
	// atoms are White's turned half round (both signs flipped), as
	// Fairy-Stockfish turns them.
	DX, DY int
	// Range is 1 for a leap, 0 for a rider without limit, n > 1 for a
	// rider of at most n steps.
	Range   int
	Move    bool // may go to an empty square
	Capture bool // may capture on its target square
	// Hop (Betza p): a cannon's line; it needs exactly one piece (the
	// hurdle) between its square and its target, and moves to the empty
	// squares beyond the hurdle or captures the first piece there. A
	// Range over 1 bounds the whole move, hurdle and landing (pB2); 0 is
	// the whole line.
	Hop bool
	// Grasshopper (Betza g): it needs a hurdle and lands on the square
	// right behind it.
	Grasshopper bool
	// Lame (Betza n, a leap): the leap is blocked by a piece on any square
	// of Fairy-Stockfish's path to the target (it steps towards the
	// target along the longer coordinate, diagonally when both are equal):
	// the xiangqi horse nN, elephant nA, janggi elephant nZ.
	Lame bool
	// Palace: the atom is available only along Rules.DiagonalLines: from
	// a square of them, through and to squares of them (janggi's palace
	// diagonals).
	Palace bool
}

// PieceRule is one piece type of a variant.
type PieceRule struct {
	Letter byte   // FEN letter, lower case (upper case for White on the board)
	Name   string // Fairy-Stockfish's name for it ("rook", "janggiCannon"), for messages
	Atoms  []Atom
	// Royal marks the king: a side may not leave it attacked (with
	// Rules.Checking), and it is the piece of castling, flying general and
	// bikjang. At most one type is royal, with at most one piece a side.
	Royal bool
	// Pawn marks Fairy-Stockfish's pawn: it steps twice from
	// DoubleStepRegion, captures en passant and promotes in
	// PromotionRegion. Its atoms are its ordinary moves (fmW, fcF).
	Pawn bool
	// CustomPawn marks a Pawn that is not Fairy-Stockfish's pawn type but
	// a piece playing its part (pawnTypes): explosions do not spare it
	// (Rules.BlastOnCapture), and it drops where other pieces do.
	CustomPawn bool
	// Soldier marks Fairy-Stockfish's soldier: before the relative rank
	// Rules.SoldierRank it has only its straight forward atoms.
	Soldier bool
	// NoSameHurdle: its hops may neither pass over nor capture a piece of
	// its own type, of either colour (the janggi cannon).
	NoSameHurdle bool
	// Mobility limits the squares the piece of each colour moves to and
	// attacks (Fairy-Stockfish's mobilityRegion); an empty set is the
	// whole board.
	Mobility [2]Bitboard
	// PromotesTo is the letter of the type the piece promotes to in
	// Rules.PromotionRegion (Fairy-Stockfish's promotedPieceType, shogi's
	// "+"), 0 for none: the move there may promote, entering, leaving or
	// moving inside the region.
	PromotesTo byte
	// ShogiPawn marks Fairy-Stockfish's shogiPawn, the type the
	// DropNoDoubled and ShogiPawnDropMateIllegal rules are about.
	ShogiPawn bool
}

// Rules describes a variant in Fairy-Stockfish's terms. [2] arrays are
// White, Black. NewVariant checks a Rules and compiles its tables.
type Rules struct {
	Name         string
	Files, Ranks int // at most 12 files, 10 ranks, 120 squares
	Pieces       []PieceRule
	StartFEN     string

	// Checking: the royal piece may not be left attacked; mate and
	// stalemate are told apart.
	Checking bool

	// Promotion of the pawn: where (the target square's region), to which
	// types (letters, in the order moves are generated), whether it is
	// mandatory (else the pawn may also stay a pawn there), and how many
	// pieces of a type a side may have at most for a pawn to promote to it
	// (Fairy-Stockfish's promotionLimit; 0 or absent: no limit).
	PromotionRegion    [2]Bitboard
	PromotionTypes     [2][]byte
	MandatoryPromotion bool
	PromotionLimit     map[byte]int
	// ImmobilityIllegal: a move that leaves a piece on a square from which
	// it has no move on an empty board is illegal (grand's pawn on the
	// last rank that does not promote).
	ImmobilityIllegal bool
	// MustCapture: while a legal capture exists (en passant among them,
	// no drop), only captures are legal (giveaway, coffeehouse).
	MustCapture bool
	// CheckCounting: the FEN's checks field ("3+3", after the en-passant
	// square) counts the checks each side still has to give; the side
	// that gives its last one wins at once (3check-crazyhouse).
	CheckCounting bool

	// DoubleStepRegion holds the squares the pawn may step twice from; a
	// double step past an enemy pawn that could capture it sets the
	// en-passant square, as Fairy-Stockfish sets it.
	DoubleStepRegion [2]Bitboard

	// Castling: the king (Royal) moves from its square on CastlingRank
	// (1-based, from its side) to CastlingKingsideFile or
	// CastlingQueensideFile (0-based), the rook (type CastlingRook, the
	// outermost one on that side for K and Q rights) to the square next to
	// it on the inside. Chess960 takes X-FEN/Shredder-FEN rights (rook
	// files) and writes castling as the king taking its rook in UCI.
	Castling              bool
	Chess960              bool
	CastlingKingsideFile  int
	CastlingQueensideFile int
	CastlingRank          int
	CastlingRook          byte
	// CastlingKing is the letter of the piece that castles as the king
	// when it is not the royal one: the commoner of koedem, giveaway and
	// atomic, which have no royal piece; 0: the royal piece. Not royal,
	// it castles through and into attacks as in Fairy-Stockfish 11.1,
	// unless it is pseudo-royal (atomic).
	CastlingKing byte
	// CastlingKingFile (0-based) is the king's file of the rights a
	// dropped king or rook makes (CastlingDroppedPiece).
	CastlingKingFile int

	// SoldierRank is Fairy-Stockfish's soldierPromotionRank, 1-based from
	// the soldier's side: from there on a Soldier has its sideways atoms.
	SoldierRank int
	// DiagonalLines holds the squares of janggi's palace diagonals, along
	// which the atoms marked Palace move.
	DiagonalLines Bitboard
	// FlyingGeneral: a move may not leave the two royal pieces on one file
	// or rank with nothing between (xiangqi).
	FlyingGeneral bool
	// Bikjang: royal pieces facing each other (one file or rank, nothing
	// between) after a move oblige the other side to break the line or
	// pass; facing after two plies in a row ends the game, a draw or by
	// MaterialCounting (janggi).
	Bikjang bool
	// KingPass: a side may pass (its royal piece stays on its square) when
	// not in check, or at any time while the royal pieces face each other
	// under Bikjang. Two passes in a row end the game like bikjang.
	KingPass bool
	// PassOnStalemate: a side with no legal move passes instead, not in
	// check; its move is written from and to its royal piece's square, or
	// its first piece's (a1 first) without one, as in Fairy-Stockfish.
	PassOnStalemate bool
	// MaterialCounting decides the game ends the rules would draw: the
	// n-move rule, bikjang, double passing, repetition.
	MaterialCounting Counting
	// AseanCounting is Fairy-Stockfish's countingRule asean: when the side
	// to move is left with its king alone, the other side has 16 moves to
	// mate with a rook, 44 with a silver and a fers, 64 with a knight and a
	// fers (counted in plies, twice that), else the game is drawn. The FEN
	// writes the limit in the en-passant field and the plies counted in
	// the halfmove clock's.
	AseanCounting bool

	// Pieces in hand and drops (Fairy-Stockfish's pieceDrops and the keys
	// about them). A side's pieces in hand are a count per type, in the
	// FEN between brackets after the board. Drops puts a piece from the
	// hand on an empty square of DropRegion (empty: the whole board) as a
	// move; CapturesToHand gives the capturer a captured piece (a
	// promoted one demoted, unless DropLoop). A pawn is not dropped on its
	// first rank unless FirstRankPawnDrops, nor in PromotionRegion unless
	// PromotionZonePawnDrops; with ImmobilityIllegal no piece is dropped
	// where it could not move.
	Drops                  bool
	CapturesToHand         bool
	DropLoop               bool
	DropRegion             [2]Bitboard
	FirstRankPawnDrops     bool
	PromotionZonePawnDrops bool
	// DropNoDoubled is the letter of a type not dropped on a file holding
	// one of its side's (shogi's pawn, nifu), 0 for none; with
	// DropNoDoubledMore n, on a file holding more than n (Fairy-Stockfish's
	// dropNoDoubledCount - 1: -1 is never, dragonfly's pawns).
	DropNoDoubled     byte
	DropNoDoubledMore int
	// NoDropChecks: a drop may not give check (dropChecks = false).
	NoDropChecks bool
	// OppositeCastling: castling on a wing takes the opponent's right to
	// castle on that wing (Fairy-Stockfish's oppositeCastling).
	OppositeCastling bool
	// PetrifyTypes are the letters of the types that turn into a wall on
	// the square of their capture, after any explosion (Fairy-Stockfish's
	// petrifyOnCaptureTypes).
	PetrifyTypes []byte
	// NoEnPassant: a double step leaves no en-passant square
	// (enPassantRegion = -); NoEnPassantBy: that side does not take en
	// passant (its pawn is not of its enPassantTypes).
	NoEnPassant   bool
	NoEnPassantBy [2]bool
	// PawnOf are the letters of each side's pawn where it is not the
	// Pawn type (khans' black s beside White's pawn), 0 for the Pawn.
	PawnOf [2]byte
	// CastlingWins holds castling rights (bit 0 White's kingside, 1 White's
	// queenside, 2 and 3 Black's) whose castling wins the game and whose
	// loss loses it (Fairy-Stockfish's castlingWins).
	CastlingWins uint8
	// DropPromoted: a piece with a promoted type may also be dropped as
	// that type (Kyoto shogi).
	DropPromoted bool
	// MustDrop: while a drop is legal, no other move is. MustDropType
	// (a letter, 0 for any type) makes the rule hold only while the side
	// has a piece of that type in hand (koedem's kings); any drop then
	// meets it, as in Fairy-Stockfish 11.1.
	MustDrop     bool
	MustDropType byte
	// SittuyinRookDrop: the rook is dropped on the first rank only.
	SittuyinRookDrop bool
	// ArrowWalls: each move is followed by a wall on a square the moved
	// piece could move to from its new square (amazons); written
	// "c1a2,a2c3" in UCI, as Fairy-Stockfish writes it.
	ArrowWalls bool
	// EdgeWalls: instead of moving, a side may place a wall on an empty
	// square of the board's rim or next to a wall (atlantis); written
	// "a1a1,a1a3" in UCI as Fairy-Stockfish writes it, every other move
	// with the wall a1 that stands for none ("e2e4,e4a1").
	EdgeWalls bool
	// EnclosingDrop: where a drop may land beside the pieces standing
	// (EnclosingTop, EnclosingAnySide; EnclosingNone: anywhere).
	EnclosingDrop int
	// Ataxx: the rules of the ataxx, reversi and snailtrail families.
	Ataxx AtaxxRules
	// DropOppositeColoredBishop: the bishops are dropped so that each
	// side's end on squares of both colours (placement).
	DropOppositeColoredBishop bool
	// CastlingDroppedPiece: dropping the king on its castling square and
	// a rook on a corner of its castling rank gives the castling right.
	CastlingDroppedPiece bool
	// ShogiPawnDropMateIllegal: a checkmate given by dropping a
	// ShogiPawn loses for the side that dropped it. Fairy-Stockfish 11.1
	// plays the drop (perft counts it) and scores the mate so.
	ShogiPawnDropMateIllegal bool

	// Promotion of the pieces with PieceRule.PromotesTo: mandatory when
	// the move starts or ends in the region (else optional, entering,
	// leaving or inside it); PieceDemotion lets a promoted piece turn back
	// on such a move (Kyoto shogi).
	MandatoryPiecePromotion bool
	PieceDemotion           bool
	// PiecePromotionOnCapture: a piece promotes (or demotes) only by
	// capturing; with MandatoryPiecePromotion its captures all promote
	// and its quiet moves never do (micro shogi).
	PiecePromotionOnCapture bool

	// Gating (Seirawan): a piece leaving a square of its side's first
	// rank that has not yet moved may put a piece from the hand on it (with
	// castling, on the king's or the rook's square). The FEN's castling
	// field lists the files of those squares. SeirawanGating ends a side's
	// gates when its hand is empty.
	Gating         bool
	SeirawanGating bool

	// SittuyinPromotion: with more than one pawn, a pawn on the long
	// diagonals in the opponent's half (with one, anywhere) may turn into
	// a promotion type in place or by a step of that type to an empty
	// square, if the new piece then attacks no enemy piece and gives no
	// check; the pawn's ordinary promotion is off.
	SittuyinPromotion bool

	// Game ends, values from the side to move's view. CheckmateValue
	// (NoValue: ValueLoss) when the side to move has no legal move and is in
	// check, StalemateValue (NoValue: ValueDraw) when it is not.
	CheckmateValue Value
	StalemateValue Value
	// NMoveRule: the game is drawn (or counted) when that many moves of
	// each side passed without capture or pawn move; 0 for none.
	NMoveRule int
	// NMoveTypes are the letters of the types whose moves reset the
	// n-move count, per colour (Fairy-Stockfish's nMoveRuleTypes); nil is
	// the Pawn type. Captures reset it too.
	NMoveTypes [2][]byte
	// NFoldRule: the game ends when a position occurs that many times
	// (0: none); NFoldValue (NoValue: ValueDraw) is the result for the side to
	// move then, for White with NFoldValueAbsolute.
	NFoldRule          int
	NFoldValue         Value
	NFoldValueAbsolute bool
	// PerpetualCheckIllegal: at the n-fold repetition, a side that gave
	// check with every move since the first occurrence loses (both: draw).
	PerpetualCheckIllegal bool

	// Extinction: a side with at most ExtinctionPieceCount pieces of one of
	// ExtinctionTypes (every type with ExtinctionAll, counted together)
	// while the other side has at least ExtinctionOpponentPieceCount (one
	// more for the side to move with ExtinctionClaim) gets
	// ExtinctionValue. NoValue: no extinction rule.
	ExtinctionValue              Value
	ExtinctionTypes              []byte
	ExtinctionAll                bool
	ExtinctionPieceCount         int
	ExtinctionOpponentPieceCount int
	ExtinctionClaim              bool
	// ExtinctionPseudoRoyal: a side's pieces of an extinction type of
	// which it has ExtinctionPieceCount+1 or fewer on the board may not
	// be left attacked, unless the move takes such a piece of the
	// opponent's.
	ExtinctionPseudoRoyal bool
	// BlastOnCapture: a capture removes the capturing and the captured
	// piece and every piece but a pawn on the eight squares around
	// (atomic). With ExtinctionPseudoRoyal a move may not explode its own
	// pseudo-royal pieces, and two touching ones cannot attack each other.
	BlastOnCapture bool

	// Flag: a piece of type FlagPiece (letter) on the side's FlagRegion
	// wins; with FlagMove the opponent first gets one more move.
	FlagPiece  byte
	FlagRegion [2]Bitboard
	FlagMove   bool
	// FlagPieceCount (0 or 1: one) flag pieces must stand on the region,
	// or with FlagBlockedWin one of them with every other square of the
	// region occupied by any piece (kono). Not with FlagMove.
	FlagPieceCount int
	FlagBlockedWin bool
	// FlagAll: every piece is a flag piece (Fairy-Stockfish's
	// flagPiece = *), with FlagPiece 0. With FlagMove (alapo; not beside
	// a royal piece) the side to move wins with a piece on its region,
	// and so does its opponent holding its own.
	FlagAll bool
	// FlagSafe: a flag piece the opponent attacks does not count
	// (flagPieceSafe). The flag holds with more flag pieces on the region
	// than FlagPieceCount, or with as many and none of them attacked; an
	// attack counts as Fairy-Stockfish c19b5f6 counts it, by a pinned
	// piece too, or by a king on a defended piece. Both sides' flags are
	// tested after every move (a move can end the attack on the
	// opponent's piece): one side's wins, both draw. With FlagMove only
	// beside FlagAll, and then only the opponent's pieces must be safe,
	// as c19b5f6 plays alapo.
	FlagSafe bool

	// Connect: a side that has ConnectN of its pieces in an unbroken line
	// along the directions ConnectLines allows, or a filled ConnectNxN
	// square of them, gets ConnectValue (NoValue: ValueWin) at once.
	// Only the pieces of ConnectTypes count (all of them when empty).
	ConnectN     int
	ConnectNxN   int
	ConnectLines ConnectLines
	ConnectValue Value
	ConnectTypes []byte
	// CollinearN: as ConnectN, with CollinearN pieces on one line along
	// those directions whatever stands between them (Fairy-Stockfish's
	// collinearN).
	CollinearN int
	// ConnectRegion per colour: a side that joins its two regions with a
	// chain of its counted pieces, each a step along ConnectLines from
	// the next, gets ConnectValue too (connectregion.go).
	ConnectRegion [2][2]Bitboard
}

// ConnectLines are the directions a connect-N line may run along.
type ConnectLines struct {
	Horizontal, Vertical, Diagonal bool
}

// Result is the result of a game.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Termination is why a game ended.
type Termination uint8

// The reasons.
const (
	NotOver Termination = iota
	Checkmate
	Stalemate
	FiftyMoves // the n-move rule
	Repetition
	PerpetualCheck
	Extinction
	Bikjang
	DoublePass
	FlagReached
	// PawnDropMate: a checkmate given by a pawn drop, which
	// Rules.ShogiPawnDropMateIllegal makes a loss for the dropper.
	PawnDropMate
	// CountingLimit: the counting rule's moves ran out (a draw).
	CountingLimit
	// CheckLimit: a side gave its last check (Rules.CheckCounting).
	CheckLimit
	// Connected: a side formed its line or square (Rules.ConnectN).
	Connected
	// CastlingWon: a side castled by a right of Rules.CastlingWins, or
	// lost such a right.
	CastlingWon
	// BoardFull: no square is left empty (Ataxx.FullBoard).
	BoardFull
)

var terminationNames = [...]string{
	NotOver:        "not over",
	Checkmate:      "checkmate",
	Stalemate:      "stalemate",
	FiftyMoves:     "n-move rule",
	Repetition:     "repetition",
	PerpetualCheck: "perpetual check",
	Extinction:     "extinction",
	Bikjang:        "bikjang",
	DoublePass:     "both sides passed",
	BoardFull:      "board full",
	FlagReached:    "flag reached",
	PawnDropMate:   "pawn-drop mate",
	CountingLimit:  "counting limit",
	CheckLimit:     "check limit",
	Connected:      "pieces connected",
	CastlingWon:    "castling rule",
}

func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "unknown"
}

// Outcome is a game's result and the reason for it.
type Outcome struct {
	Result Result
	Reason Termination
}

// resultFor returns the result of value v for side c.
func resultFor(v Value, c Color) Result {
	switch v {
	case ValueWin:
		if c == White {
			return WhiteWins
		}
		return BlackWins
	case ValueLoss:
		if c == White {
			return BlackWins
		}
		return WhiteWins
	case ValueDraw:
		return Draw
	}
	return Ongoing
}
