package fairy

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"varena/engines"
)

// Variant lowers the definition to a playable engines.Variant. Every
// field of the Definition is mapped to the engine's description; a rule
// the engine cannot play exactly is refused with one line,
//
//	FILE:LINE: key "K": not supported: REASON
//
// where FILE:LINE is where the key took effect (Definition.Keys; a
// built-in parent's line in builtin.ini for an inherited key). The error
// is an *Error wrapping ErrUnsupported. The package doc lists what is
// lowered and how.
//
// A variant this lowering refuses (a board over 64 squares, hoppers,
// lame leapers, mobility regions...) is lowered to package wide, the
// general engine (Definition.Wide), when that can play it: the narrowest
// representation a variant fits plays it. When neither can, the error is
// the general engine's on a board over 64 squares or with a rule only it
// plays (the other's says only that), else this lowering's.
func (d *Definition) Variant() (*engines.Variant, error) {
	if err := d.neither(); err != nil {
		return nil, err
	}
	v, err := d.narrow()
	if err == nil || !errors.Is(err, ErrUnsupported) {
		return v, err
	}
	w, werr := d.Wide()
	if werr != nil {
		// The general engine's reason where only it could play the
		// variant: a board over 64 squares, or a rule of its own (drops).
		if d.Files*d.Ranks > 64 || d.wideOnly() != nil {
			return nil, werr
		}
		return nil, err
	}
	nv, werr := engines.NewWideVariant(w)
	if werr != nil {
		return nil, &Error{File: d.File, Line: d.Line, Err: fmt.Errorf("section [%s]: %w", d.Name, werr)}
	}
	return nv, nil
}

// narrow lowers the definition to package engines' own generator.
func (d *Definition) narrow() (*engines.Variant, error) {
	if err := d.refusal(); err != nil {
		return nil, err
	}
	if len(d.Unsupported) > 0 {
		return nil, d.Unsupported[0]
	}
	if err := d.wideOnly(); err != nil {
		return nil, err
	}
	l := lowering{d: d, types: map[string]engines.PieceType{}}
	v, err := l.lower()
	if err != nil {
		return nil, err
	}
	nv, err := engines.NewVariant(v)
	if err != nil {
		return nil, &Error{File: d.File, Line: d.Line, Err: fmt.Errorf("section [%s]: %w", d.Name, err)}
	}
	return nv, nil
}

// lowering holds the state of one Definition.Variant call.
type lowering struct {
	d     *Definition
	g     *engines.Geometry
	types map[string]engines.PieceType // piece key to engine type
}

// refuse returns the one-line error of a rule the engine cannot play,
// placed where key took effect.
func (l *lowering) refuse(key, format string, args ...any) error {
	p, ok := l.d.Keys[key]
	if !ok {
		p = Pos{File: l.d.File, Line: l.d.Line}
	}
	return &Error{File: p.File, Line: p.Line, Key: key, Err: unsupported(format, args...)}
}

// orthodox maps Fairy-Stockfish's standard keys to the engine's types,
// with the only letter each may have there (the engine's letters are
// fixed).
var orthodox = map[string]struct {
	t      engines.PieceType
	letter byte
}{
	"pawn":   {engines.Pawn, 'p'},
	"knight": {engines.Knight, 'n'},
	"bishop": {engines.Bishop, 'b'},
	"rook":   {engines.Rook, 'r'},
	"queen":  {engines.Queen, 'q'},
}

func (l *lowering) lower() (engines.Variant, error) {
	d := l.d
	v := engines.Variant{Name: d.Name, StartFEN: d.StartFEN}
	if d.Ranks > 9 {
		return v, l.refuse("maxRank", "%d ranks: the engine's boards have at most 9", d.Ranks)
	}
	g, err := engines.NewGeometry(d.Files, d.Ranks)
	if err != nil {
		return v, l.refuse("maxFile", "%v", err)
	}
	l.g, v.Geometry = g, g
	if err := l.pieces(&v); err != nil {
		return v, err
	}
	if err := l.pawnRules(&v); err != nil {
		return v, err
	}
	if err := l.castling(&v); err != nil {
		return v, err
	}
	if err := l.gameEnds(&v); err != nil {
		return v, err
	}
	return v, nil
}

// pieces maps the piece types: the orthodox ones with their own letters
// to the engine's, the royal king (moving as K, letter k) to King with
// Check, a commoner k to a non-royal King where there is no royal king,
// every other to a FairyPiece.
func (l *lowering) pieces(v *engines.Variant) error {
	d := l.d
	royal := d.Piece("king")
	if royal != nil {
		if royal.Letter != 'k' {
			return l.refuse("king", "a king with letter %c: the engine's king is k", royal.Letter)
		}
		if !sameAtoms(royal.Atoms, mustBetza("K")) {
			// The engine's king may leap otherwise (KingLeaps) when its
			// set is a symmetric one of plain leaps (knightmate's N).
			for _, a := range royal.Atoms {
				if a.Range != 1 || !a.Move || !a.Capture {
					return l.refuse("king", "a royal piece moving as %s: the engine's royal piece leaps, moving and capturing alike", royal.Betza)
				}
				v.KingLeaps = append(v.KingLeaps, engines.Atom{DX: a.DX, DY: a.DY, Range: 1, Move: true, Capture: true})
			}
			if !mirrorSymmetric(royal.Atoms) || !upDownSymmetric(royal.Atoms) {
				return l.refuse("king", "a royal piece moving as %s: the engine's royal piece moves the same in every direction it mirrors to", royal.Betza)
			}
		}
		v.Check = true
	}
	for _, p := range d.Pieces {
		if o, ok := orthodox[p.Key]; ok && p.Letter == o.letter {
			l.types[p.Key] = o.t
			v.Pieces = append(v.Pieces, o.t)
			continue
		}
		switch {
		case p.Key == "pawn":
			return l.refuse("pawn", "a pawn with letter %c: the engine's pawn is p", p.Letter)
		case p.Key == "king", p.Key == "commoner" && royal == nil && p.Letter == 'k':
			l.types[p.Key] = engines.King
			v.Pieces = append(v.Pieces, engines.King)
			continue
		}
		if len(p.Atoms) == 0 {
			return l.refuse(p.Key, "a piece that never moves")
		}
		if !mirrorSymmetric(p.Atoms) {
			return l.refuse(p.Key, "moves %s differ on the left and on the right: the engine mirrors a piece's moves for Black across the middle rank only", p.Betza)
		}
		if n := int(engines.MaxPieceType-engines.FirstFairy) + 1; len(v.Fairy) == n {
			return l.refuse(p.Key, "more than %d piece types beyond pawn, knight, bishop, rook, queen and king", n)
		}
		atoms := make([]engines.Atom, len(p.Atoms))
		for i, a := range p.Atoms {
			atoms[i] = engines.Atom{DX: a.DX, DY: a.DY, Range: a.Range, Move: a.Move, Capture: a.Capture}
		}
		t := engines.FirstFairy + engines.PieceType(len(v.Fairy))
		v.Fairy = append(v.Fairy, engines.FairyPiece{Name: p.Key, Letter: p.Letter - 'a' + 'A', Atoms: atoms})
		l.types[p.Key] = t
		v.Pieces = append(v.Pieces, t)
	}
	if _, ok := l.types["king"]; !ok {
		if _, ok := l.types["commoner"]; !ok {
			return l.refuse("king", "no king: the engine needs a royal king or, without one, a commoner with letter k")
		}
	}
	return nil
}

// mustBetza returns the atoms of a Betza string known to parse.
func mustBetza(s string) []Atom {
	a, err := ParseBetza(s)
	if err != nil {
		panic(err)
	}
	return a
}

// stepSet folds atoms into what each (step, range) may do.
func stepSet(as []Atom, flip bool) map[[3]int][2]bool {
	m := map[[3]int][2]bool{}
	for _, a := range as {
		dx := a.DX
		if flip {
			dx = -dx
		}
		k := [3]int{dx, a.DY, a.Range}
		mc := m[k]
		m[k] = [2]bool{mc[0] || a.Move, mc[1] || a.Capture}
	}
	return m
}

func sameAtoms(a, b []Atom) bool {
	x, y := stepSet(a, false), stepSet(b, false)
	if len(x) != len(y) {
		return false
	}
	for k, mc := range x {
		if y[k] != mc {
			return false
		}
	}
	return true
}

// mirrorSymmetric reports whether the atoms are the same reflected
// left-right: then the engine's mirror for Black (DX, -DY) equals
// Fairy-Stockfish's half turn (-DX, -DY).
func mirrorSymmetric(as []Atom) bool {
	x, y := stepSet(as, false), stepSet(as, true)
	if len(x) != len(y) {
		return false
	}
	for k, mc := range x {
		if y[k] != mc {
			return false
		}
	}
	return true
}

// upDownSymmetric reports whether the atoms are the same reflected
// across the middle rank.
func upDownSymmetric(as []Atom) bool {
	x := stepSet(as, false)
	for k, mc := range x {
		if x[[3]int{k[0], -k[1], k[2]}] != mc {
			return false
		}
	}
	return true
}

// regionBB returns the squares of r on the board.
func (l *lowering) regionBB(r Region) engines.Bitboard {
	var b engines.Bitboard
	for _, s := range r {
		if sq, err := l.g.ParseSquare(s.String()); err == nil {
			b |= engines.SquareBB(sq)
		}
	}
	return b
}

// rankBB returns the squares of a 0-based rank.
func (l *lowering) rankBB(rank int) engines.Bitboard {
	return l.regionBB(ranksRegion(l.d.Files, rank+1, rank+1))
}

// promotionOrder is the engine's generation order of promotions: queen,
// rook, bishop, knight, king, then the variant's own types.
var promotionOrder = []string{"queen", "rook", "bishop", "knight", "king", "commoner"}

// pawnRules maps promotion, double step and en passant.
func (l *lowering) pawnRules(v *engines.Variant) error {
	d := l.d
	if len(d.PromotedPiece) > 0 {
		evolution := map[string]string{"knight": "bishop", "bishop": "rook", "rook": "queen"}
		all := l.regionBB(ranksRegion(d.Files, 1, d.Ranks))
		if !maps.Equal(d.PromotedPiece, evolution) || !d.MandatoryPiecePromotion ||
			l.regionBB(d.PromotionRegion[0]) != all || l.regionBB(d.PromotionRegion[1]) != all ||
			l.types["knight"] != engines.Knight || l.types["bishop"] != engines.Bishop ||
			l.types["rook"] != engines.Rook || l.types["queen"] != engines.Queen {
			return l.refuse("promotedPieceType", "piece promotion other than evolution's (n:b b:r r:q, mandatory, everywhere)")
		}
		v.Evolution = true
	}
	if _, ok := l.types["pawn"]; !ok {
		return nil
	}
	for c := 0; c < 2; c++ {
		key := [2]string{"promotionRegionWhite", "promotionRegionBlack"}[c]
		if _, ok := d.Keys[key]; !ok {
			key = "promotionRank"
		}
		r := l.regionBB(d.PromotionRegion[c])
		if r == 0 {
			return l.refuse(key, "pawns that cannot promote (empty promotion region)")
		}
		if r != l.g.LastRank(engines.Color(c)) {
			v.PromotionRegion[c] = r
		}
	}
	if !d.MandatoryPawnPromotion {
		return l.refuse("mandatoryPawnPromotion", "optional pawn promotion")
	}
	w, b := d.PromotionPieces[0], d.PromotionPieces[1]
	if w.All != b.All || !slices.Equal(w.Keys, b.Keys) {
		return l.refuse("promotionPieceTypes", "different promotion pieces for White and Black")
	}
	keys := slices.Clone(w.Keys)
	if w.All {
		for _, p := range d.Pieces {
			if p.Key != "pawn" && p.Key != "king" {
				keys = append(keys, p.Key)
			}
		}
	}
	for _, k := range promotionOrder {
		if slices.Contains(keys, k) {
			if t, ok := l.types[k]; ok && t <= engines.King {
				v.Promotions = append(v.Promotions, t)
			}
		}
	}
	for _, k := range keys {
		t, ok := l.types[k]
		if !ok {
			continue
		}
		if t == engines.King && k == "king" {
			return l.refuse("promotionPieceTypes", "promotion to the royal king")
		}
		if !slices.Contains(v.Promotions, t) {
			v.Promotions = append(v.Promotions, t)
		}
	}
	if len(v.Promotions) == 0 {
		return l.refuse("promotionPieceTypes", "pawns that cannot promote")
	}

	// Double step: the engine's second rank, or a region of its own.
	second := [2]engines.Bitboard{l.rankBB(1), l.rankBB(d.Ranks - 2)}
	regions := [2]engines.Bitboard{l.regionBB(d.DoubleStepRegion[0]), l.regionBB(d.DoubleStepRegion[1])}
	if d.DoubleStep && regions != [2]engines.Bitboard{} {
		v.DoubleStep = true
		if regions != second {
			for c := range regions {
				if regions[c] == 0 {
					// The engine reads zero as the second rank.
					return l.refuse([2]string{"doubleStepRegionWhite", "doubleStepRegionBlack"}[c], "double steps for one side only")
				}
			}
			v.DoubleStepRegion = regions
		}
	}
	if v.DoubleStep {
		v.EnPassant = true
		if ep := l.regionBB(d.EnPassantRegion); ep != l.regionBB(ranksRegion(d.Files, 1, d.Ranks)) {
			if ep == 0 {
				v.EnPassant = false
			} else {
				v.EnPassantRegion = ep
			}
		}
	}
	return nil
}

// castling maps castling: the engine's is the orthodox one (8 files,
// king on e1/e8 to g or c, rooks in the corners to f or d, on the first
// rank) and Chess960's. Other castling rules are refused where the start
// position has a castling right; without one, the variant is lowered
// without castling (its FENs then take no castling rights).
func (l *lowering) castling(v *engines.Variant) error {
	d := l.d
	if !d.Castling {
		return nil
	}
	rights := castlingField(d.StartFEN) != "-"
	why := ""
	king := d.CastlingKingPiece
	switch {
	case d.Files != 8:
		why = fmt.Sprintf("castling on a board of %d files", d.Files)
	case d.CastlingRank != 1:
		why = fmt.Sprintf("castling on rank %d", d.CastlingRank)
	case !d.Chess960 && (d.CastlingKingFile != 4 || d.CastlingKingsideFile != 6 || d.CastlingQueensideFile != 2 ||
		d.CastlingRookKingsideFile != 7 || d.CastlingRookQueensideFile != 0):
		why = "castling other than the orthodox files"
	case king[0] != king[1] || l.types[king[0]] != engines.King || d.Piece(king[0]) == nil:
		why = "castling with a king other than the variant's k"
	}
	for c := 0; c < 2 && why == ""; c++ {
		if s := d.CastlingRookPieces[c]; s.All || len(s.Keys) != 1 || l.types[s.Keys[0]] != engines.Rook || s.Keys[0] != "rook" {
			why = "castling with a piece other than the rook r"
		}
	}
	if why == "" {
		v.Castling, v.Chess960 = true, d.Chess960
		return nil
	}
	if rights {
		return l.refuse("castling", "%s", why)
	}
	return nil
}

// castlingField returns the castling field of a FEN ("-" when absent).
func castlingField(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 3 {
		return "-"
	}
	return f[2]
}

// value maps a result to the engine's; def is the rule's default, lowered
// to ValueDefault so that a variant stating the defaults keeps the
// built-in variants' paths.
func value(r, def Result) engines.EndValue {
	switch {
	case r == def:
		return engines.ValueDefault
	case r == Win:
		return engines.ValueWin
	case r == Loss:
		return engines.ValueLoss
	case r == Draw:
		return engines.ValueDraw
	}
	return engines.ValueDefault
}

// gameEnds maps check, the game-end values and the move rules.
func (l *lowering) gameEnds(v *engines.Variant) error {
	d := l.d
	if v.Check {
		v.NoChecking = !d.Checking
		if d.CheckmateValue == ResultNone {
			return l.refuse("checkmateValue", "checkmate that does not end the game")
		}
		v.CheckmateValue = value(d.CheckmateValue, Loss)
		v.CheckCounting = d.CheckCounting
	} else if d.CheckCounting {
		return l.refuse("checkCounting", "check counting without a royal king")
	}
	if d.StalemateValue == ResultNone {
		return l.refuse("stalemateValue", "stalemate that does not end the game")
	}
	v.StalemateValue = value(d.StalemateValue, Draw)
	v.StalematePieceCount = d.StalematePieceCount
	if d.MakpongRule {
		if !v.Check {
			return l.refuse("makpongRule", "the makpong rule without a royal king")
		}
		v.Makpong = true
	}
	if d.CambodianMoves {
		switch {
		case !d.Gating:
			return l.refuse("cambodianMoves", "cambodian moves without gating (their rights are gates)")
		case d.Piece("fers") == nil:
			return l.refuse("cambodianMoves", "cambodian moves without a met (fers)")
		}
		v.CambodianMoves = true
		v.CambodianMet = l.types["fers"]
	}
	if d.ShatarMateRule {
		if !v.Check {
			return l.refuse("shatarMateRule", "shatar's mate without a royal king")
		}
		v.ShatarMate = true
		for _, k := range []string{"knight", "rook", "bers"} {
			if d.Piece(k) != nil {
				v.ShakTypes = append(v.ShakTypes, l.types[k])
			}
		}
	}
	v.MustCapture = d.MustCapture

	if d.ExtinctionValue != ResultNone {
		v.ExtinctionValue = value(d.ExtinctionValue, ResultNone)
		v.ExtinctionAll = d.ExtinctionPieces.All
		for _, p := range d.Pieces {
			if d.ExtinctionPieces.Keys != nil && d.ExtinctionPieces.Has(p.Key) {
				v.Species = append(v.Species, l.types[p.Key])
			}
		}
		slices.Sort(v.Species)
		if !v.ExtinctionAll && len(v.Species) == 0 {
			return l.refuse("extinctionPieceTypes", "extinction without piece types")
		}
		for _, t := range v.Species {
			if t >= engines.FirstFairy && len(v.Fairy) > 1 {
				return l.refuse("extinctionPieceTypes", "extinction of a piece type of its own in a variant with several")
			}
		}
		v.ExtinctionPieceCount = d.ExtinctionPieceCount
		v.ExtinctionOpponentPieceCount = d.ExtinctionOpponentPieceCount
		v.ExtinctionPseudoRoyal = d.ExtinctionPseudoRoyal
		v.ExtinctionClaim = d.ExtinctionClaim
	}
	if d.BareKingValue != ResultNone {
		v.BareKingValue = value(d.BareKingValue, ResultNone)
		v.BareKingMove = d.BareKingMove
	}

	fp := d.FlagPiece
	w, b := fp[0], fp[1]
	if w.All || b.All || len(w.Keys) > 0 || len(b.Keys) > 0 {
		if w.All || b.All || len(w.Keys) != 1 || !slices.Equal(w.Keys, b.Keys) {
			return l.refuse("flagPiece", "a flag piece other than one type for both sides")
		}
		t := l.types[w.Keys[0]]
		if t != engines.King {
			return l.refuse("flagPiece", "a flag piece other than the king")
		}
		if d.FlagPieceCount != 1 {
			return l.refuse("flagPieceCount", "flags needing %d pieces", d.FlagPieceCount)
		}
		if d.FlagPieceBlockedWin {
			return l.refuse("flagPieceBlockedWin", "blocked flag wins")
		}
		if d.FlagPieceSafe {
			return l.refuse("flagPieceSafe", "flags needing a safe square")
		}
		v.FlagPiece = t
		v.FlagRegion = [2]engines.Bitboard{l.regionBB(d.FlagRegion[0]), l.regionBB(d.FlagRegion[1])}
		v.FlagMove = d.FlagMove
	}

	switch {
	case d.NMoveRule == 0:
		v.NMoveRule = -1
	case d.NMoveRule == 50:
	case d.NMoveRule > 10000:
		return l.refuse("nMoveRule", "an n-move rule over 10000 moves")
	default:
		v.NMoveRule = d.NMoveRule
	}
	switch {
	case d.NFoldRule == 3:
	case d.NFoldRule < 2 || d.NFoldRule > 1000:
		return l.refuse("nFoldRule", "an n-fold rule of %d (the engine takes 2 to 1000)", d.NFoldRule)
	default:
		v.NFoldRule = d.NFoldRule
	}
	if d.NFoldValue == ResultNone {
		return l.refuse("nFoldValue", "a repetition that does not end the game")
	}
	v.NFoldValue = value(d.NFoldValue, Draw)
	v.NFoldValueAbsolute = d.NFoldValueAbsolute
	return l.counting(v)
}

// countingRules maps countingRule's values to the engine's rules.
var countingRules = map[string]engines.CountingRule{
	"none":   engines.NoCounting,
	"makruk": engines.MakrukCounting,
	"asean":  engines.ASEANCounting,
}

// countingRoles are the piece keys of Fairy-Stockfish's types that its
// counting limits count: its KHON is the silver, its MET the fers.
var countingRoles = [...]struct {
	role engines.CountingRole
	key  string
}{
	{engines.CountRook, "rook"},
	{engines.CountKhon, "silver"},
	{engines.CountKnight, "knight"},
	{engines.CountMet, "fers"},
}

// counting maps countingRule. The engine keeps the count in the
// halfmove field, so an n-move rule beside it is refused.
func (l *lowering) counting(v *engines.Variant) error {
	d := l.d
	rule := countingRules[d.CountingRule]
	if rule == engines.NoCounting {
		return nil
	}
	if d.NMoveRule != 0 {
		return l.refuse("nMoveRule", "an n-move rule beside countingRule (the engine's count takes the halfmove clock)")
	}
	if v.CheckCounting && !strings.Contains(d.StartFEN, " 1+1 ") {
		return l.refuse("countingRule", "a counting rule with checkCounting other than the first check's (1+1)")
	}
	v.Counting = rule
	for _, r := range countingRoles {
		if t, ok := l.types[r.key]; ok {
			v.CountingTypes[r.role] = t
		}
	}
	return nil
}

// refusal returns d.Refused, or an unsupported rule of an earlier line
// of the same file, which is then the cause: a custom piece refused for
// its moves leaves its letter to no piece, and a later key naming the
// letter fails for that (chennis's customPiece1 = p:fmWfceF, then
// promotedPieceType = p:r).
func (d *Definition) refusal() error {
	if d.Refused == nil || len(d.Unsupported) == 0 {
		return d.Refused
	}
	var r, u *Error
	if errors.As(d.Refused, &r) && errors.As(d.Unsupported[0], &u) && u.File == r.File && u.Line < r.Line {
		return d.Unsupported[0]
	}
	return d.Refused
}

// neither refuses what no engine plays as Fairy-Stockfish does, before
// either lowering is tried.
func (d *Definition) neither() error {
	if err := d.refusal(); err != nil {
		return err
	}
	for c, key := range [2]string{"whiteFlag", "blackFlag"} {
		// 11.1 plays no flag without a flag piece; the newer build makes
		// every piece one: a region given by 11.1's key is what the file's
		// author meant for both, so the section is refused rather than
		// guessed. The newer keys are read as the newer build reads them
		// (Definition.flagAll).
		if len(d.FlagRegion[c]) > 0 && !d.FlagPiece[c].All && len(d.FlagPiece[c].Keys) == 0 {
			return refuseAt(d, key, "a flag region without flagPiece (Fairy-Stockfish 11.1 plays no flag, newer builds any piece)")
		}
	}
	// A side that starts without any of the extinction types: the
	// engines end the game at once, as Fairy-Stockfish 11.1 does, but the
	// newer build plays on where the types are pseudo-royal (without
	// explosions, which the general engine plays), so the section is
	// refused rather than played by the wrong rule.
	if d.startsWithout(false) && !d.pseudoRoyalPlaysOn() {
		return refuseAt(d, "extinctionPieceTypes", "a side that starts without any extinction piece")
	}
	return nil
}
