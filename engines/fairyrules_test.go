package engines_test

import (
	"bufio"
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
	"time"

	"varena/engines"
)

// The Fairy-Stockfish rules (Variant fields after EnPassant) are checked
// against Fairy-Stockfish 11.1 on its built-in parents, each described
// here as a varena Variant with standard pieces only (a commoner, a king
// without royalty, is varena's King in a variant without Check):
// perft counts and game ends stored in testdata/fairy (the commands that
// made them in the files' headers), and asked of the binary again where
// it is installed.

const fsfPath = "/usr/games/fairy-stockfish"

// fairyParents maps Fairy-Stockfish's UCI_Variant name to the same rules
// as a varena Variant.
var fairyParents = map[string]*engines.Variant{}

func init() {
	g, err := engines.NewGeometry(8, 8)
	if err != nil {
		panic(err)
	}
	const chessFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	all := []engines.PieceType{engines.Pawn, engines.Knight, engines.Bishop, engines.Rook, engines.Queen, engines.King}
	qrbn := []engines.PieceType{engines.Queen, engines.Rook, engines.Bishop, engines.Knight}
	kqrbn := append([]engines.PieceType{engines.King}, qrbn...)
	chess := func(name string) engines.Variant {
		return engines.Variant{Name: name, Geometry: g, StartFEN: chessFEN, Pieces: all, Promotions: qrbn,
			Check: true, Castling: true, DoubleStep: true, EnPassant: true}
	}
	// The king's square, d4, e4, d5 and e5.
	var center engines.Bitboard
	for _, s := range []string{"d4", "e4", "d5", "e5"} {
		sq, _ := g.ParseSquare(s)
		center |= engines.SquareBB(sq)
	}
	var rank8 engines.Bitboard
	for f := 0; f < 8; f++ {
		sq, _ := g.ParseSquare(string(rune('a'+f)) + "8")
		rank8 |= engines.SquareBB(sq)
	}
	var vs []engines.Variant

	v := chess("kingofthehill")
	v.FlagPiece, v.FlagRegion = engines.King, [2]engines.Bitboard{center, center}
	vs = append(vs, v)

	v = chess("racingkings")
	v.StartFEN = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
	v.Pieces, v.Promotions = kqrbn, nil
	v.Castling, v.DoubleStep, v.EnPassant = false, false, false
	v.FlagPiece, v.FlagRegion, v.FlagMove = engines.King, [2]engines.Bitboard{rank8, rank8}, true
	v.NoChecking = true
	vs = append(vs, v)

	v = chess("3check")
	v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
	v.CheckCounting = true
	vs = append(vs, v)

	v = chess("5check")
	v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1"
	v.CheckCounting = true
	vs = append(vs, v)

	v = chess("giveaway")
	v.Check, v.Promotions = false, kqrbn
	v.ExtinctionValue, v.ExtinctionAll = engines.ValueWin, true
	v.StalemateValue, v.MustCapture = engines.ValueWin, true
	vs = append(vs, v)

	v.Name, v.Castling = "antichess", false
	v.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
	vs = append(vs, v)

	// codrus: giveaway whose species is the commoner alone, no promotion
	// to it.
	v = chess("codrus")
	v.Check, v.Promotions = false, qrbn
	v.ExtinctionValue, v.Species = engines.ValueWin, []engines.PieceType{engines.King}
	v.StalemateValue, v.MustCapture = engines.ValueWin, true
	vs = append(vs, v)

	// losers: check, and the side mated, stalemated or left with its king
	// alone wins; captures are compulsory.
	v = chess("losers")
	v.CheckmateValue, v.StalemateValue = engines.ValueWin, engines.ValueWin
	v.ExtinctionValue, v.ExtinctionAll, v.ExtinctionPieceCount = engines.ValueWin, true, 1
	v.MustCapture = true
	vs = append(vs, v)

	// horde: White has no king and loses by losing every piece. Its
	// pawns on the first rank may step two squares, a pawn rule varena
	// does not have: the start position here has none there (the
	// horde's first rank emptied), and pawns never go back.
	v = chess("horde")
	v.StartFEN = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/8 w kq - 0 1"
	v.ExtinctionValue, v.ExtinctionAll = engines.ValueLoss, true
	vs = append(vs, v)

	v = chess("threekings")
	v.StartFEN = "knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1"
	v.Check, v.Castling = false, false
	v.ExtinctionValue, v.Species, v.ExtinctionPieceCount = engines.ValueLoss, []engines.PieceType{engines.King}, 2
	vs = append(vs, v)

	// extinction and kinglet as Fairy-Stockfish plays them (ExtinctionValue
	// set): the built-in engines/extinction keeps RULES.md's.
	v = chess("extinction")
	v.Check, v.Promotions = false, kqrbn
	v.ExtinctionValue, v.Species = engines.ValueLoss, all
	vs = append(vs, v)

	v = chess("kinglet")
	v.Check, v.Promotions = false, []engines.PieceType{engines.King}
	v.ExtinctionValue, v.Species = engines.ValueLoss, []engines.PieceType{engines.Pawn}
	vs = append(vs, v)

	// shatranj as Fairy-Stockfish 11.1 has it: a bare king loses unless
	// it bares the other at once, stalemate loses, 70-move rule. Its
	// alfil and fers are not varena pieces: only its kings, rooks and
	// knights here, on pawnless positions (a pawn promotes to fers).
	v = chess("shatranj")
	v.StartFEN = "1nr1k1nr/8/8/8/8/8/8/RN2K1NR w - - 0 1"
	v.Pieces, v.Promotions = []engines.PieceType{engines.Knight, engines.Rook, engines.King}, nil
	v.Castling, v.DoubleStep, v.EnPassant = false, false, false
	v.ExtinctionValue, v.ExtinctionAll, v.ExtinctionPieceCount = engines.ValueLoss, true, 1
	v.ExtinctionOpponentPieceCount, v.ExtinctionClaim = 2, true
	v.StalemateValue, v.NMoveRule = engines.ValueLoss, 70
	vs = append(vs, v)

	for _, v := range vs {
		nv, err := engines.NewVariant(v)
		if err != nil {
			panic(err)
		}
		fairyParents[v.Name] = nv
	}
}

// fsfEngine is a Fairy-Stockfish process answering perft and search
// questions.
type fsfEngine struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Scanner
	variant string
}

// startFSF starts Fairy-Stockfish, or skips the test when it is absent.
func startFSF(t testing.TB) *fsfEngine {
	t.Helper()
	if _, err := os.Stat(fsfPath); err != nil {
		t.Skipf("Fairy-Stockfish is not installed at %s: %v", fsfPath, err)
	}
	cmd := exec.Command(fsfPath)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &fsfEngine{cmd: cmd, in: in, out: bufio.NewScanner(outPipe)}
	e.out.Buffer(make([]byte, 1<<16), 1<<20)
	t.Cleanup(func() {
		e.send("quit")
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	e.send("uci")
	e.until(t, "uciok")
	return e
}

func (e *fsfEngine) send(line string) { fmt.Fprintln(e.in, line) }

// until reads lines up to one starting with prefix and returns them all.
func (e *fsfEngine) until(t testing.TB, prefix string) []string {
	t.Helper()
	var lines []string
	for e.out.Scan() {
		l := e.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines
		}
	}
	t.Fatalf("Fairy-Stockfish ended before %q: %v", prefix, e.out.Err())
	return nil
}

func (e *fsfEngine) setVariant(t testing.TB, name string) {
	if e.variant == name {
		return
	}
	e.send("setoption name UCI_Variant value " + name)
	e.send("isready")
	e.until(t, "readyok")
	e.variant = name
}

// perft returns Fairy-Stockfish's perft(depth) of fen.
func (e *fsfEngine) perft(t testing.TB, variant, fen string, depth int) uint64 {
	t.Helper()
	e.setVariant(t, variant)
	e.send("position fen " + fen)
	e.send(fmt.Sprintf("go perft %d", depth))
	lines := e.until(t, "Nodes searched")
	n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(lines[len(lines)-1], "Nodes searched:")), 10, 64)
	if err != nil {
		t.Fatalf("Fairy-Stockfish perft: %q", lines[len(lines)-1])
	}
	return n
}

// search returns the last score and the best move of a search of fen:
// depth 1, or depth 2 of the one move move when it is not empty.
func (e *fsfEngine) search(t testing.TB, variant, fen, move string) (score, best string) {
	t.Helper()
	e.setVariant(t, variant)
	e.send("position fen " + fen)
	if move != "" {
		// Depth 2: at depth 1 the position after the move is looked at
		// by quiescence search, which finds no stalemate.
		e.send("go depth 2 searchmoves " + move)
	} else {
		e.send("go depth 1")
	}
	for _, l := range e.until(t, "bestmove") {
		if i := strings.Index(l, " score "); i >= 0 {
			f := strings.Fields(l[i:])
			score = f[1] + " " + f[2]
		}
		if strings.HasPrefix(l, "bestmove") {
			best = strings.Fields(l)[1]
		}
	}
	return score, best
}

// fsfEnd returns how Fairy-Stockfish ends the game of the move from fen:
// "win", "loss" or "draw" for the side that made it, "" when the position
// after it is not over.
func (e *fsfEngine) fsfEnd(t testing.TB, variant, fen, move string) string {
	t.Helper()
	e.setVariant(t, variant)
	e.send("position fen " + fen + " moves " + move)
	e.send("go depth 1")
	if lines := e.until(t, "bestmove"); lines[len(lines)-1] != "bestmove (none)" {
		return ""
	}
	switch score, _ := e.search(t, variant, fen, move); score {
	case "mate 1":
		return "win"
	case "mate -1":
		return "loss"
	case "cp 0":
		return "draw"
	default:
		t.Fatalf("%s %s moves %s: Fairy-Stockfish scores the end %q", variant, fen, move, score)
	}
	return ""
}

// moverResult returns the result of o for the side that made the last
// move: "win", "loss" or "draw".
func moverResult(o engines.Outcome, mover engines.Color) string {
	switch {
	case o.Result == engines.Draw:
		return "draw"
	case o.Result.Winner() == mover:
		return "win"
	}
	return "loss"
}

// fairyPerftCase is a line of testdata/fairy/perft.epd: "variant ;FEN ;Dd n".
type fairyPerftCase struct {
	line    int
	variant string
	fen     string
	depth   int
	nodes   uint64
}

// fairyEndCase is a line of testdata/fairy/ends.txt: "variant ;FEN ;move
// ;result ;termination", the result for the side that made the move.
type fairyEndCase struct {
	file                       string
	line                       int
	variant, fen, move, result string
	termination                string
}

func readFairyFile(t *testing.T, name string, fields int) [][]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "fairy", name))
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != fields {
			t.Fatalf("%s:%d: want %d ;-separated fields, have %d", name, n+1, fields, len(parts))
		}
		row := []string{strconv.Itoa(n + 1)}
		for _, p := range parts {
			row = append(row, strings.TrimSpace(p))
		}
		rows = append(rows, row)
	}
	return rows
}

func loadFairyPerft(t *testing.T) []fairyPerftCase {
	var cases []fairyPerftCase
	for _, r := range readFairyFile(t, "perft.epd", 3) {
		c := fairyPerftCase{variant: r[1], fen: r[2]}
		c.line, _ = strconv.Atoi(r[0])
		if _, err := fmt.Sscanf(r[3], "D%d %d", &c.depth, &c.nodes); err != nil {
			t.Fatalf("perft.epd:%d: bad depth entry %q", c.line, r[3])
		}
		cases = append(cases, c)
	}
	return cases
}

// loadFairyEnds reads the game ends of random games (ends.txt) and of
// hand-made positions (ends-hand.txt).
func loadFairyEnds(t *testing.T) []fairyEndCase {
	var cases []fairyEndCase
	for _, file := range []string{"ends.txt", "ends-hand.txt"} {
		for _, r := range readFairyFile(t, file, 5) {
			c := fairyEndCase{file: file, variant: r[1], fen: r[2], move: r[3], result: r[4], termination: r[5]}
			c.line, _ = strconv.Atoi(r[0])
			cases = append(cases, c)
		}
	}
	return cases
}

func fairyParent(t *testing.T, name string) *engines.Variant {
	t.Helper()
	v, ok := fairyParents[name]
	if !ok {
		t.Fatalf("no variant %q", name)
	}
	return v
}

// TestFairyRulesPerft checks the stored Fairy-Stockfish counts.
func TestFairyRulesPerft(t *testing.T) {
	cases := loadFairyPerft(t)
	if len(cases) == 0 {
		t.Fatal("testdata/fairy/perft.epd has no cases")
	}
	for _, c := range cases {
		if testing.Short() && c.nodes > 200000 {
			continue
		}
		v := fairyParent(t, c.variant)
		p, err := engines.ParseFEN(v, c.fen)
		if err != nil {
			t.Fatalf("perft.epd:%d: %v", c.line, err)
		}
		if got := engines.Perft(&p, c.depth); got != c.nodes {
			t.Errorf("perft.epd:%d %s %s: perft(%d) = %d, Fairy-Stockfish %d", c.line, c.variant, c.fen, c.depth, got, c.nodes)
		}
	}
}

// TestFairyRulesEnds checks the stored game ends: the move is legal, and
// the position after it is over with Fairy-Stockfish's result.
func TestFairyRulesEnds(t *testing.T) {
	cases := loadFairyEnds(t)
	if len(cases) == 0 {
		t.Fatal("testdata/fairy/ends.txt has no cases")
	}
	for _, c := range cases {
		v := fairyParent(t, c.variant)
		p, err := engines.ParseFEN(v, c.fen)
		if err != nil {
			t.Fatalf("%s:%d: %v", c.file, c.line, err)
		}
		m, err := p.ParseUCIMove(c.move)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("%s:%d: %s is not legal in %s (%v)", c.file, c.line, c.move, c.fen, err)
		}
		mover := p.SideToMove()
		after := p.Play(m)
		o := after.Status()
		if got := moverResult(o, mover); o.Result == engines.Ongoing || got != c.result || o.Reason.String() != c.termination {
			t.Errorf("%s:%d %s %s %s: %v (%s for the mover), Fairy-Stockfish: %s by %s", c.file, c.line, c.variant, c.fen, c.move, o, got, c.result, c.termination)
		}
		if n := after.CountMoves(); n != 0 && o.Reason != engines.Checkmate && o.Reason != engines.Stalemate {
			t.Errorf("%s:%d: %d legal moves after the end", c.file, c.line, n)
		}
	}
}

// TestFairyRulesAgainstFSF asks Fairy-Stockfish again for every stored
// count and end.
func TestFairyRulesAgainstFSF(t *testing.T) {
	if testing.Short() {
		t.Skip("asks Fairy-Stockfish for every stored count: not in -short")
	}
	e := startFSF(t)
	for _, c := range loadFairyPerft(t) {
		if got := e.perft(t, c.variant, c.fen, c.depth); got != c.nodes {
			t.Errorf("perft.epd:%d: Fairy-Stockfish now says %d, stored %d", c.line, got, c.nodes)
		}
	}
	for _, c := range loadFairyEnds(t) {
		if got := e.fsfEnd(t, c.variant, c.fen, c.move); got != c.result {
			t.Errorf("%s:%d: Fairy-Stockfish now says %q, stored %q", c.file, c.line, got, c.result)
		}
	}
}

// TestFairyRulesRegenerate writes testdata/fairy from Fairy-Stockfish:
// perft counts of each parent's start position and of positions of
// random games, and the ends of random games played to the end. Run
// with VARENA_FAIRY_REGEN=1; it fails where varena and Fairy-Stockfish
// disagree, and writes Fairy-Stockfish's answers.
func TestFairyRulesRegenerate(t *testing.T) {
	if os.Getenv("VARENA_FAIRY_REGEN") == "" {
		t.Skip("set VARENA_FAIRY_REGEN=1 to write testdata/fairy from Fairy-Stockfish")
	}
	e := startFSF(t)
	names := make([]string, 0, len(fairyParents))
	for n := range fairyParents {
		names = append(names, n)
	}
	slices.Sort(names)
	var perft, ends strings.Builder
	perft.WriteString(`# Perft counts of Fairy-Stockfish 11.1 for its built-in parents, described in
# fairyrules_test.go as varena Variants. Format: variant ;FEN ;Ddepth nodes.
# Made by VARENA_FAIRY_REGEN=1 go test -run TestFairyRulesRegenerate ./engines:
# for each line, fairy-stockfish with "setoption name UCI_Variant value VARIANT",
# "position fen FEN", "go perft DEPTH", the count of "Nodes searched".
# Positions: each start position, then positions of random games (seeded).
`)
	ends.WriteString(`# Game ends of random games (seeded) as Fairy-Stockfish 11.1 decides them.
# Format: variant ;FEN ;move ;result for the side that made the move ;varena's termination.
# Made by VARENA_FAIRY_REGEN=1 go test -run TestFairyRulesRegenerate ./engines:
# fairy-stockfish with "position fen FEN moves MOVE", "go depth 1" answers
# "bestmove (none)" (the game is over), and "position fen FEN",
# "go depth 2 searchmoves MOVE" scores "mate 1" (win), "mate -1" (loss) or "cp 0" (draw).
`)
	const budget = 300000 // nodes of the deepest count of a position
	addPerft := func(name string, p *engines.Position) {
		v := fairyParents[name]
		_ = v
		depth := 1
		for depth < 6 {
			n := engines.Perft(p, depth+1)
			if n > budget || n == 0 {
				break
			}
			depth++
		}
		want := e.perft(t, name, p.FEN(), depth)
		if got := engines.Perft(p, depth); got != want {
			t.Errorf("%s %s: perft(%d) = %d, Fairy-Stockfish %d", name, p.FEN(), depth, got, want)
		}
		fmt.Fprintf(&perft, "%s ;%s ;D%d %d\n", name, p.FEN(), depth, want)
	}
	for _, name := range names {
		v := fairyParents[name]
		start := v.StartPosition()
		addPerft(name, &start)
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		games, endsFound := 0, 0
		for games < 400 && endsFound < 12 {
			games++
			g := engines.NewGame(v.StartPosition())
			var buf [engines.MaxMoves]engines.Move
			for ply := 0; ply < 400; ply++ {
				p := *g.Position()
				// Perft(1) of every position of the first games, so that
				// the generator agrees along whole games.
				if games <= 3 {
					if got, want := uint64(p.CountMoves()), e.perft(t, name, p.FEN(), 1); got != want {
						t.Errorf("%s %s: %d moves, Fairy-Stockfish %d", name, p.FEN(), got, want)
					}
				}
				if games <= 2 && ply%25 == 12 {
					addPerft(name, &p)
				}
				moves := p.GenerateMoves(buf[:0])
				if len(moves) == 0 {
					break
				}
				m := moves[rng.IntN(len(moves))]
				g.Play(m)
				o := g.Position().Status()
				if o.Result == engines.Ongoing || o.Reason == engines.FiftyMoves {
					continue
				}
				uci := p.Geometry().UCI(m)
				want := e.fsfEnd(t, name, p.FEN(), uci)
				got := moverResult(o, p.SideToMove())
				if got != want {
					t.Errorf("%s %s %s: %v (%s for the mover), Fairy-Stockfish %q", name, p.FEN(), uci, o, got, want)
				}
				if endsFound < 12 && want != "" {
					fmt.Fprintf(&ends, "%s ;%s ;%s ;%s ;%s\n", name, p.FEN(), uci, want, o.Reason)
					endsFound++
				}
				break
			}
		}
		t.Logf("%s: %d games, %d ends", name, games, endsFound)
	}
	if err := os.MkdirAll(filepath.Join("testdata", "fairy"), 0o755); err != nil {
		t.Fatal(err)
	}
	for file, b := range map[string]*strings.Builder{"perft.epd": &perft, "ends.txt": &ends} {
		if err := os.WriteFile(filepath.Join("testdata", "fairy", file), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
