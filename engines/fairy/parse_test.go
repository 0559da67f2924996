package fairy

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func parseString(t *testing.T, text string) []*Definition {
	t.Helper()
	defs, err := Parse(strings.NewReader(text), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	return defs
}

func TestParseGood(t *testing.T) {
	defs := parseString(t, `# A comment before the first section.
; and another kind
[small:chess]
maxRank = 6
maxFile = f
bishop = -
  customPiece1 = a:mNcB   
customPiece2 = u:fsW
startFen = rnakur/pppppp/6/6/PPPPPP/RNAKUR b - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = rna
doubleStep = false
castling=false
checking = true
stalemateValue = loss
checkmateValue = win
nMoveRule = 40
nFoldRule = 4
nFoldValue = loss
extinctionValue = loss
extinctionPieceTypes = ua
extinctionPieceCount = 1
flagPiece = k
flagRegionWhite = a6 b6 c*
flagRegionBlack = *1
flagMove = true
mustCapture = true
variantTemplate = fairy
pieceToCharTable = -
pieceValueMg = a:500
`)
	if len(defs) != 1 {
		t.Fatalf("%d definitions, want 1", len(defs))
	}
	d := defs[0]
	check := func(what string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	check("Name", d.Name, "small")
	check("Parent", d.Parent, "chess")
	check("File:Line", d.File+":"+string(rune('0'+d.Line)), "t.ini:3")
	check("size", [2]int{d.Files, d.Ranks}, [2]int{6, 6})
	var letters, keys string
	for _, p := range d.Pieces {
		letters += string(p.Letter)
		keys += p.Key + " "
	}
	check("letters", letters, "pnrqauk")
	check("keys", keys, "pawn knight rook queen customPiece1 customPiece2 king ")
	check("customPiece1", atomSet(d.Piece("customPiece1").Atoms), set("1,2m -1,2m 2,1m -2,1m 1,-2m -1,-2m 2,-1m -2,-1m 1,1*c 1,-1*c -1,1*c -1,-1*c"))
	check("customPiece2 betza", d.Piece("customPiece2").Betza, "fsW")
	check("royal", d.Piece("king").Royal, true)
	check("start", d.StartFEN, "rnakur/pppppp/6/6/PPPPPP/RNAKUR b - - 0 1")
	check("promotion white", d.PromotionRegion[0].String(), "a6 b6 c6 d6 e6 f6")
	check("promotion black", d.PromotionRegion[1].String(), "a1 b1 c1 d1 e1 f1")
	check("promotion pieces", d.PromotionPieces[1], PieceSet{Keys: []string{"knight", "rook", "customPiece1"}})
	check("double step", d.DoubleStep, false)
	check("castling", d.Castling, false)
	check("results", []Result{d.StalemateValue, d.CheckmateValue, d.NFoldValue, d.ExtinctionValue}, []Result{Loss, Win, Loss, Loss})
	check("n rules", [2]int{d.NMoveRule, d.NFoldRule}, [2]int{40, 4})
	check("extinction", d.ExtinctionPieces, PieceSet{Keys: []string{"customPiece1", "customPiece2"}})
	check("extinction count", d.ExtinctionPieceCount, 1)
	check("flag piece", d.FlagPiece[0], PieceSet{Keys: []string{"king"}})
	check("flag white", d.FlagRegion[0].String(), "c1 c2 c3 c4 c5 a6 b6 c6")
	check("flag black", d.FlagRegion[1].String(), "a1 b1 c1 d1 e1 f1")
	check("flag move", d.FlagMove, true)
	check("must capture", d.MustCapture, true)
	check("key line", d.Keys["castling"], Pos{"t.ini", 14})
	check("inherited key line", d.Keys["queen"], Pos{"builtin.ini", 14})
}

// TestParseErrors has one bad file per kind of error, with its message.
func TestParseErrors(t *testing.T) {
	long := "[a:chess]\nstartFen = " + strings.Repeat("x", MaxLineLength) + "\n"
	many := strings.Repeat("[v:chess]\n", 1)
	for i := 0; i <= MaxSections; i++ {
		many += "[v" + strings.Repeat("x", i%50) + string(rune('a'+i%26)) + itoa(i) + ":chess]\n"
	}
	tests := []struct {
		name, text, want string
		unsupported      bool
	}{
		{"key outside", "castling = false\n", `t.ini:1: key "castling": key outside a section`, false},
		{"no equals", "[a:chess]\ncastling\n", `t.ini:2: expected "key = value" or "[section]", got "castling"`, false},
		{"no bracket", "[a:chess\n", `t.ini:1: section header "[a:chess" has no ']'`, false},
		{"after header", "[a:chess] x\n", `t.ini:1: text "x" after the section header`, false},
		{"space in name", "[a b:chess]\n", `t.ini:1: section name: "a b": character ' ' (letters, digits and - _ + . only)`, false},
		{"empty parent", "[a:]\n", `t.ini:1: parent name: empty`, false},
		{"unknown key", "[a:chess]\ncastle = false\n", `t.ini:2: key "castle": unknown key`, false},
		{"builtin-only key", "[a:chess]\nbareKingValue = loss\n", `t.ini:2: key "bareKingValue": unknown key`, false},
		{"every problem at once", "[a:chess]\ncastling = yes\nfoo = 1\n[b:nosuch]\n[c:chess]\nbar = 2\n",
			"t.ini:2: key \"castling\": value \"yes\" is not true or false\nt.ini:3: key \"foo\": unknown key\nt.ini:4: unknown parent \"nosuch\" (not an earlier section nor a built-in variant)\nt.ini:6: key \"bar\": unknown key", false},
		{"empty value", "[a:chess]\ncastling =\n", `t.ini:2: key "castling": empty value`, false},
		{"bool", "[a:chess]\ncastling = yes\n", `t.ini:2: key "castling": value "yes" is not true or false`, false},
		{"int", "[a:chess]\nnMoveRule = -1\n", `t.ini:2: key "nMoveRule": value "-1" is not a whole number from 0 to 1000000`, false},
		{"rank", "[a:chess]\nmaxRank = 11\n", `t.ini:2: key "maxRank": value "11" is not a rank from 1 to 10`, false},
		{"file", "[a:chess]\nmaxFile = m\n", `t.ini:2: key "maxFile": value "m" is not a file from a to l (or 1 to 12)`, false},
		{"result", "[a:chess]\nstalemateValue = lose\n", `t.ini:2: key "stalemateValue": value "lose" is not win, loss, draw or none`, false},
		{"region", "[a:chess]\nflagRegionWhite = d4 e\n", `t.ini:2: key "flagRegionWhite": region "d4 e": "e" is not a square, *RANK or FILE*`, false},
		{"region rank", "[a:chess]\nflagRegionWhite = *11\n", `t.ini:2: key "flagRegionWhite": region "*11": "*11": value "11" is not a rank from 1 to 10`, false},
		{"piece set", "[a:chess]\npromotionPieceTypes = nbx\n", `t.ini:2: key "promotionPieceTypes": value "nbx": no piece has the letter 'x'`, false},
		{"one piece", "[a:chess]\ncastlingKingPiece = kq\n", `t.ini:2: key "castlingKingPiece": value "kq" is not one piece letter`, false},
		{"promoted", "[a:chess]\npromotedPieceType = n-b\n", `t.ini:2: key "promotedPieceType": value "n-b": "n-b" is not PIECE:PIECE`, false},
		{"piece letter", "[a:chess]\nknight = 1\n", `t.ini:2: key "knight": value "1" is not a piece letter or -`, false},
		{"betza on standard", "[a:chess]\nknight = n:W\n", `t.ini:2: key "knight": value "n:W": only customPieceN and king take a Betza move, knight is a single letter`, false},
		{"custom without betza", "[a:chess]\ncustomPiece1 = a\n", `t.ini:2: key "customPiece1": value "a": a custom piece needs LETTER:BETZA`, false},
		{"bad betza", "[a:chess]\ncustomPiece1 = a:X\n", `t.ini:2: key "customPiece1": betza "X": unknown atom 'X'`, false},
		{"fen width", "[a:chess]\nmaxFile = g\n", `t.ini:1: key "startFen": start position "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK...": rank 8 has 8 squares, the board 7 files`, false},
		{"fen piece", "[a:chess]\nstartFen = 8/8/8/8/8/8/8/4K2X w - - 0 1\n", `t.ini:2: key "startFen": start position "8/8/8/8/8/8/8/4K2X w - - 0 1": 'X' is no piece of the variant`, false},
		{"fen ranks", "[a:chess]\nstartFen = 8/8/8/8/8/8/4K3 w - - 0 1\n", `t.ini:2: key "startFen": start position "8/8/8/8/8/8/4K3 w - - 0 1" has 7 ranks, the board 8`, false},
		{"check count", "[a:chess]\ncheckCounting = true\n", `t.ini:1: key "startFen": start position "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK...": checkCounting needs the checks field (3+3)`, false},
		{"unknown parent", "[a:nosuch]\n", `t.ini:1: unknown parent "nosuch" (not an earlier section nor a built-in variant)`, false},
		{"parent later", "[a:b]\n[b:chess]\n", `t.ini:1: parent "b" is defined later, at line 2; Fairy-Stockfish needs a parent before its children and skips this section`, false},
		{"builtin name", "[chess]\npawn = p\n", `t.ini:1: section "chess" has the name of a Fairy-Stockfish built-in variant, which Fairy-Stockfish would keep instead`, false},
		{"line too long", long, `t.ini:2: line longer than 4096 bytes`, false},
		{"too many sections", many, `t.ini:1001: more than 1000 sections`, false},
		// What the engine cannot play.
		{"drop on top", "[a:chess]\ndropOnTop = true\n", `t.ini:2: key "dropOnTop": not supported: drops on top of a column (connect-four)`, true},
		{"enclosing drops", "[a:chess]\nenclosingDrop = quadwrangle\n", `t.ini:2: key "enclosingDrop": not supported: drops that enclose "quadwrangle"`, true},
		{"flips", "[a:chess]\nflipEnclosedPieces = snort\n", `t.ini:2: key "flipEnclosedPieces": not supported: flipping pieces "snort"`, true},
		{"walls", "[a:chess]\nwallingRule = duck\n", `t.ini:2: key "wallingRule": not supported: walls placed "duck" (the engines place arrow, edge and past walls)`, true},
		{"free drops", "[a:ataxx]\nfreeDrops = false\n", `t.ini:2: key "freeDrops": unknown key`, false},
		{"pocket without drops", "[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[N] w KQkq - 0 1\n", `t.ini:2: key "startFen": start position "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK...": pieces in hand in a variant without drops or gating`, false},
		{"counting", "[a:makruk]\ncountingRule = cambodian\n", `t.ini:2: key "countingRule": not supported: counting rule "cambodian" (Fairy-Stockfish 11.1 has makruk and asean)`, true},
		{"arrow gating", "[a:chess]\narrowGating = true\n", `t.ini:2: key "arrowGating": not supported: gating of walls`, true},
		{"pawn types of every type", "[a:chess]\npawnTypes = *\n", `t.ini:2: key "pawnTypes": not supported: every type (*) as pawn type`, true},
		{"promoted in fen", "[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB+NR w KQkq - 0 1\n", `t.ini:2: key "startFen": start position "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK...": '+' not before a piece that promotes`, false},
		{"undescribed builtin", "[a:fischerandom]\n", `t.ini:1: not supported: parent "fischerandom": built-in variant whose rules varena does not describe`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.text), "t.ini")
			if err == nil {
				t.Fatalf("no error, want %s", tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got  %s\n want %s", err, tt.want)
			}
			if errors.Is(err, ErrUnsupported) != tt.unsupported {
				t.Errorf("errors.Is(err, ErrUnsupported) = %v, want %v", !tt.unsupported, tt.unsupported)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("error %q is not of type *Error", err)
			}
		})
	}
}

// TestParseWarnings: as Fairy-Stockfish reads a file, a repeated key
// takes its last value and a repeated section is skipped (the first
// counts), each with one warning; the file still loads.
func TestParseWarnings(t *testing.T) {
	text := "[a:chess]\ncastling = true\ncastling = false\n[a:chess]\nfoo = 1\n[b:a]\n"
	defs, warns, err := ParseSectionsWarnings(strings.NewReader(text), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.Error())
	}
	want := []string{
		`t.ini:3: key "castling": repeated in section "a" (first at line 2): the last value counts`,
		`t.ini:4: section "a" repeated (first at line 1): skipped, as Fairy-Stockfish keeps the first`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings\n got  %q\n want %q", got, want)
	}
	if len(defs) != 2 || defs[0].Castling || defs[1].Castling || defs[1].Refused != nil {
		t.Errorf("definitions: %d, castling %v", len(defs), defs[0].Castling)
	}
}

// TestLetterTaken: a custom piece given the knight's letter takes it and
// the knight leaves the variant, as in Fairy-Stockfish (1d-chess).
func TestLetterTaken(t *testing.T) {
	defs, err := Parse(strings.NewReader("[a:chess]\ncustomPiece1 = n:D\n"), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	if d := defs[0]; d.Piece("knight") != nil || d.Piece("customPiece1") == nil || d.Piece("customPiece1").Letter != 'n' {
		t.Errorf("pieces %+v", d.Pieces)
	}
}

// TestParseSectionsRefused: a section with a bad value, an unknown key or
// parent is kept refused with its reason, a child of it too, and the
// file's other sections play.
func TestParseSectionsRefused(t *testing.T) {
	text := "[a:chess]\ncastling = yes\n[b:a]\n[c:nosuch]\n[d:chess]\nmutuallyImmuneTypes = q\n[e:chess]\n"
	defs, err := ParseSections(strings.NewReader(text), "t.ini")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"a": `t.ini:2: key "castling": value "yes" is not true or false`,
		"b": `t.ini:3: parent "a" cannot be played: t.ini:2: key "castling": value "yes" is not true or false`,
		"c": `t.ini:4: unknown parent "nosuch" (not an earlier section nor a built-in variant)`,
		"d": `t.ini:6: key "mutuallyImmuneTypes": not supported: pieces immune to each other's captures`,
		"e": "",
	}
	for _, d := range defs {
		got := ""
		if _, err := d.Variant(); err != nil {
			got = err.Error()
		}
		if got != want[d.Name] {
			t.Errorf("%s: got %q, want %q", d.Name, got, want[d.Name])
		}
	}
	if len(defs) != len(want) {
		t.Errorf("%d sections, want %d", len(defs), len(want))
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	s := ""
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

func TestFileTooLong(t *testing.T) {
	text := "[a:chess]\n" + strings.Repeat("# padding\n", MaxFileSize/10+1)
	_, err := Parse(strings.NewReader(text), "t.ini")
	if err == nil || !strings.Contains(err.Error(), "file longer than 1048576 bytes") {
		t.Errorf("error %v, want file too long", err)
	}
}

// TestInheritance: a child overrides its parent's keys and keeps the rest,
// through chains of three; 11.1's rank keys follow the final board.
func TestInheritance(t *testing.T) {
	defs := parseString(t, `[a:chess]
castling = false
nMoveRule = 30
promotionRank = 6
[b:a]
castling = true
customPiece1 = x:W
[c:b]
nMoveRule = 10
maxRank = 6
startFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKXNR w KQkq - 0 1
[d:c]
promotionRegionWhite = *5
knight = h
startFen = rhbqkbhr/pppppppp/8/8/PPPPPPPP/RHBQKXHR w KQkq - 0 1
[m:makruk]
countingRule = none
`)
	a, b, c, d, m := defs[0], defs[1], defs[2], defs[3], defs[4]
	if a.Castling || !b.Castling || !c.Castling {
		t.Errorf("castling a %v b %v c %v, want false true true", a.Castling, b.Castling, c.Castling)
	}
	if a.NMoveRule != 30 || b.NMoveRule != 30 || c.NMoveRule != 10 {
		t.Errorf("nMoveRule a %d b %d c %d, want 30 30 10", a.NMoveRule, b.NMoveRule, c.NMoveRule)
	}
	if a.Piece("customPiece1") != nil || c.Piece("customPiece1") == nil {
		t.Errorf("customPiece1 leaked into the parent or was not inherited")
	}
	if got := c.Keys["castling"]; got != (Pos{"t.ini", 6}) {
		t.Errorf("c's castling set at %v, want t.ini:6", got)
	}
	if got := c.Keys["nMoveRule"]; got != (Pos{"t.ini", 9}) {
		t.Errorf("c's nMoveRule set at %v, want t.ini:9", got)
	}
	// promotionRank 6 counts from each side's own side, on c's 6 ranks.
	if got := a.PromotionRegion[1].String(); got != "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3" {
		t.Errorf("a's black promotion %s", got)
	}
	if got := c.PromotionRegion[0].String(); got != "a6 b6 c6 d6 e6 f6 g6 h6" {
		t.Errorf("c's white promotion %s", got)
	}
	if got := c.PromotionRegion[1].String(); got != "a1 b1 c1 d1 e1 f1 g1 h1" {
		t.Errorf("c's black promotion %s", got)
	}
	if got := c.DoubleStepRegion[1].String(); got != "a5 b5 c5 d5 e5 f5 g5 h5" {
		t.Errorf("c's black double step %s", got)
	}
	// A region given replaces the rank rule for White only.
	if got := d.PromotionRegion[0].String(); got != "a5 b5 c5 d5 e5 f5 g5 h5" {
		t.Errorf("d's white promotion %s", got)
	}
	if got := d.PromotionRegion[1].String(); got != "a1 b1 c1 d1 e1 f1 g1 h1" {
		t.Errorf("d's black promotion %s", got)
	}
	// A renamed piece stays in the sets that name it by type.
	if d.Piece("knight").Letter != 'h' || !d.PromotionPieces[0].Has("knight") {
		t.Errorf("d's knight %c, promotion %v", d.Piece("knight").Letter, d.PromotionPieces[0])
	}
	if len(m.Unsupported) != 0 || m.CountingRule != "none" {
		t.Errorf("m: %v, counting rule %q, want it switched off", m.Unsupported, m.CountingRule)
	}
	if mk := Lookup(nil, "makruk"); len(mk.Unsupported) != 0 || mk.CountingRule != "makruk" {
		t.Errorf("makruk's unsupported rules: %v, counting rule %q", mk.Unsupported, mk.CountingRule)
	}
}

func TestLookup(t *testing.T) {
	defs := parseString(t, "[mine:chess]\n[evolution:chess]\nnMoveRule = 7\n")
	if d := Lookup(defs, "mine"); d != defs[0] {
		t.Errorf("Lookup(mine) = %v", d)
	}
	if d := Lookup(defs, "evolution"); d == nil || d.NMoveRule != 7 {
		t.Errorf("Lookup(evolution) should find the file's own section first")
	}
	if d := Lookup(defs, "losalamos"); d == nil || d.Files != 6 || d.File != "builtin.ini" {
		t.Errorf("Lookup(losalamos) = %+v", d)
	}
	if d := Lookup(defs, "nosuch"); d != nil {
		t.Errorf("Lookup(nosuch) = %v, want nil", d)
	}
	// A built-in is handed out as a copy.
	Lookup(nil, "chess").Pieces[0].Letter = 'z'
	if Lookup(nil, "chess").Pieces[0].Letter != 'p' {
		t.Error("changing a looked-up built-in changed the built-in")
	}
}

// TestBuiltins checks builtin.ini: every section parses, and the rules of
// some parents.
func TestBuiltins(t *testing.T) {
	if _, err := builtins(); err != nil {
		t.Fatal(err)
	}
	for _, v := range builtinReference() {
		if Lookup(nil, v) == nil {
			t.Errorf("no built-in %s", v)
		}
	}
	ext := Lookup(nil, "extinction")
	if ext.Piece("king") != nil || ext.Piece("commoner").Letter != 'k' || ext.ExtinctionValue != Loss || len(ext.ExtinctionPieces.Keys) != 6 {
		t.Errorf("extinction: %+v", ext)
	}
	if km := Lookup(nil, "knightmate"); atomSet(km.Piece("king").Atoms) != set(knight) || !km.Piece("king").Royal {
		t.Errorf("knightmate's king moves %s", atomSet(km.Piece("king").Atoms))
	}
	if h := Lookup(nil, "horde"); h.DoubleStepRegion[0].String() != "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2" {
		t.Errorf("horde's white double steps %s", h.DoubleStepRegion[0])
	}
	if h := Lookup(nil, "horde"); h.EnPassantRegion.String() != "a3 b3 c3 d3 e3 f3 g3 h3 a6 b6 c6 d6 e6 f6 g6 h6" || len(Lookup(nil, "chess").EnPassantRegion) != 64 {
		t.Errorf("horde's en-passant squares %s", h.EnPassantRegion)
	}
	if rk := Lookup(nil, "racingkings"); rk.Checking || !rk.FlagMove || rk.FlagRegion[1].String() != "a8 b8 c8 d8 e8 f8 g8 h8" {
		t.Errorf("racingkings: %+v", rk)
	}
	// Shatranj's bare king as Fairy-Stockfish 11.1 plays it: extinction
	// of all but one piece, while the other side has two, claimed.
	if s := Lookup(nil, "shatranj"); s.ExtinctionValue != Loss || !s.ExtinctionPieces.All || s.ExtinctionPieceCount != 1 ||
		s.ExtinctionOpponentPieceCount != 2 || !s.ExtinctionClaim || s.BareKingValue != ResultNone || s.Piece("alfil").Letter != 'b' {
		t.Errorf("shatranj: %+v", s)
	}
	if e := Lookup(nil, "evolution"); e.PromotedPiece["knight"] != "bishop" || !e.MandatoryPiecePromotion || len(e.PromotionRegion[0]) != 42 {
		t.Errorf("evolution: %+v", e)
	}
}

// TestSample parses testdata/sample.ini one section at a time (with the
// sections accepted before it) and checks each verdict, written above each
// section as "# want: ok" or "# want: ERROR".
func TestSample(t *testing.T) {
	data, err := os.ReadFile("testdata/sample.ini")
	if err != nil {
		t.Fatal(err)
	}
	var accepted, chunk, want string
	flush := func() {
		if chunk == "" {
			return
		}
		// Lines keep their numbers: the accepted text is blanked out, not cut.
		_, err := Parse(strings.NewReader(accepted+chunk), "sample.ini")
		got := "ok"
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("section at %q\n got  %s\n want %s", strings.SplitN(chunk, "\n", 2)[0], got, want)
		}
		if err == nil {
			accepted += chunk
		} else {
			accepted += strings.Repeat("\n", strings.Count(chunk, "\n"))
		}
		chunk = ""
	}
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if w, ok := strings.CutPrefix(l, "# want: "); ok {
			flush()
			want = strings.TrimSpace(w)
			chunk = "\n"
			continue
		}
		if chunk == "" {
			accepted += "\n"
			continue
		}
		chunk += l
	}
	flush()
}

// TestKingType: 11.1's kingType gives the royal king another piece's moves.
func TestKingType(t *testing.T) {
	d := parseString(t, "[a:chess]\nkingType = n\n")[0]
	if got := atomSet(d.Piece("king").Atoms); got != set(knight) || d.Piece("king").Betza != "N" {
		t.Errorf("king moves %s (%s), want a knight's", got, d.Piece("king").Betza)
	}
	if _, err := Parse(strings.NewReader("[a:extinction]\nkingType = n\n"), "t.ini"); err == nil || err.Error() != `t.ini:2: key "kingType": the variant has no king to move as knight` {
		t.Errorf("error %v", err)
	}
}

// TestParseSections: a section with a rule the engine cannot play is
// kept with the rule in Unsupported, with its place; its neighbours read
// as Parse reads them, and Parse refuses the file at that line.
func TestParseSections(t *testing.T) {
	const text = "[hill2:kingofthehill]\n[cannons:chess]\ndropOnTop = true\n[after:chess]\nnMoveRule = 60\n"
	defs, err := ParseSections(strings.NewReader(text), "m.ini")
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 3 || defs[0].Name != "hill2" || defs[2].Name != "after" || len(defs[0].Unsupported)+len(defs[2].Unsupported) != 0 {
		t.Fatalf("sections %v", defs)
	}
	if u := defs[1].Unsupported; len(u) != 1 || u[0].Error() != `m.ini:3: key "dropOnTop": not supported: drops on top of a column (connect-four)` {
		t.Errorf("cannons: unsupported %v", u)
	}
	if _, err := defs[1].Variant(); err == nil || !strings.Contains(err.Error(), "m.ini:3:") {
		t.Errorf("lowering cannons: %v", err)
	}
	if _, err := Parse(strings.NewReader(text), "m.ini"); err == nil || !strings.HasPrefix(err.Error(), "m.ini:3:") {
		t.Errorf("Parse: %v", err)
	}
}

// TestReadAsFSF: a file's start position is read field by field as
// Fairy-Stockfish reads it (what its d prints for the sections of its own
// variants.ini: petty, argess, antiantichess).
func TestReadAsFSF(t *testing.T) {
	cases := []struct{ ini, want string }{
		{"[a:chess]\nmaxFile = 5\nmaxRank = 6\ncastling = false\nqueen = q\nstartFen = qkbnr/ppppp/5/5/PPPPP/QKBNR w - 0 1\n", "qkbnr/ppppp/5/5/PPPPP/QKBNR w - - 1 1"},
		{"[a:chess]\ncastling = false\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b 0 1\n", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1"},
		{"[a:chess]\ncastling = false\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
		{"[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"[a:3check]\n", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"},
		// A number after the side to move: no castling nor en passant (rookmate).
		{"[a:3check]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 7+7 0 1\n", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 7+7 0 1"},
	}
	for _, c := range cases {
		defs, err := Parse(strings.NewReader(c.ini), "t.ini")
		if err != nil {
			t.Fatalf("%q: %v", c.ini, err)
		}
		if got := defs[0].StartFEN; got != c.want {
			t.Errorf("%q: start %q, want %q", c.ini, got, c.want)
		}
	}
}
