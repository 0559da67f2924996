package fairy

import (
	"cmp"
	"fmt"
	"os"
	"strings"
	"testing"
)

// Format writes d as one variants.ini section without parent, every rule
// spelt out; Parse reads it back to the same rules. It fails when a rule
// names a piece type the variant does not have (no letter to write).
func (d *Definition) Format() (string, error) {
	var b strings.Builder
	var err error
	kv := func(k string, v any) { fmt.Fprintf(&b, "%s = %v\n", k, v) }
	letters := func(s PieceSet) string {
		if s.All {
			return "*"
		}
		out := ""
		for _, k := range s.Keys {
			p := d.Piece(k)
			if p == nil {
				err = fmt.Errorf("variant %s: no piece %s to write", d.Name, k)
				continue
			}
			out += string(p.Letter)
		}
		if out == "" {
			return "-"
		}
		return out
	}
	// A set naming absent types is written only when it is the default of
	// a section without parent, which Parse then gives back.
	set := func(key string, s PieceSet, def ...string) {
		for _, k := range s.Keys {
			if d.Piece(k) == nil {
				if !s.All && strings.Join(s.Keys, " ") == strings.Join(def, " ") {
					return
				}
			}
		}
		kv(key, letters(s))
	}
	file := func(f int) string { return string(rune('a' + f)) }
	fmt.Fprintf(&b, "[%s]\n", d.Name)
	kv("maxRank", d.Ranks)
	kv("maxFile", d.Files)
	for _, p := range d.Pieces {
		_, custom := customSlot(p.Key)
		if custom || p.Key == "king" && p.Betza != "K" {
			kv(p.Key, string(p.Letter)+":"+p.Betza)
		} else {
			kv(p.Key, string(p.Letter))
		}
	}
	kv("startFen", d.StartFEN)
	kv("promotionRegionWhite", d.PromotionRegion[0])
	kv("promotionRegionBlack", d.PromotionRegion[1])
	kv("promotionPieceTypesWhite", letters(d.PromotionPieces[0]))
	kv("promotionPieceTypesBlack", letters(d.PromotionPieces[1]))
	kv("mandatoryPawnPromotion", d.MandatoryPawnPromotion)
	kv("mandatoryPiecePromotion", d.MandatoryPiecePromotion)
	kv("piecePromotionOnCapture", d.PiecePromotionOnCapture)
	var promoted []string
	for _, p := range d.Pieces {
		to, ok := d.PromotedPiece[p.Key]
		if !ok {
			continue
		}
		l := "-"
		if to != "" {
			if q := d.Piece(to); q != nil {
				l = string(q.Letter)
			} else {
				err = fmt.Errorf("variant %s: no piece %s to write", d.Name, to)
			}
		}
		promoted = append(promoted, string(p.Letter)+":"+l)
	}
	if len(promoted) > 0 {
		kv("promotedPieceType", strings.Join(promoted, " "))
	}
	kv("doubleStep", d.DoubleStep)
	kv("doubleStepRegionWhite", d.DoubleStepRegion[0])
	kv("doubleStepRegionBlack", d.DoubleStepRegion[1])
	kv("enPassantRegion", d.EnPassantRegion)
	kv("castling", d.Castling)
	kv("chess960", d.Chess960)
	kv("castlingKingsideFile", file(d.CastlingKingsideFile))
	kv("castlingQueensideFile", file(d.CastlingQueensideFile))
	kv("castlingRank", d.CastlingRank)
	kv("castlingKingFile", file(d.CastlingKingFile))
	if p := d.Piece(d.CastlingKingPiece[0]); p != nil {
		kv("castlingKingPiece", string(p.Letter))
	} else if d.CastlingKingPiece[0] != "king" {
		err = fmt.Errorf("variant %s: no castling king %s to write", d.Name, d.CastlingKingPiece[0])
	}
	kv("castlingRookKingsideFile", file(d.CastlingRookKingsideFile))
	kv("castlingRookQueensideFile", file(d.CastlingRookQueensideFile))
	set("castlingRookPiecesWhite", d.CastlingRookPieces[0], "rook")
	set("castlingRookPiecesBlack", d.CastlingRookPieces[1], "rook")
	kv("checking", d.Checking)
	kv("mustCapture", d.MustCapture)
	kv("checkCounting", d.CheckCounting)
	kv("checkmateValue", d.CheckmateValue)
	kv("stalemateValue", d.StalemateValue)
	kv("stalematePieceCount", d.StalematePieceCount)
	kv("makpongRule", d.MakpongRule)
	kv("shatarMateRule", d.ShatarMateRule)
	kv("cambodianMoves", d.CambodianMoves)
	kv("extinctionValue", d.ExtinctionValue)
	kv("extinctionPieceTypes", letters(d.ExtinctionPieces))
	kv("extinctionPieceCount", d.ExtinctionPieceCount)
	kv("extinctionOpponentPieceCount", d.ExtinctionOpponentPieceCount)
	kv("extinctionPseudoRoyal", d.ExtinctionPseudoRoyal)
	kv("extinctionClaim", d.ExtinctionClaim)
	kv("blastOnCapture", d.BlastOnCapture)
	kv("bareKingValue", d.BareKingValue)
	kv("bareKingMove", d.BareKingMove)
	kv("flagPieceWhite", letters(d.FlagPiece[0]))
	kv("flagPieceBlack", letters(d.FlagPiece[1]))
	kv("flagRegionWhite", d.FlagRegion[0])
	kv("flagRegionBlack", d.FlagRegion[1])
	kv("flagMove", d.FlagMove)
	kv("flagPieceCount", d.FlagPieceCount)
	kv("flagPieceBlockedWin", d.FlagPieceBlockedWin)
	kv("flagPieceSafe", d.FlagPieceSafe)
	kv("connectN", d.ConnectN)
	kv("connectNxN", d.ConnectNxN)
	kv("collinearN", d.CollinearN)
	kv("connectHorizontal", d.ConnectHorizontal)
	kv("connectVertical", d.ConnectVertical)
	kv("connectDiagonal", d.ConnectDiagonal)
	kv("connectValue", d.ConnectValue)
	kv("connectPieceTypes", letters(d.ConnectPieces))
	kv("connectRegion1White", d.ConnectRegion1[0])
	kv("connectRegion2White", d.ConnectRegion2[0])
	kv("connectRegion1Black", d.ConnectRegion1[1])
	kv("connectRegion2Black", d.ConnectRegion2[1])
	kv("nMoveRule", d.NMoveRule)
	kv("nFoldRule", d.NFoldRule)
	kv("nFoldValue", d.NFoldValue)
	kv("nFoldValueAbsolute", d.NFoldValueAbsolute)
	kv("countingRule", d.CountingRule)
	kv("materialCounting", d.MaterialCounting)
	// The large built-ins' rules: builtin.ini's keys only.
	for _, p := range d.Pieces {
		m, ok := d.MobilityRegion[p.Key]
		if !ok {
			continue
		}
		name := strings.ToUpper(p.Key[:1]) + p.Key[1:]
		if len(m[0]) > 0 {
			kv("mobilityRegionWhite"+name, m[0])
		}
		if len(m[1]) > 0 {
			kv("mobilityRegionBlack"+name, m[1])
		}
	}
	if len(d.PromotionLimit) > 0 {
		var lim []string
		for _, p := range d.Pieces {
			if n, ok := d.PromotionLimit[p.Key]; ok {
				lim = append(lim, fmt.Sprintf("%c:%d", p.Letter, n))
			}
		}
		kv("promotionLimit", strings.Join(lim, " "))
	}
	kv("diagonalLines", d.DiagonalLines)
	kv("flyingGeneral", d.FlyingGeneral)
	kv("pass", d.KingPass)
	kv("passOnStalemate", d.PassOnStalemate)
	kv("bikjangRule", d.BikjangRule)
	kv("perpetualCheckIllegal", d.PerpetualCheckIllegal)
	kv("immobilityIllegal", d.ImmobilityIllegal)
	kv("soldierPromotionRank", d.SoldierPromotionRank)
	// Pieces in hand, drops, gating and walls.
	kv("pieceDrops", d.PieceDrops)
	kv("capturesToHand", d.CapturesToHand)
	kv("dropLoop", d.DropLoop)
	kv("twoBoards", d.TwoBoards)
	kv("mustDrop", d.MustDrop)
	kv("firstRankPawnDrops", d.FirstRankPawnDrops)
	kv("promotionZonePawnDrops", d.PromotionZonePawnDrops)
	kv("dropPromoted", d.DropPromoted)
	kv("sittuyinRookDrop", d.SittuyinRookDrop)
	kv("dropOppositeColoredBishop", d.DropOppositeColoredBishop)
	kv("castlingDroppedPiece", d.CastlingDroppedPiece)
	kv("shogiPawnDropMateIllegal", d.ShogiPawnDropMateIllegal)
	kv("gating", d.Gating)
	kv("seirawanGating", d.SeirawanGating)
	kv("sittuyinPromotion", d.SittuyinPromotion)
	kv("pieceDemotion", d.PieceDemotion)
	kv("dropChecks", d.DropChecks)
	if p := d.Piece(d.MustDropType); p != nil {
		kv("mustDropType", string(p.Letter))
	} else {
		kv("mustDropType", "*")
	}
	if p := d.Piece(d.DropNoDoubled); p != nil {
		kv("dropNoDoubled", string(p.Letter))
	} else {
		kv("dropNoDoubled", "-")
	}
	kv("dropNoDoubledCount", d.DropNoDoubledCount)
	kv("petrifyOnCaptureTypes", letters(d.PetrifyPieces))
	kv("oppositeCastling", d.OppositeCastling)
	w := "-"
	if d.CastlingWins != 0 {
		w = ""
		for i, c := range "KQkq" {
			if d.CastlingWins&(1<<i) != 0 {
				w += string(c)
			}
		}
	}
	kv("castlingWins", w)
	for _, ps := range []struct {
		key  string
		sets [2][]byte
	}{{"promotionPawnTypes", d.PromotionPawns}, {"enPassantTypes", d.EnPassantPawns}, {"nMoveRuleTypes", d.NMovePawns}} {
		for c, colour := range [2]string{"White", "Black"} {
			if ps.sets[c] != nil {
				v := string(d.pawnLetters(ps.sets[c], nil))
				if v == "" {
					v = "-"
				}
				kv(ps.key+colour, v)
			}
		}
	}
	kv("dropRegionWhite", d.DropRegion[0])
	kv("dropRegionBlack", d.DropRegion[1])
	kv("wallingRule", cmp.Or(d.WallingRule, "none"))
	kv("wallOrMove", d.WallOrMove)
	kv("enclosingDrop", cmp.Or(d.EnclosingDrop, "none"))
	kv("enclosingDropStart", d.EnclosingDropStart)
	kv("flipEnclosedPieces", cmp.Or(d.FlipEnclosedPieces, "none"))
	kv("adjudicateFullBoard", d.AdjudicateFullBoard)
	kv("freeDrops", d.FreeDrops) // builtin.ini's only
	return b.String(), err
}

// notWritten are the keys Format leaves out of a section that has every
// rule at its default, other than 11.1's old names, keys that set no
// rule, the pieces' own keys and their mobility regions: each is another
// name for keys Format writes, or is written only when set.
var notWritten = map[string]string{
	"promotionPieceTypes":     "both colours: promotionPieceTypesWhite/Black",
	"castlingRookPieces":      "both colours: castlingRookPiecesWhite/Black",
	"flagPiece":               "both colours: flagPieceWhite/Black",
	"flagRegion":              "both colours: flagRegionWhite/Black",
	"pawnTypes":               "promotionPawnTypes, enPassantTypes and nMoveRuleTypes at once",
	"promotionPawnTypes":      "both colours of promotionPawnTypesWhite/Black",
	"enPassantTypes":          "both colours of enPassantTypesWhite/Black",
	"nMoveRuleTypes":          "both colours of nMoveRuleTypesWhite/Black",
	"promotionPawnTypesWhite": "written when set: unset is the pawn",
	"promotionPawnTypesBlack": "written when set: unset is the pawn",
	"enPassantTypesWhite":     "written when set: unset is the pawn",
	"enPassantTypesBlack":     "written when set: unset is the pawn",
	"nMoveRuleTypesWhite":     "written when set: unset is the pawn",
	"nMoveRuleTypesBlack":     "written when set: unset is the pawn",
	"promotedPieceType":       "written when a piece promotes",
	"promotionLimit":          "written when a type's promotions are limited",
}

// TestFormatWritesEveryKey: a new key of the table is written by Format
// (so the round trips check it) or is named in notWritten.
func TestFormatWritesEveryKey(t *testing.T) {
	var chess *Definition
	for _, d := range Builtins() {
		if d.Name == "chess" {
			chess = d
		}
	}
	text, err := chess.Format()
	if err != nil {
		t.Fatal(err)
	}
	written := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if k, _, ok := strings.Cut(l, " = "); ok {
			written[k] = true
		}
	}
	pieceKeys := map[string]bool{"king": true}
	for _, p := range pieceTypes {
		pieceKeys[p.key] = true
	}
	for _, k := range keyTable {
		switch {
		case k.since == "11.1", k.noRule, pieceKeys[k.name],
			strings.HasPrefix(k.name, "customPiece"), strings.HasPrefix(k.name, "mobilityRegion"):
			continue
		case notWritten[k.name] != "":
			if written[k.name] {
				t.Errorf("%s is written, but notWritten says: %s", k.name, notWritten[k.name])
			}
		case !written[k.name]:
			t.Errorf("Format does not write %s: write it, or say in notWritten why not", k.name)
		}
	}
}

// TestFormatRoundTripFSFFile: every section of Fairy-Stockfish's own
// variants.ini that varena plays formats and reads back to its rules.
func TestFormatRoundTripFSFFile(t *testing.T) {
	const file = "../../../shared/fairy-stockfish/fsf-variants-c19b5f6.ini"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Skipf("Fairy-Stockfish's variants.ini: %v", err)
	}
	defs, err := ParseSections(strings.NewReader(string(data)), file)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range defs {
		if len(d.Unsupported) == 0 && d.Refused == nil {
			roundTrip(t, d)
			n++
		}
	}
	if n < 100 {
		t.Fatalf("only %d sections of %d round-tripped", n, len(defs))
	}
}
