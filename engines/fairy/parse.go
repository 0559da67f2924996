package fairy

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// Parse reads a variants.ini from r (name is the file name for errors). It
// returns every section resolved against its parent, in file order. Any
// problem is the error: a syntax error, an unknown key or bad value, a
// rule the engine cannot play (errors.Is(err, ErrUnsupported)), a parent
// that is neither an earlier section nor a built-in variant; all of the
// file's problems, one line each (FILE:LINE: ...), joined. A repeated key
// is no problem: its last value counts, as in Fairy-Stockfish
// (ParseSectionsWarnings returns the warning).
func Parse(r io.Reader, name string) ([]*Definition, error) {
	defs, _, err := parse(r, name, false, false)
	return defs, err
}

// ParseSections is Parse that keeps a section that cannot be played, with
// the reason in its Refused (a bad value, an unknown key or parent) or
// Unsupported (a rule the engine cannot play): the lowering,
// Definition.Variant, then refuses it with that FILE:LINE, so that a
// file's other sections can be played, as Fairy-Stockfish loads a file
// whose sections it cannot all read. A child of such a section is
// refused too. Only the file's syntax (lines neither a section, a key
// nor a comment) and its limits are the error, all of it at once.
func ParseSections(r io.Reader, name string) ([]*Definition, error) {
	defs, _, err := parse(r, name, false, true)
	return defs, err
}

// ParseSectionsWarnings is ParseSections with the file's warnings: each
// key repeated in a section (the last value counts) and each section
// repeated (the first counts), one line each, FILE:LINE.
func ParseSectionsWarnings(r io.Reader, name string) ([]*Definition, []*Error, error) {
	return parse(r, name, false, true)
}

// parse reads a file; builtin: builtin.ini (builtin-only keys allowed,
// unsupported rules kept in Unsupported); keep: a file's section that
// cannot be played is kept so, not an error.
func parse(r io.Reader, file string, builtin, keep bool) ([]*Definition, []*Error, error) {
	secs, warns, probs, err := readSections(r, file)
	if err != nil {
		return nil, nil, err
	}
	var (
		defs   []*Definition
		byName = map[string]*Definition{}
		errs   []error
	)
	for _, p := range probs {
		errs = append(errs, p)
	}
	for i, s := range secs {
		d := root()
		// refuse records a problem of the section: the section's own
		// refusal when kept, else one of the file's errors.
		refuse := func(err error) {
			if keep {
				if d.Refused == nil {
					d.Refused = err
				}
				return
			}
			errs = append(errs, err)
		}
		if !builtin && slices.Contains(fsfBuiltins, s.name) {
			// Fairy-Stockfish keeps its own variant of that name.
			e := &Error{File: file, Line: s.line, Err: fmt.Errorf("section %q has the name of a Fairy-Stockfish built-in variant, which Fairy-Stockfish would keep instead", s.name)}
			if keep {
				warns = append(warns, e)
			} else {
				errs = append(errs, e)
			}
			continue
		}
		parent, perr := findParent(s, secs[i+1:], byName, builtin)
		if perr == nil {
			d = parent.copyDef()
		}
		d.Name, d.Parent, d.File, d.Line = s.name, s.parent, file, s.line
		if perr != nil {
			// Its keys would only repeat the problem (pieces unknown to
			// the empty variant).
			refuse(&Error{File: file, Line: s.line, Err: perr})
			defs = append(defs, d)
			byName[s.name] = d
			continue
		}
		if parent.Refused != nil {
			d.Refused = &Error{File: file, Line: s.line, Err: fmt.Errorf("parent %q cannot be played: %w", s.parent, parent.Refused)}
		}
		if err := d.apply(s, file, builtin, builtin || keep); err != nil {
			// finish would only repeat the problem.
			refuse(err)
			defs = append(defs, d)
			byName[s.name] = d
			continue
		}
		if !builtin && !keep && len(d.Unsupported) > 0 {
			u := d.Unsupported[0]
			errs = append(errs, &Error{File: file, Line: s.line, Key: u.Key, Err: fmt.Errorf("%w (inherited from %s)", u.Err, s.parent)})
		}
		if !builtin {
			d.StartFEN = d.readAsFSF(d.StartFEN)
		}
		if err := d.finish(); err != nil {
			var e *Error
			if keep && errors.As(err, &e) && errors.Is(err, ErrUnsupported) {
				d.Unsupported = append(d.Unsupported, e)
			} else {
				refuse(err)
			}
		}
		defs = append(defs, d)
		byName[s.name] = d
	}
	if len(errs) > 0 {
		return nil, warns, errors.Join(errs...)
	}
	return defs, warns, nil
}

// findParent returns the definition a section starts from.
// Fairy-Stockfish resolves a parent when it reads the section, so a parent
// defined further down the file is unknown to it (it skips the child with
// a warning): refused here with the reason.
func findParent(s section, later []section, byName map[string]*Definition, builtin bool) (*Definition, error) {
	if s.parent == "" {
		return root(), nil
	}
	if p, ok := byName[s.parent]; ok {
		return p, nil
	}
	for _, l := range later {
		if l.name == s.parent {
			return nil, fmt.Errorf("parent %q is defined later, at line %d; Fairy-Stockfish needs a parent before its children and skips this section", s.parent, l.line)
		}
	}
	if !builtin {
		if p := builtinDef(s.parent); p != nil {
			return p, nil
		}
		if slices.Contains(fsfBuiltins, s.parent) {
			return nil, unsupported("parent %q: built-in variant whose rules varena does not describe", s.parent)
		}
	}
	return nil, fmt.Errorf("unknown parent %q (not an earlier section nor a built-in variant)", s.parent)
}

// finish turns 11.1's rank rules into regions on the final board and
// checks what only the whole definition can tell.
func (d *Definition) finish() error {
	at := func(key string) (int, string) {
		if p := d.Keys[key]; d.own(p) {
			return p.Line, key
		}
		return d.Line, key
	}
	d.flagAll()
	if !d.regionSet["promotion"] {
		d.PromotionRegion = [2]Region{
			ranksRegion(d.Files, d.promotionRank, d.Ranks),
			ranksRegion(d.Files, 1, d.Ranks+1-d.promotionRank),
		}
	}
	if !d.regionSet["doubleStep"] {
		w := ranksRegion(d.Files, d.doubleStepRank, d.doubleStepRank)
		b := ranksRegion(d.Files, d.Ranks+1-d.doubleStepRank, d.Ranks+1-d.doubleStepRank)
		if d.firstRankDS {
			w = append(ranksRegion(d.Files, 1, 1), w...)
			b = append(b, ranksRegion(d.Files, d.Ranks, d.Ranks)...)
		}
		d.DoubleStepRegion = [2]Region{w, b}
	}
	if !d.regionSet["drop"] {
		d.DropRegion = [2]Region{ranksRegion(d.Files, 1, d.Ranks), ranksRegion(d.Files, 1, d.Ranks)}
	}
	for c := 0; c < 2; c++ {
		d.DropRegion[c] = d.DropRegion[c].clip(d.Files, d.Ranks)
	}
	if d.DropNoDoubled != "" && d.Piece(d.DropNoDoubled) == nil {
		d.DropNoDoubled = "" // the type was removed
	}
	for k := range d.PromotedPiece {
		if d.Piece(k) == nil {
			delete(d.PromotedPiece, k) // the type was removed
		}
	}
	if !d.regionSet["enPassant"] {
		d.EnPassantRegion = ranksRegion(d.Files, 1, d.Ranks)
	}
	d.EnPassantRegion = d.EnPassantRegion.clip(d.Files, d.Ranks)
	d.DiagonalLines = d.DiagonalLines.clip(d.Files, d.Ranks)
	for k, m := range d.MobilityRegion {
		if d.Piece(k) == nil {
			delete(d.MobilityRegion, k) // the type was removed
			continue
		}
		d.MobilityRegion[k] = [2]Region{m[0].clip(d.Files, d.Ranks), m[1].clip(d.Files, d.Ranks)}
	}
	for c := 0; c < 2; c++ {
		d.PromotionRegion[c] = d.PromotionRegion[c].clip(d.Files, d.Ranks)
		d.DoubleStepRegion[c] = d.DoubleStepRegion[c].clip(d.Files, d.Ranks)
		d.FlagRegion[c] = d.FlagRegion[c].clip(d.Files, d.Ranks)
		d.PromotionPieces[c].Keys = slices.DeleteFunc(d.PromotionPieces[c].Keys, func(k string) bool { return d.Piece(k) == nil })
		if len(d.PromotionPieces[c].Keys) == 0 {
			d.PromotionPieces[c].Keys = nil
		}
	}
	if !d.rookFilesSet[0] {
		d.CastlingRookKingsideFile = d.Files - 1
	}
	// An extinction type without pieces would end every game at once.
	for _, k := range d.ExtinctionPieces.Keys {
		if d.Piece(k) == nil {
			line, _ := at("extinctionPieceTypes")
			return &Error{File: d.File, Line: line, Key: "extinctionPieceTypes", Err: fmt.Errorf("names %s, which the variant does not have", k)}
		}
	}
	if err := d.checkFEN(d.StartFEN); err != nil {
		line, _ := at("startFen")
		return &Error{File: d.File, Line: line, Key: "startFen", Err: err}
	}
	return nil
}

// own reports whether a key's place is in the definition's own section
// (after its header; a section's keys come before the next header).
func (d *Definition) own(p Pos) bool { return p.File == d.File && p.Line > d.Line }

// checkFEN checks a start position's board and side to move against the
// board size and the pieces.
func (d *Definition) checkFEN(fen string) error {
	// Fairy-Stockfish reads a FEN of the board alone (White to move).
	fields := append(strings.Fields(fen), "w")
	if len(fields) > 8 {
		return fmt.Errorf("start position %q: more than 7 fields", short(fen))
	}
	board, hand, hasHand := strings.Cut(fields[0], "[")
	if hasHand {
		h, ok := strings.CutSuffix(hand, "]")
		if !ok {
			return fmt.Errorf("start position %q: pieces in hand without ']'", short(fen))
		}
		if !d.PieceDrops && !d.SeirawanGating && !d.Gating {
			if strings.Trim(h, "-") != "" {
				return fmt.Errorf("start position %q: pieces in hand in a variant without drops or gating", short(fen))
			}
		}
		for i := 0; i < len(h); i++ {
			if c := h[i]; c != '-' && (!isLetter(c) || d.pieceByLetter(lower(c)) == nil) {
				return fmt.Errorf("start position %q: %q in hand is no piece of the variant", short(fen), c)
			}
		}
	}
	rows := strings.Split(board, "/")
	if len(rows) != d.Ranks {
		return fmt.Errorf("start position %q has %d ranks, the board %d", short(fen), len(rows), d.Ranks)
	}
	for i, row := range rows {
		n := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '0' && c <= '9':
				k := 0
				for ; j < len(row) && row[j] >= '0' && row[j] <= '9'; j++ {
					k = k*10 + int(row[j]-'0')
				}
				j--
				if k == 0 || k > maxFiles {
					return fmt.Errorf("start position %q: bad empty count in rank %d", short(fen), d.Ranks-i)
				}
				n += k
			case c == '*':
				n++ // a wall
			case c == '~':
				// Marks the piece before it as promoted.
			case c == '+':
				if j+1 == len(row) || !isLetter(row[j+1]) || d.pieceByLetter(lower(row[j+1])) == nil || d.PromotedPiece[d.pieceByLetter(lower(row[j+1])).Key] == "" {
					return fmt.Errorf("start position %q: '+' not before a piece that promotes", short(fen))
				}
			case isLetter(c) && d.pieceByLetter(lower(c)) != nil:
				n++
			default:
				return fmt.Errorf("start position %q: %q is no piece of the variant", short(fen), c)
			}
		}
		if n != d.Files {
			return fmt.Errorf("start position %q: rank %d has %d squares, the board %d files", short(fen), d.Ranks-i, n, d.Files)
		}
	}
	if fields[1] != "w" && fields[1] != "b" {
		return fmt.Errorf("start position %q: side to move %q", short(fen), fields[1])
	}
	if d.CheckCounting && (len(fields) < 6 || !strings.Contains(fields[4], "+")) {
		return fmt.Errorf("start position %q: checkCounting needs the checks field (3+3)", short(fen))
	}
	return nil
}

//go:embed builtin.ini
var builtinINI string

var (
	builtinOnce sync.Once
	builtinDefs []*Definition
	builtinErr  error
)

// builtins parses builtin.ini once.
func builtins() ([]*Definition, error) {
	builtinOnce.Do(func() {
		builtinDefs, _, builtinErr = parse(strings.NewReader(builtinINI), "builtin.ini", true, false)
	})
	return builtinDefs, builtinErr
}

func builtinDef(name string) *Definition {
	defs, err := builtins()
	if err != nil {
		panic(fmt.Sprintf("fairy: builtin.ini: %v", err)) // a test proves it parses
	}
	for _, d := range defs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// Builtins returns the built-in variants this package describes (copies).
func Builtins() []*Definition {
	defs, err := builtins()
	if err != nil {
		panic(fmt.Sprintf("fairy: builtin.ini: %v", err))
	}
	out := make([]*Definition, len(defs))
	for i, d := range defs {
		out[i] = d.copyDef()
	}
	return out
}

// Lookup finds a variant by name among defs, then among the built-in
// variants (as a copy). It returns nil when there is none.
func Lookup(defs []*Definition, name string) *Definition {
	for _, d := range defs {
		if d.Name == name {
			return d
		}
	}
	if d := builtinDef(name); d != nil {
		return d.copyDef()
	}
	return nil
}

// fsfBuiltins are the UCI_Variant values of Fairy-Stockfish 11.1 (its
// "uci" list) and of newer versions whose names a file may not reuse.
var fsfBuiltins = []string{
	"3check", "5check", "ai-wok", "almost", "amazon", "antichess", "asean",
	"breakthrough", "bughouse", "cambodian", "capablanca", "capahouse",
	"caparandom", "centaur", "chancellor", "chess", "chessgi", "chigorin",
	"clobber", "clobber10", "codrus", "courier", "crazyhouse", "dobutsu",
	"embassy", "euroshogi", "extinction", "fairy", "fischerandom", "gardner",
	"giveaway", "gorogoro", "gothic", "grand", "hoppelpoppel", "horde",
	"janggi", "janggicasual", "janggimodern", "janggitraditional", "janus",
	"jesonmor", "judkins", "karouk", "kinglet", "kingofthehill", "knightmate",
	"koedem", "kyotoshogi", "loop", "losalamos", "losers", "makpong", "makruk",
	"manchu", "micro", "mini", "minishogi", "minixiangqi", "modern",
	"newzealand", "nocastle", "normal", "placement", "pocketknight",
	"racingkings", "seirawan", "shako", "shatar", "shatranj", "shogi",
	"shouse", "sittuyin", "suicide", "supply", "threekings", "xiangqi",
	// Newer versions' built-ins that files use as parents.
	"atomic", "nocheckatomic", "flipello", "amazons", "ataxx", "flipersi",
	"snailtrail",
}

// readAsFSF returns a file's start position as Fairy-Stockfish reads it,
// field by field after the side to move: castling rights (none where the
// field holds no castling letter or the variant has no castling), the
// en-passant square (none where the field is no square), then what
// follows (halfmove and fullmove counts, 0 and 1 when missing). So
// "w - 0 1" is "w - - 1 1" and "b 0 1" is "b - - 0 1", as its d prints
// them; a number after the side to move leaves both rights fields out
// ("w 7+7 0 1" is "w - - 7+7 0 1"). A position of four fields or more that asks for nothing else
// stays as written.
func (d *Definition) readAsFSF(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return fen
	}
	rest := f[2:]
	castlingOK := func(c string) bool {
		if c == "-" {
			return true
		}
		for _, r := range c {
			if !strings.ContainsRune("KQkq", r) && !(r >= 'A' && r < 'A'+rune(d.Files)) && !(r >= 'a' && r < 'a'+rune(d.Files)) {
				return false
			}
		}
		return true
	}
	squareOK := func(e string) bool {
		if e == "-" {
			return true
		}
		if len(e) < 2 || e[0] < 'a' || int(e[0]-'a') >= d.Files {
			return false
		}
		n := 0
		for _, r := range e[1:] {
			if r < '0' || r > '9' {
				return false
			}
			n = n*10 + int(r-'0')
		}
		return n >= 1 && n <= d.Ranks
	}
	if len(rest) >= 4 && castlingOK(rest[0]) && squareOK(rest[1]) && (d.Castling || rest[0] == "-") {
		return fen
	}
	castling, ep, i := "-", "-", 0
	// A number after the side to move (rookmate's "w 7+7 0 1"):
	// Fairy-Stockfish reads neither castling nor en passant then.
	numbers := len(rest) > 0 && rest[0] != "" && rest[0][0] >= '0' && rest[0][0] <= '9'
	if i < len(rest) && !numbers {
		if c := rest[i]; castlingOK(c) && d.Castling {
			castling = c
		}
		i++
	}
	if i < len(rest) && !numbers {
		if e := rest[i]; squareOK(e) {
			ep = e
		}
		i++
	}
	tail := rest[i:]
	switch len(tail) {
	case 0:
		tail = []string{"0", "1"}
	case 1:
		tail = append(tail, "1")
	}
	return strings.Join(append([]string{f[0], f[1], castling, ep}, tail...), " ")
}
