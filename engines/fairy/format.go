package fairy

import (
	"fmt"
	"strings"
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
	if d.BlastOnCapture {
		kv("blastOnCapture", true)
	}
	if d.BareKingValue != ResultNone || d.BareKingMove {
		kv("bareKingValue", d.BareKingValue)
		kv("bareKingMove", d.BareKingMove)
	}
	kv("flagPieceWhite", letters(d.FlagPiece[0]))
	kv("flagPieceBlack", letters(d.FlagPiece[1]))
	kv("flagRegionWhite", d.FlagRegion[0])
	kv("flagRegionBlack", d.FlagRegion[1])
	kv("flagMove", d.FlagMove)
	kv("flagPieceCount", d.FlagPieceCount)
	kv("flagPieceBlockedWin", d.FlagPieceBlockedWin)
	kv("flagPieceSafe", d.FlagPieceSafe)
	if d.ConnectN > 0 || d.ConnectNxN > 0 || d.CollinearN > 0 {
		kv("connectN", d.ConnectN)
		kv("connectNxN", d.ConnectNxN)
		kv("collinearN", d.CollinearN)
		kv("connectHorizontal", d.ConnectHorizontal)
		kv("connectVertical", d.ConnectVertical)
		kv("connectDiagonal", d.ConnectDiagonal)
		kv("connectValue", d.ConnectValue)
		kv("connectPieceTypes", letters(d.ConnectPieces))
	}
	kv("nMoveRule", d.NMoveRule)
	kv("nFoldRule", d.NFoldRule)
	kv("nFoldValue", d.NFoldValue)
	kv("nFoldValueAbsolute", d.NFoldValueAbsolute)
	kv("countingRule", d.CountingRule)
	// The large built-ins' rules, when in force.
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
	if len(d.DiagonalLines) > 0 {
		kv("diagonalLines", d.DiagonalLines)
	}
	for _, f := range []struct {
		key string
		on  bool
	}{
		{"flyingGeneral", d.FlyingGeneral}, {"kingPass", d.KingPass}, {"passOnStalemate", d.PassOnStalemate}, {"bikjangRule", d.BikjangRule},
		{"perpetualCheckIllegal", d.PerpetualCheckIllegal}, {"immobilityIllegal", d.ImmobilityIllegal},
	} {
		if f.on {
			kv(f.key, true)
		}
	}
	// Pieces in hand, drops and gating, when in force.
	for _, f := range []struct {
		key string
		on  bool
	}{
		{"pieceDrops", d.PieceDrops}, {"capturesToHand", d.CapturesToHand}, {"dropLoop", d.DropLoop},
		{"twoBoards", d.TwoBoards}, {"mustDrop", d.MustDrop}, {"firstRankPawnDrops", d.FirstRankPawnDrops},
		{"promotionZonePawnDrops", d.PromotionZonePawnDrops}, {"dropPromoted", d.DropPromoted},
		{"sittuyinRookDrop", d.SittuyinRookDrop}, {"dropOppositeColoredBishop", d.DropOppositeColoredBishop},
		{"castlingDroppedPiece", d.CastlingDroppedPiece}, {"shogiPawnDropMateIllegal", d.ShogiPawnDropMateIllegal},
		{"gating", d.Gating}, {"seirawanGating", d.SeirawanGating}, {"sittuyinPromotion", d.SittuyinPromotion},
		{"pieceDemotion", d.PieceDemotion},
	} {
		if f.on {
			kv(f.key, true)
		}
	}
	if !d.DropChecks {
		kv("dropChecks", false)
	}
	if p := d.Piece(d.MustDropType); p != nil {
		kv("mustDropType", string(p.Letter))
	}
	if p := d.Piece(d.DropNoDoubled); p != nil {
		kv("dropNoDoubled", string(p.Letter))
	}
	if len(d.PetrifyPieces.Keys) > 0 {
		kv("petrifyOnCaptureTypes", letters(d.PetrifyPieces))
	}
	if d.OppositeCastling {
		kv("oppositeCastling", true)
	}
	if d.CastlingWins != 0 {
		w := ""
		for i, c := range "KQkq" {
			if d.CastlingWins&(1<<i) != 0 {
				w += string(c)
			}
		}
		kv("castlingWins", w)
	}
	if d.DropNoDoubledCount != 1 {
		kv("dropNoDoubledCount", d.DropNoDoubledCount)
	}
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
	if d.PieceDrops || d.Gating || d.SeirawanGating {
		kv("whiteDropRegion", d.DropRegion[0])
		kv("blackDropRegion", d.DropRegion[1])
	}
	if d.SoldierPromotionRank != 1 {
		kv("soldierPromotionRank", d.SoldierPromotionRank)
	}
	if d.MaterialCounting != "none" {
		kv("materialCounting", d.MaterialCounting)
	}
	if d.WallingRule != "" && d.WallingRule != "none" {
		kv("wallingRule", d.WallingRule)
		kv("wallOrMove", d.WallOrMove)
	}
	if d.EnclosingDrop != "" && d.EnclosingDrop != "none" {
		kv("enclosingDrop", d.EnclosingDrop)
		if len(d.EnclosingDropStart) > 0 {
			kv("enclosingDropStart", d.EnclosingDropStart)
		}
	}
	if d.FlipEnclosedPieces != "" && d.FlipEnclosedPieces != "none" {
		kv("flipEnclosedPieces", d.FlipEnclosedPieces)
	}
	if d.AdjudicateFullBoard {
		kv("adjudicateFullBoard", true)
	}
	if d.FreeDrops {
		kv("freeDrops", true) // builtin.ini's only
	}
	return b.String(), err
}
