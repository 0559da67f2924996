package fairy

import (
	"fmt"
	"maps"
	"slices"
)

// Pos is where a key was set: a file and a line.
type Pos struct {
	File string
	Line int
}

// Piece is a piece type of a variant.
type Piece struct {
	Key    string // Fairy-Stockfish's key: "knight", "customPiece1", "king"
	Letter byte   // lower-case FEN letter (upper case for White)
	Betza  string // its moves in Betza notation ("" for an immobile piece)
	Atoms  []Atom // Betza expanded; the pawn's double step is DoubleStep
	Royal  bool   // the king: checkmate rules apply to it
	// Initial holds the moves marked i, played from the double-step
	// region only (a custom pawn's ifmnD double step); EnPassant (e) says
	// the piece captures en passant.
	Initial   []Atom
	EnPassant bool
}

// Definition is one variant of a variants.ini, resolved against its
// parents. Pieces are named by key (Piece.Key); [2] arrays are White,
// Black.
type Definition struct {
	Name, Parent string // Parent "" for a root section
	File         string // where the section is
	Line         int

	Files, Ranks int    // maxFile, maxRank
	StartFEN     string // startFen
	Pieces       []Piece

	// Promotion of pawns: where, to what, whether it is forced; and of
	// other pieces (promotedPieceType, "" = the piece does not promote).
	PromotionRegion         [2]Region
	PromotionPieces         [2]PieceSet
	MandatoryPawnPromotion  bool
	MandatoryPiecePromotion bool
	// PiecePromotionOnCapture: pieces promote (and demote) only by
	// capturing (micro shogi).
	PiecePromotionOnCapture bool
	PromotedPiece           map[string]string

	DoubleStep       bool      // pawns may step twice from DoubleStepRegion
	DoubleStepRegion [2]Region // en passant follows a double step, as in FSF
	// The pawn-like types, by FEN letter, of each colour: those that
	// promote as pawns (pawnTypes, promotionPawnTypes), capture en passant
	// (pawnTypes, enPassantTypes) and reset the n-move count (pawnTypes,
	// nMoveRuleTypes). nil is Fairy-Stockfish's default: the pawn type,
	// and for en passant also the pieces whose Betza has e; an empty set
	// is none.
	PromotionPawns, EnPassantPawns, NMovePawns [2][]byte
	// EnPassantRegion holds the squares an en-passant capture may land on
	// (the whole board unless enPassantRegion says otherwise).
	EnPassantRegion Region

	Castling                  bool
	Chess960                  bool
	CastlingKingsideFile      int // king's destination files, 0-based
	CastlingQueensideFile     int
	CastlingRank              int // 1-based, from the side's own side
	CastlingKingFile          int // 0-based
	CastlingKingPiece         [2]string
	CastlingRookPieces        [2]PieceSet
	CastlingRookKingsideFile  int // 0-based
	CastlingRookQueensideFile int
	// OppositeCastling: castling on a wing takes the opponent's right on
	// that wing.
	OppositeCastling bool
	// CastlingWins: the castling rights (bit 0 K, 1 Q, 2 k, 3 q) whose
	// castling wins and whose loss loses.
	CastlingWins uint8
	// PetrifyPieces turn into a wall where they capture.
	PetrifyPieces PieceSet

	Checking       bool // checks exist: the royal piece may not be left attacked
	MustCapture    bool
	CheckCounting  bool // nCheck: the count is in the FEN ("3+3")
	CheckmateValue Result
	StalemateValue Result
	// StalematePieceCount: a stalemate is decided by material (suicide).
	StalematePieceCount bool
	// MakpongRule: a king in check moves only to take its checker (makpong).
	MakpongRule bool
	// ShatarMateRule: shatar's mate (no mate by knights alone, a shak in
	// the series of checks or a draw).
	ShatarMateRule bool
	// CambodianMoves: the first leaps of cambodian's king and met, whose
	// rights gating = true keeps as gates (the FEN's castling field).
	CambodianMoves bool

	ExtinctionValue              Result
	ExtinctionPieces             PieceSet
	ExtinctionPieceCount         int // the rule fires at this many left
	ExtinctionOpponentPieceCount int
	ExtinctionPseudoRoyal        bool
	ExtinctionClaim              bool

	// BlastOnCapture: a capture explodes the capturing and captured pieces
	// and every piece but a pawn on the squares around (atomic).
	BlastOnCapture bool

	// BareKing: a side left with its king alone (shatranj). Fairy-Stockfish
	// has no key for it; builtin.ini sets it for the built-in variants.
	BareKingValue Result
	BareKingMove  bool // the opponent may still bare the other king

	FlagPiece           [2]PieceSet
	FlagRegion          [2]Region
	FlagMove            bool // the opponent gets one more move to reach its own flag
	FlagPieceCount      int
	FlagPieceBlockedWin bool
	FlagPieceSafe       bool

	// Connect-N: ConnectN pieces of ConnectPieces in a line along the
	// allowed directions, or a filled ConnectNxN square, get ConnectValue
	// for the side that made them (0: no such rule).
	ConnectN   int
	ConnectNxN int
	// CollinearN: as many pieces of ConnectPieces anywhere on one line
	// along the allowed directions (three-musketeers), gaps allowed.
	CollinearN        int
	ConnectHorizontal bool
	ConnectVertical   bool
	ConnectDiagonal   bool
	ConnectValue      Result
	ConnectPieces     PieceSet
	// ConnectRegion1 and ConnectRegion2 per colour: a side whose pieces
	// of ConnectPieces join its two regions in a chain along the allowed
	// directions gets ConnectValue (gale).
	ConnectRegion1, ConnectRegion2 [2]Region

	NMoveRule          int // 0: none
	NFoldRule          int
	NFoldValue         Result
	NFoldValueAbsolute bool
	// CountingRule is makruk, asean or none (Fairy-Stockfish 11.1's
	// values; the key refuses others).
	CountingRule string

	// Rules of the large built-ins, which only the wide engine plays
	// (Definition.Wide): a piece's mobility region per colour
	// (mobilityRegionWhiteKing, ...; by piece key), the flying general,
	// the soldier's sideways steps from SoldierPromotionRank (1-based),
	// the promotion limit per piece key, janggi's palace diagonals,
	// passing, bikjang and material counting, perpetual checks, and the
	// illegality of immobile pieces.
	MobilityRegion        map[string][2]Region
	FlyingGeneral         bool
	SoldierPromotionRank  int
	PromotionLimit        map[string]int
	DiagonalLines         Region
	KingPass              bool
	PassOnStalemate       bool // a side without a legal move passes
	BikjangRule           bool
	MaterialCounting      string // none, janggi, unweighted, whitedrawodds or blackdrawodds
	PerpetualCheckIllegal bool
	ImmobilityIllegal     bool

	// Pieces in hand, drops and gating (pieceDrops and the keys about
	// them), which only the wide engine plays: drop regions per colour
	// (whiteDropRegion, blackDropRegion; the whole board by default), the
	// piece type that may not be dropped on a file holding one of its
	// side's (shogiDoubledPawn = false names the shogi pawn,
	// dropNoDoubled any), and the newer piece promotion keys.
	PieceDrops                bool
	CapturesToHand            bool
	DropLoop                  bool
	TwoBoards                 bool
	MustDrop                  bool
	MustDropType              string // "" for any piece type
	FirstRankPawnDrops        bool
	PromotionZonePawnDrops    bool
	DropRegion                [2]Region
	DropChecks                bool
	DropPromoted              bool
	DropNoDoubled             string
	DropNoDoubledCount        int // dropNoDoubled: not on a file holding this many
	SittuyinRookDrop          bool
	DropOppositeColoredBishop bool
	EnclosingDrop             string // enclosingDrop: "" (none), top, anyside, reversi, ataxx or snort (quadwrangle is refused)
	WallingRule               string // wallingRule: "" (none), arrow, edge or past (the others are refused)
	WallOrMove                bool   // wallOrMove: a wall instead of a move (edge)
	EnclosingDropStart        Region // enclosingDropStart: drops land here first
	FlipEnclosedPieces        string // flipEnclosedPieces: "" (none), reversi, ataxx or quadwrangle
	AdjudicateFullBoard       bool   // a full board ends the game, decided by materialCounting
	FreeDrops                 bool   // drops never empty the hand (builtin.ini only: ataxx)
	CastlingDroppedPiece      bool
	ShogiPawnDropMateIllegal  bool
	Gating                    bool
	SeirawanGating            bool
	SittuyinPromotion         bool
	PieceDemotion             bool

	// Keys says where each key in effect was set; keys a child inherits
	// keep their parent's place.
	Keys map[string]Pos
	// Unsupported lists, for a built-in parent, the rules the engine cannot
	// play (Parse refuses a file section with any).
	Unsupported []*Error
	// Refused is, in a section ParseSections kept, what keeps it from
	// being played other than a rule (a bad value, an unknown key or
	// parent, a refused parent): the lowering returns it first.
	Refused error

	// Fairy-Stockfish 11.1's rank rules, turned into regions against the
	// final board by finish unless regions were given.
	promotionRank  int
	doubleStepRank int
	firstRankDS    bool
	regionSet      map[string]bool
	rookFilesSet   [2]bool
}

// root is the definition of a section without parent: Fairy-Stockfish's
// defaults, the rules of chess without any piece.
func root() *Definition {
	d := &Definition{
		Files: 8, Ranks: 8,
		StartFEN:                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		MandatoryPawnPromotion:    true,
		DoubleStep:                true,
		Castling:                  true,
		CastlingKingsideFile:      6,
		CastlingQueensideFile:     2,
		CastlingRank:              1,
		CastlingKingFile:          4,
		CastlingKingPiece:         [2]string{"king", "king"},
		Checking:                  true,
		CheckmateValue:            Loss,
		StalemateValue:            Draw,
		FlagPieceCount:            1,
		ConnectHorizontal:         true,
		ConnectVertical:           true,
		ConnectDiagonal:           true,
		ConnectValue:              Win,
		ConnectPieces:             PieceSet{All: true},
		NMoveRule:                 50,
		NFoldRule:                 3,
		NFoldValue:                Draw,
		CountingRule:              "none",
		SoldierPromotionRank:      1,
		MaterialCounting:          "none",
		DropChecks:                true,
		DropNoDoubledCount:        1,
		Keys:                      map[string]Pos{},
		promotionRank:             8,
		doubleStepRank:            2,
		regionSet:                 map[string]bool{},
		CastlingRookQueensideFile: 0,
	}
	// A section built from nothing promotes to nothing unless it says so,
	// in Fairy-Stockfish 11.1 as in c19b5f6; builtin.ini's chess names
	// its four types.
	d.PromotionPieces = [2]PieceSet{{Keys: []string{}}, {Keys: []string{}}}
	rook := PieceSet{Keys: []string{"rook"}}
	d.CastlingRookPieces = [2]PieceSet{rook, clone(rook)}
	return d
}

func clone(s PieceSet) PieceSet { return PieceSet{All: s.All, Keys: slices.Clone(s.Keys)} }

// copyDef returns a deep copy of d, the start of a child.
func (d *Definition) copyDef() *Definition {
	c := *d
	c.Pieces = slices.Clone(d.Pieces)
	for i := range c.Pieces {
		c.Pieces[i].Atoms = slices.Clone(c.Pieces[i].Atoms)
		c.Pieces[i].Initial = slices.Clone(c.Pieces[i].Initial)
	}
	for i := 0; i < 2; i++ {
		c.PromotionRegion[i] = slices.Clone(d.PromotionRegion[i])
		c.DoubleStepRegion[i] = slices.Clone(d.DoubleStepRegion[i])
		c.FlagRegion[i] = slices.Clone(d.FlagRegion[i])
		c.DropRegion[i] = slices.Clone(d.DropRegion[i])
		c.EnPassantRegion = slices.Clone(d.EnPassantRegion)
		c.PromotionPieces[i] = clone(d.PromotionPieces[i])
		c.CastlingRookPieces[i] = clone(d.CastlingRookPieces[i])
		c.PetrifyPieces = clone(d.PetrifyPieces)
		c.PromotionPawns[i] = slices.Clone(d.PromotionPawns[i])
		c.EnPassantPawns[i] = slices.Clone(d.EnPassantPawns[i])
		c.NMovePawns[i] = slices.Clone(d.NMovePawns[i])
		c.ConnectPieces = clone(d.ConnectPieces)
		c.FlagPiece[i] = clone(d.FlagPiece[i])
	}
	c.ExtinctionPieces = clone(d.ExtinctionPieces)
	c.PromotedPiece = maps.Clone(d.PromotedPiece)
	c.MobilityRegion = maps.Clone(d.MobilityRegion)
	c.PromotionLimit = maps.Clone(d.PromotionLimit)
	c.DiagonalLines = slices.Clone(d.DiagonalLines)
	c.Keys = maps.Clone(d.Keys)
	c.regionSet = maps.Clone(d.regionSet)
	c.Unsupported = slices.Clone(d.Unsupported)
	return &c
}

// Piece returns the piece of the given key, or nil.
func (d *Definition) Piece(key string) *Piece {
	for i := range d.Pieces {
		if d.Pieces[i].Key == key {
			return &d.Pieces[i]
		}
	}
	return nil
}

// pieceByLetter returns the piece of a letter (setPiece keeps letters
// one piece's each).
func (d *Definition) pieceByLetter(c byte) *Piece {
	for i := range d.Pieces {
		if d.Pieces[i].Letter == c {
			return &d.Pieces[i]
		}
	}
	return nil
}

// setPiece adds or replaces a piece type, keeping Fairy-Stockfish's order.
// A type that had its letter leaves at once, as Fairy-Stockfish's
// add_piece has it (1d-chess's dabbaba n replaces the knight): the later
// of two wins, a section's own over its parent's, and the keys after it
// read the letter as the new type's (cannonshogi's soldier = p, then
// promotedPieceType = p:g; ajax-orthodox's castlingRookPieces = r).
func (d *Definition) setPiece(p Piece) {
	d.Pieces = slices.DeleteFunc(d.Pieces, func(q Piece) bool { return q.Key == p.Key || q.Letter == p.Letter })
	d.Pieces = append(d.Pieces, p)
	slices.SortStableFunc(d.Pieces, func(a, b Piece) int { return pieceOrder(a.Key) - pieceOrder(b.Key) })
}

func (d *Definition) removePiece(key string) {
	d.Pieces = slices.DeleteFunc(d.Pieces, func(p Piece) bool { return p.Key == key })
}

// applyPiece reads a piece key: "x" (its letter), "x:BETZA" for custom
// pieces and the king, "-" to remove the type.
func (d *Definition) applyPiece(key, v string) error {
	if v == "-" {
		d.removePiece(key)
		return nil
	}
	if v == "" || !isLetter(v[0]) {
		return fmt.Errorf("value %q is not a piece letter or -", short(v))
	}
	p := Piece{Key: key, Letter: lower(v[0]), Royal: key == "king"}
	_, custom := customSlot(key)
	betza := ""
	switch {
	case len(v) == 1:
		if custom {
			return fmt.Errorf("value %q: a custom piece needs LETTER:BETZA", short(v))
		}
	case len(v) > 2 && v[1] == ':' && (custom || key == "king"):
		betza = v[2:]
	case v[1] == ':' && len(v) == 2:
		return fmt.Errorf("value %q: no Betza after ':'", short(v))
	case custom || key == "king":
		return fmt.Errorf("value %q is not LETTER:BETZA", short(v))
	default:
		return fmt.Errorf("value %q: only customPieceN and king take a Betza move, %s is a single letter", short(v), key)
	}
	switch {
	case betza != "":
	case key == "king":
		betza = "K"
	default:
		info, _ := standardPiece(key)
		if info.why != "" {
			return unsupported("%s", info.why)
		}
		betza = info.betza
	}
	b, err := parseBetza(betza)
	if err != nil {
		return err
	}
	p.Betza, p.Atoms, p.Initial, p.EnPassant = betza, b.Atoms, b.Initial, b.EnPassant
	if p.EnPassant {
		// Fairy-Stockfish adds the piece to the en-passant types, as they
		// stand when its key is read.
		for c := range d.EnPassantPawns {
			if d.EnPassantPawns[c] != nil && !slices.Contains(d.EnPassantPawns[c], p.Letter) {
				d.EnPassantPawns[c] = append(d.EnPassantPawns[c], p.Letter)
			}
		}
	}
	d.setPiece(p)
	return nil
}
