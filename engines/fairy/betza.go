package fairy

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Atom is one directed move of a piece: a leap or a ride along (DX, DY).
type Atom struct {
	DX, DY int // DX files to the right, DY ranks forward, from White's side
	// Range is 1 for a leap, 0 for a rider without limit, n > 1 for a
	// rider of at most n steps.
	Range   int
	Move    bool // may go to an empty square
	Capture bool // may capture on the target square
	// Hop (p): a cannon's line: it needs one piece to hop over; a Range
	// over 1 bounds the whole move, hurdle and landing (pB2).
	// Grasshopper (g): it lands right behind the first piece in its line.
	// Lame (n, a leap): blocked by a piece on Fairy-Stockfish's path to
	// the target (xiangqi horse nN, elephant nA, janggi elephant nZ).
	// Only the wide engine (engines/wide) plays them.
	Hop, Grasshopper, Lame bool
}

// Betza atoms as Fairy-Stockfish reads them: a leaper's (long, short)
// offsets, and for R B Q the rider of the same steps.
var leapers = map[byte][][2]int{
	'W': {{1, 0}}, 'F': {{1, 1}}, 'D': {{2, 0}}, 'N': {{2, 1}}, 'A': {{2, 2}},
	'H': {{3, 0}}, 'C': {{3, 1}}, 'L': {{3, 1}}, 'Z': {{3, 2}}, 'J': {{3, 2}},
	'G': {{3, 3}}, 'K': {{1, 0}, {1, 1}},
}

var riders = map[byte][][2]int{
	'R': {{1, 0}}, 'B': {{1, 1}}, 'Q': {{1, 0}, {1, 1}},
}

// Modifiers the engine cannot play, with the reason.
var unsupportedModifiers = map[byte]string{
	'a': "multi-leg moves (a)",
	'j': "jumping modifiers (j)",
	'o': "cylinder moves (o)",
	'y': "bent riders (y)",
	'z': "crooked riders (z)",
	'x': "exchange moves (x)",
	'd': "destroying moves (d)",
	'u': "unloading moves (u)",
	't': "modifier t",
	'q': "circular riders (q)",
	'k': "modifier k",
	'w': "modifier w",
}

// The eight directions of an atom with offsets (long, short) along
// (ranks, files), each selected by the direction tokens Fairy-Stockfish
// accepts for it. A single modifier c is the token "cc"; two modifiers
// combine into one token when they repeat or one is vertical (f b v h)
// and the other horizontal (r l s h).
var directions = [8]struct {
	dx, dy func(long, short int) int
	tokens string
}{
	{func(l, s int) int { return s }, func(l, s int) int { return l }, "ff vv rf rv fh rh hr"},
	{func(l, s int) int { return -s }, func(l, s int) int { return -l }, "bb vv lb lv bh lh hr"},
	{func(l, s int) int { return l }, func(l, s int) int { return -s }, "rr ss br bs bh rh hr"},
	{func(l, s int) int { return -l }, func(l, s int) int { return s }, "ll ss fl fs fh lh hr"},
	{func(l, s int) int { return l }, func(l, s int) int { return s }, "rr ss fr fs fh rh hl"},
	{func(l, s int) int { return -l }, func(l, s int) int { return -s }, "ll ss bl bs bh lh hl"},
	{func(l, s int) int { return s }, func(l, s int) int { return -l }, "bb vv rb rv bh rh hl"},
	{func(l, s int) int { return -s }, func(l, s int) int { return l }, "ff vv lf lv fh lh hl"},
}

const (
	verticals   = "fbvh"
	horizontals = "rlsh"
)

// ParseBetza expands Betza notation, in the subset Fairy-Stockfish reads
// and the engines can play, to directed atoms: the leapers W F D N A H C
// (L) Z (J) G K, the riders R B Q, doubled atoms as riders (NN, WW = R),
// one digit after an atom as a range (R4, N2), the direction modifiers
// f b l r v s h and their pairs (fs, fh, rf, ...), m (move only) and c
// (capture only), p (hopper: a cannon's line, whatever the atom's
// range, as Fairy-Stockfish reads it), g (grasshopper) and n (lame, on a
// leap; Fairy-Stockfish ignores it on a rider). The result is sorted and
// has no atom that another of the same direction and kind covers.
// Initial-only moves (i) are refused here; a piece's definition reads
// them apart (Betza).
func ParseBetza(s string) ([]Atom, error) {
	b, err := parseBetza(s)
	if err == nil && len(b.Initial) > 0 {
		err = unsupported("betza %q: initial-only moves (i)", s)
	}
	return b.Atoms, err
}

// Betza is a piece's Betza notation read whole.
type Betza struct {
	Atoms []Atom
	// Initial are the moves marked i: Fairy-Stockfish plays them from the
	// squares of the side's double-step region only, while doubleStep
	// holds (a pawn's ifmnD is its double step).
	Initial []Atom
	// EnPassant (e, beside c): the piece captures en passant.
	EnPassant bool
}

func parseBetza(s string) (Betza, error) {
	type key struct {
		dx, dy, rng     int
		hop, grass, lam bool
	}
	found, foundInitial := map[key]*Atom{}, map[key]*Atom{}
	var (
		mods    []byte   // m and c
		tokens  []string // direction tokens
		hop     bool     // p
		grass   bool     // g
		lame    bool     // n
		initial bool     // i
		ep      bool     // e
		out     Betza
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'm' || c == 'c':
			mods = append(mods, c)
		case c == 'p':
			hop = true
		case c == 'g':
			grass = true
		case c == 'n':
			lame = true
		case c == 'i':
			initial = true
		case c == 'e':
			ep = true
		case strings.IndexByte(verticals, c) >= 0 || strings.IndexByte(horizontals, c) >= 0:
			if i+1 < len(s) {
				c2 := s[i+1]
				if c2 == c || strings.IndexByte(verticals, c) >= 0 && strings.IndexByte(horizontals, c2) >= 0 ||
					strings.IndexByte(horizontals, c) >= 0 && strings.IndexByte(verticals, c2) >= 0 {
					tokens = append(tokens, string([]byte{c, c2}))
					i++
					continue
				}
			}
			tokens = append(tokens, string([]byte{c, c}))
		case leapers[c] != nil || riders[c] != nil:
			steps, rng := leapers[c], 1
			if riders[c] != nil {
				steps, rng = riders[c], 0
			}
			counted := false // a range given in digits
			if i+1 < len(s) && (s[i+1] == c || s[i+1] >= '0' && s[i+1] <= '9') {
				i++
				rng = 0
				if s[i] >= '0' && s[i] <= '9' {
					rng, counted = int(s[i]-'0'), true
					if rng == 0 {
						return out, fmt.Errorf("betza %q: range 0 after %c", s, c)
					}
					if i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
						return out, fmt.Errorf("betza %q: range of more than one digit after %c", s, c)
					}
				}
			}
			if hop && grass {
				return out, unsupported("betza %q: both p and g before %c", s, c)
			}
			if ep && !slices.Contains(mods, 'c') {
				return out, unsupported("betza %q: en-passant captures (e) without captures (c) before %c", s, c)
			}
			out.EnPassant = out.EnPassant || ep
			into := found
			if initial {
				into = foundInitial
			}
			if (hop || grass) && !counted {
				// A hopper rides its line; a range in digits bounds the
				// whole move, hurdle and landing (cannonshogi's pB2).
				rng = 0
			}
			lam := lame && rng == 1 && !hop && !grass
			if lam && strings.IndexByte("DNAZJ", c) < 0 {
				// Fairy-Stockfish has lame paths for these atoms only; it
				// gives any other lame leap (nC, nW, nK...) no move.
				steps = nil
			}
			move, capture := len(mods) == 0, len(mods) == 0
			for _, m := range mods {
				move = move || m == 'm'
				capture = capture || m == 'c'
			}
			before := len(into)
			for _, st := range steps {
				toks := tokens
				// An orthogonal atom's combined token counts as its two
				// letters apart, so fsW is forward and sideways.
				if len(steps) == 1 && st[1] == 0 {
					toks = nil
					for _, t := range tokens {
						if t[0] != t[1] {
							toks = append(toks, string([]byte{t[0], t[0]}), string([]byte{t[1], t[1]}))
						} else {
							toks = append(toks, t)
						}
					}
				}
				for _, d := range directions {
					if !selected(toks, d.tokens) {
						continue
					}
					k := key{d.dx(st[0], st[1]), d.dy(st[0], st[1]), rng, hop, grass, lam}
					a := into[k]
					if a == nil {
						a = &Atom{DX: k.dx, DY: k.dy, Range: rng, Hop: hop, Grasshopper: grass, Lame: lam}
						into[k] = a
					}
					a.Move = a.Move || move
					a.Capture = a.Capture || capture
				}
			}
			if len(into) == before && len(tokens) > 0 && !anySelected(tokens, steps) {
				return out, fmt.Errorf("betza %q: the modifiers before %c select no direction", s, c)
			}
			mods, tokens, hop, grass, lame, initial, ep = nil, nil, false, false, false, false, false
		case c >= 'a' && c <= 'z':
			if why, ok := unsupportedModifiers[c]; ok {
				return out, unsupported("betza %q: %s", s, why)
			}
			return out, fmt.Errorf("betza %q: unknown modifier %q", s, c)
		default:
			return out, fmt.Errorf("betza %q: unknown atom %q", s, c)
		}
	}
	if len(mods) > 0 || len(tokens) > 0 || hop || grass || lame || initial || ep {
		return out, fmt.Errorf("betza %q: modifiers without an atom at the end", s)
	}
	out.Atoms, out.Initial = uncovered(found), uncovered(foundInitial)
	return out, nil
}

// uncovered returns the atoms no other of the same direction and kind
// covers, sorted.
func uncovered[K comparable](found map[K]*Atom) []Atom {
	var out []Atom
	for _, a := range found {
		if !covered(*a, found) {
			out = append(out, *a)
		}
	}
	sort.Slice(out, func(i, j int) bool { return atomLess(out[i], out[j]) })
	return out
}

func selected(tokens []string, of string) bool {
	if len(tokens) == 0 {
		return true
	}
	for _, t := range tokens {
		for _, o := range strings.Fields(of) {
			if t == o {
				return true
			}
		}
	}
	return false
}

// anySelected reports whether the direction tokens select one of the
// atoms' eight directions (a token such as "hh" selects none).
func anySelected(tokens []string, steps [][2]int) bool {
	for _, t := range tokens {
		for _, d := range directions {
			if selected([]string{t}, d.tokens) || len(steps) == 1 && steps[0][1] == 0 && t[0] != t[1] {
				return true
			}
		}
	}
	return false
}

// covered reports whether another atom of the same direction reaches at
// least as far with at least the same modalities.
func covered[K comparable](a Atom, all map[K]*Atom) bool {
	for _, b := range all {
		if b.DX != a.DX || b.DY != a.DY || *b == a || b.Hop != a.Hop || b.Grasshopper != a.Grasshopper || b.Lame != a.Lame {
			continue
		}
		far := b.Range == 0 || a.Range != 0 && b.Range >= a.Range
		if far && (b.Move || !a.Move) && (b.Capture || !a.Capture) {
			return true
		}
	}
	return false
}

func atomLess(a, b Atom) bool {
	if a.DY != b.DY {
		return a.DY > b.DY
	}
	if a.DX != b.DX {
		return a.DX < b.DX
	}
	if a.Range != b.Range {
		return a.Range < b.Range
	}
	return kindOrder(a) < kindOrder(b)
}

func kindOrder(a Atom) int {
	switch {
	case a.Hop:
		return 1
	case a.Grasshopper:
		return 2
	case a.Lame:
		return 3
	}
	return 0
}

// pieceInfo is a piece type Fairy-Stockfish knows by key name.
type pieceInfo struct {
	key   string
	betza string // "" for the immobile piece
	// why is set for the types the engine cannot play.
	why string
}

// pieceTypes lists Fairy-Stockfish's piece types in its own order (the
// order in which it reads their keys), with their Betza notation. pawn's
// moves beyond fmWfcF (double step, en passant, promotion) are rules of
// the Definition, not of its atoms.
var pieceTypes = []pieceInfo{
	{key: "pawn", betza: "fmWfcF"},
	{key: "knight", betza: "N"},
	{key: "bishop", betza: "B"},
	{key: "rook", betza: "R"},
	{key: "queen", betza: "Q"},
	{key: "fers", betza: "F"},
	{key: "alfil", betza: "A"},
	{key: "fersAlfil", betza: "FA"},
	{key: "silver", betza: "FfW"},
	{key: "aiwok", betza: "RNF"},
	{key: "bers", betza: "RF"},
	{key: "archbishop", betza: "BN"},
	{key: "chancellor", betza: "RN"},
	{key: "amazon", betza: "QN"},
	{key: "knibis", betza: "mNcB"},
	{key: "biskni", betza: "mBcN"},
	{key: "kniroo", betza: "mNcR"},
	{key: "rookni", betza: "mRcN"},
	{key: "shogiPawn", betza: "fW"},
	{key: "lance", betza: "fR"},
	{key: "shogiKnight", betza: "fN"},
	{key: "euroshogiKnight", betza: "fNsW"},
	{key: "gold", betza: "WfF"},
	{key: "dragonHorse", betza: "BW"},
	{key: "clobber", betza: "cW"},
	{key: "breakthrough", betza: "fmWfF"},
	{key: "immobile", betza: ""},
	{key: "cannon", betza: "mRcpR"},
	{key: "janggiCannon", betza: "pR"},
	{key: "soldier", betza: "fsW"},
	{key: "horse", betza: "nN"},
	{key: "elephant", betza: "nA"},
	{key: "janggiElephant", betza: "nZ"},
	{key: "banner", betza: "RcpRnN"},
	{key: "wazir", betza: "W"},
	{key: "commoner", betza: "K"},
	{key: "centaur", betza: "KN"},
	{key: "hawk", betza: "ADGH"},
	{key: "musketeerElephant", betza: "FWDA"},
	{key: "unicorn", betza: "NC"},
	{key: "musketeerCannon", betza: "FWDsN"},
	{key: "spider", betza: "B2ND"},
	{key: "leopard", betza: "F2N"},
	{key: "fortress", betza: "B3vND"},
}

// CustomPieces is the number of customPieceN slots Fairy-Stockfish has.
const CustomPieces = 25

// pieceOrder is the position of a piece key in Fairy-Stockfish's order:
// the standard types, customPiece1..25, then the king.
func pieceOrder(key string) int {
	for i, p := range pieceTypes {
		if p.key == key {
			return i
		}
	}
	if n, ok := customSlot(key); ok {
		return len(pieceTypes) + n
	}
	if key == "king" {
		return len(pieceTypes) + CustomPieces + 1
	}
	return -1
}

func customSlot(key string) (int, bool) {
	rest, ok := strings.CutPrefix(key, "customPiece")
	if !ok || rest == "" || rest[0] == '0' || len(rest) > 2 {
		return 0, false
	}
	n := 0
	for _, c := range rest {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n >= 1 && n <= CustomPieces
}

func standardPiece(key string) (pieceInfo, bool) {
	for _, p := range pieceTypes {
		if p.key == key {
			return p, true
		}
	}
	return pieceInfo{}, false
}
