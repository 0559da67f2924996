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
	ConnectN          int
	ConnectNxN        int
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
	SittuyinRookDrop          bool
	DropOppositeColoredBishop bool
	EnclosingDrop             string // enclosingDrop: none, top, anyside, reversi, ataxx or snort (quadwrangle is refused)
	WallingRule               string // wallingRule: none, arrow or past (the others are refused)
	EnclosingDropStart        Region // enclosingDropStart: drops land here first
	FlipEnclosedPieces        string // flipEnclosedPieces: none, reversi, ataxx or quadwrangle
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
		Keys:                      map[string]Pos{},
		promotionRank:             8,
		doubleStepRank:            2,
		regionSet:                 map[string]bool{},
		CastlingRookQueensideFile: 0,
	}
	qrbn := PieceSet{Keys: []string{"knight", "bishop", "rook", "queen"}}
	d.PromotionPieces = [2]PieceSet{qrbn, clone(qrbn)}
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
	}
	for i := 0; i < 2; i++ {
		c.PromotionRegion[i] = slices.Clone(d.PromotionRegion[i])
		c.DoubleStepRegion[i] = slices.Clone(d.DoubleStepRegion[i])
		c.FlagRegion[i] = slices.Clone(d.FlagRegion[i])
		c.DropRegion[i] = slices.Clone(d.DropRegion[i])
		c.EnPassantRegion = slices.Clone(d.EnPassantRegion)
		c.PromotionPieces[i] = clone(d.PromotionPieces[i])
		c.CastlingRookPieces[i] = clone(d.CastlingRookPieces[i])
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

func (d *Definition) pieceByLetter(c byte) *Piece {
	for i := range d.Pieces {
		if d.Pieces[i].Letter == c {
			return &d.Pieces[i]
		}
	}
	return nil
}

// setPiece adds or replaces a piece type, keeping Fairy-Stockfish's order.
func (d *Definition) setPiece(p Piece) {
	d.removePiece(p.Key)
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
	atoms, err := ParseBetza(betza)
	if err != nil {
		return err
	}
	p.Betza, p.Atoms = betza, atoms
	d.setPiece(p)
	return nil
}
