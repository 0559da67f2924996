package engines_test

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"varena/engines"
)

const (
	fsfBinary    = "/usr/games/fairy-stockfish"
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

// fsf is a Fairy-Stockfish process with the fairy variants loaded.
type fsf struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startFSF(t testing.TB) *fsf {
	t.Helper()
	if _, err := os.Stat(fsfBinary); err != nil {
		t.Skipf("Fairy-Stockfish is not installed at %s (%v): the stored counts are checked by TestFairyPerft", fsfBinary, err)
	}
	ini, err := filepath.Abs(fairyIni)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(fsfBinary)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	f := &fsf{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		fmt.Fprintln(f.in, "quit")
		f.in.Close()
		f.cmd.Wait()
	})
	fmt.Fprintf(in, "setoption name VariantPath value %s\n", ini)
	return f
}

// perft asks Fairy-Stockfish for perft(depth) of fen in variant.
func (f *fsf) perft(variant, fen string, depth int) (uint64, error) {
	fmt.Fprintf(f.in, "setoption name UCI_Variant value %s\nposition fen %s\ngo perft %d\n", variant, fen, depth)
	for f.out.Scan() {
		if rest, ok := strings.CutPrefix(f.out.Text(), "Nodes searched: "); ok {
			return strconv.ParseUint(strings.TrimSpace(rest), 10, 64)
		}
	}
	return 0, fmt.Errorf("fairy-stockfish: no perft answer for %s %s: %v", variant, fen, f.out.Err())
}

// TestFairyPerftFairyStockfish asks Fairy-Stockfish again for every
// stored count (or, with -fairy-update, rewrites the file from its
// answers: start positions and positions of seeded random games, each at
// the least depth reaching fairyMinimum nodes).
func TestFairyPerftFairyStockfish(t *testing.T) {
	f := startFSF(t)
	if *fairyUpdate {
		writeFairyPerfts(t, f)
	}
	for _, c := range loadFairyPerfts(t) {
		got, err := f.perft(c.variant, c.fen, c.depth)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.count {
			t.Errorf("%s:%d: Fairy-Stockfish perft(%d) = %d, stored %d", fairyPerfts, c.line, c.depth, got, c.count)
		}
	}
}

func writeFairyPerfts(t *testing.T, f *fsf) {
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
			n, err := f.perft(name, fen, d)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s;%d;%d;%s\n", name, d, n, fen)
		}
	}
	if err := os.WriteFile(fairyPerfts, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
