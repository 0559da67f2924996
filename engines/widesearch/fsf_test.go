package widesearch

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"varena/engines/wide"
)

const fsfPath = "/usr/games/fairy-stockfish"

// fsfEngine is Fairy-Stockfish over UCI, for the baseline match.
type fsfEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startFSF(t testing.TB, variant string) *fsfEngine {
	t.Helper()
	if _, err := os.Stat(fsfPath); err != nil {
		t.Skipf("Fairy-Stockfish not installed at %s", fsfPath)
	}
	cmd := exec.Command(fsfPath)
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
	f := &fsfEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	f.out.Buffer(make([]byte, 1<<20), 1<<20)
	t.Cleanup(func() {
		f.send("quit")
		in.Close()
		cmd.Wait()
	})
	f.send("uci")
	f.until("uciok")
	f.send("setoption name UCI_Variant value " + variant)
	f.send("setoption name Threads value 1")
	f.send("isready")
	f.until("readyok")
	return f
}

func (f *fsfEngine) send(s string) { fmt.Fprintln(f.in, s) }

func (f *fsfEngine) until(prefix string) string {
	for f.out.Scan() {
		if l := f.out.Text(); strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

// bestmove asks for the move of the game's position at nodes nodes.
func (f *fsfEngine) bestmove(g *wide.Game, nodes int) string {
	var b strings.Builder
	b.WriteString("position fen " + g.Start().FEN())
	if len(g.Moves()) > 0 {
		b.WriteString(" moves")
		p := *g.Start()
		for _, m := range g.Moves() {
			b.WriteString(" " + p.UCI(m))
			p.MakeMove(m, &p)
		}
	}
	f.send(b.String())
	f.send("go nodes " + strconv.Itoa(nodes))
	fields := strings.Fields(f.until("bestmove"))
	if len(fields) < 2 {
		return ""
	}
	return fields[1]
}

// TestFSFBaseline plays the searcher against Fairy-Stockfish 11.1, both
// at 20,000 nodes a move, in xiangqi: 20 games, 10 random 2-ply openings
// each played with both colours (VARENA_FSF_GAMES, VARENA_FSF_NODES and
// VARENA_FSF_VARIANT change the match). A measurement, not a test of
// strength: it fails only on an illegal move. It runs with VARENA_LONG=1:
//
//	VARENA_LONG=1 go test -run FSFBaseline -v -timeout 60m ./engines/widesearch
func TestFSFBaseline(t *testing.T) {
	if os.Getenv("VARENA_LONG") == "" {
		t.Skip("a match against Fairy-Stockfish: VARENA_LONG=1")
	}
	name, games, nodes := "xiangqi", 20, 20000
	if s := os.Getenv("VARENA_FSF_VARIANT"); s != "" {
		name = s
	}
	if n, err := strconv.Atoi(os.Getenv("VARENA_FSF_GAMES")); err == nil && n > 0 {
		games = n
	}
	if n, err := strconv.Atoi(os.Getenv("VARENA_FSF_NODES")); err == nil && n > 0 {
		nodes = n
	}
	v := variant(t, name)
	f := startFSF(t, name)
	s := New(64)
	rng := rand.New(rand.NewSource(2026))
	var opening []wide.Move
	var win, draw, loss int
	start := time.Now()
	for game := 0; game < games; game++ {
		if game%2 == 0 {
			opening = randomOpening(v, rng, 2)
		}
		us := wide.Color(game % 2)
		g := wide.NewGame(mustFEN(t, v, v.StartFEN()))
		for _, m := range opening {
			g.Play(m)
		}
		s.NewGame()
		f.send("ucinewgame")
		f.send("isready")
		f.until("readyok")
		for len(g.Moves()) < 600 && g.Outcome().Reason == wide.NotOver {
			p := g.Position()
			if p.SideToMove() == us {
				res := s.Search(context.Background(), g, Limits{Nodes: int64(nodes)}, nil)
				g.Play(res.Move)
				continue
			}
			mv := f.bestmove(g, nodes)
			if err := g.PlayUCI(mv); err != nil {
				t.Fatalf("game %d: Fairy-Stockfish's %q: %v", game+1, mv, err)
			}
		}
		o := g.Outcome()
		switch {
		case o.Result == wide.WhiteWins && us == wide.White, o.Result == wide.BlackWins && us == wide.Black:
			win++
		case o.Result == wide.Draw || o.Reason == wide.NotOver:
			draw++
		default:
			loss++
		}
		t.Logf("game %d, widesearch %s: %v by %v after %d plies", game+1, us, o.Result, o.Reason, len(g.Moves()))
	}
	score := float64(win) + float64(draw)/2
	t.Logf("%s, %d nodes a move: widesearch %d-%d-%d against Fairy-Stockfish 11.1 (%.1f/%d, %.1f%%) in %v",
		name, nodes, win, draw, loss, score, games, 100*score/float64(games), time.Since(start).Round(time.Second))
}

// randomOpening returns plies random legal moves from v's start.
func randomOpening(v *wide.Variant, rng *rand.Rand, plies int) []wide.Move {
	p, _ := wide.ParseFEN(v, v.StartFEN())
	var out []wide.Move
	var buf [wide.MaxMoves]wide.Move
	for i := 0; i < plies; i++ {
		legal := p.GenerateLegal(buf[:0])
		if len(legal) == 0 {
			break
		}
		m := legal[rng.Intn(len(legal))]
		out = append(out, m)
		p.MakeMove(m, &p)
	}
	return out
}
