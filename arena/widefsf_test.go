package arena

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"varena/configs"
	"varena/configs/check"
	"varena/engines"
	"varena/engines/variants"
	"varena/results"
	"varena/results/rundir"
)

// wideFSFVariants are the variants of configs/runs/wide, large boards
// and drops: Fairy-Stockfish against the built-in engine, varena the
// referee.
var wideFSFVariants = []string{"xiangqi", "janggi", "capablanca", "grand", "courier",
	"crazyhouse", "shogi", "minishogi", "seirawan", "placement"}

// TestWideAgainstFSF plays configs/runs/wide/fsf-V.yaml for each
// variant V of wideFSFVariants (two games at 2,000 nodes a move; the whole config, 20 games
// at 20,000 nodes, with VARENA_LONG=1) and checks that varena and
// Fairy-Stockfish agree on every move's legality and every result:
//
//   - no game ends by a fault (an illegal move, a crash, a stall): varena
//     took every move of Fairy-Stockfish's, and Fairy-Stockfish sent
//     none of ours back as illegal;
//   - Fairy-Stockfish, given the game (position fen START moves ...),
//     reaches the FEN varena reached: it took every move of ours too (it
//     stops reading a move list at a move it finds illegal);
//   - a game that ended by the rules is over for Fairy-Stockfish the same
//     way: its search of the last move from the position before it (go
//     depth 2 searchmoves MOVE) goes no further than that move (2 nodes,
//     one an iteration) and scores the game's end ("mate 1" a win for the
//     mover, "mate 0" a loss, "mate -1" a loss by janggi's material
//     count, "cp 0" a draw), which is how its search sees checkmate,
//     stalemate, extinction, bikjang, repetition, perpetual check and the
//     n-move rule, each by its own rules; and at the end, after a
//     checkmate or stalemate, go perft 1 counts no move and d's Checkers
//     line names a checker after a checkmate and none after a stalemate.
//
// VARENA_LONG_OUT=DIR keeps the long run's folders under DIR (DIR/V);
// the same command again checks them without playing (the runs resume,
// finished).
func TestWideAgainstFSF(t *testing.T) {
	needFairyStockfish(t)
	long := os.Getenv("VARENA_LONG") != ""
	var grand wideTally
	for _, name := range wideFSFVariants {
		t.Run(name, func(t *testing.T) {
			r, err := configs.Load("../configs/runs/wide/fsf-"+name+".yaml",
				check.Validating())
			if err != nil {
				t.Fatal(err)
			}
			if r.Tournament.Games != 20 || r.TimeControl.Nodes != 20000 {
				t.Fatalf("the config plays %d games at %d nodes; the docs say 20 at 20,000", r.Tournament.Games, r.TimeControl.Nodes)
			}
			out := t.TempDir()
			if !long {
				r.Tournament.Games = 2
				r.TimeControl.Nodes = 2000
			} else if dir := os.Getenv("VARENA_LONG_OUT"); dir != "" {
				out = filepath.Join(dir, name)
			}
			if _, err := Run(context.Background(), resolved(t, r), Options{Out: out, Concurrency: 2}); err != nil {
				t.Fatal(err)
			}
			_, games, err := rundir.ReadRun(out, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(games) != r.Tournament.Games {
				t.Fatalf("%d games in the journal, want %d", len(games), r.Tournament.Games)
			}
			fsf := startFSF(t)
			var tally wideTally
			for _, g := range games {
				verdict, problems := checkWideGame(t, fsf, g)
				for _, p := range problems {
					t.Errorf("game %d (%s-%s, %s %s): %s", g.ID, g.White, g.Black, g.Result, g.Termination, p)
				}
				tally.add(g, verdict)
			}
			checkWideCheckerFlags(t, fsf, games)
			t.Logf("%s: %s", name, tally.String())
			grand.merge(tally)
		})
	}
	t.Logf("all: %s", grand.String())
}

// Terminations by the rules, as the journal writes them: the wide
// engine's bikjang and perpetual check, and its other ends (janggi's two
// passes in a row) as a variant rule.
const (
	termBikjang     = "bikjang"
	termPerpetual   = "perpetual check"
	termVariantRule = "variant rule"
)

// wideVerdict is what the check of one game found.
type wideVerdict int

const (
	agreedEnd  wideVerdict = iota // ended by the rules, Fairy-Stockfish agrees
	notByRules                    // adjudicated: moves checked, no end to compare
	disagreed                     // reported with t.Errorf
)

// checkWideGameFlags: the check is not blind. The first game ended by
// the rules, given the other kind of result (a draw for a win, a win for
// a draw) or the other winner, is a disagreement.
func checkWideCheckerFlags(t *testing.T, fsf *fsfProc, games []results.Game) {
	t.Helper()
	for _, g := range games {
		if v, _ := checkWideGame(t, fsf, g); v != agreedEnd {
			continue
		}
		var wrong []string
		switch g.Result {
		case results.WhiteWins:
			wrong = []string{results.BlackWins, results.Draw}
		case results.BlackWins:
			wrong = []string{results.WhiteWins, results.Draw}
		default:
			wrong = []string{results.WhiteWins, results.BlackWins}
		}
		for _, r := range wrong {
			bad := g
			bad.Result = r
			if v, _ := checkWideGame(t, fsf, bad); v != disagreed {
				t.Errorf("game %d given %s instead of %s: the check found no disagreement", g.ID, r, g.Result)
			}
		}
		return
	}
}

// checkWideGame checks one game against Fairy-Stockfish (see
// TestWideAgainstFSF) and reports what it found, with the disagreements
// in words.
func checkWideGame(t *testing.T, fsf *fsfProc, g results.Game) (wideVerdict, []string) {
	t.Helper()
	at := fmt.Sprintf("game %d", g.ID)
	switch g.Termination {
	case results.TermIllegalMove, results.TermEngineCrash, results.TermStall, results.TermTimeForfeit:
		return disagreed, []string{"a fault: " + g.Reason}
	}
	v, err := variants.ByName(g.Variant)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := engines.ParseFEN(v, g.StartFEN)
	if err != nil {
		t.Fatalf("%s: %v", at, err)
	}
	ucis := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		mv, err := pos.ParseUCIMove(m.UCI)
		if err != nil {
			t.Fatalf("%s: ply %d %s: %v", at, i+1, m.UCI, err)
		}
		var child engines.Position
		pos.MakeMove(mv, &child)
		pos = child
		ucis[i] = m.UCI
	}
	if len(ucis) == 0 {
		return disagreed, []string{"no moves"}
	}
	fsf.send("setoption name UCI_Variant value " + g.Variant)
	fsf.send("ucinewgame")
	fsf.send("position fen " + g.StartFEN + " moves " + strings.Join(ucis, " "))
	fsf.send("d")
	var fen, checkers string
	for _, l := range fsf.until("Checkers:") {
		if f, ok := strings.CutPrefix(l, "Fen: "); ok {
			fen = f
		}
		if c, ok := strings.CutPrefix(l, "Checkers:"); ok {
			checkers = strings.TrimSpace(c)
		}
	}
	if fen != pos.FEN() {
		return disagreed, []string{fmt.Sprintf("Fairy-Stockfish reaches %q, varena %q: one side's move is illegal to the other", fen, pos.FEN())}
	}
	fsf.send("go perft 1")
	lines := fsf.until("Nodes searched:")
	count, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(lines[len(lines)-1], "Nodes searched:")))
	if err != nil {
		t.Fatalf("%s: %q", at, lines[len(lines)-1])
	}

	switch g.Termination {
	case results.TermCheckmate, results.TermStalemate, results.TermExtinction, results.TermRepetition,
		results.TermFiftyMoves, results.TermFlag, results.TermCounting, results.TermCheckLimit, results.TermBareKing,
		termBikjang, termPerpetual, termVariantRule:
	default:
		return notByRules, nil
	}
	var problems []string
	switch g.Termination {
	case results.TermCheckmate:
		if count != 0 || checkers == "" {
			problems = append(problems, fmt.Sprintf("Fairy-Stockfish counts %d moves, checkers %q", count, checkers))
		}
	case results.TermStalemate:
		if count != 0 || checkers != "" {
			problems = append(problems, fmt.Sprintf("Fairy-Stockfish counts %d moves, checkers %q", count, checkers))
		}
	case results.TermExtinction:
		if count != 0 {
			problems = append(problems, fmt.Sprintf("Fairy-Stockfish counts %d moves after the extinction", count))
		}
	}
	// The last move searched from the position before it, two plies
	// deep: a search of one ply ends in quiescence, which does not see a
	// stalemate.
	last := len(ucis) - 1
	fsf.send("position fen " + g.StartFEN + " moves " + strings.Join(ucis[:last], " "))
	fsf.send("go depth 2 searchmoves " + ucis[last])
	var score string
	nodes := -1
	for _, l := range fsf.until("bestmove") {
		if _, s, found := strings.Cut(l, " score "); found && strings.HasPrefix(l, "info depth") {
			f := strings.Fields(s)
			score = f[0] + " " + f[1]
			if _, n, found := strings.Cut(l, " nodes "); found {
				nodes, _ = strconv.Atoi(strings.Fields(n)[0])
			}
		}
	}
	// The mover is the side that played the last move.
	moverWhite := last%2 == 0
	if strings.Contains(g.StartFEN, " b ") {
		moverWhite = !moverWhite
	}
	// Over for Fairy-Stockfish: one node an iteration, the position after
	// the move searched no further.
	if nodes != 2 {
		problems = append(problems, fmt.Sprintf("Fairy-Stockfish plays on after the last move %s (%d nodes at depth 2, score %s)", ucis[last], nodes, score))
	}
	want := []string{"cp 0"}
	switch g.Result {
	case results.WhiteWins, results.BlackWins:
		if (g.Result == results.WhiteWins) == moverWhite {
			want = []string{"mate 1"}
		} else {
			// A count (janggi's material) scores a ply later.
			want = []string{"mate 0", "mate -1"}
		}
	}
	if !slices.Contains(want, score) {
		problems = append(problems, fmt.Sprintf("Fairy-Stockfish scores the last move %s %q, want %s (the game over as varena ended it)", ucis[last], score, strings.Join(want, " or ")))
	}
	if len(problems) > 0 {
		return disagreed, problems
	}
	return agreedEnd, nil
}

// wideTally counts a run's games for the log.
type wideTally struct {
	games, white, draws, black     int // results from the second engine's side: W-D-L
	agreed, adjudicated, disagreed int
	ends                           map[string]int
}

func (w *wideTally) add(g results.Game, v wideVerdict) {
	w.games++
	ours := "alphabeta"
	switch {
	case g.Result == results.Draw:
		w.draws++
	case (g.Result == results.WhiteWins) == (g.White == ours):
		w.white++
	default:
		w.black++
	}
	switch v {
	case agreedEnd:
		w.agreed++
	case notByRules:
		w.adjudicated++
	default:
		w.disagreed++
	}
	if w.ends == nil {
		w.ends = map[string]int{}
	}
	w.ends[g.Termination]++
}

func (w *wideTally) merge(o wideTally) {
	w.games += o.games
	w.white += o.white
	w.draws += o.draws
	w.black += o.black
	w.agreed += o.agreed
	w.adjudicated += o.adjudicated
	w.disagreed += o.disagreed
	for k, n := range o.ends {
		if w.ends == nil {
			w.ends = map[string]int{}
		}
		w.ends[k] += n
	}
}

func (w *wideTally) String() string {
	var ends []string
	for k, n := range w.ends {
		ends = append(ends, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(ends)
	return fmt.Sprintf("%d games, alphabeta %d-%d-%d; ends: %s; Fairy-Stockfish agrees on %d ended by the rules, %d not ended by the rules (moves checked), %d disagreements",
		w.games, w.white, w.draws, w.black, strings.Join(ends, ", "), w.agreed, w.adjudicated, w.disagreed)
}

// fsfProc is a Fairy-Stockfish process the test talks to line by line.
type fsfProc struct {
	t     *testing.T
	in    io.WriteCloser
	lines chan string
}

// startFSF starts Fairy-Stockfish for the test; it quits at the end.
func startFSF(t *testing.T) *fsfProc {
	t.Helper()
	cmd := exec.Command(fairyStockfish)
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
	f := &fsfProc{t: t, in: in, lines: make(chan string, 256)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			f.lines <- sc.Text()
		}
		close(f.lines)
	}()
	t.Cleanup(func() {
		f.send("quit")
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	f.send("uci")
	f.until("uciok")
	return f
}

func (f *fsfProc) send(line string) {
	if _, err := io.WriteString(f.in, line+"\n"); err != nil {
		f.t.Fatalf("to Fairy-Stockfish: %v", err)
	}
}

// until returns the lines up to and including the first that starts
// with prefix.
func (f *fsfProc) until(prefix string) []string {
	var got []string
	timeout := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-f.lines:
			if !ok {
				f.t.Fatalf("Fairy-Stockfish quit; waiting for %q after %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			f.t.Fatalf("Fairy-Stockfish: no %q within 30 s; read %q", prefix, got)
		}
	}
}
