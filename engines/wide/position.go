package wide

import (
	"fmt"
	"strconv"
	"strings"
)

// Castling rights: one bit each, in this order.
const (
	whiteKingside = 1 << iota
	whiteQueenside
	blackKingside
	blackQueenside
)

// Position flags: janggi's state of the last two plies.
const (
	flagBikjang     = 1 << iota // the royal pieces face each other (Rules.Bikjang)
	flagPrevBikjang             // and did so before the last move
	flagPass                    // the last move was a pass
	flagPrevPass                // and so was the one before
	flagInCheck                 // the side to move is in check
)

// Position is a position of a variant: a plain value, copied on make
// (copy-make), pointing only to its Variant. It holds no pieces in hand:
// variants with drops are left for later, when a per-colour count of
// pieces in hand per type joins the struct.
type Position struct {
	v          *Variant
	board      [maxSquares]Piece
	byColor    [2]Bitboard
	byType     [maxTypes]Bitboard
	king       [2]Square // NoSquare: no royal piece
	castleRook [4]Square // the rook of each right
	castleKing [2]Square // the king's square when the rights were read
	side       Color
	castle     uint8
	flags      uint8
	ep         Square
	halfmove   uint16
	fullmove   uint16
	hash       uint64
}

// Zobrist keys, the same for every variant: a fixed-seed generator keeps
// hashes stable across runs.
var (
	zobristPiece  [2 * maxTypes][128]uint64
	zobristSide   uint64
	zobristCastle [16]uint64
	zobristEP     [MaxFiles]uint64
)

func init() {
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for i := range zobristPiece {
		for j := range zobristPiece[i] {
			zobristPiece[i][j] = next()
		}
	}
	zobristSide = next()
	for i := range zobristCastle {
		zobristCastle[i] = next()
	}
	for i := range zobristEP {
		zobristEP[i] = next()
	}
}

// Variant returns the position's variant.
func (p *Position) Variant() *Variant { return p.v }

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// Hash returns the Zobrist hash of the pieces, the side to move, the
// castling rights and the en-passant file: equal for positions the
// repetition rule calls equal.
func (p *Position) Hash() uint64 { return p.hash }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the number of the move being played.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// PieceAt returns the piece on sq, if any.
func (p *Position) PieceAt(sq Square) (Piece, bool) {
	if int(sq) >= p.v.nsq || p.board[sq] == NoPiece {
		return NoPiece, false
	}
	return p.board[sq], true
}

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard {
	if int(t) >= maxTypes {
		return Bitboard{}
	}
	return p.byType[t].and(p.byColor[c])
}

// Occupied returns the occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[0].or(p.byColor[1]) }

// KingSquare returns c's royal piece's square, NoSquare if none.
func (p *Position) KingSquare(c Color) Square { return p.king[c] }

// InCheck reports whether the side to move's royal piece is attacked.
func (p *Position) InCheck() bool { return p.flags&flagInCheck != 0 }

// EnPassant returns the en-passant square, NoSquare if none.
func (p *Position) EnPassant() Square { return p.ep }

func (p *Position) put(pc Piece, s Square) {
	p.board[s] = pc
	b := squareBB[s]
	p.byColor[pc.Color()] = p.byColor[pc.Color()].or(b)
	p.byType[pc.Type()] = p.byType[pc.Type()].or(b)
	p.hash ^= zobristPiece[pc][s]
	if pc.Type() == p.v.royal {
		p.king[pc.Color()] = s
	}
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	b := squareBB[s]
	p.byColor[pc.Color()] = p.byColor[pc.Color()].andNot(b)
	p.byType[pc.Type()] = p.byType[pc.Type()].andNot(b)
	p.hash ^= zobristPiece[pc][s]
	if pc.Type() == p.v.royal && p.king[pc.Color()] == s {
		p.king[pc.Color()] = NoSquare
	}
}

// computeHash returns the hash made from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for s := 0; s < p.v.nsq; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		h ^= zobristSide
	}
	h ^= zobristCastle[p.castle]
	if p.ep != NoSquare {
		h ^= zobristEP[p.v.FileOf(p.ep)]
	}
	return h
}

// ParseFEN reads a position of v in Fairy-Stockfish's FEN: ranks from the
// last to the first separated by '/', numbers (of any digits) for empty
// squares; side to move; castling rights (K Q k q, or file letters in the
// X-FEN/Shredder-FEN way); en-passant square; halfmove clock and move
// number (the last four may be left out, as Fairy-Stockfish allows). An
// en-passant square no pawn can take is dropped, as Fairy-Stockfish drops
// it. Every other problem is an error naming it.
func ParseFEN(v *Variant, fen string) (Position, error) {
	p, err := parseFEN(v, fen)
	if err != nil {
		return Position{}, fmt.Errorf("FEN %q: %w", short(fen), err)
	}
	return p, nil
}

func short(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

func parseFEN(v *Variant, fen string) (Position, error) {
	p := Position{v: v, king: [2]Square{NoSquare, NoSquare}, ep: NoSquare, fullmove: 1}
	for i := range p.castleRook {
		p.castleRook[i] = NoSquare
	}
	p.castleKing = [2]Square{NoSquare, NoSquare}
	f := strings.Fields(fen)
	if len(f) == 0 {
		return p, fmt.Errorf("empty")
	}
	if strings.ContainsAny(f[0], "[]") {
		return p, fmt.Errorf("pieces in hand: %s has no drops", v.r.Name)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != v.ranks {
		return p, fmt.Errorf("%d ranks, %s has %d", len(rows), v.r.Name, v.ranks)
	}
	royals := [2]int{}
	for i, row := range rows {
		r := v.ranks - 1 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '0' && c <= '9':
				n := 0
				for ; j < len(row) && row[j] >= '0' && row[j] <= '9'; j++ {
					n = n*10 + int(row[j]-'0')
					if n > MaxFiles {
						break
					}
				}
				j--
				if n == 0 {
					return p, fmt.Errorf("rank %d: an empty run of 0 squares", r+1)
				}
				file += n
				if file > v.files {
					return p, fmt.Errorf("rank %d has more than %d squares", r+1, v.files)
				}
			default:
				t := v.TypeOf(c)
				if t == NoPieceType {
					return p, fmt.Errorf("rank %d: %q is not a piece of %s", r+1, c, v.r.Name)
				}
				if file >= v.files {
					return p, fmt.Errorf("rank %d has more than %d squares", r+1, v.files)
				}
				col := White
				if c >= 'a' {
					col = Black
				}
				if t == v.royal {
					royals[col]++
					if royals[col] > 1 {
						return p, fmt.Errorf("more than one %s of %s", v.pieceName(t), col)
					}
				}
				p.put(MakePiece(col, t), Square(r*v.files+file))
				file++
			}
		}
		if file != v.files {
			return p, fmt.Errorf("rank %d has %d squares, not %d", r+1, file, v.files)
		}
	}
	if len(f) < 2 {
		return p, fmt.Errorf("no side to move")
	}
	switch f[1] {
	case "w":
	case "b":
		p.side = Black
	default:
		return p, fmt.Errorf("side to move %q is not w or b", f[1])
	}
	rest := f[2:]
	// Castling and en passant may be left out before the counters.
	if len(rest) > 0 && !isNumber(rest[0]) {
		if err := p.parseCastling(rest[0]); err != nil {
			return p, err
		}
		rest = rest[1:]
		if len(rest) > 0 && !isNumber(rest[0]) {
			if rest[0] != "-" {
				ep, err := v.ParseSquare(rest[0])
				if err != nil {
					return p, fmt.Errorf("en-passant square: %w", err)
				}
				p.ep = ep
			}
			rest = rest[1:]
		}
	}
	if len(rest) > 0 {
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < 0 || n > 10000 {
			return p, fmt.Errorf("halfmove clock %q is not a number from 0 to 10000", rest[0])
		}
		p.halfmove = uint16(n)
		rest = rest[1:]
	}
	if len(rest) > 0 {
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < 0 || n > 60000 {
			return p, fmt.Errorf("move number %q is not a number from 0 to 60000", rest[0])
		}
		if n == 0 {
			n = 1 // Fairy-Stockfish reads 0 as 1
		}
		p.fullmove = uint16(n)
		rest = rest[1:]
	}
	if len(rest) > 0 {
		return p, fmt.Errorf("unexpected field %q", short(rest[0]))
	}
	if p.ep != NoSquare && !p.epValid() {
		p.ep = NoSquare
	}
	them := p.side ^ 1
	if v.HasCheck() && p.king[them] != NoSquare && p.attacked(p.king[them], p.side, p.Occupied(), p.byColor[p.side], p.byType[v.sameHurdle]) {
		return p, fmt.Errorf("the side not to move (%s) is in check", them)
	}
	p.hash = p.computeHash()
	p.setState(false, false)
	return p, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// epValid applies Fairy-Stockfish's test of a FEN's en-passant square: a
// pawn of the side to move attacks it, an enemy pawn stands in front of
// it, and it and the square behind it are empty.
func (p *Position) epValid() bool {
	v := p.v
	if v.pawn == NoPieceType {
		return false
	}
	us, them := p.side, p.side^1
	e := p.ep
	fwd := 1
	if them == Black {
		fwd = -1
	}
	// The enemy pawn that stepped twice is one rank beyond e from its side.
	front := v.SquareOf(v.FileOf(e), v.RankOf(e)+fwd)
	behind := v.SquareOf(v.FileOf(e), v.RankOf(e)-fwd)
	if front == NoSquare || behind == NoSquare {
		return false
	}
	occ := p.Occupied()
	return v.t[them][v.pawn].capts[e].and(p.Pieces(us, v.pawn)).any() &&
		p.Pieces(them, v.pawn).Has(front) && !occ.Has(e) && !occ.Has(behind)
}

// parseCastling reads the castling field.
func (p *Position) parseCastling(s string) error {
	v := p.v
	if s == "-" {
		return nil
	}
	if !v.r.Castling {
		return fmt.Errorf("castling rights %q: %s has no castling", s, v.r.Name)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		col := White
		if c >= 'a' && c <= 'z' {
			col = Black
		}
		k := p.king[col]
		rank := v.r.CastlingRank - 1
		if col == Black {
			rank = v.ranks - v.r.CastlingRank
		}
		if k == NoSquare || v.RankOf(k) != rank {
			return fmt.Errorf("castling right %q: the %s king is not on its castling rank", c, col)
		}
		rook := MakePiece(col, v.castleRook)
		lc := c | 0x20
		rsq := NoSquare
		switch {
		case lc == 'k':
			for f := v.files - 1; f > v.FileOf(k); f-- {
				if s := v.SquareOf(f, rank); p.board[s] == rook {
					rsq = s
					break
				}
			}
		case lc == 'q':
			for f := 0; f < v.FileOf(k); f++ {
				if s := v.SquareOf(f, rank); p.board[s] == rook {
					rsq = s
					break
				}
			}
		case lc >= 'a' && int(lc-'a') < v.files:
			if s := v.SquareOf(int(lc-'a'), rank); p.board[s] == rook {
				rsq = s
			}
		default:
			return fmt.Errorf("castling rights %q: %q is not a right", s, c)
		}
		if rsq == NoSquare || rsq == k {
			return fmt.Errorf("castling right %q: no %s on its square", c, v.pieceName(v.castleRook))
		}
		right := 0
		if rsq < k {
			right = 1
		}
		right += 2 * int(col)
		p.castle |= 1 << right
		p.castleRook[right] = rsq
		p.castleKing[col] = k
	}
	return nil
}

// setState sets the flags of a position just made: check, bikjang.
func (p *Position) setState(prevBikjang, pass bool) {
	v := p.v
	var fl uint8
	if prevBikjang {
		fl |= flagPrevBikjang
	}
	if pass {
		fl |= flagPass
		if p.flags&flagPass != 0 {
			fl |= flagPrevPass
		}
	}
	us, them := p.side, p.side^1
	if v.r.Checking && p.king[us] != NoSquare &&
		p.attacked(p.king[us], them, p.Occupied(), p.byColor[them], p.byType[v.sameHurdle]) {
		fl |= flagInCheck
	}
	if v.r.Bikjang && p.facing(p.Occupied()) {
		fl |= flagBikjang
	}
	p.flags = fl
}

// facing reports whether the royal pieces stand on one file or rank with
// nothing between them on the board occ.
func (p *Position) facing(occ Bitboard) bool {
	a, b := p.king[0], p.king[1]
	if a == NoSquare || b == NoSquare {
		return false
	}
	return p.kingsSee(a, b, occ)
}

// kingsSee reports whether squares a and b share a file or rank with no
// piece of occ strictly between them.
func (p *Position) kingsSee(a, b Square, occ Bitboard) bool {
	v := p.v
	fa, ra, fb, rb := v.FileOf(a), v.RankOf(a), v.FileOf(b), v.RankOf(b)
	switch {
	case fa == fb:
		lo, hi := min(ra, rb), max(ra, rb)
		for r := lo + 1; r < hi; r++ {
			if occ.Has(Square(r*v.files + fa)) {
				return false
			}
		}
		return true
	case ra == rb:
		lo, hi := min(fa, fb), max(fa, fb)
		for f := lo + 1; f < hi; f++ {
			if occ.Has(Square(ra*v.files + f)) {
				return false
			}
		}
		return true
	}
	return false
}

// FEN returns the position as Fairy-Stockfish writes it.
func (p *Position) FEN() string {
	v := p.v
	var b strings.Builder
	for r := v.ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < v.files; f++ {
			pc := p.board[r*v.files+f]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(v.PieceLetter(pc))
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	if p.castle == 0 {
		b.WriteByte('-')
	}
	for right := 0; right < 4; right++ {
		if p.castle&(1<<right) == 0 {
			continue
		}
		var c byte
		switch {
		case v.r.Chess960:
			c = 'A' + byte(v.FileOf(p.castleRook[right]))
		case right%2 == 0:
			c = 'K'
		default:
			c = 'Q'
		}
		if right >= 2 {
			c |= 0x20
		}
		b.WriteByte(c)
	}
	b.WriteByte(' ')
	b.WriteString(v.SquareName(p.ep))
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	return b.String()
}

// String returns the FEN.
func (p *Position) String() string { return p.FEN() }
