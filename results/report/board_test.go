package report

import (
	"strconv"
	"strings"
	"testing"

	"varena/configs/configtest"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rules"
	"varena/results/rundir"
)

// boardsSet is the Set of configtest.FairyBoard's 7x7 fairy7 and
// configtest.WideBoard's 12x10 big12, beside the built-ins.
func boardsSet(t testing.TB) *variants.Set {
	t.Helper()
	set, err := variants.ParseSet([]byte(configtest.FairyBoard+"\n"+configtest.WideBoard), "boards.ini")
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// testBoards draws the variants of boardsSet.
func testBoards(t testing.TB) boards { return newBoards(boardsSet(t)) }

// drawn writes a diagram's rows as text, one string a rank, top first:
// each square its glyph or letter, "." when empty; and the colours, w
// or b a piece, "." none. Bunker rows follow the main board's, "|"
// between the boxes.
func drawn(d *diagram) (texts, colours []string) {
	add := func(r diagramRow) {
		var t, c strings.Builder
		for _, sq := range r.Squares {
			switch {
			case sq.Text == "":
				t.WriteString(".")
				c.WriteString(".")
			case strings.HasSuffix(sq.Class, " w"):
				t.WriteString(sq.Text)
				c.WriteString("w")
			default:
				t.WriteString(sq.Text)
				c.WriteString("b")
			}
		}
		texts, colours = append(texts, t.String()), append(colours, c.String())
	}
	for _, r := range d.Rows {
		add(r)
	}
	for _, b := range d.Bunkers {
		texts, colours = append(texts, "|"), append(colours, "|")
		for _, r := range b.Rows {
			add(r)
		}
	}
	return texts, colours
}

func TestDrawBoards(t *testing.T) {
	tests := []struct {
		name, variant, fen string
		texts, colours     []string
		boxes              []int // the bunker boxes' first grid rows
	}{
		{"loaded 7x7 with pieces of its own", "fairy7", "rnqkanr/ppppppp/7/7/7/PPPPPPP/RNQKANR w - - 0 1",
			// q and a are letters (q is no queen), K R N P glyphs.
			[]string{"♜♞q♚a♞♜", "♟♟♟♟♟♟♟", ".......", ".......", ".......", "♟♟♟♟♟♟♟", "♜♞Q♚A♞♜"},
			[]string{"bbbbbbb", "bbbbbbb", ".......", ".......", ".......", "wwwwwww", "wwwwwww"}, nil},
		{"8x8", "extinction", "r3k2r/8/8/3Qq3/8/8/8/R3K2R w - - 0 1",
			[]string{"♜...♚..♜", "........", "........", "...♛♛...", "........", "........", "........", "♜...♚..♜"},
			[]string{"b...b..b", "........", "........", "...wb...", "........", "........", "........", "w...w..w"}, nil},
		{"7x6", "evolution", "NNN1nnk/NNN1nnn/NNN1nnn/NNN1nnn/NNN1nnn/KNN1nnn w - - 0 1",
			[]string{"♞♞♞.♞♞♚", "♞♞♞.♞♞♞", "♞♞♞.♞♞♞", "♞♞♞.♞♞♞", "♞♞♞.♞♞♞", "♚♞♞.♞♞♞"},
			[]string{"www.bbb", "www.bbb", "www.bbb", "www.bbb", "www.bbb", "www.bbb"}, nil},
		{"9x10 xiangqi: horse, elephant, advisor, cannon and soldier as letters", "xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
			[]string{"♜nba♚abn♜", ".........", ".c.....c.", "p.p.p.p.p", ".........", ".........", "P.P.P.P.P", ".C.....C.", ".........", "♜NBA♚ABN♜"},
			[]string{"bbbbbbbbb", ".........", ".b.....b.", "b.b.b.b.b", ".........", ".........", "w.w.w.w.w", ".w.....w.", ".........", "wwwwwwwww"}, nil},
		{"10x8 capablanca: two-digit counts, archbishop and chancellor as letters", "capablanca", "r1abqkbcnr/pppppppppp/2n7/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 2",
			[]string{"♜.a♝♛♚♝c♞♜", "♟♟♟♟♟♟♟♟♟♟", "..♞.......", "..........", "....♟.....", "..........", "♟♟♟♟.♟♟♟♟♟", "♜♞A♝♛♚♝C♞♜"},
			[]string{"b.bbbbbbbb", "bbbbbbbbbb", "..b.......", "..........", "....w.....", "..........", "wwww.wwwww", "wwwwwwwwww"}, nil},
		{"10x10 grand: rank 10", "grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
			[]string{"♜........♜", ".♞♝♛♚ca♝♞.", "♟♟♟♟♟♟♟♟♟♟", "..........", "..........", "..........", "..........", "♟♟♟♟♟♟♟♟♟♟", ".♞♝♛♚CA♝♞.", "♜........♜"},
			[]string{"b........b", ".bbbbbbbb.", "bbbbbbbbbb", "..........", "..........", "..........", "..........", "wwwwwwwwww", ".wwwwwwww.", "w........w"}, nil},
		{"12x10 loaded: counts of 11 and 12, file l", "big12", "rnbqkaabqcn1/pppppppppppp/11r/12/12/12/12/A11/PPPPPPPPPPPP/RNBQK1ABQCNR w - - 0 1",
			[]string{"♜♞♝♛♚aa♝♛c♞.", "♟♟♟♟♟♟♟♟♟♟♟♟", "...........♜", "............", "............", "............", "............", "A...........", "♟♟♟♟♟♟♟♟♟♟♟♟", "♜♞♝♛♚.A♝♛C♞♜"},
			[]string{"bbbbbbbbbbb.", "bbbbbbbbbbbb", "...........b", "............", "............", "............", "............", "w...........", "wwwwwwwwwwww", "wwwww.wwwwww"}, nil},
		{"bunkers with pieces", "losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQK1R|1n/2/2/N1 w - - 0 1",
			[]string{"♜♞♛♚♞♜", "♟♟♟♟♟♟", "......", "......", "♟♟♟♟♟♟", "♜♞♛♚.♜", "|", ".♞", "..", "|", "..", "♞."},
			[]string{"bbbbbb", "bbbbbb", "......", "......", "wwwwww", "wwww.w", "|", ".b", "..", "|", "..", "w."}, []int{1, 5}},
		{"bunkers left out of the FEN: empty", "losalamos-bunkers", "6/6/6/6/6/6 w - - 0 1",
			[]string{"......", "......", "......", "......", "......", "......", "|", "..", "..", "|", "..", ".."},
			[]string{"......", "......", "......", "......", "......", "......", "|", "..", "..", "|", "..", ".."}, []int{1, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := testBoards(t).draw(tt.variant, tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			texts, colours := drawn(d)
			if strings.Join(texts, "/") != strings.Join(tt.texts, "/") {
				t.Errorf("pieces\n got %q\nwant %q", texts, tt.texts)
			}
			if strings.Join(colours, "/") != strings.Join(tt.colours, "/") {
				t.Errorf("colours\n got %q\nwant %q", colours, tt.colours)
			}
			var boxes []int
			for _, b := range d.Bunkers {
				boxes = append(boxes, b.Row)
				if b.End() != b.Row+2 {
					t.Errorf("bunker at row %d ends at %d, want 2 rows", b.Row, b.End())
				}
			}
			if len(boxes) != len(tt.boxes) || len(boxes) > 0 && (boxes[0] != tt.boxes[0] || boxes[1] != tt.boxes[1]) {
				t.Errorf("bunker boxes at rows %v, want %v", boxes, tt.boxes)
			}
			// a1 is dark on every board, and the colours alternate.
			last := d.Rows[len(d.Rows)-1]
			if last.Rank != 1 || !strings.HasPrefix(last.Squares[0].Class, "d") || !strings.HasPrefix(last.Squares[1].Class, "l") {
				t.Errorf("rank %d: a1 %q, b1 %q: want a dark a1", last.Rank, last.Squares[0].Class, last.Squares[1].Class)
			}
			if len(tt.boxes) == 0 && d.Rows[0].Rank != len(tt.texts) {
				t.Errorf("top rank drawn as %d, want %d", d.Rows[0].Rank, len(tt.texts))
			}
			// Letters (no glyph) are marked f, and only they.
			for _, r := range d.Rows {
				for f, sq := range r.Squares {
					_, glyph := glyphOf[sq.Text]
					if letter := sq.Text != "" && !glyph; letter != strings.Contains(" "+sq.Class+" ", " f ") {
						t.Errorf("%c%d shows %q with class %q", 'a'+f, r.Rank, sq.Text, sq.Class)
					}
				}
			}
		})
	}
}

// glyphOf holds the chess glyphs a square may show.
var glyphOf = func() map[string]bool {
	m := map[string]bool{}
	for _, g := range glyphs {
		m[g] = true
	}
	return m
}()

// TestDrawBunkerMarks: the squares a bunker lies under are dashed (o),
// and only they.
func TestDrawBunkerMarks(t *testing.T) {
	d, err := testBoards(t).draw("losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var over []string
	for _, r := range d.Rows {
		for f, sq := range r.Squares {
			if strings.Contains(sq.Class, "o") {
				over = append(over, string(rune('a'+f))+string(rune('0'+r.Rank)))
			}
		}
	}
	if got := strings.Join(over, " "); got != "c6 d6 c5 d5 c2 d2 c1 d1" {
		t.Errorf("dashed squares %s, want those above the bunkers", got)
	}
}

func TestDrawRefusesMisfits(t *testing.T) {
	for _, tt := range []struct{ variant, fen, want string }{
		{"fairy7", "rnqkanr/ppppppp/7/7/7/PPPPPPP w - - 0 1", "6 ranks, the fairy7 board has 7"},
		{"fairy7", "rnqkanr/ppppppp/8/7/7/7/PPPPPPP w - - 0 1", "rank 5: \"8\": more than 7 squares"},
		{"fairy7", "rnqkanr/ppppppp/6/7/7/7/PPPPPPP w - - 0 1", "rank 5: \"6\": 6 squares, want 7"},
		{"fairy7", "rnqkanr/ppppppp/7/3*3/7/7/PPPPPPP w - - 0 1", "'*' is neither a piece nor a count"},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2 w - - 0 1", "2 bunker rows, the losalamos-bunkers board has 4"},
		{"losalamos-bunkers", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/3/2 w - - 0 1", "bunker row 3: \"3\": more than 2 squares"},
		{"nosuch", "8/8/8/8/8/8/8/8 w - - 0 1", "unknown variant \"nosuch\""},
	} {
		_, err := testBoards(t).draw(tt.variant, tt.fen)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %q: err %v, want %q", tt.variant, tt.fen, err, tt.want)
		}
	}
}

// TestFaultFinalPosition: a game lost by a fault shows the position it
// stopped in, replayed from its moves, in the faults table.
func TestFaultFinalPosition(t *testing.T) {
	meta := rundir.Meta{Name: "faults", Variants: []string{"fairy7"}, Engines: []string{"a", "b"}, Tournament: "round-robin", Total: 2}
	games := []results.Game{
		{Variant: "fairy7", White: "a", Black: "b", Result: results.BlackWins, Termination: results.TermIllegalMove,
			Reason: "a played e1e3, illegal", Moves: []results.Move{{UCI: "e1d3"}, {UCI: "b7c5"}}},
		{Variant: "fairy7", White: "b", Black: "a", Result: results.WhiteWins, Termination: results.TermResignation},
	}
	_, page := runDir(t, meta, games)
	i := strings.Index(page, `<h3 id="faults">`)
	j := strings.Index(page, `<section id="lengths">`)
	if i < 0 || j < i {
		t.Fatal("no faults table")
	}
	faults := page[i:j]
	// After A e1-d3 (a knight's leap) and n b7-c5.
	want := "r1qkanr/ppppppp/2n4/7/3A3/PPPPPPP/RNQK1NR"
	if !strings.Contains(faults, `title="`+want+` w - - 2 2"`) {
		t.Errorf("the fault's final position %s is not drawn:\n%s", want, faults)
	}
	if n := strings.Count(faults, `<div class="rk"`); n != 7 {
		t.Errorf("%d ranks drawn in the faults table, want the 7 of one board", n)
	}
	for _, letter := range []string{">q</i>", ">A</i>", ">Q</i>", ">a</i>"} {
		if !strings.Contains(faults, letter) {
			t.Errorf("the final position lacks the letter %s", letter)
		}
	}
}

// FuzzDraw: any FEN text is drawn to the variant's shape or refused,
// never half drawn, never a panic.
func FuzzDraw(f *testing.F) {
	for _, s := range []string{"rnqkanr/ppppppp/7/7/7/PPPPPPP/RNQKANR w - - 0 1", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR|2/2/2/2 w - - 0 1", "8/8/8/8/8/8/8/8", "99999999999999999999/1", "|/|", ""} {
		f.Add("fairy7", s)
		f.Add("losalamos-bunkers", s)
	}
	f.Add("crazyhouse", "Q~1bqkbnr/p1pppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[RNPPPnpp] b KQk - 0 5")
	f.Add("shogi", "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPP+pPP/7R1/LNSGKGSNL[B12Pgs] b - - 0 12")
	f.Fuzz(func(t *testing.T, variant, fen string) {
		if variant != "fairy7" && variant != "losalamos-bunkers" && variant != "crazyhouse" && variant != "shogi" {
			variant = "extinction"
		}
		d, err := testBoards(t).draw(variant, fen)
		if err != nil {
			return
		}
		b, err := (rules.Referee{Variants: boardsSet(t)}).BoardOf(variant)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Rows) != b.Ranks || len(d.Bunkers) != len(b.Bunkers)/2 {
			t.Fatalf("%q: %d ranks and %d bunkers drawn, the board has %d and %d bunker rows", fen, len(d.Rows), len(d.Bunkers), b.Ranks, len(b.Bunkers))
		}
		for _, r := range d.Rows {
			if len(r.Squares) != b.Files {
				t.Fatalf("%q: rank %d of %d squares, the board has %d files", fen, r.Rank, len(r.Squares), b.Files)
			}
		}
	})
}

// TestFaultFinalPositionWide: the final position of a xiangqi game lost
// by a fault, replayed through the wide rules (moves from rank 10), is
// drawn on 10 ranks of 9 squares with the horse as the letter n.
func TestFaultFinalPositionWide(t *testing.T) {
	meta := rundir.Meta{Name: "faults", Variants: []string{"xiangqi"}, Engines: []string{"a", "b"}, Tournament: "round-robin", Total: 1}
	games := []results.Game{
		{Variant: "xiangqi", White: "a", Black: "b", StartIsInitial: true, Result: results.BlackWins, Termination: results.TermIllegalMove,
			Reason: "a played e3e9, illegal", Moves: []results.Move{{UCI: "h3e3"}, {UCI: "h10g8"}}},
	}
	_, page := runDir(t, meta, games)
	i := strings.Index(page, `<h3 id="faults">`)
	j := strings.Index(page, `<section id="lengths">`)
	if i < 0 || j < i {
		t.Fatal("no faults table")
	}
	faults := page[i:j]
	want := `title="rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w `
	if !strings.Contains(faults, want) {
		t.Errorf("the fault's final position is not drawn (%s):\n%s", want, faults)
	}
	if n := strings.Count(faults, `<div class="rk"`); n != 10 {
		t.Errorf("%d ranks drawn, want 10", n)
	}
	if !strings.Contains(faults, `data-rank="10"><i class="l b">♜</i><i class="d f b">n</i>`) {
		t.Errorf("rank 10 is not drawn with the rook's glyph and the horse's letter:\n%s", faults)
	}
}

// handText writes a hand as text: each kind of piece as the board shows
// it, then its count when more than one, a space between kinds.
func handText(h hand) string {
	var parts []string
	for _, p := range h.Pieces {
		s := p.Square.Pre + p.Square.Text + p.Square.Post
		if p.Count > 1 {
			s += strconv.Itoa(p.Count)
		}
		if !strings.HasSuffix(p.Square.Class, " w") && p.Square.Class != "w" {
			s = "b:" + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// TestDrawHands: a FEN's holdings are drawn as White's and Black's hands
// (each kind of piece once, with its count, in the order the FEN first
// names it), the pieces as on the board; a crazyhouse piece promoted
// from a pawn (Q~) is the queen with a "~" mark, a shogi piece promoted
// (+P, +B) its piece with a "+" before it.
func TestDrawHands(t *testing.T) {
	tests := []struct {
		name, variant, fen string
		ranks              []string // each square Pre+Text+Post, "." empty, "," between squares
		white, black       string
	}{
		{"crazyhouse: both hands, a promoted queen", "crazyhouse", "Q~1bqkbnr/p1pppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[RNPPPnpp] b KQk - 0 5",
			[]string{"♛~,.,♝,♛,♚,♝,♞,♜", "♟,.,♟,♟,♟,♟,♟,♟", ".,.,.,.,.,.,.,.", ".,.,.,.,.,.,.,.", ".,.,.,.,♟,.,.,.", ".,.,.,.,.,.,.,.", "♟,♟,♟,♟,.,♟,♟,♟", "♜,♞,♝,♛,♚,♝,♞,♜"},
			"♜ ♞ ♟3", "b:♞ b:♟2"},
		{"crazyhouse: empty hands", "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
			nil, "", ""},
		{"shogi: promoted pieces, hands with counts", "shogi", "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPP+pPP/7R1/LNSGKGSNL[BPPPPPPPPPPPPgs] b - - 0 12",
			[]string{"l,n,s,g,♚,g,s,n,l", ".,♜,.,.,.,.,.,+♝,.", "p,p,p,p,p,p,.,p,p", ".,.,.,.,.,.,p,.,.", ".,.,.,.,.,.,.,.,.", ".,.,P,.,.,.,.,.,.", "P,P,.,P,P,P,+p,P,P", ".,.,.,.,.,.,.,♜,.", "L,N,S,G,♚,G,S,N,L"},
			"♝ P12", "b:g b:s"},
		{"shogi: counts written before the letter", "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[2P10pb] w - - 0 1",
			nil, "P2", "b:p10 b:♝"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := testBoards(t).draw(tt.variant, tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Hands) != 2 || d.Hands[0].Side != "white" || d.Hands[1].Side != "black" {
				t.Fatalf("hands %+v, want White's and Black's", d.Hands)
			}
			if w, b := handText(d.Hands[0]), handText(d.Hands[1]); w != tt.white || b != tt.black {
				t.Errorf("hands: White %q, Black %q; want %q and %q", w, b, tt.white, tt.black)
			}
			if tt.ranks == nil {
				return
			}
			var got []string
			for _, r := range d.Rows {
				var sqs []string
				for _, sq := range r.Squares {
					s := sq.Pre + sq.Text + sq.Post
					if s == "" {
						s = "."
					}
					sqs = append(sqs, s)
				}
				got = append(got, strings.Join(sqs, ","))
			}
			if strings.Join(got, "/") != strings.Join(tt.ranks, "/") {
				t.Errorf("squares\n got %q\nwant %q", got, tt.ranks)
			}
		})
	}
	// The page puts Black's hand above the board and White's below it,
	// the marks of promotion beside the piece.
	d, err := testBoards(t).draw("shogi", tests[2].fen)
	if err != nil {
		t.Fatal(err)
	}
	var page strings.Builder
	if err := pageTemplate.ExecuteTemplate(&page, "diagram", d); err != nil {
		t.Fatal(err)
	}
	html := page.String()
	black, board, white := strings.Index(html, `data-side="black"`), strings.Index(html, `class="bd"`), strings.Index(html, `data-side="white"`)
	if black < 0 || board < black || white < board {
		t.Errorf("Black's hand, the board and White's hand are not drawn in this order:\n%s", html)
	}
	for _, want := range []string{`<i class="w">♝</i><i class="f w">P</i><small>12</small></div>`, `<span class="pm pre">&#43;</span>♝</i>`, `title="Black's hand"`, `<i class="f b">g</i>`} {
		if !strings.Contains(html, want) {
			t.Errorf("the diagram lacks %s:\n%s", want, html)
		}
	}
}

func TestDrawRefusesBadHoldings(t *testing.T) {
	for _, tt := range []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp w KQkq - 0 1", `no "]" at their end`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P*] w KQkq - 0 1", `'*' is neither a piece nor a count`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P3] w KQkq - 0 1", "count 3 of no piece"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK+~NR[] w KQkq - 0 1", "'+' is neither a piece nor a count"},
	} {
		_, err := testBoards(t).draw("crazyhouse", tt.fen)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err %v, want %q", tt.fen, err, tt.want)
		}
	}
}
