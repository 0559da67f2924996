package fairy

import (
	"fmt"
	"slices"
	"strings"

	"varena/engines/wide"
)

// Wide lowers the definition to the wide engine (engines/wide): boards
// up to 12 files and 10 ranks, hoppers, lame leapers, mobility regions,
// the flying general, janggi's palace, passing, bikjang and counting. A
// rule that engine cannot play is refused in the package's one line,
// FILE:LINE: key "K": not supported: REASON (an *Error wrapping
// ErrUnsupported).
func (d *Definition) Wide() (*wide.Variant, error) {
	if err := d.refusal(); err != nil {
		return nil, err
	}
	if len(d.Unsupported) > 0 {
		return nil, d.Unsupported[0]
	}
	l := wideLowering{d: d}
	r, err := l.rules()
	if err != nil {
		return nil, err
	}
	v, err := wide.NewVariant(r)
	if err != nil {
		return nil, &Error{File: d.File, Line: d.Line, Err: fmt.Errorf("section [%s]: %w", d.Name, err)}
	}
	return v, nil
}

type wideLowering struct{ d *Definition }

func (l *wideLowering) refuse(key, format string, args ...any) error {
	return refuseAt(l.d, key, format, args...)
}

// refuseAt returns the one-line error of a rule an engine cannot play,
// placed where key took effect.
func refuseAt(d *Definition, key, format string, args ...any) error {
	p, ok := d.Keys[key]
	if !ok {
		p = Pos{File: d.File, Line: d.Line}
	}
	return &Error{File: p.File, Line: p.Line, Key: key, Err: unsupported(format, args...)}
}

func (l *wideLowering) region(r Region) wide.Bitboard {
	var b wide.Bitboard
	for _, s := range r {
		if s.File < l.d.Files && s.Rank < l.d.Ranks {
			b = b.With(wide.Square(s.Rank*l.d.Files + s.File))
		}
	}
	return b
}

func letters(d *Definition, s PieceSet) []byte {
	var out []byte
	for _, k := range s.Keys {
		if p := d.Piece(k); p != nil {
			out = append(out, p.Letter)
		}
	}
	return out
}

func wideValue(r Result) wide.Value {
	switch r {
	case Win:
		return wide.ValueWin
	case Loss:
		return wide.ValueLoss
	case Draw:
		return wide.ValueDraw
	}
	return wide.NoValue
}

func (l *wideLowering) rules() (wide.Rules, error) {
	d := l.d
	r := wide.Rules{
		Name: d.Name, Files: d.Files, Ranks: d.Ranks, StartFEN: d.StartFEN,
		Checking: d.Checking,
	}
	if d.Files > wide.MaxFiles || d.Ranks > wide.MaxRanks {
		return r, l.refuse("maxFile", "board of %d files and %d ranks: the engines play at most %dx%d", d.Files, d.Ranks, wide.MaxFiles, wide.MaxRanks)
	}
	plan, err := d.pawnPlan()
	if err != nil {
		return r, err
	}
	if err := l.pieces(&r, plan); err != nil {
		return r, err
	}
	// Promotion, double steps, en passant. The promotion region is also
	// where the pieces with a promoted type promote.
	for c := 0; c < 2; c++ {
		r.PromotionRegion[c] = l.region(d.PromotionRegion[c])
	}
	r.NMoveTypes = plan.nMove
	r.NoEnPassantBy = plan.noEP
	if plan.pawnOf[1] != plan.pawn {
		r.PawnOf[1] = plan.pawnOf[1].Letter
	}
	if plan.pawn != nil {
		for c := 0; c < 2; c++ {
			if d.PromotionPieces[c].All {
				return r, l.refuse("promotionPieceTypes", "promotion to every type (*)")
			}
			r.PromotionRegion[c] = l.region(d.PromotionRegion[c])
			r.PromotionTypes[c] = letters(d, d.PromotionPieces[c])
			if plan.doubleStep[c] {
				r.DoubleStepRegion[c] = l.region(d.DoubleStepRegion[c])
			}
		}
		r.MandatoryPromotion = d.MandatoryPawnPromotion
		switch len(d.EnPassantRegion) {
		case d.Files * d.Ranks:
		case 0:
			r.NoEnPassant = true
		default:
			return r, l.refuse("enPassantRegion", "en passant in part of the board")
		}
	}
	if len(d.PromotionLimit) > 0 {
		r.PromotionLimit = map[byte]int{}
		for k, n := range d.PromotionLimit {
			if p := d.Piece(k); p != nil {
				r.PromotionLimit[p.Letter] = n
			}
		}
	}
	r.MandatoryPiecePromotion = d.MandatoryPiecePromotion
	r.PieceDemotion = d.PieceDemotion
	r.PiecePromotionOnCapture = d.PiecePromotionOnCapture
	if d.PieceDemotion && len(d.PromotedPiece) == 0 {
		return r, l.refuse("pieceDemotion", "demotion without promoted piece types")
	}
	r.ImmobilityIllegal = d.ImmobilityIllegal
	if err := l.drops(&r); err != nil {
		return r, err
	}
	if err := l.castling(&r); err != nil {
		return r, err
	}
	// Large-board rules.
	r.SoldierRank = d.SoldierPromotionRank
	r.DiagonalLines = l.region(d.DiagonalLines)
	r.FlyingGeneral = d.FlyingGeneral
	r.Bikjang = d.BikjangRule
	r.KingPass = d.KingPass
	r.PassOnStalemate = d.PassOnStalemate
	r.PerpetualCheckIllegal = d.PerpetualCheckIllegal
	r.MaterialCounting = map[string]wide.Counting{
		"janggi": wide.JanggiCounting, "unweighted": wide.UnweightedCounting,
		"whitedrawodds": wide.WhiteDrawOdds, "blackdrawodds": wide.BlackDrawOdds,
	}[d.MaterialCounting]
	// Game ends.
	r.MustCapture = d.MustCapture
	r.CheckCounting = d.CheckCounting
	switch {
	case d.CheckCounting && d.Piece("king") == nil:
		return r, l.refuse("checkCounting", "check counting without a royal king")
	case d.MakpongRule:
		return r, l.refuse("makpongRule", "the makpong rule in the wide engine")
	case d.ShatarMateRule:
		return r, l.refuse("shatarMateRule", "shatar's mate in the wide engine")
	case d.CambodianMoves:
		return r, l.refuse("cambodianMoves", "cambodian moves in the wide engine")
	case d.BareKingValue != ResultNone:
		return r, l.refuse("bareKingValue", "bare-king rule in the wide engine")
	case d.CountingRule != "none" && d.CountingRule != "asean":
		return r, l.refuse("countingRule", "counting rule %s in the wide engine", d.CountingRule)
	case d.FlagMove && (d.FlagPieceCount != 1 || d.FlagPieceBlockedWin):
		return r, l.refuse("flagPieceCount", "several flag pieces with flagMove")
	}
	r.CheckmateValue = wideValue(d.CheckmateValue)
	r.StalemateValue = wideValue(d.StalemateValue)
	r.ExtinctionValue = wideValue(d.ExtinctionValue)
	r.ExtinctionAll = d.ExtinctionPieces.All
	r.ExtinctionTypes = letters(d, d.ExtinctionPieces)
	r.ExtinctionPieceCount = d.ExtinctionPieceCount
	r.ExtinctionOpponentPieceCount = d.ExtinctionOpponentPieceCount
	r.ExtinctionClaim = d.ExtinctionClaim
	r.ExtinctionPseudoRoyal = d.ExtinctionPseudoRoyal
	r.BlastOnCapture = d.BlastOnCapture
	if d.PetrifyPieces.All {
		return r, l.refuse("petrifyOnCaptureTypes", "petrification of every type (*)")
	}
	r.PetrifyTypes = letters(d, d.PetrifyPieces)
	if d.ExtinctionPseudoRoyal && d.BlastOnCapture && d.startsWithout(true) {
		// A side that starts without one of several pseudo-royal types
		// that explosions could take: how Fairy-Stockfish ends such a game
		// is not known, so the section is refused.
		return r, l.refuse("extinctionPieceTypes", "pseudo-royal extinction types a side starts without, with explosions")
	}
	fp := d.FlagPiece
	if !fp[0].All && !fp[1].All && len(fp[0].Keys)+len(fp[1].Keys) > 0 {
		if !slices.Equal(fp[0].Keys, fp[1].Keys) || len(fp[0].Keys) != 1 {
			return r, l.refuse("flagPiece", "flag pieces that differ between the sides")
		}
		if d.FlagMove && d.FlagPieceSafe {
			return r, l.refuse("flagPieceSafe", "safe flags with flagMove and one flag piece type")
		}
		r.FlagPiece = d.Piece(fp[0].Keys[0]).Letter
		r.FlagRegion = [2]wide.Bitboard{l.region(d.FlagRegion[0]), l.region(d.FlagRegion[1])}
		r.FlagMove = d.FlagMove
		r.FlagPieceCount, r.FlagBlockedWin = d.FlagPieceCount, d.FlagPieceBlockedWin
		r.FlagSafe = d.FlagPieceSafe
	} else if fp[0].All && fp[1].All {
		if d.FlagMove && d.Piece("king") != nil {
			// Whether the king's one more move answers, as it does
			// for a royal flag piece, no section shows.
			return r, l.refuse("flagMove", "every piece as flag piece (*) with flagMove beside a royal king")
		}
		r.FlagAll = true
		r.FlagRegion = [2]wide.Bitboard{l.region(d.FlagRegion[0]), l.region(d.FlagRegion[1])}
		r.FlagMove = d.FlagMove
		r.FlagPieceCount, r.FlagBlockedWin = d.FlagPieceCount, d.FlagPieceBlockedWin
		r.FlagSafe = d.FlagPieceSafe
	} else if fp[0].All || fp[1].All {
		return r, l.refuse("flagPiece", "every piece as flag piece (*) for one side only")
	}
	regions := len(d.ConnectRegion1[0])+len(d.ConnectRegion1[1]) > 0
	if d.ConnectN > 0 || d.ConnectNxN > 0 || d.CollinearN > 0 || regions {
		r.ConnectN, r.ConnectNxN, r.CollinearN = d.ConnectN, d.ConnectNxN, d.CollinearN
		if regions {
			r.ConnectRegion = [2][2]wide.Bitboard{
				{l.region(d.ConnectRegion1[0]), l.region(d.ConnectRegion2[0])},
				{l.region(d.ConnectRegion1[1]), l.region(d.ConnectRegion2[1])},
			}
		}
		r.ConnectLines = wide.ConnectLines{Horizontal: d.ConnectHorizontal, Vertical: d.ConnectVertical, Diagonal: d.ConnectDiagonal}
		r.ConnectValue = wideValue(d.ConnectValue)
		if !d.ConnectPieces.All {
			r.ConnectTypes = letters(d, d.ConnectPieces)
		}
	}
	r.AseanCounting = d.CountingRule == "asean"
	r.NMoveRule = d.NMoveRule
	r.NFoldRule = d.NFoldRule
	r.NFoldValue = wideValue(d.NFoldValue)
	r.NFoldValueAbsolute = d.NFoldValueAbsolute
	return r, nil
}

// pieces lowers the piece types in Fairy-Stockfish's order, with the
// palace diagonals janggi's pieces have along DiagonalLines.
func (l *wideLowering) pieces(r *wide.Rules, plan pawnPlan) error {
	d := l.d
	for i, p := range d.Pieces {
		pawn := plan.pawn == &d.Pieces[i]
		pr := wide.PieceRule{
			Letter: p.Letter, Name: p.Key, Royal: p.Royal,
			Pawn: pawn, Soldier: p.Key == "soldier", NoSameHurdle: p.Key == "janggiCannon",
			CustomPawn: pawn && p.Key != "pawn",
		}
		if m, ok := d.MobilityRegion[p.Key]; ok {
			pr.Mobility = [2]wide.Bitboard{l.region(m[0]), l.region(m[1])}
		}
		for _, a := range p.Atoms {
			pr.Atoms = append(pr.Atoms, wide.Atom{DX: a.DX, DY: a.DY, Range: a.Range, Move: a.Move, Capture: a.Capture,
				Hop: a.Hop, Grasshopper: a.Grasshopper, Lame: a.Lame})
		}
		if len(d.DiagonalLines) > 0 {
			pr.Atoms = append(pr.Atoms, palaceAtoms(p)...)
		}
		if to := d.PromotedPiece[p.Key]; to != "" {
			if q := d.Piece(to); q != nil {
				pr.PromotesTo = q.Letter
			}
		}
		pr.ShogiPawn = p.Key == "shogiPawn"
		r.Pieces = append(r.Pieces, pr)
	}
	return nil
}

// drops lowers pieces in hand, drops, gating and sittuyin's promotion.
// A game of two boards (twoBoards: bughouse, koedem, supply) is played on
// its one board as Fairy-Stockfish 11.1 plays it: a captured piece goes
// to the partner's board, so it leaves this game, and the pieces in hand
// are those the FEN gives (what the partner passed).
func (l *wideLowering) drops(r *wide.Rules) error {
	d := l.d
	if d.TwoBoards && d.CapturesToHand {
		return l.refuse("twoBoards", "two boards with captures to the capturer's own hand")
	}
	if p := d.Piece(d.MustDropType); p != nil {
		r.MustDropType = p.Letter
	}
	r.Drops = d.PieceDrops
	r.CapturesToHand = d.CapturesToHand
	r.DropLoop = d.DropLoop
	r.DropRegion = [2]wide.Bitboard{l.region(d.DropRegion[0]), l.region(d.DropRegion[1])}
	r.FirstRankPawnDrops = d.FirstRankPawnDrops
	r.PromotionZonePawnDrops = d.PromotionZonePawnDrops
	if p := d.Piece(d.DropNoDoubled); p != nil {
		r.DropNoDoubled, r.DropNoDoubledMore = p.Letter, d.DropNoDoubledCount-1
	}
	r.NoDropChecks = !d.DropChecks
	r.DropPromoted = d.DropPromoted
	r.MustDrop = d.MustDrop
	r.SittuyinRookDrop = d.SittuyinRookDrop
	r.DropOppositeColoredBishop = d.DropOppositeColoredBishop
	switch {
	case d.WallingRule == "arrow" && !d.WallOrMove:
		r.ArrowWalls = true
	case d.WallingRule == "edge" && d.WallOrMove:
		r.EdgeWalls = true
	case d.WallingRule == "past" && !d.WallOrMove:
		// l.ataxx sets Ataxx.PastWalls.
	case d.WallingRule != "":
		return l.refuse("wallOrMove", "walls placed %q with wallOrMove %v", d.WallingRule, d.WallOrMove)
	}
	r.EnclosingDrop = map[string]int{
		"top": wide.EnclosingTop, "anyside": wide.EnclosingAnySide, "reversi": wide.EnclosingReversi,
		"ataxx": wide.EnclosingAtaxx, "snort": wide.EnclosingSnort,
	}[d.EnclosingDrop]
	l.ataxx(r)
	if d.DropOppositeColoredBishop && d.Piece("bishop") == nil {
		return l.refuse("dropOppositeColoredBishop", "the opposite-coloured bishops rule without bishops")
	}
	r.CastlingDroppedPiece = d.CastlingDroppedPiece
	r.CastlingKingFile = d.CastlingKingFile
	r.ShogiPawnDropMateIllegal = d.ShogiPawnDropMateIllegal
	r.Gating = d.Gating
	r.SeirawanGating = d.SeirawanGating
	r.SittuyinPromotion = d.SittuyinPromotion
	return nil
}

// palaceAtoms returns the moves Fairy-Stockfish gives a piece along the
// palace diagonals: a wazir (and a king moving as one) steps as a fers,
// a soldier steps diagonally forward, a rook slides as a bishop, the
// janggi cannon hops diagonally.
func palaceAtoms(p Piece) []wide.Atom {
	var betza string
	switch {
	case p.Key == "wazir" || p.Key == "king" && p.Betza == "W":
		betza = "F"
	case p.Key == "soldier":
		betza = "fF"
	case p.Key == "rook":
		betza = "B"
	case p.Key == "janggiCannon":
		betza = "pB"
	default:
		return nil
	}
	atoms, _ := ParseBetza(betza)
	out := make([]wide.Atom, len(atoms))
	for i, a := range atoms {
		out[i] = wide.Atom{DX: a.DX, DY: a.DY, Range: a.Range, Move: a.Move, Capture: a.Capture, Hop: a.Hop, Palace: true}
	}
	return out
}

// castling lowers Fairy-Stockfish 11.1's castling: the king (the royal
// piece) from its square to the castling files, the rook type of
// castlingRookPiece from the outermost square of that type (the rights
// of the FEN say which). The newer keys castlingKingFile and
// castlingRook*File are not read: the wide engine castles from the
// pieces' squares, as 11.1 does.
func (l *wideLowering) castling(r *wide.Rules) error {
	d := l.d
	if !d.Castling {
		return nil
	}
	royal := d.Piece("king")
	var castlingKing byte // the royal king's castling
	switch ck := d.CastlingKingPiece; {
	case royal == nil && ck[0] == ck[1] && ck[0] != "king" && d.Piece(ck[0]) != nil:
		// A non-royal piece castles as the king: koedem's, giveaway's
		// and atomic's commoner.
		castlingKing = d.Piece(ck[0]).Letter
	case royal == nil:
		if hasRights(d.StartFEN) {
			return l.refuse("castlingKingPiece", "castling without a royal king")
		}
		return nil
	case ck[0] != "king" || ck[1] != "king":
		return l.refuse("castlingKingPiece", "castling with a piece other than the royal king")
	}
	rooks := d.CastlingRookPieces
	if len(rooks[0].Keys) != 1 || !slices.Equal(rooks[0].Keys, rooks[1].Keys) || rooks[0].All {
		return l.refuse("castlingRookPieces", "castling with more than one rook type")
	}
	rook := d.Piece(rooks[0].Keys[0])
	if rook == nil {
		if hasRights(d.StartFEN) {
			return l.refuse("castlingRookPiece", "castling without its rook type")
		}
		return nil
	}
	if !hasRights(d.StartFEN) {
		// Castling files off a small board (minihouse's 6 files under
		// crazyhouse's g and c) with no right to castle: Fairy-Stockfish
		// never castles there, and neither does varena.
		for _, f := range []int{d.CastlingKingsideFile, d.CastlingQueensideFile} {
			if f < 1 || f > d.Files-2 {
				return nil
			}
		}
	}
	r.Castling, r.Chess960, r.OppositeCastling, r.CastlingWins = true, d.Chess960, d.OppositeCastling, d.CastlingWins
	r.CastlingKingsideFile, r.CastlingQueensideFile = d.CastlingKingsideFile, d.CastlingQueensideFile
	r.CastlingRank = d.CastlingRank
	r.CastlingRook = rook.Letter
	r.CastlingKing = castlingKing
	return nil
}

// hasRights reports whether a FEN's castling field grants a right.
func hasRights(fen string) bool {
	f := strings.Fields(fen)
	if len(f) < 3 || f[2] == "-" {
		return false
	}
	for _, c := range f[2] {
		if c < '0' || c > '9' {
			return true
		}
	}
	return false
}

// wideOnly returns the refusal of the narrow engine (Definition.Variant)
// for a definition with a rule only the wide engine plays, nil if none.
func (d *Definition) wideOnly() error {
	for _, p := range d.Pieces {
		for _, a := range p.Atoms {
			switch {
			case a.Hop:
				return refuseAt(d, p.Key, "hopper (%s: %s)", p.Key, p.Betza)
			case a.Grasshopper:
				return refuseAt(d, p.Key, "grasshopper (%s: %s)", p.Key, p.Betza)
			case a.Lame:
				return refuseAt(d, p.Key, "lame leaper (%s: %s)", p.Key, p.Betza)
			}
		}
	}
	if key, ok := d.pawnRulesDefault(); !ok {
		return refuseAt(d, key, "pawn-like rules on types other than the pawn")
	}
	for k := range d.MobilityRegion {
		for _, key := range []string{"mobilityRegionWhite", "mobilityRegionBlack"} {
			name := key + string(k[0]-'a'+'A') + k[1:]
			if _, ok := d.Keys[name]; ok {
				return refuseAt(d, name, "mobility regions")
			}
		}
	}
	checks := []struct {
		key, why string
		on       bool
	}{
		{"flyingGeneral", "flying general", d.FlyingGeneral},
		{"soldierPromotionRank", "soldier promotion", d.SoldierPromotionRank != 1 && d.Piece("soldier") != nil},
		{"promotionLimit", "promotion limits", len(d.PromotionLimit) > 0},
		{"diagonalLines", "palace diagonals", len(d.DiagonalLines) > 0},
		{"kingPass", "passing", d.KingPass},
		{"passOnStalemate", "passing on stalemate", d.PassOnStalemate},
		{"blastOnCapture", "explosions (atomic)", d.BlastOnCapture},
		{"bikjangRule", "bikjang", d.BikjangRule},
		{"materialCounting", "material counting", d.MaterialCounting != "none"},
		{"perpetualCheckIllegal", "perpetual check rules", d.PerpetualCheckIllegal},
		{"immobilityIllegal", "immobility rules", d.ImmobilityIllegal},
		{"pieceDrops", "piece drops", d.PieceDrops},
		{"capturesToHand", "pieces in hand", d.CapturesToHand},
		{"gating", "gating", d.Gating && !d.CambodianMoves},
		{"seirawanGating", "gating", d.SeirawanGating},
		{"mustDrop", "piece drops", d.MustDrop},
		{"twoBoards", "two boards", d.TwoBoards},
		{"sittuyinPromotion", "sittuyin promotion", d.SittuyinPromotion},
		{"pieceDemotion", "demotion of pieces", d.PieceDemotion},
		{"piecePromotionOnCapture", "promotion on captures", d.PiecePromotionOnCapture},
		{"flagPieceSafe", "safe flags", d.FlagPieceSafe},
		{"connectN", "connect-N wins", d.ConnectN > 0},
		{"connectNxN", "connect-NxN wins", d.ConnectNxN > 0},
		{"collinearN", "collinear wins", d.CollinearN > 0},
		{"connectRegion1White", "connection wins", len(d.ConnectRegion1[0])+len(d.ConnectRegion1[1]) > 0},
		{"petrifyOnCaptureTypes", "petrification", d.PetrifyPieces.All || len(d.PetrifyPieces.Keys) > 0},
		{"wallingRule", "walls", d.WallingRule != ""},
		{"enclosingDrop", "drops that enclose", d.EnclosingDrop != ""},
		{"flipEnclosedPieces", "flipping pieces", d.FlipEnclosedPieces != ""},
		{"adjudicateFullBoard", "a full board ending the game", d.AdjudicateFullBoard},
		{"extinctionPieceTypes", "pseudo-royal extinction types a side starts without", d.pseudoRoyalPlaysOn() && d.startsWithout(true)},
		{"oppositeCastling", "opposite castling", d.OppositeCastling},
		{"castlingWins", "castling wins", d.CastlingWins != 0},
		{"startFen", "walls (*) in the start position", strings.Contains(strings.SplitN(d.StartFEN, " ", 2)[0], "*")},
	}
	for _, c := range checks {
		if c.on {
			key := c.key
			if key == "kingPass" {
				if _, ok := d.Keys["pass"]; ok {
					key = "pass"
				}
			}
			return refuseAt(d, key, "%s", c.why)
		}
	}
	return nil
}
