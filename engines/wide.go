package engines

import (
	"context"
	"fmt"
	"strings"

	"varena/engines/wide"
)

// A variant too wide for this package's 64-square bitboards (xiangqi,
// capablanca, grand: up to 12x10) or with rules its generator does not
// know (hoppers, lame leapers, mobility regions, pieces in hand) is
// played by package wide, Fairy-Stockfish's rule set on 128-bit
// bitboards. It is still an
// engines.Variant, so that configs, the arena, the referee, notation and
// the records name and play it as any other: NewWideVariant wraps it, and
// every Position, Game and Variant method the referee uses hands the work
// to package wide. Such a Position points to a wide.Position of its own
// (copied on make, so the referee's positions stay independent values);
// its side, hash and counters are kept in the fields every variant has,
// so that the accessors the arena calls most stay one load. The narrow
// variants pay one predictable branch at the entry of those methods and
// nothing inside the generators.
//
// Methods that expose bitboards or the search's helpers (Occupied,
// Pieces, SEE, QuietThreats, GenerateFromTo, ...) describe the narrow
// board only; the search plays wide variants through a searcher of its
// own.

// NewWideVariant returns the engines.Variant that plays w, known by name
// and aliases. Its Geometry names the squares (a1 .. l10) for notation
// and drawing; its move tables stay empty, as nothing of this package's
// generators runs on it.
func NewWideVariant(w *wide.Variant, aliases ...string) (*Variant, error) {
	if w == nil {
		return nil, fmt.Errorf("variant: no wide rules")
	}
	g, err := newNamingGeometry(w.Files(), w.Ranks())
	if err != nil {
		return nil, fmt.Errorf("variant %s: %w", w.Name(), err)
	}
	v := &Variant{
		Name:     w.Name(),
		Aliases:  aliases,
		Geometry: g,
		StartFEN: w.StartFEN(),
		Check:    w.HasCheck(),
		wide:     w,
	}
	v.canonical = v
	v.castling = newCastling()
	v.pieceSet[King] = w.RoyalType() != wide.NoPieceType
	start, err := ParseFEN(v, v.StartFEN)
	if err != nil {
		return nil, fmt.Errorf("variant %s: start position: %w", v.Name, err)
	}
	v.start = start
	v.startFEN = start.FEN()
	return v, nil
}

// Wide returns the rules of a variant played by package wide, or nil for
// a variant of this package's own boards.
func (v *Variant) Wide() *wide.Variant { return v.wide }

// newNamingGeometry returns a board of files x ranks that names its
// squares, rank by rank from a1 as package wide numbers them, for
// boards over 64 squares: only the names, files and ranks are set.
func newNamingGeometry(files, ranks int) (*Geometry, error) {
	if files < 1 || ranks < 1 || files*ranks > maxNamedSquares {
		return nil, fmt.Errorf("geometry: board %dx%d out of range", files, ranks)
	}
	g := &Geometry{files: files, ranks: ranks, numSquares: files * ranks, byName: map[string]Square{}}
	g.regions = append(g.regions, region{Rect: Rect{0, 0, files, ranks}})
	for s := 0; s < g.numSquares; s++ {
		f, r := s%files, s/files
		name := fmt.Sprintf("%c%d", 'a'+f, r+1)
		g.names[s], g.file[s], g.rank[s] = name, int8(f), int8(r)
		g.byName[name] = Square(s)
	}
	return g, nil
}

// fromWide returns the Position holding w, a position of v's wide rules.
func fromWide(v *Variant, w *wide.Position) Position {
	return Position{v: v, w: w, side: Color(w.SideToMove()), hash: w.Hash(), ep: NoSquare,
		halfmove: uint16(min(w.HalfmoveClock(), 0xFFFF)), fullmove: uint16(min(w.FullmoveNumber(), 0xFFFF))}
}

// makeWide is MakeMove for a wide position: the child gets a wide
// position of its own.
func (p *Position) makeWide(m Move, child *Position) {
	w := new(wide.Position)
	p.w.MakeMove(wide.Move(m), w)
	*child = fromWide(p.v, w)
}

// wideMoves appends the legal moves of a wide position to buf.
func (p *Position) wideMoves(buf []Move) []Move {
	var wb [wide.MaxMoves]wide.Move // shogi with full hands passes 256
	for _, m := range p.w.GenerateLegal(wb[:0]) {
		buf = append(buf, Move(m))
	}
	return buf
}

// wideOutcome converts an outcome of package wide.
func wideOutcome(o wide.Outcome) Outcome {
	r := Ongoing
	switch o.Result {
	case wide.WhiteWins:
		r = WhiteWins
	case wide.BlackWins:
		r = BlackWins
	case wide.Draw:
		r = Draw
	}
	if r == Ongoing {
		return Outcome{}
	}
	return Outcome{r, wideTermination(o.Reason)}
}

// wideTerminations names the wide endings by this package's
// terminations; one it lacks (a double pass, a mate by a pawn drop) is
// a VariantRule.
var wideTerminations = map[wide.Termination]Termination{
	wide.Checkmate:      Checkmate,
	wide.Stalemate:      Stalemate,
	wide.FiftyMoves:     FiftyMoves,
	wide.Repetition:     Repetition,
	wide.PerpetualCheck: PerpetualCheck,
	wide.Extinction:     Extinction,
	wide.Bikjang:        Bikjang,
	wide.FlagReached:    FlagReached,
	wide.CountingLimit:  CountingLimit,
	wide.CheckLimit:     CheckLimit,
}

func wideTermination(t wide.Termination) Termination {
	if r, ok := wideTerminations[t]; ok {
		return r
	}
	return VariantRule
}

// wideCapture reports whether the legal move m of a wide position takes
// a piece (castling, the king onto its own rook, does not).
func (p *Position) wideCapture(m Move) bool {
	wm := wide.Move(m)
	if wm.IsEnPassant() {
		return true
	}
	pc, ok := p.w.PieceAt(wm.To())
	return ok && !wm.IsCastling() && Color(pc.Color()) != p.side
}

// wideReason returns the reason of a move text error of package wide,
// which names the text and the position as MoveError does: "not a legal
// move", or what follows the quoted text ("move \"x\": not a UCI move").
func wideReason(err error) string {
	msg := err.Error()
	if strings.Contains(msg, " is not legal in ") || strings.Contains(msg, " is not a legal move in ") {
		return "not a legal move"
	}
	if _, rest, ok := strings.Cut(msg, "\": "); ok {
		return rest
	}
	return msg
}

// Wide returns the position of a variant played by package wide, or nil
// for the others. It is the position's own: do not change it.
func (p *Position) Wide() *wide.Position { return p.w }

// widePerft is Perft of a wide position, under ctx.
func (p *Position) widePerft(ctx context.Context, depth int) (uint64, error) {
	return wide.PerftContext(ctx, p.w, depth)
}

// wideUCI writes m of v's wide rules in UCI text.
func (v *Variant) wideUCI(m Move) string {
	if m == NullMove {
		return "0000"
	}
	return v.start.w.UCI(wide.Move(m))
}

// widePieceAt returns the piece on sq of a wide position, typed by the
// wide type number (which NumPieceTypes need not bound: the letter is
// what the callers read, through Variant.PieceLetter).
func (p *Position) widePieceAt(sq Square) Piece {
	pc, ok := p.w.PieceAt(wide.Square(sq))
	if !ok {
		return NoPiece
	}
	return MakePiece(Color(pc.Color()), PieceType(pc.Type()))
}

// wideLetter returns the upper-case letter of type t in a wide variant.
func (v *Variant) wideLetter(t PieceType) byte {
	l := v.wide.TypeLetter(wide.PieceType(t))
	if l >= 'a' && l <= 'z' {
		l -= 'a' - 'A'
	}
	if l == 0 {
		return '?'
	}
	return l
}

// wideTypeOfLetter returns the wide type of letter c, in either case.
func (v *Variant) wideTypeOfLetter(c byte) (PieceType, bool) {
	c = strings.ToUpper(string(c))[0]
	for _, t := range v.wide.PieceTypes() {
		if v.wideLetter(PieceType(t)) == c {
			return PieceType(t), true
		}
	}
	return NoPieceType, false
}
