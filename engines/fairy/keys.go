package fairy

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// keySpec is one key of variants.ini and what it sets. The table's order
// is the order keys apply in, whatever their order in the file: the board
// first, then the pieces, then what names pieces or squares, as
// Fairy-Stockfish does.
type keySpec struct {
	name string
	// since: "11.1" for a key only Fairy-Stockfish 11.1 reads (its newer
	// name is in note), "new" for one only newer versions read, "" both.
	since string
	note  string
	// noRule: the key sets nothing of a Definition (refused unless it
	// asks for the default, or ignored).
	noRule bool
	apply  func(d *Definition, v string) error
}

func boolKey(name string, f func(d *Definition) *bool) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		b, err := parseBool(v)
		*f(d) = b
		return err
	}}
}

func intKey(name string, f func(d *Definition) *int) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		n, err := parseInt(v)
		*f(d) = n
		return err
	}}
}

func fileKey(name string, f func(d *Definition) *int) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		n, err := parseFile(v)
		*f(d) = n - 1
		return err
	}}
}

func resultKey(name string, f func(d *Definition) *Result) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		r, err := parseResult(v)
		*f(d) = r
		return err
	}}
}

// regionKey sets the regions of the given colours (0 White, 1 Black).
func regionKey(name, group string, f func(d *Definition) *[2]Region, colours ...int) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		r, err := parseRegion(v)
		if err != nil {
			return err
		}
		for _, c := range colours {
			f(d)[c] = append(Region(nil), r...)
		}
		d.regionSet[group] = true
		return nil
	}}
}

func setKey(name string, f func(d *Definition) *[2]PieceSet, colours ...int) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		s, err := d.parsePieceSet(v)
		if err != nil {
			return err
		}
		for _, c := range colours {
			f(d)[c] = clone(s)
		}
		return nil
	}}
}

// choiceKey is a key with one of the values listed, or none (the empty
// string); another value is refused, unsupported as why says (a format
// with the value's %q).
func choiceKey(name string, f func(d *Definition) *string, why string, values ...string) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		switch {
		case v == "none":
			*f(d) = ""
		case slices.Contains(values, v):
			*f(d) = v
		default:
			return unsupported(why, v)
		}
		return nil
	}}
}

// refuse is a key whose rule the engine cannot play; the value ok (its
// default) is accepted, since it asks for nothing.
func refuse(name, why string, ok ...string) keySpec {
	return keySpec{name: name, noRule: true, apply: func(d *Definition, v string) error {
		for _, o := range ok {
			if v == o || o == "*" {
				return nil
			}
		}
		return unsupported("%s", why)
	}}
}

// countingKey is countingRule: Fairy-Stockfish 11.1 knows makruk and
// asean, and plays any other value as none without a word; a newer
// value (cambodian) is refused rather than played so.
func countingKey() keySpec {
	return keySpec{name: "countingRule", apply: func(d *Definition, v string) error {
		switch v {
		case "none", "makruk", "asean":
			d.CountingRule = v
			return nil
		}
		return unsupported("counting rule %q (Fairy-Stockfish 11.1 has makruk and asean)", v)
	}}
}

// ignore is a key that changes nothing varena plays: hints for XBoard's
// display or Fairy-Stockfish's own evaluation.
func ignore(name, why string) keySpec {
	return keySpec{name: name, note: why, noRule: true, apply: func(*Definition, string) error { return nil }}
}

// pawnTypesKey reads a set of pawn-like types into the letter sets it
// names (see Definition.PromotionPawns) for the given colours.
func pawnTypesKey(name string, colours []int, sets ...func(d *Definition) *[2][]byte) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		s, err := d.parsePieceSet(v)
		if err != nil {
			return err
		}
		if s.All {
			return unsupported("every type (*) as pawn type")
		}
		ls := []byte{}
		for _, k := range s.Keys {
			if p := d.Piece(k); p != nil {
				ls = append(ls, p.Letter)
			}
		}
		for _, f := range sets {
			for _, c := range colours {
				f(d)[c] = slices.Clone(ls)
			}
		}
		return nil
	}}
}

var (
	both, white, black = []int{0, 1}, []int{0}, []int{1}
	promotionPawns     = func(d *Definition) *[2][]byte { return &d.PromotionPawns }
	enPassantPawns     = func(d *Definition) *[2][]byte { return &d.EnPassantPawns }
	nMovePawns         = func(d *Definition) *[2][]byte { return &d.NMovePawns }
)

var keyTable = markSince(buildKeyTable())

// Keys that differ between Fairy-Stockfish 11.1 (the Debian binary) and
// newer versions. TestKeysOf111 checks the table against the binary.
var (
	// only111 are 11.1's names, with what newer versions say instead.
	only111 = map[string]string{
		"promotionRank":        "promotionRegionWhite, promotionRegionBlack",
		"doubleStepRank":       "doubleStepRegionWhite, doubleStepRegionBlack",
		"firstRankDoubleSteps": "doubleStepRegionWhite = *1 *2",
		"whiteFlag":            "flagRegionWhite (or flagRegion for both)",
		"blackFlag":            "flagRegionBlack",
		"castlingRookPiece":    "castlingRookPieces",
		"kingType":             "king = k:BETZA",
		"kingPass":             "pass",
		"kingPassOnStalemate":  "passOnStalemate",
		"shogiDoubledPawn":     "dropNoDoubled = p",
		"whiteDropRegion":      "dropRegionWhite",
		"blackDropRegion":      "dropRegionBlack",
	}
	// newOnly are keys 11.1 does not read (it warns and ignores them).
	newOnly = strings.Fields(`
		hawk musketeerElephant unicorn musketeerCannon spider leopard fortress
		dropRegionWhite dropRegionBlack
		promotionRegionWhite promotionRegionBlack promotionPieceTypesWhite
		promotionPieceTypesBlack pawnTypes promotionPawnTypes
		promotionPawnTypesWhite promotionPawnTypesBlack doubleStepRegionWhite
		doubleStepRegionBlack tripleStepRegionWhite tripleStepRegionBlack
		enPassantRegion enPassantTypes enPassantTypesWhite enPassantTypesBlack
		castlingKingFile castlingKingPiece castlingRookKingsideFile
		castlingRookQueensideFile castlingRookPieces castlingRookPiecesWhite
		castlingRookPiecesBlack oppositeCastling stalematePieceCount
		extinctionPseudoRoyal dupleCheck flagPieceWhite flagPieceBlack
		flagRegion flagRegionWhite flagRegionBlack flagPieceCount
		flagPieceBlockedWin flagPieceSafe nMoveRuleTypes nMoveRuleTypesWhite
		nMoveRuleTypesBlack moveRepetitionIllegal chasingRule castlingWins
		connectNxN connectHorizontal connectVertical connectDiagonal
		connectValue connectPieceTypes collinearN
		connectRegion1White connectRegion2White connectRegion1Black
		connectRegion2Black enclosingDrop enclosingDropStart dropNoDoubled
		dropNoDoubledCount arrowGating duckGating staticGating pastGating
		staticGatingRegion wallingRule wallOrMove wallingRegion wallingRegionWhite
		wallingRegionBlack passOnStalemate flipEnclosedPieces blastOnCapture
		blastImmuneTypes mutuallyImmuneTypes petrifyOnCaptureTypes
		petrifyBlastPieces pieceValueMg pieceValueEg adjudicateFullBoard`)
)

func markSince(t []keySpec) []keySpec {
	for i := range t {
		if n, ok := only111[t[i].name]; ok {
			t[i].since, t[i].note = "11.1", "newer: "+n
		}
		if slices.Contains(newOnly, t[i].name) {
			t[i].since = "new"
		}
	}
	return t
}

func buildKeyTable() []keySpec {
	t := []keySpec{
		{name: "maxRank", apply: func(d *Definition, v string) error {
			n, err := parseRank(v)
			d.Ranks = n
			return err
		}},
		{name: "maxFile", apply: func(d *Definition, v string) error {
			n, err := parseFile(v)
			d.Files = n
			return err
		}},
	}
	for _, p := range pieceTypes {
		t = append(t, keySpec{name: p.key, apply: pieceApply(p.key)})
	}
	for i := 1; i <= CustomPieces; i++ {
		k := fmt.Sprintf("customPiece%d", i)
		t = append(t, keySpec{name: k, since: "new", note: "11.1 has no custom pieces", apply: pieceApply(k)})
	}
	t = append(t, keySpec{name: "king", apply: pieceApply("king")})
	// Mobility regions, by piece name: mobilityRegionWhiteKing, ...
	names := []string{"king"}
	for _, p := range pieceTypes {
		names = append(names, p.key)
	}
	for i := 1; i <= CustomPieces; i++ {
		names = append(names, fmt.Sprintf("customPiece%d", i))
	}
	for _, n := range names {
		for c, colour := range []string{"White", "Black"} {
			t = append(t, mobilityKey("mobilityRegion"+colour+strings.ToUpper(n[:1])+n[1:], n, c))
		}
	}
	t = append(t,
		keySpec{name: "kingType", apply: func(d *Definition, v string) error {
			k, err := d.parsePiece(v)
			if err != nil {
				return err
			}
			king, p := d.Piece("king"), d.Piece(k)
			if king == nil {
				return fmt.Errorf("the variant has no king to move as %s", k)
			}
			king.Betza, king.Atoms = p.Betza, append([]Atom(nil), p.Atoms...)
			return nil
		}},
		keySpec{name: "startFen", apply: func(d *Definition, v string) error { d.StartFEN = v; return nil }},
		// Promotion.
		keySpec{name: "promotionRank", since: "11.1", note: "newer: promotionRegionWhite/Black", apply: func(d *Definition, v string) error {
			n, err := parseRank(v)
			d.promotionRank = n
			delete(d.regionSet, "promotion")
			return err
		}},
		regionKey("promotionRegionWhite", "promotion", func(d *Definition) *[2]Region { return &d.PromotionRegion }, 0),
		regionKey("promotionRegionBlack", "promotion", func(d *Definition) *[2]Region { return &d.PromotionRegion }, 1),
		setKey("promotionPieceTypes", func(d *Definition) *[2]PieceSet { return &d.PromotionPieces }, 0, 1),
		setKey("promotionPieceTypesWhite", func(d *Definition) *[2]PieceSet { return &d.PromotionPieces }, 0),
		setKey("promotionPieceTypesBlack", func(d *Definition) *[2]PieceSet { return &d.PromotionPieces }, 1),
		keySpec{name: "promotedPieceType", apply: func(d *Definition, v string) error {
			// Fairy-Stockfish (11.1 as the newer build) sets the types
			// listed and keeps the parent's others: gorogoro's pawn still
			// promotes where a child lists only l:g n:g.
			m, err := d.parsePromoted(v)
			if err != nil {
				return err
			}
			if d.PromotedPiece == nil {
				d.PromotedPiece = map[string]string{}
			}
			maps.Copy(d.PromotedPiece, m)
			return nil
		}},
		boolKey("mandatoryPawnPromotion", func(d *Definition) *bool { return &d.MandatoryPawnPromotion }),
		boolKey("mandatoryPiecePromotion", func(d *Definition) *bool { return &d.MandatoryPiecePromotion }),
		keySpec{name: "promotionLimit", apply: func(d *Definition, v string) error {
			m, err := d.parsePromotionLimit(v)
			d.PromotionLimit = m
			return err
		}},
		boolKey("piecePromotionOnCapture", func(d *Definition) *bool { return &d.PiecePromotionOnCapture }),
		boolKey("pieceDemotion", func(d *Definition) *bool { return &d.PieceDemotion }),
		boolKey("sittuyinPromotion", func(d *Definition) *bool { return &d.SittuyinPromotion }),
		pawnTypesKey("pawnTypes", both, promotionPawns, enPassantPawns, nMovePawns),
		pawnTypesKey("promotionPawnTypes", both, promotionPawns),
		pawnTypesKey("promotionPawnTypesWhite", white, promotionPawns),
		pawnTypesKey("promotionPawnTypesBlack", black, promotionPawns),
		// Double step and en passant.
		boolKey("doubleStep", func(d *Definition) *bool { return &d.DoubleStep }),
		keySpec{name: "doubleStepRank", since: "11.1", note: "newer: doubleStepRegionWhite/Black", apply: func(d *Definition, v string) error {
			n, err := parseRank(v)
			d.doubleStepRank = n
			delete(d.regionSet, "doubleStep")
			return err
		}},
		keySpec{name: "firstRankDoubleSteps", since: "11.1", note: "newer: doubleStepRegionWhite/Black", apply: func(d *Definition, v string) error {
			b, err := parseBool(v)
			d.firstRankDS = b
			delete(d.regionSet, "doubleStep")
			return err
		}},
		regionKey("doubleStepRegionWhite", "doubleStep", func(d *Definition) *[2]Region { return &d.DoubleStepRegion }, 0),
		regionKey("doubleStepRegionBlack", "doubleStep", func(d *Definition) *[2]Region { return &d.DoubleStepRegion }, 1),
		refuse("tripleStepRegionWhite", "pawn triple steps", "-", ""),
		refuse("tripleStepRegionBlack", "pawn triple steps", "-", ""),
		keySpec{name: "enPassantRegion", apply: func(d *Definition, v string) error {
			r, err := parseRegion(v)
			d.EnPassantRegion = r
			d.regionSet["enPassant"] = true
			return err
		}},
		pawnTypesKey("enPassantTypes", both, enPassantPawns),
		pawnTypesKey("enPassantTypesWhite", white, enPassantPawns),
		pawnTypesKey("enPassantTypesBlack", black, enPassantPawns),
		// Castling.
		boolKey("castling", func(d *Definition) *bool { return &d.Castling }),
		boolKey("chess960", func(d *Definition) *bool { return &d.Chess960 }),
		fileKey("castlingKingsideFile", func(d *Definition) *int { return &d.CastlingKingsideFile }),
		fileKey("castlingQueensideFile", func(d *Definition) *int { return &d.CastlingQueensideFile }),
		keySpec{name: "castlingRank", apply: func(d *Definition, v string) error {
			n, err := parseRank(v)
			d.CastlingRank = n
			return err
		}},
		fileKey("castlingKingFile", func(d *Definition) *int { return &d.CastlingKingFile }),
		keySpec{name: "castlingKingPiece", apply: func(d *Definition, v string) error {
			k, err := d.parsePiece(v)
			d.CastlingKingPiece = [2]string{k, k}
			return err
		}},
		keySpec{name: "castlingRookKingsideFile", apply: func(d *Definition, v string) error {
			n, err := parseFile(v)
			d.CastlingRookKingsideFile, d.rookFilesSet[0] = n-1, true
			return err
		}},
		fileKey("castlingRookQueensideFile", func(d *Definition) *int { return &d.CastlingRookQueensideFile }),
		keySpec{name: "castlingRookPiece", since: "11.1", note: "newer: castlingRookPieces", apply: func(d *Definition, v string) error {
			k, err := d.parsePiece(v)
			s := PieceSet{Keys: []string{k}}
			d.CastlingRookPieces = [2]PieceSet{s, clone(s)}
			return err
		}},
		setKey("castlingRookPieces", func(d *Definition) *[2]PieceSet { return &d.CastlingRookPieces }, 0, 1),
		setKey("castlingRookPiecesWhite", func(d *Definition) *[2]PieceSet { return &d.CastlingRookPieces }, 0),
		setKey("castlingRookPiecesBlack", func(d *Definition) *[2]PieceSet { return &d.CastlingRookPieces }, 1),
		boolKey("castlingDroppedPiece", func(d *Definition) *bool { return &d.CastlingDroppedPiece }),
		boolKey("oppositeCastling", func(d *Definition) *bool { return &d.OppositeCastling }),
		// Check and game end.
		boolKey("checking", func(d *Definition) *bool { return &d.Checking }),
		boolKey("mustCapture", func(d *Definition) *bool { return &d.MustCapture }),
		boolKey("checkCounting", func(d *Definition) *bool { return &d.CheckCounting }),
		resultKey("checkmateValue", func(d *Definition) *Result { return &d.CheckmateValue }),
		resultKey("stalemateValue", func(d *Definition) *Result { return &d.StalemateValue }),
		boolKey("stalematePieceCount", func(d *Definition) *bool { return &d.StalematePieceCount }),
		resultKey("extinctionValue", func(d *Definition) *Result { return &d.ExtinctionValue }),
		keySpec{name: "extinctionPieceTypes", apply: func(d *Definition, v string) error {
			s, err := d.parsePieceSet(v)
			d.ExtinctionPieces = s
			return err
		}},
		intKey("extinctionPieceCount", func(d *Definition) *int { return &d.ExtinctionPieceCount }),
		intKey("extinctionOpponentPieceCount", func(d *Definition) *int { return &d.ExtinctionOpponentPieceCount }),
		boolKey("extinctionPseudoRoyal", func(d *Definition) *bool { return &d.ExtinctionPseudoRoyal }),
		boolKey("extinctionClaim", func(d *Definition) *bool { return &d.ExtinctionClaim }),
		refuse("dupleCheck", "duple check", "false"),
		keySpec{name: "flagPiece", apply: func(d *Definition, v string) error {
			s, err := d.parsePieceSet(v)
			if err == nil && !s.All && len(s.Keys) > 1 {
				err = fmt.Errorf("value %q is not one piece letter or *", short(v))
			}
			d.FlagPiece = [2]PieceSet{s, clone(s)}
			return err
		}},
		setKey("flagPieceWhite", func(d *Definition) *[2]PieceSet { return &d.FlagPiece }, 0),
		setKey("flagPieceBlack", func(d *Definition) *[2]PieceSet { return &d.FlagPiece }, 1),
		regionKey("whiteFlag", "flag", func(d *Definition) *[2]Region { return &d.FlagRegion }, 0),
		regionKey("blackFlag", "flag", func(d *Definition) *[2]Region { return &d.FlagRegion }, 1),
		regionKey("flagRegion", "flag", func(d *Definition) *[2]Region { return &d.FlagRegion }, 0, 1),
		regionKey("flagRegionWhite", "flag", func(d *Definition) *[2]Region { return &d.FlagRegion }, 0),
		regionKey("flagRegionBlack", "flag", func(d *Definition) *[2]Region { return &d.FlagRegion }, 1),
		boolKey("flagMove", func(d *Definition) *bool { return &d.FlagMove }),
		intKey("flagPieceCount", func(d *Definition) *int { return &d.FlagPieceCount }),
		boolKey("flagPieceBlockedWin", func(d *Definition) *bool { return &d.FlagPieceBlockedWin }),
		boolKey("flagPieceSafe", func(d *Definition) *bool { return &d.FlagPieceSafe }),
		intKey("nMoveRule", func(d *Definition) *int { return &d.NMoveRule }),
		intKey("nFoldRule", func(d *Definition) *int { return &d.NFoldRule }),
		resultKey("nFoldValue", func(d *Definition) *Result { return &d.NFoldValue }),
		boolKey("nFoldValueAbsolute", func(d *Definition) *bool { return &d.NFoldValueAbsolute }),
		pawnTypesKey("nMoveRuleTypes", both, nMovePawns),
		pawnTypesKey("nMoveRuleTypesWhite", white, nMovePawns),
		pawnTypesKey("nMoveRuleTypesBlack", black, nMovePawns),
		boolKey("perpetualCheckIllegal", func(d *Definition) *bool { return &d.PerpetualCheckIllegal }),
		refuse("moveRepetitionIllegal", "move repetition rules", "false"),
		refuse("chasingRule", "chasing rules", "none"),
		countingKey(),
		keySpec{name: "materialCounting", apply: func(d *Definition, v string) error {
			switch v {
			case "none", "janggi", "unweighted", "whitedrawodds", "blackdrawodds":
				d.MaterialCounting = v
				return nil
			}
			return unsupported("material counting %q (the engines play janggi, unweighted, whitedrawodds and blackdrawodds)", v)
		}},
		boolKey("shatarMateRule", func(d *Definition) *bool { return &d.ShatarMateRule }),
		boolKey("bikjangRule", func(d *Definition) *bool { return &d.BikjangRule }),
		boolKey("shogiPawnDropMateIllegal", func(d *Definition) *bool { return &d.ShogiPawnDropMateIllegal }),
		keySpec{name: "castlingWins", apply: func(d *Definition, v string) error {
			d.CastlingWins = 0
			if v == "-" {
				return nil
			}
			for _, c := range v {
				i := strings.IndexRune("KQkq", c)
				if i < 0 {
					return fmt.Errorf("value %q: castling rights are K, Q, k and q", short(v))
				}
				d.CastlingWins |= 1 << i
			}
			return nil
		}},
		intKey("connectN", func(d *Definition) *int { return &d.ConnectN }),
		intKey("connectNxN", func(d *Definition) *int { return &d.ConnectNxN }),
		intKey("collinearN", func(d *Definition) *int { return &d.CollinearN }),
		boolKey("connectHorizontal", func(d *Definition) *bool { return &d.ConnectHorizontal }),
		boolKey("connectVertical", func(d *Definition) *bool { return &d.ConnectVertical }),
		boolKey("connectDiagonal", func(d *Definition) *bool { return &d.ConnectDiagonal }),
		resultKey("connectValue", func(d *Definition) *Result { return &d.ConnectValue }),
		keySpec{name: "connectPieceTypes", apply: func(d *Definition, v string) error {
			s, err := d.parsePieceSet(v)
			d.ConnectPieces = s
			return err
		}},
		regionKey("connectRegion1White", "connect", func(d *Definition) *[2]Region { return &d.ConnectRegion1 }, 0),
		regionKey("connectRegion2White", "connect", func(d *Definition) *[2]Region { return &d.ConnectRegion2 }, 0),
		regionKey("connectRegion1Black", "connect", func(d *Definition) *[2]Region { return &d.ConnectRegion1 }, 1),
		regionKey("connectRegion2Black", "connect", func(d *Definition) *[2]Region { return &d.ConnectRegion2 }, 1),
		// Drops, gating and other moves.
		boolKey("pieceDrops", func(d *Definition) *bool { return &d.PieceDrops }),
		boolKey("capturesToHand", func(d *Definition) *bool { return &d.CapturesToHand }),
		ignore("pocketSize", "the size of XBoard's holdings display"),
		boolKey("twoBoards", func(d *Definition) *bool { return &d.TwoBoards }),
		boolKey("mustDrop", func(d *Definition) *bool { return &d.MustDrop }),
		keySpec{name: "mustDropType", apply: func(d *Definition, v string) error {
			if v == "*" {
				d.MustDropType = ""
				return nil
			}
			k, err := d.parsePiece(v)
			d.MustDropType = k
			return err
		}},
		boolKey("dropLoop", func(d *Definition) *bool { return &d.DropLoop }),
		boolKey("firstRankPawnDrops", func(d *Definition) *bool { return &d.FirstRankPawnDrops }),
		boolKey("promotionZonePawnDrops", func(d *Definition) *bool { return &d.PromotionZonePawnDrops }),
		refuse("dropOnTop", "drops on top of a column (connect-four)", "false"),
		choiceKey("enclosingDrop", func(d *Definition) *string { return &d.EnclosingDrop }, "drops that enclose %q", "top", "anyside", "reversi", "ataxx", "snort"),
		keySpec{name: "enclosingDropStart", apply: func(d *Definition, v string) error {
			r, err := parseRegion(v)
			d.EnclosingDropStart = r
			return err
		}},
		boolKey("adjudicateFullBoard", func(d *Definition) *bool { return &d.AdjudicateFullBoard }),
		regionKey("whiteDropRegion", "drop", func(d *Definition) *[2]Region { return &d.DropRegion }, 0),
		regionKey("blackDropRegion", "drop", func(d *Definition) *[2]Region { return &d.DropRegion }, 1),
		regionKey("dropRegionWhite", "drop", func(d *Definition) *[2]Region { return &d.DropRegion }, 0),
		regionKey("dropRegionBlack", "drop", func(d *Definition) *[2]Region { return &d.DropRegion }, 1),
		boolKey("sittuyinRookDrop", func(d *Definition) *bool { return &d.SittuyinRookDrop }),
		boolKey("dropOppositeColoredBishop", func(d *Definition) *bool { return &d.DropOppositeColoredBishop }),
		boolKey("dropPromoted", func(d *Definition) *bool { return &d.DropPromoted }),
		keySpec{name: "dropNoDoubled", apply: func(d *Definition, v string) error {
			if v == "-" {
				d.DropNoDoubled = ""
				return nil
			}
			k, err := d.parsePiece(v)
			d.DropNoDoubled = k
			return err
		}},
		intKey("dropNoDoubledCount", func(d *Definition) *int { return &d.DropNoDoubledCount }),
		boolKey("dropChecks", func(d *Definition) *bool { return &d.DropChecks }),
		keySpec{name: "shogiDoubledPawn", since: "11.1", note: "newer: dropNoDoubled = p", apply: func(d *Definition, v string) error {
			b, err := parseBool(v)
			d.DropNoDoubled = ""
			if !b {
				d.DropNoDoubled = "shogiPawn"
			}
			return err
		}},
		boolKey("gating", func(d *Definition) *bool { return &d.Gating }),
		boolKey("seirawanGating", func(d *Definition) *bool { return &d.SeirawanGating }),
		refuse("arrowGating", "gating of walls", "false"),
		refuse("duckGating", "gating of walls", "false"),
		refuse("staticGating", "gating of walls", "false"),
		refuse("pastGating", "gating of walls", "false"),
		ignore("staticGatingRegion", "no gating"),
		choiceKey("wallingRule", func(d *Definition) *string { return &d.WallingRule }, "walls placed %q (the engines place arrow, edge and past walls)", "arrow", "edge", "past"),
		boolKey("wallOrMove", func(d *Definition) *bool { return &d.WallOrMove }),
		ignore("wallingRegion", "no walls"),
		ignore("wallingRegionWhite", "no walls"),
		ignore("wallingRegionBlack", "no walls"),
		boolKey("cambodianMoves", func(d *Definition) *bool { return &d.CambodianMoves }),
		keySpec{name: "diagonalLines", apply: func(d *Definition, v string) error {
			r, err := parseRegion(v)
			d.DiagonalLines = r
			return err
		}},
		boolKey("pass", func(d *Definition) *bool { return &d.KingPass }),
		boolKey("kingPass", func(d *Definition) *bool { return &d.KingPass }),
		boolKey("passOnStalemate", func(d *Definition) *bool { return &d.PassOnStalemate }),
		boolKey("kingPassOnStalemate", func(d *Definition) *bool { return &d.PassOnStalemate }),
		boolKey("makpongRule", func(d *Definition) *bool { return &d.MakpongRule }),
		boolKey("flyingGeneral", func(d *Definition) *bool { return &d.FlyingGeneral }),
		keySpec{name: "soldierPromotionRank", apply: func(d *Definition, v string) error {
			n, err := parseRank(v)
			d.SoldierPromotionRank = n
			return err
		}},
		choiceKey("flipEnclosedPieces", func(d *Definition) *string { return &d.FlipEnclosedPieces }, "flipping pieces %q", "reversi", "ataxx", "quadwrangle"),
		boolKey("blastOnCapture", func(d *Definition) *bool { return &d.BlastOnCapture }),
		refuse("blastImmuneTypes", "pieces immune to explosions", "-", ""),
		refuse("mutuallyImmuneTypes", "pieces immune to each other's captures", "-"),
		keySpec{name: "petrifyOnCaptureTypes", apply: func(d *Definition, v string) error {
			if v == "" {
				v = "-"
			}
			s, err := d.parsePieceSet(v)
			d.PetrifyPieces = s
			return err
		}},
		refuse("petrifyBlastPieces", "petrification", "false"),
		boolKey("immobilityIllegal", func(d *Definition) *bool { return &d.ImmobilityIllegal }),
		// Hints that change no rule.
		ignore("variantTemplate", "XBoard's display template"),
		ignore("pieceToCharTable", "XBoard's piece images"),
		ignore("pieceValueMg", "Fairy-Stockfish's evaluation"),
		ignore("pieceValueEg", "Fairy-Stockfish's evaluation"),
	)
	return t
}

// mobilityKey sets a piece's mobility region for one colour.
func mobilityKey(name, piece string, c int) keySpec {
	return keySpec{name: name, apply: func(d *Definition, v string) error {
		r, err := parseRegion(v)
		if err != nil {
			return err
		}
		if d.MobilityRegion == nil {
			d.MobilityRegion = map[string][2]Region{}
		}
		m := d.MobilityRegion[piece]
		m[c] = r
		d.MobilityRegion[piece] = m
		return nil
	}}
}

// parsePromotionLimit reads "q:1 r:2": piece letters with counts.
func (d *Definition) parsePromotionLimit(v string) (map[string]int, error) {
	m := map[string]int{}
	for _, tok := range strings.Fields(v) {
		if len(tok) < 3 || tok[1] != ':' {
			return nil, fmt.Errorf("value %q: %q is not LETTER:COUNT", short(v), tok)
		}
		p := d.pieceByLetter(lower(tok[0]))
		if p == nil {
			return nil, fmt.Errorf("value %q: no piece has the letter %q", short(v), tok[0])
		}
		n, err := parseInt(tok[2:])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("value %q: %q is not a count", short(v), tok[2:])
		}
		m[p.Key] = n
	}
	return m, nil
}

func pieceApply(key string) func(d *Definition, v string) error {
	return func(d *Definition, v string) error { return d.applyPiece(key, v) }
}

// builtinOnly are keys that only builtin.ini may use: rules of
// Fairy-Stockfish's built-in variants for which it has no key.
var builtinOnly = map[string]func(d *Definition, v string) error{
	"bareKingValue": func(d *Definition, v string) error {
		r, err := parseResult(v)
		d.BareKingValue = r
		return err
	},
	"freeDrops": func(d *Definition, v string) error {
		b, err := parseBool(v)
		d.FreeDrops = b
		return err
	},
	"bareKingMove": func(d *Definition, v string) error {
		b, err := parseBool(v)
		d.BareKingMove = b
		return err
	},
}

var keyIndex = func() map[string]int {
	m := map[string]int{}
	for i, k := range keyTable {
		m[k.name] = i
	}
	return m
}()

// apply reads one section's entries into d, in the table's order. The
// error returned is the one of the earliest line, the likeliest cause of
// any others. builtin (builtin.ini) allows its own keys; with keep (and
// for builtin.ini) an unsupported rule is recorded in d.Unsupported
// instead.
func (d *Definition) apply(s section, file string, builtin, keep bool) error {
	// Every problem of the section, in line order.
	var probs []*Error
	fail := func(e *Error) { probs = append(probs, e) }
	order := make([]int, len(s.entries))
	for i, e := range s.entries {
		j, ok := keyIndex[e.key]
		switch {
		case ok:
		case builtin && builtinOnly[e.key] != nil:
			j = len(keyTable)
		case strings.HasPrefix(e.key, "mobilityRegion"):
			if ee := (&Error{File: file, Line: e.line, Key: e.key, Err: unsupported("mobility regions")}); keep {
				d.Unsupported = append(d.Unsupported, ee)
			} else {
				fail(ee)
			}
			j = -1
		default:
			fail(&Error{File: file, Line: e.line, Key: e.key, Err: errors.New("unknown key")})
			j = -1
		}
		order[i] = j
	}
	for j := 0; j <= len(keyTable); j++ {
		for i, e := range s.entries {
			if order[i] != j {
				continue
			}
			f := builtinOnly[e.key]
			if j < len(keyTable) {
				f = keyTable[j].apply
			}
			var err error
			if e.value == "" {
				err = errors.New("empty value")
			} else {
				err = f(d, e.value)
			}
			// A key set again drops what its parent could not play.
			d.Unsupported = dropKey(d.Unsupported, e.key)
			d.Keys[e.key] = Pos{File: file, Line: e.line}
			if err == nil {
				continue
			}
			ee := &Error{File: file, Line: e.line, Key: e.key, Err: err}
			if keep && errors.Is(err, ErrUnsupported) {
				d.Unsupported = append(d.Unsupported, ee)
				continue
			}
			fail(ee)
		}
	}
	if len(probs) == 0 {
		return nil
	}
	slices.SortStableFunc(probs, func(a, b *Error) int { return a.Line - b.Line })
	if len(probs) == 1 {
		return probs[0]
	}
	errs := make([]error, len(probs))
	for i, e := range probs {
		errs[i] = e
	}
	return errors.Join(errs...)
}

func dropKey(list []*Error, key string) []*Error {
	var out []*Error
	for _, e := range list {
		if e.Key != key {
			out = append(out, e)
		}
	}
	return out
}
