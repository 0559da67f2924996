package reference

// royal reports whether the king may never be left attacked.
func (v *variant) royal() bool { return v.check || v.evolution }

// variant holds the few rule switches that separate the variants.
type variant struct {
	name       string
	files      int    // main board width
	ranks      int    // main board height
	pieces     string // upper-case letters of the piece types allowed in a FEN
	species    string // extinction species; empty: the variant has no extinction rule
	promotions string // lower-case promotion letters, in move-text form
	doubleStep bool   // pawns may double step from their second rank
	enPassant  bool
	castling   bool
	bunkers    bool // Los Alamos bunkers under c1 d1 c2 d2 and c5 d5 c6 d6
	evolution  bool // pieces evolve after moving; check rules (king safety) apply
	check      bool // check rules (king safety) apply: orthodox chess and Chess960
	chess960   bool // castling king and rooks from the FEN; castling written king takes rook

	squares []square // every square of the board, filled in by init
}

var variants = map[string]*variant{
	"extinction": {
		name:       "extinction",
		files:      8,
		ranks:      8,
		pieces:     "KQRBNP",
		species:    "KQRBNP",
		promotions: "nbrqk",
		doubleStep: true,
		enPassant:  true,
		castling:   true,
	},
	"losalamos-bunkers": {
		name:       "losalamos-bunkers",
		files:      6,
		ranks:      6,
		pieces:     "KQRNP",
		species:    "KQRNP",
		promotions: "qrnk",
		bunkers:    true,
	},
	"losalamos-extinction": {
		name:       "losalamos-extinction",
		files:      6,
		ranks:      6,
		pieces:     "KQRNP",
		species:    "KQRNP",
		promotions: "qrnk",
	},
	"standard": {
		name:       "standard",
		files:      8,
		ranks:      8,
		pieces:     "KQRBNP",
		promotions: "qrbn",
		doubleStep: true,
		enPassant:  true,
		castling:   true,
		check:      true,
	},
	"fischerandom": {
		name:       "fischerandom",
		files:      8,
		ranks:      8,
		pieces:     "KQRBNP",
		promotions: "qrbn",
		doubleStep: true,
		enPassant:  true,
		castling:   true,
		check:      true,
		chess960:   true,
	},
	"evolution": {
		name:      "evolution",
		files:     7,
		ranks:     6,
		pieces:    "KQRBN",
		evolution: true,
	},
}
