package engines_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"varena/engines"
)

const (
	fairyIni     = "testdata/fairy/fairy.ini"
	fairyPerfts  = "testdata/fairy/perft.txt"
	fairyMinimum = 100_000 // the stored counts' smallest, but where the tree ends sooner
)

var fairyUpdate = flag.Bool("fairy-update", false, "rewrite "+fairyPerfts+" from Fairy-Stockfish's counts")

// squares parses space-separated square names into a set.
func squares(t *testing.T, g *engines.Geometry, names string) engines.Bitboard {
	t.Helper()
	var b engines.Bitboard
	for _, n := range strings.Fields(names) {
		sq, err := g.ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		b |= engines.SquareBB(sq)
	}
	return b
}

func names(g *engines.Geometry, b engines.Bitboard) string {
	var out []string
	for ; b != 0; b &= b - 1 {
		out = append(out, g.SquareName(b.First()))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// targetVariant returns a variant without check holding the one fairy
// piece name (letter Z) and kings, on files x ranks: every pseudo-legal
// move is legal there.
func targetVariant(t *testing.T, name string, files, ranks int) *engines.Variant {
	t.Helper()
	rows := []string{fmt.Sprintf("k%d", files-1)}
	for range ranks - 2 {
		rows = append(rows, strconv.Itoa(files))
	}
	start := strings.Join(append(rows, fmt.Sprintf("K%d", files-1)), "/") + " w - - 0 1"
	v, err := engines.NewVariant(engines.Variant{Name: "targets-" + name, Geometry: mustGeometry(t, files, ranks),
		StartFEN: start, Pieces: []engines.PieceType{engines.Pawn, engines.King},
		Promotions: []engines.PieceType{engines.FirstFairy},
		Fairy:      []engines.FairyPiece{{Name: name, Letter: 'Z', Atoms: fairyPieces[name]}}})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFairyTargets: the squares each fairy piece reaches, by hand, on an
// empty and a crowded board, for both colours and at the edges; the moves
// generated are those targets, and the attack test agrees with them.
func TestFairyTargets(t *testing.T) {
	tests := []struct {
		piece string
		fen   string // 8x8 unless the piece's test says; Z/z is the piece
		sq    string
		want  string
	}{
		{"fers", "k7/8/8/8/3Z4/8/8/K7 w - - 0 1", "d4", "c3 c5 e3 e5"},
		{"fers", "k7/8/8/8/8/8/8/Z6K w - - 0 1", "a1", "b2"},
		{"fers", "k7/8/8/2p1P3/3Z4/8/8/K7 w - - 0 1", "d4", "c3 c5 e3"},
		{"wazir", "k7/8/8/8/8/8/8/1K5Z w - - 0 1", "h1", "g1 h2"},
		{"wazir", "k7/8/8/3P4/2pZ4/8/8/K7 w - - 0 1", "d4", "c4 d3 e4"},
		{"alfil", "k7/8/8/8/3Z4/8/8/K7 w - - 0 1", "d4", "b2 b6 f2 f6"},
		{"alfil", "k7/8/8/8/8/8/1P6/Z6K w - - 0 1", "a1", "c3"}, // a leap over b2
		{"dabbaba", "k7/8/8/8/3Z4/8/8/K7 w - - 0 1", "d4", "b4 d2 d6 f4"},
		{"dabbaba", "k7/8/8/8/8/p7/8/Z1P4K w - - 0 1", "a1", "a3"},
		{"commoner", "k7/8/8/8/8/8/8/Z6K w - - 0 1", "a1", "a2 b1 b2"},
		{"commoner", "k7/8/8/2P1p3/3Z4/8/8/K7 w - - 0 1", "d4", "c3 c4 d3 d5 e3 e4 e5"},
		{"archbishop", "k7/8/8/8/8/8/8/Z6K w - - 0 1", "a1", "b2 c3 d4 e5 f6 g7 h8 b3 c2"},
		{"archbishop", "k7/8/8/8/8/2p5/1P6/Z6K w - - 0 1", "a1", "b3 c2"},
		{"chancellor", "k7/8/8/8/8/8/8/Z5K1 w - - 0 1", "a1", "a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 b3 c2"},
		{"chancellor", "k7/8/8/8/p7/8/8/Z1P3K1 w - - 0 1", "a1", "a2 a3 a4 b1 b3 c2"},
		{"amazon", "k7/8/8/8/8/8/8/Z5K1 w - - 0 1", "a1",
			"a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 b2 c3 d4 e5 f6 g7 h8 b3 c2"},
		{"amazon", "k7/8/8/8/8/2p5/p1P5/Z1P3K1 w - - 0 1", "a1", "a2 b1 b2 c3 b3"},
		// Silver and gold: White's forward is up, Black's down.
		{"silver", "k7/8/8/8/3Z4/8/8/K7 w - - 0 1", "d4", "c3 c5 e3 e5 d5"},
		{"silver", "k7/8/8/8/3z4/8/8/K7 b - - 0 1", "d4", "c3 c5 e3 e5 d3"},
		{"silver", "k7/8/8/8/8/8/8/Z6K w - - 0 1", "a1", "a2 b2"},
		{"gold", "k7/8/8/8/3Z4/8/8/K7 w - - 0 1", "d4", "c4 d3 d5 e4 c5 e5"},
		{"gold", "k7/8/8/8/3z4/8/8/K7 b - - 0 1", "d4", "c4 d3 d5 e4 c3 e3"},
		{"gold", "K6z/8/8/8/8/8/8/7k b - - 0 1", "h8", "g8 h7 g7"},
		{"nightrider", "k7/8/8/8/8/8/8/Z6K w - - 0 1", "a1", "b3 c5 d7 c2 e3 g4"},
		{"nightrider", "k7/3p4/8/2P5/8/8/8/Z6K w - - 0 1", "a1", "b3 c2 e3 g4"},
		{"nightrider", "k7/3P4/8/8/8/4p3/8/Z6K w - - 0 1", "a1", "b3 c5 c2 e3"},
		{"mWcF", "k7/8/8/2p1P3/2pZ4/8/8/K7 w - - 0 1", "d4", "c5 d3 d5 e4"},
		{"mWcF", "k7/8/8/2p1P3/2pz4/8/8/K7 b - - 0 1", "d4", "d3 d5 e4 e5"},
		{"rook2", "k7/8/8/8/3Z4/8/8/K7 w - - 0 1", "d4", "b4 c4 e4 f4 d2 d3 d5 d6"},
		{"rook2", "k7/8/8/3p4/3Z4/8/8/K7 w - - 0 1", "d4", "b4 c4 e4 f4 d2 d3 d5"},
		{"rook2", "k7/8/8/8/8/8/8/Z5K1 w - - 0 1", "a1", "a2 a3 b1 c1"},
		{"lance", "k7/8/8/8/3Z4/8/8/K7 w - - 0 1", "d4", "d5 d6 d7 d8"},
		{"lance", "k7/8/8/8/3z4/8/8/K7 b - - 0 1", "d4", "d1 d2 d3"},
		{"knibis", "k7/8/4p3/8/3Z4/2p5/8/K7 w - - 0 1", "d4", "b3 b5 c2 c6 e2 f3 f5 c3"},
	}
	for _, tt := range tests {
		t.Run(tt.piece+"/"+tt.fen, func(t *testing.T) {
			v := targetVariant(t, tt.piece, 8, 8)
			p, err := engines.ParseFEN(v, tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			g := v.Geometry
			sq := squares(t, g, tt.sq).First()
			want := squares(t, g, tt.want)
			if got := engines.FairyTargets(&p, sq); got != want {
				t.Errorf("targets %s, want %s", names(g, got), names(g, want))
			}
			var gen engines.Bitboard
			for _, m := range p.GenerateFromTo(nil, engines.SquareBB(sq), ^engines.Bitboard(0)) {
				gen |= engines.SquareBB(m.To())
			}
			if gen != want {
				t.Errorf("generated to %s, want %s", names(g, gen), names(g, want))
			}
		})
	}
}

// refTargets is an independent reference: the atoms walked one step at a
// time on files x ranks with file/rank arithmetic.
func refTargets(atoms []engines.Atom, c engines.Color, files, ranks, f, r int, occ, enemy func(f, r int) bool) map[[2]int]bool {
	out := map[[2]int]bool{}
	for _, a := range atoms {
		dy := a.DY
		if c == engines.Black {
			dy = -dy
		}
		for n, x, y := 1, f+a.DX, r+dy; x >= 0 && x < files && y >= 0 && y < ranks; n, x, y = n+1, x+a.DX, y+dy {
			if occ(x, y) {
				if a.Capture && enemy(x, y) {
					out[[2]int{x, y}] = true
				}
				break
			}
			if a.Move {
				out[[2]int{x, y}] = true
			}
			if a.Range != 0 && n >= a.Range {
				break
			}
		}
	}
	return out
}

// TestFairyTargetsReference compares every piece's targets and the
// attack test with the reference on random boards of several sizes, for
// both colours.
func TestFairyTargetsReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	compared := 0
	defer func() { t.Logf("%d boards compared", compared) }()
	for _, size := range [][2]int{{8, 8}, {6, 6}, {5, 5}, {7, 6}, {10, 6}} {
		files, ranks := size[0], size[1]
		for name, atoms := range fairyPieces {
			v := targetVariant(t, name, files, ranks)
			g := v.Geometry
			for trial := 0; trial < 40; trial++ {
				// A random board: kings in the corners, some pawns and
				// the piece; Z of one colour on a random free square.
				var b [][]byte
				for r := 0; r < ranks; r++ {
					row := make([]byte, files)
					for f := range row {
						row[f] = '1'
						if r > 0 && r < ranks-1 && rng.IntN(4) == 0 {
							row[f] = "Pp"[rng.IntN(2)]
						}
					}
					b = append(b, row)
				}
				b[0][0], b[ranks-1][files-1] = 'K', 'k'
				zf, zr := 1+rng.IntN(files-2), rng.IntN(ranks)
				c := engines.Color(rng.IntN(2))
				b[zr][zf] = "Zz"[c]
				var rows []string
				for r := ranks - 1; r >= 0; r-- {
					var row strings.Builder
					empty := 0
					for _, x := range b[r] {
						if x == '1' {
							empty++
							continue
						}
						if empty > 0 {
							row.WriteString(strconv.Itoa(empty))
							empty = 0
						}
						row.WriteByte(x)
					}
					if empty > 0 {
						row.WriteString(strconv.Itoa(empty))
					}
					rows = append(rows, row.String())
				}
				fen := strings.Join(rows, "/") + " " + "wb"[c:c+1] + " - - 0 1"
				p, err := engines.ParseFEN(v, fen)
				if err != nil {
					t.Fatalf("%s: %v", fen, err)
				}
				occ := func(f, r int) bool { return b[r][f] != '1' }
				enemy := func(f, r int) bool {
					x := b[r][f]
					return x != '1' && (x >= 'a') != (c == engines.Black)
				}
				want := refTargets(atoms, c, files, ranks, zf, zr, occ, enemy)
				zsq, _ := g.ParseSquare(fmt.Sprintf("%c%d", 'a'+zf, zr+1))
				got := engines.FairyTargets(&p, zsq)
				var wantBB engines.Bitboard
				for k := range want {
					s, _ := g.ParseSquare(fmt.Sprintf("%c%d", 'a'+k[0], k[1]+1))
					wantBB |= engines.SquareBB(s)
				}
				compared++
				if got != wantBB {
					t.Fatalf("%s %dx%d %s: targets %s, want %s", name, files, ranks, fen, names(g, got), names(g, wantBB))
				}
				// AttackersTo: the piece attacks an enemy square exactly
				// when it captures there; an empty square when it would
				// capture an enemy put there.
				for s := engines.Square(0); int(s) < g.NumSquares(); s++ {
					f, r := g.File(s), g.Rank(s)
					if f == zf && r == zr {
						continue
					}
					occ2 := func(x, y int) bool { return occ(x, y) || x == f && y == r }
					enemy2 := func(x, y int) bool { return enemy(x, y) || x == f && y == r }
					_, attacks := refTargets(captureOnly(atoms), c, files, ranks, zf, zr, occ2, enemy2)[[2]int{f, r}]
					if got := p.AttackersTo(s, c).Has(zsq); got != attacks {
						t.Fatalf("%s %dx%d %s: attacks %s = %v, want %v", name, files, ranks, fen, g.SquareName(s), got, attacks)
					}
				}
			}
		}
	}
}

// fairyCase is one line of testdata/fairy/perft.txt.
type fairyCase struct {
	line    int
	variant string
	depth   int
	count   uint64
	fen     string
}

func loadFairyPerfts(t *testing.T) []fairyCase {
	t.Helper()
	data, err := os.ReadFile(fairyPerfts)
	if err != nil {
		t.Fatal(err)
	}
	var out []fairyCase
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, ";", 4)
		if len(f) != 4 {
			t.Fatalf("%s:%d: want variant;depth;count;fen", fairyPerfts, i+1)
		}
		d, err1 := strconv.Atoi(f[1])
		n, err2 := strconv.ParseUint(f[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad depth or count", fairyPerfts, i+1)
		}
		out = append(out, fairyCase{i + 1, f[0], d, n, f[3]})
	}
	return out
}

// TestFairyPerft checks varena's perft of the fairy variants against the
// counts Fairy-Stockfish gave (stored), and walks each position's tree a
// few plies checking hash, FEN, UCI and SAN round trips at every node.
func TestFairyPerft(t *testing.T) {
	vs := fairyVariants(t)
	cases := loadFairyPerfts(t)
	if len(cases) == 0 {
		t.Fatal("no fairy perft cases")
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d-%s", c.line, c.variant), func(t *testing.T) {
			v := vs[c.variant]
			if v == nil {
				t.Fatalf("no variant %s", c.variant)
			}
			p, err := engines.ParseFEN(v, c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := engines.Perft(&p, c.depth); got != c.count {
				t.Errorf("%s perft(%d) = %d, Fairy-Stockfish %d", c.fen, c.depth, got, c.count)
			}
			checkedWalk(t, &p, min(c.depth, 2))
		})
	}
}

// startFSFPieces starts Fairy-Stockfish (startFSF) with fairy.ini loaded,
// or skips the test when it is absent: the stored counts are then checked
// by TestFairyPerft.
func startFSFPieces(t testing.TB) *fsfEngine {
	t.Helper()
	ini, err := filepath.Abs(fairyIni)
	if err != nil {
		t.Fatal(err)
	}
	e := startFSF(t)
	e.send("setoption name VariantPath value " + ini)
	e.send("isready")
	e.until(t, "readyok")
	return e
}

// TestFairyPerftFairyStockfish asks Fairy-Stockfish again for every
// stored count (or, with -fairy-update, rewrites the file from its
// answers: start positions and positions of seeded random games, each at
// the least depth reaching fairyMinimum nodes).
func TestFairyPerftFairyStockfish(t *testing.T) {
	f := startFSFPieces(t)
	if *fairyUpdate {
		writeFairyPerfts(t, f)
	}
	for _, c := range loadFairyPerfts(t) {
		if got := f.perft(t, c.variant, c.fen, c.depth); got != c.count {
			t.Errorf("%s:%d: Fairy-Stockfish perft(%d) = %d, stored %d", fairyPerfts, c.line, c.depth, got, c.count)
		}
	}
}

func writeFairyPerfts(t *testing.T, f *fsfEngine) {
	vs := fairyVariants(t)
	var b strings.Builder
	b.WriteString("# Perft counts of Fairy-Stockfish 11.1 for the variants of fairy.ini,\n")
	b.WriteString("# made by: go test ./engines -run TestFairyPerftFairyStockfish -fairy-update\n")
	b.WriteString("# (fairy-stockfish: setoption name VariantPath value fairy.ini, setoption name\n")
	b.WriteString("# UCI_Variant value V, position fen F, go perft D).\n")
	b.WriteString("# variant;depth;count;fen\n")
	rng := rand.New(rand.NewPCG(7, 11))
	for _, name := range []string{"fairy-amazon", "fairy-shatranj", "fairy-makruk", "fairy-mini", "fairy-seven"} {
		v := vs[name]
		fens := []string{v.StartFEN}
		for len(fens) < 5 {
			p := v.StartPosition()
			plies := 6 + rng.IntN(30)
			for i := 0; i < plies; i++ {
				ms := p.GenerateMoves(nil)
				if len(ms) == 0 {
					break
				}
				p = p.Play(ms[rng.IntN(len(ms))])
			}
			if p.CountMoves() > 0 {
				fens = append(fens, p.FEN())
			}
		}
		for _, fen := range fens {
			p, err := engines.ParseFEN(v, fen)
			if err != nil {
				t.Fatal(err)
			}
			d := 1
			for engines.Perft(&p, d) < fairyMinimum && d < 6 {
				d++
			}
			n := f.perft(t, name, fen, d)
			fmt.Fprintf(&b, "%s;%d;%d;%s\n", name, d, n, fen)
		}
	}
	if err := os.WriteFile(fairyPerfts, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFairyVariantErrors: descriptions NewVariant refuses, with their
// messages.
func TestFairyPieceVariantErrors(t *testing.T) {
	g8 := mustGeometry(t, 8, 8)
	bunkers, err := engines.NewGeometry(6, 6, engines.Rect{File: 0, Rank: 0, Files: 2, Ranks: 2})
	if err != nil {
		t.Fatal(err)
	}
	fers := fairyPieces["fers"]
	base := func(f ...engines.FairyPiece) engines.Variant {
		return engines.Variant{Name: "x", Geometry: g8, StartFEN: "k7/8/8/8/8/8/8/K7 w - - 0 1",
			Pieces: []engines.PieceType{engines.King}, Fairy: f}
	}
	many := make([]engines.FairyPiece, 8)
	for i := range many {
		many[i] = engines.FairyPiece{Name: "f", Letter: byte('A' + i), Atoms: fers}
	}
	tests := []struct {
		name string
		v    engines.Variant
		want string
	}{
		{"lower-case letter", base(engines.FairyPiece{Name: "fers", Letter: 'f', Atoms: fers}), `variant x: piece fers: letter 'f' is not an upper-case letter`},
		{"letter of the king", base(engines.FairyPiece{Name: "fers", Letter: 'K', Atoms: fers}), "variant x: piece fers has the letter K of another piece"},
		{"one letter twice", base(fairy("fers", 'F'), fairy("wazir", 'F')), "variant x: pieces fers and wazir have one letter F"},
		{"no atoms", base(engines.FairyPiece{Name: "dummy", Letter: 'D'}), "variant x: piece dummy has no atoms"},
		{"null step", base(engines.FairyPiece{Name: "z", Letter: 'Z', Atoms: []engines.Atom{{Range: 1, Move: true}}}), "variant x: piece z: atom {DX:0 DY:0 Range:1 Move:true Capture:false}: no step"},
		{"long step", base(engines.FairyPiece{Name: "z", Letter: 'Z', Atoms: []engines.Atom{{DX: 15, DY: 1, Range: 1, Move: true}}}), "variant x: piece z: atom {DX:15 DY:1 Range:1 Move:true Capture:false}: a step longer than the widest board"},
		{"negative range", base(engines.FairyPiece{Name: "z", Letter: 'Z', Atoms: []engines.Atom{{DX: 1, Range: -1, Move: true}}}), "variant x: piece z: atom {DX:1 DY:0 Range:-1 Move:true Capture:false}: negative range"},
		{"idle atom", base(engines.FairyPiece{Name: "z", Letter: 'Z', Atoms: []engines.Atom{{DX: 1, Range: 1}}}), "variant x: piece z: atom {DX:1 DY:0 Range:1 Move:false Capture:false}: neither moves nor captures"},
		{"too many", base(many...), "variant x: 8 piece types of its own, at most 7"},
		{"bunkers", func() engines.Variant {
			v := base(fairy("fers", 'F'))
			v.Geometry, v.StartFEN = bunkers, "k5/6/6/6/6/K5 w - - 0 1"
			return v
		}(), "variant x: pieces of its own on a board with bunkers are not supported"},
		{"promotion to a type it lacks", func() engines.Variant {
			v := base(fairy("fers", 'F'))
			v.Pieces = append(v.Pieces, engines.Pawn)
			v.Promotions = []engines.PieceType{engines.FirstFairy + 1}
			return v
		}(), "variant x: promotion to type 8, not a piece of the variant"},
		{"two own types, one a species", func() engines.Variant {
			v := base(fairy("fers", 'F'), fairy("wazir", 'W'))
			v.Species = []engines.PieceType{engines.FirstFairy}
			return v
		}(), "variant x: species F: a species of the variant's own types needs it to have only one"},
		{"bad Pieces entry", func() engines.Variant {
			v := base(fairy("fers", 'F'))
			v.Pieces = append(v.Pieces, engines.FirstFairy+1)
			return v
		}(), "variant x: bad piece type 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := engines.NewVariant(tt.v)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// TestFairyNotation: fairy letters in FEN, SAN and UCI text, promotions
// to a fairy type among them, and a fairy letter free in a variant
// without the orthodox piece of that letter.
func TestFairyNotation(t *testing.T) {
	vs := fairyVariants(t)
	amazon := vs["fairy-amazon"]
	p, err := engines.ParseFEN(amazon, "4k3/P7/8/8/8/8/8/A3K2O w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.FEN(), "4k3/P7/8/8/8/8/8/A3K2O w - - 0 1"; got != want {
		t.Errorf("FEN %s, want %s", got, want)
	}
	if got := p.PieceAt(0); got.Type() != engines.FirstFairy || amazon.PieceLetter(got) != 'A' {
		t.Errorf("a1 holds %v (%c)", got, amazon.PieceLetter(got))
	}
	for _, tt := range []struct{ uci, san string }{
		{"a7a8a", "a8=A+"},
		{"a7a8h", "a8=H"},
		{"a7a8o", "a8=O"},
		{"a7a8r", "a8=R+"},
		{"a1e5", "Ae5+"},
		{"a1b3", "Ab3"},
		{"h1h5", "Oh5"},
	} {
		m, err := p.ParseUCIMove(tt.uci)
		if err != nil {
			t.Errorf("%s: %v", tt.uci, err)
			continue
		}
		if got := amazon.UCI(m); got != tt.uci {
			t.Errorf("UCI of %s: %s", tt.uci, got)
		}
		if got := p.SAN(m); got != tt.san {
			t.Errorf("SAN of %s: %s, want %s", tt.uci, got, tt.san)
		}
		if back, err := p.ParseSAN(tt.san); err != nil || back != m {
			t.Errorf("ParseSAN(%s) = %v, %v", tt.san, back, err)
		}
	}
	// The rookni captures only as a knight: h1 to h8 is no capture, and
	// the SAN of a capture says x.
	q, err := engines.ParseFEN(amazon, "4k2r/8/8/8/8/6p1/8/4K2O w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.ParseUCIMove("h1h8"); err == nil {
		t.Error("rookni captures as a rook")
	}
	if m, err := q.ParseSAN("Oxg3"); err != nil || amazon.UCI(m) != "h1g3" {
		t.Errorf("Oxg3: %v %v", m, err)
	}
	// Shatranj-like: A is the alfil, and there are no bishops: B is not
	// a piece letter there; the promotion letter list names the fers.
	shat := vs["fairy-shatranj"]
	if _, err := engines.ParseFEN(shat, "4k3/8/8/8/8/8/8/B3K3 w - - 0 1"); err == nil {
		t.Error("a bishop in the shatranj-like variant")
	}
	r, err := engines.ParseFEN(shat, "4k3/P7/8/8/8/8/8/A3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if m, err := r.ParseSAN("Ac3"); err != nil || shat.UCI(m) != "a1c3" {
		t.Errorf("Ac3: %v %v", m, err)
	}
	if _, err := r.ParseUCIMove("a7a8"); err == nil || !strings.Contains(err.Error(), "(f)") {
		t.Errorf("a promotion without its letter: %v", err)
	}
}

// TestFairyCheck: a nightrider gives check along its line and pins a
// piece on it; a move-only wazir gives no check; all in a variant with
// check (Fairy-Stockfish 11.1 has no nightrider: counted by hand).
func TestFairyCheck(t *testing.T) {
	v, err := engines.NewVariant(engines.Variant{Name: "nightriders", Geometry: mustGeometry(t, 8, 8),
		StartFEN: "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Pieces: []engines.PieceType{engines.Rook, engines.King},
		Fairy: []engines.FairyPiece{fairy("nightrider", 'Z'), fairy("mWcF", 'Y')}, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		fen     string
		inCheck bool
		moves   int
	}{
		// The nightrider on a1 checks the king on d7 (a1 b3 c5 d7); none
		// of the king's 8 steps is on its lines.
		{"8/3k4/8/8/8/8/8/Z3K3 b - - 0 1", true, 8},
		// A black rook on c5 blocks it and is pinned: no rook move stays
		// on the line, so only the king's 8 steps remain.
		{"8/3k4/8/2r5/8/8/8/Z3K3 b - - 0 1", false, 8},
		// mWcF captures as a fers only: beside the king it gives no
		// check but guards d4 and d6 (6 moves, taking it on e5 among
		// them); diagonally it checks (8 moves, taking it on e4 among
		// them: nothing guards it).
		{"8/8/8/3kY3/8/8/8/4K3 b - - 0 1", false, 6},
		{"8/8/8/3k4/4Y3/8/8/4K3 b - - 0 1", true, 8},
		// With a white rook on h4 guarding e4, taking the checker is
		// illegal: 7 moves.
		{"8/8/8/3k4/4Y2R/8/8/4K3 b - - 0 1", true, 7},
	}
	for _, tt := range tests {
		p, err := engines.ParseFEN(v, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.InCheck() != tt.inCheck {
			t.Errorf("%s: InCheck %v", tt.fen, p.InCheck())
		}
		ms := p.GenerateMoves(nil)
		if len(ms) != tt.moves || p.CountMoves() != tt.moves {
			var s []string
			for _, m := range ms {
				s = append(s, v.UCI(m))
			}
			t.Errorf("%s: %d moves (CountMoves %d), want %d: %v", tt.fen, len(ms), p.CountMoves(), tt.moves, s)
		}
	}
}

// TestFairySEE: the exchange uses fairy attackers, least valuable first.
func TestFairySEE(t *testing.T) {
	v := fairyVariants(t)["fairy-shatranj"]
	var values [engines.NumPieceTypes]int
	values[engines.Pawn], values[engines.Knight], values[engines.Rook], values[engines.King] = 100, 300, 500, 10000
	values[engines.FirstFairy], values[engines.FirstFairy+1] = 150, 120 // fers, alfil
	for _, tt := range []struct {
		fen, uci string
		want     int
	}{
		// Rook takes a knight defended by a fers: 300 - 500.
		{"4k3/8/8/4f3/3n4/8/8/3RK3 w - - 0 1", "d1d4", -200},
		// Alfil takes the knight defended by a fers: 300, fers takes 120.
		{"4k3/8/8/4f3/3n4/8/1A6/4K3 w - - 0 1", "b2d4", 180},
		// Undefended knight taken by an alfil.
		{"4k3/8/8/8/3n4/8/1A6/4K3 w - - 0 1", "b2d4", 300},
	} {
		p, err := engines.ParseFEN(v, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUCIMove(tt.uci)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.SEE(m, &values); got != tt.want {
			t.Errorf("%s %s: SEE %d, want %d", tt.fen, tt.uci, got, tt.want)
		}
	}
}

// BenchmarkFairyPerft measures perft in the fairy variants from their
// start positions, to compare with Fairy-Stockfish's "go perft" of the
// same variant file.
func BenchmarkFairyPiecePerft(b *testing.B) {
	vs := fairyVariants(b)
	for _, bb := range []struct {
		name  string
		depth int
	}{{"fairy-amazon", 4}, {"fairy-shatranj", 5}, {"fairy-mini", 5}} {
		b.Run(bb.name, func(b *testing.B) {
			pos := vs[bb.name].StartPosition()
			var nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				nodes += engines.Perft(&pos, bb.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// fairyQueenChess is orthodox chess whose queen is a fairy piece (the
// rook's and bishop's rider atoms): its perft must be chess's, through
// the fairy generator and the make-every-move legality test.
func fairyQueenChess(t testing.TB) *engines.Variant {
	P, N, B, R, K := engines.Pawn, engines.Knight, engines.Bishop, engines.Rook, engines.King
	v, err := engines.NewVariant(engines.Variant{Name: "fairy-queen-chess", Geometry: mustGeometry(t, 8, 8),
		StartFEN:   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Pieces:     []engines.PieceType{P, N, B, R, K},
		Fairy:      []engines.FairyPiece{{Name: "queen", Letter: 'Q', Atoms: cat(atR, atB)}},
		Promotions: []engines.PieceType{engines.FirstFairy, R, B, N},
		Check:      true, Castling: true, DoubleStep: true, EnPassant: true})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFairyQueenChess: chess with a fairy queen counts chess's perft
// (start position and Kiwipete, the published counts).
func TestFairyQueenChess(t *testing.T) {
	v := fairyQueenChess(t)
	for _, tt := range []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{v.StartFEN, 4, 197281},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
	} {
		p, err := engines.ParseFEN(v, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := engines.Perft(&p, tt.depth); got != tt.nodes {
			t.Errorf("%s perft(%d) = %d, want %d", tt.fen, tt.depth, got, tt.nodes)
		}
	}
}

// BenchmarkFairyQueenChess: the cost of the fairy path (every move made
// to test legality) against orthodox chess's BenchmarkPerft/standard.
func BenchmarkFairyQueenChess(b *testing.B) {
	pos := fairyQueenChess(b).StartPosition()
	var nodes uint64
	for b.Loop() {
		nodes += engines.Perft(&pos, 5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestFairyLegalShortcut: in random games of the fairy variants and of
// chess with nightriders for knights, the legal moves equal the
// pseudo-legal moves each made and tested (filterLegalByMaking keeps the
// moves of pieces off every rider's line to the king untested).
func TestFairyLegalShortcut(t *testing.T) {
	P, B, R, Q, K := engines.Pawn, engines.Bishop, engines.Rook, engines.Queen, engines.King
	nr, err := engines.NewVariant(engines.Variant{Name: "nightrider-chess", Geometry: mustGeometry(t, 8, 8),
		StartFEN:   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
		Pieces:     []engines.PieceType{P, B, R, Q, K},
		Fairy:      []engines.FairyPiece{fairy("nightrider", 'N')},
		Promotions: []engines.PieceType{Q, engines.FirstFairy}, Check: true, DoubleStep: true, EnPassant: true})
	if err != nil {
		t.Fatal(err)
	}
	vs := []*engines.Variant{nr}
	fv := fairyVariants(t)
	for _, name := range []string{"fairy-amazon", "fairy-shatranj", "fairy-makruk", "fairy-mini", "fairy-seven"} {
		vs = append(vs, fv[name])
	}
	rng := rand.New(rand.NewPCG(3, 5))
	positions := 0
	for _, v := range vs {
		for game := 0; game < 40; game++ {
			p := v.StartPosition()
			for ply := 0; ply < 80; ply++ {
				got := p.GenerateMoves(nil)
				want := engines.LegalByMakingAll(&p)
				positions++
				if !slices.Equal(got, want) {
					t.Fatalf("%s %s: %d legal moves, by making each %d", v.Name, p.FEN(), len(got), len(want))
				}
				if len(got) == 0 {
					break
				}
				p = p.Play(got[rng.IntN(len(got))])
			}
		}
	}
	t.Logf("%d positions", positions)
}
