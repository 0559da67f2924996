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
	flagPawnDrop                // the last move dropped a shogi pawn
	flagCastleWin               // the last move castled by a right of Rules.CastlingWins
)

// Position is a position of a variant: a plain value, copied on make
// (copy-make), pointing only to its Variant. The pieces in hand, the
// promoted pieces and the gates follow the board; MakeMove copies them
// only in a variant that has them.
type Position struct {
	core
	// Only in variants with hands (Variant.hands): pieces in hand per
	// colour and type; promoted pieces, which return demoted to the hand
	// ("Q~" in the FEN); the type a piece promoted from ("+P"); gates.
	hand     [2][maxTypes]uint8
	promoted Bitboard
	unpromo  [maxSquares]PieceType
	gates    [2]Bitboard
}

// core is the state every variant has.
type core struct {
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
	countLimit uint16   // AseanCounting: the limit in plies, 0 before counting starts
	countPly   uint16   // and the plies counted
	checks     [2]uint8 // CheckCounting: the checks each side has still to give
	walls      Bitboard // squares no piece may enter, pass or capture ('*' in a FEN)
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
	zobristHand   [2 * maxTypes][256]uint64 // [piece][count], count 0 keyed 0
	zobristPromo  [maxTypes][128]uint64     // [unpromoted type, 0 for "~"][square]
	zobristGate   [2][128]uint64
	zobristChecks [2][maxChecks + 1]uint64 // [colour][checks to give]
	zobristWall   [128]uint64
)

// maxChecks bounds a FEN's count of checks to give.
const maxChecks = 99

// maxHand bounds a FEN's count of one piece type in one hand.
const maxHand = 128

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
	for i := range zobristHand {
		for j := 1; j < len(zobristHand[i]); j++ {
			zobristHand[i][j] = next()
		}
	}
	for i := range zobristPromo {
		for j := range zobristPromo[i] {
			zobristPromo[i][j] = next()
		}
	}
	for i := range zobristGate {
		for j := range zobristGate[i] {
			zobristGate[i][j] = next()
		}
	}
	// Drawn after the others, so that their keys stay what they were.
	for i := range zobristChecks {
		for j := range zobristChecks[i] {
			zobristChecks[i][j] = next()
		}
	}
	for i := range zobristWall {
		zobristWall[i] = next()
	}
}

// InHand returns how many pieces of type t side c holds in hand.
func (p *Position) InHand(c Color, t PieceType) int {
	if int(t) >= maxTypes || !p.v.hands {
		return 0
	}
	return int(p.hand[c][t])
}

// HandCount returns how many pieces side c holds in hand in all.
func (p *Position) HandCount(c Color) int {
	if !p.v.hands {
		return 0
	}
	n := 0
	for _, k := range p.hand[c] {
		n += int(k)
	}
	return n
}

// Unpromoted returns the type the piece on sq promoted from and whether
// it is promoted at all (a pawn promoted in crazyhouse has no recorded
// type: it returns to the hand as the pawn type).
func (p *Position) Unpromoted(sq Square) (PieceType, bool) {
	if !p.v.ext || int(sq) >= p.v.nsq {
		return NoPieceType, false
	}
	return p.unpromo[sq], p.promoted.Has(sq)
}

// MovedType returns the type of the piece the legal move m puts on its
// target square before any promotion: the dropped type for a drop (the
// promoted type for a promoted drop), the moving piece's otherwise.
func (p *Position) MovedType(m Move) PieceType {
	switch m.kind() {
	case kindDrop:
		return m.Dropped()
	case kindDropPromoted:
		return p.v.promoted[m.Dropped()]
	}
	return p.board[m.From()].Type()
}

// addHand and takeHand change c's count of type t by one.
func (p *Position) addHand(c Color, t PieceType) {
	pc := MakePiece(c, t)
	n := p.hand[c][t]
	p.hash ^= zobristHand[pc][n] ^ zobristHand[pc][n+1]
	p.hand[c][t] = n + 1
}

func (p *Position) takeHand(c Color, t PieceType) {
	pc := MakePiece(c, t)
	n := p.hand[c][t]
	p.hash ^= zobristHand[pc][n] ^ zobristHand[pc][n-1]
	p.hand[c][t] = n - 1
}

// setPromo marks the piece on s promoted from type u (NoPieceType: a
// promoted pawn, "~").
func (p *Position) setPromo(s Square, u PieceType) {
	p.promoted = p.promoted.or(squareBB[s])
	p.unpromo[s] = u
	p.hash ^= zobristPromo[u][s]
}

// clearPromo removes the mark of s, if any.
func (p *Position) clearPromo(s Square) {
	if p.promoted.Has(s) {
		p.hash ^= zobristPromo[p.unpromo[s]][s]
		p.promoted = p.promoted.andNot(squareBB[s])
		p.unpromo[s] = NoPieceType
	}
}

func (p *Position) toggleGate(c Color, s Square) {
	p.gates[c] = p.gates[c].xor(squareBB[s])
	p.hash ^= zobristGate[c][s]
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
func (p *Position) Occupied() Bitboard { return p.byColor[0].or(p.byColor[1]).or(p.walls) }

// Walls returns the squares that hold a wall.
func (p *Position) Walls() Bitboard { return p.walls }

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
	if p.v.r.CheckCounting {
		h ^= zobristChecks[White][p.checks[White]] ^ zobristChecks[Black][p.checks[Black]]
	}
	for b := p.walls; b.any(); {
		h ^= zobristWall[b.pop()]
	}
	if p.v.ext {
		for c := Color(0); c < 2; c++ {
			for t, n := range p.hand[c] {
				h ^= zobristHand[MakePiece(c, PieceType(t))][n]
			}
			for b := p.gates[c]; b.any(); {
				h ^= zobristGate[c][b.pop()]
			}
		}
		for b := p.promoted; b.any(); {
			s := b.pop()
			h ^= zobristPromo[p.unpromo[s]][s]
		}
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
	var p Position
	p.v, p.king, p.ep, p.fullmove = v, [2]Square{NoSquare, NoSquare}, NoSquare, 1
	for i := range p.castleRook {
		p.castleRook[i] = NoSquare
	}
	p.castleKing = [2]Square{NoSquare, NoSquare}
	f := strings.Fields(fen)
	if len(f) == 0 {
		return p, fmt.Errorf("empty")
	}
	board, hand, hasHand := strings.Cut(f[0], "[")
	if hasHand {
		if !v.hands {
			return p, fmt.Errorf("pieces in hand: %s has no drops", v.r.Name)
		}
		h, ok := strings.CutSuffix(hand, "]")
		if !ok {
			return p, fmt.Errorf("pieces in hand %q: no closing ']'", short(hand))
		}
		if err := p.parseHand(h); err != nil {
			return p, err
		}
	}
	rows := strings.Split(board, "/")
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
			case c == '*':
				if file >= v.files {
					return p, fmt.Errorf("rank %d has more than %d squares", r+1, v.files)
				}
				p.walls = p.walls.With(Square(r*v.files + file))
				file++
			default:
				// "+X": the promoted type of X, promoted from X (shogi).
				plus := c == '+'
				if plus {
					if !v.ext || j+1 == len(row) {
						return p, fmt.Errorf("rank %d: '+' is not a promoted piece of %s", r+1, v.r.Name)
					}
					j++
					c = row[j]
				}
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
				sq := Square(r*v.files + file)
				from := NoPieceType
				if plus {
					from, t = t, v.promoted[t]
					if t == NoPieceType {
						return p, fmt.Errorf("rank %d: %q has no promoted type in %s", r+1, c, v.r.Name)
					}
				}
				if t == v.royal {
					royals[col]++
					if royals[col] > 1 {
						return p, fmt.Errorf("more than one %s of %s", v.pieceName(t), col)
					}
				}
				p.put(MakePiece(col, t), sq)
				switch {
				case plus:
					p.setPromo(sq, from)
				case j+1 < len(row) && row[j+1] == '~':
					// A promoted piece: Fairy-Stockfish writes the mark where
					// a capture returns the piece to the hand demoted.
					j++
					if v.tilde() {
						p.setPromo(sq, NoPieceType)
					}
				}
				file++
			}
		}
		if file != v.files {
			return p, fmt.Errorf("rank %d has %d squares, not %d", r+1, file, v.files)
		}
	}
	if len(f) < 2 {
		// A board alone: White to move, as Fairy-Stockfish reads it
		// (allqueenschess's start position).
		f = append(f, "w")
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
		if v.r.AseanCounting && len(rest) == 3 && isNumber(rest[0]) {
			// The counting limit stands in the en-passant field, the
			// plies counted in the halfmove clock's.
			n, err := strconv.Atoi(rest[0])
			if err != nil || n > 1000 {
				return p, fmt.Errorf("counting limit %q is not a number from 0 to 1000", rest[0])
			}
			p.countLimit = uint16(n)
			rest = rest[1:]
		} else if len(rest) > 0 && !isNumber(rest[0]) {
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
	if v.r.CheckCounting {
		// The checks field stands after the en-passant square, as
		// Fairy-Stockfish writes it.
		if len(rest) == 0 || !strings.Contains(rest[0], "+") {
			return p, fmt.Errorf("no checks field (3+3): %s counts checks", v.r.Name)
		}
		if err := p.parseChecks(rest[0]); err != nil {
			return p, err
		}
		rest = rest[1:]
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
	if p.countLimit != 0 {
		p.countPly, p.halfmove = p.halfmove, 0
	}
	if p.ep != NoSquare && !p.epValid() {
		p.ep = NoSquare
	}
	them := p.side ^ 1
	if v.HasCheck() && p.king[them] != NoSquare && p.attacked(p.king[them], p.side, p.Occupied(), p.byColor[p.side], p.byType[v.sameHurdle]) {
		return p, fmt.Errorf("the side not to move (%s) is in check", them)
	}
	p.freeHands()
	p.hash = p.computeHash()
	p.setState(false, false)
	return p, nil
}

// parseChecks reads the checks field "W+B": the checks White and Black
// have still to give.
func (p *Position) parseChecks(s string) error {
	w, b, _ := strings.Cut(s, "+")
	for i, f := range [2]string{w, b} {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > maxChecks {
			return fmt.Errorf("checks field %q: %q is not a number from 0 to %d", short(s), f, maxChecks)
		}
		p.checks[i] = uint8(n)
	}
	return nil
}

// tilde reports whether promoted pieces are marked: they return to the
// hand demoted to the pawn type, and the FEN writes them "Q~".
func (v *Variant) tilde() bool { return v.r.CapturesToHand && !v.r.DropLoop }

// parseHand reads the pieces in hand: letters, upper case White's, as
// Fairy-Stockfish reads them ('-' stands for none).
func (p *Position) parseHand(h string) error {
	v := p.v
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c == '-' {
			continue
		}
		t := v.TypeOf(c)
		if t == NoPieceType {
			return fmt.Errorf("pieces in hand: %q is not a piece of %s", c, v.r.Name)
		}
		col := White
		if c >= 'a' {
			col = Black
		}
		if p.hand[col][t] >= maxHand {
			return fmt.Errorf("pieces in hand: more than %d of %q", maxHand, c)
		}
		p.hand[col][t]++
	}
	return nil
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
	us, them := p.side, p.side^1
	if v.pawnOf[us] == NoPieceType || v.pawnOf[them] == NoPieceType || v.r.NoEnPassantBy[us] {
		return false
	}
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
	return v.t[them][v.pawnOf[us]].capts[e].and(p.Pieces(us, v.pawnOf[us])).any() &&
		p.Pieces(them, v.pawnOf[them]).Has(front) && !occ.Has(e) && !occ.Has(behind)
}

// parseCastling reads the castling field: rights, and with gating the
// gates (K and Q gate the rook's and the king's squares, a file letter
// its square on the side's first rank), as Fairy-Stockfish 11.1 reads
// them.
func (p *Position) parseCastling(s string) error {
	v := p.v
	if s == "-" {
		return nil
	}
	gating := v.r.Gating || v.r.SeirawanGating
	if !v.r.Castling && !gating {
		return fmt.Errorf("castling rights %q: %s has no castling", s, v.r.Name)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		col := White
		if c >= 'a' && c <= 'z' {
			col = Black
		}
		rank := v.r.CastlingRank - 1
		if col == Black {
			rank = v.ranks - v.r.CastlingRank
		}
		if !v.r.Castling {
			rank = 0
			if col == Black {
				rank = v.ranks - 1
			}
		}
		k := p.castlingKingSquare(col, rank)
		lc := c | 0x20
		var rook Piece
		if v.r.Castling {
			rook = MakePiece(col, v.castleRook)
		}
		rsq := NoSquare
		switch {
		case lc == 'k' || lc == 'q':
			if k == NoSquare || v.RankOf(k) != rank {
				return fmt.Errorf("castling right %q: the %s king is not on its castling rank", c, col)
			}
			if lc == 'k' {
				for f := v.files - 1; f > v.FileOf(k); f-- {
					if s := v.SquareOf(f, rank); p.board[s] == rook && rook != NoPiece {
						rsq = s
						break
					}
				}
			} else {
				for f := 0; f < v.FileOf(k); f++ {
					if s := v.SquareOf(f, rank); p.board[s] == rook && rook != NoPiece {
						rsq = s
						break
					}
				}
			}
			if rsq == NoSquare {
				return fmt.Errorf("castling right %q: no %s on its square", c, v.pieceName(v.castleRook))
			}
			if gating {
				p.gates[col] = p.gates[col].With(rsq).With(k)
			}
		case lc >= 'a' && int(lc-'a') < v.files:
			rsq = v.SquareOf(int(lc-'a'), rank)
			if gating {
				p.gates[col] = p.gates[col].With(rsq)
				// A file letter is a gate only, unless Seirawan's hand is
				// empty: then it may still name a Chess960 right.
				if !v.r.SeirawanGating || p.hand[col] != ([maxTypes]uint8{}) || v.r.CapturesToHand {
					continue
				}
			}
			if k == NoSquare || v.RankOf(k) != rank {
				if gating {
					continue
				}
				return fmt.Errorf("castling right %q: the %s king is not on its castling rank", c, col)
			}
			if p.board[rsq] != rook || rook == NoPiece || rsq == k {
				if gating {
					continue
				}
				return fmt.Errorf("castling right %q: no %s on its square", c, v.pieceName(v.castleRook))
			}
		default:
			return fmt.Errorf("castling rights %q: %q is not a right", s, c)
		}
		if !v.r.Castling {
			continue
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
	// Seirawan's gates of an empty hand are of no use (it never fills
	// again): dropped, as Fairy-Stockfish drops them after a move.
	if v.r.SeirawanGating && !v.r.CapturesToHand {
		for c := 0; c < 2; c++ {
			if p.hand[c] == ([maxTypes]uint8{}) {
				p.gates[c] = Bitboard{}
			}
		}
	}
	return nil
}

// castlingKingOn returns the square of col's castling king on rank where
// it is not royal (Rules.CastlingKing): the one such piece there, else
// the piece on the castling king's file, as Fairy-Stockfish reads it.
func (p *Position) castlingKingOn(col Color, rank int) Square {
	v := p.v
	pc := MakePiece(col, v.castleKing)
	found := NoSquare
	for f := 0; f < v.files; f++ {
		if s := v.SquareOf(f, rank); p.board[s] == pc {
			if found != NoSquare {
				found = NoSquare
				break
			}
			found = s
		}
	}
	if found == NoSquare {
		if s := v.SquareOf(v.r.CastlingKingFile, rank); p.board[s] == pc {
			return s
		}
	}
	return found
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

// FEN returns the position as Fairy-Stockfish writes it: a promoted
// piece as "+" and the letter of its unpromoted type (shogi) or with "~"
// after it (a pawn's promotion where captures go to the hand), the
// pieces in hand between brackets after the board (White's, then
// Black's, each from the last type to the first), gates as file letters
// after each side's castling rights.
func (p *Position) FEN() string {
	v := p.v
	var b strings.Builder
	for r := v.ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < v.files; f++ {
			s := Square(r*v.files + f)
			pc := p.board[s]
			if pc == NoPiece && !p.walls.Has(s) {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			switch {
			case pc == NoPiece:
				b.WriteByte('*')
			case !v.ext || !p.promoted.Has(s):
				b.WriteByte(v.PieceLetter(pc))
			case p.unpromo[s] != NoPieceType:
				b.WriteByte('+')
				b.WriteByte(v.PieceLetter(MakePiece(pc.Color(), p.unpromo[s])))
			default:
				b.WriteByte(v.PieceLetter(pc))
				b.WriteByte('~')
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if v.hands && (v.ax == nil || !v.r.Ataxx.FreeDrops) {
		b.WriteByte('[')
		for c := Color(0); c < 2; c++ {
			for t := PieceType(v.ntypes); t >= 1; t-- {
				for n := p.hand[c][t]; n > 0; n-- {
					b.WriteByte(v.PieceLetter(MakePiece(c, t)))
				}
			}
		}
		b.WriteByte(']')
	}
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	gating := v.r.Gating || v.r.SeirawanGating
	if p.castle == 0 && (!gating || !p.gates[0].or(p.gates[1]).any()) {
		b.WriteByte('-')
	}
	for c := Color(0); c < 2; c++ {
		for right := 2 * int(c); right < 2*int(c)+2; right++ {
			if p.castle&(1<<right) == 0 {
				continue
			}
			var l byte
			switch {
			case v.r.Chess960:
				l = 'A' + byte(v.FileOf(p.castleRook[right]))
			case right%2 == 0:
				l = 'K'
			default:
				l = 'Q'
			}
			if right >= 2 {
				l |= 0x20
			}
			b.WriteByte(l)
		}
		if gating && (!v.r.SeirawanGating || p.hand[c] != ([maxTypes]uint8{}) || v.r.CapturesToHand) {
			for f := 0; f < v.files; f++ {
				if p.gates[c].and(v.fileBB[f]).any() {
					l := 'A' + byte(f)
					if c == Black {
						l |= 0x20
					}
					b.WriteByte(l)
				}
			}
		}
	}
	if p.countLimit != 0 {
		fmt.Fprintf(&b, " %d %d %d", p.countLimit, p.countPly, p.fullmove)
		return b.String()
	}
	b.WriteByte(' ')
	b.WriteString(v.SquareName(p.ep))
	if v.r.CheckCounting {
		fmt.Fprintf(&b, " %d+%d", p.checks[White], p.checks[Black])
	}
	fmt.Fprintf(&b, " %d %d", p.halfmove, p.fullmove)
	return b.String()
}

// String returns the FEN.
func (p *Position) String() string { return p.FEN() }
