package fairy

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fsfPath is the Fairy-Stockfish binary the reference tests ask.
const fsfPath = "/usr/games/fairy-stockfish"

// fsf is a running Fairy-Stockfish, asked one command at a time.
type fsf struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	t   testing.TB
}

// startFSF starts the binary with the variant file loaded (none if
// iniPath is ""), or skips the test when the binary is absent.
func startFSF(t testing.TB, iniPath string) *fsf {
	t.Helper()
	if _, err := os.Stat(fsfPath); err != nil {
		t.Skipf("Fairy-Stockfish is not installed at %s: %v", fsfPath, err)
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
		t.Fatalf("starting %s: %v", fsfPath, err)
	}
	f := &fsf{cmd: cmd, in: in, out: bufio.NewScanner(out), t: t}
	f.out.Buffer(make([]byte, 1<<16), 1<<20)
	t.Cleanup(f.close)
	if iniPath != "" {
		f.ask("setoption name VariantPath value " + iniPath)
	}
	return f
}

func (f *fsf) close() {
	fmt.Fprintln(f.in, "quit")
	f.in.Close()
	done := make(chan error, 1)
	go func() { done <- f.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		f.cmd.Process.Kill()
		<-done
	}
}

// ask sends the commands and returns the output lines up to readyok.
func (f *fsf) ask(cmds ...string) []string {
	f.t.Helper()
	for _, c := range cmds {
		fmt.Fprintln(f.in, c)
	}
	fmt.Fprintln(f.in, "isready")
	var lines []string
	for f.out.Scan() {
		l := f.out.Text()
		if l == "readyok" {
			return lines
		}
		lines = append(lines, l)
	}
	f.t.Fatalf("Fairy-Stockfish ended while answering %q: %v", cmds, f.out.Err())
	return nil
}

// variant selects a variant and sets up a position ("startpos" or a FEN)
// with moves after it.
func (f *fsf) setup(variant, pos string, moves []string) {
	f.t.Helper()
	p := "position startpos"
	if pos != "startpos" {
		p = "position fen " + pos
	}
	if len(moves) > 0 {
		p += " moves " + strings.Join(moves, " ")
	}
	f.ask("setoption name UCI_Variant value "+variant, p)
}

// fen returns the FEN the set-up position has.
func (f *fsf) fen() string {
	f.t.Helper()
	for _, l := range f.ask("d") {
		if s, ok := strings.CutPrefix(l, "Fen: "); ok {
			return s
		}
	}
	f.t.Fatal("Fairy-Stockfish's d printed no Fen: line")
	return ""
}

// perft returns the legal moves of the set-up position and the node count
// at depth.
func (f *fsf) perft(depth int) (moves []string, nodes int64) {
	f.t.Helper()
	// go perft runs in the search thread, so its output may come after a
	// readyok: read up to its node count instead.
	fmt.Fprintf(f.in, "go perft %d\n", depth)
	for f.out.Scan() {
		l := f.out.Text()
		if s, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
			if err != nil {
				f.t.Fatalf("perft output %q: %v", l, err)
			}
			f.ask() // the blank line after the count
			return moves, n
		}
		if m, _, ok := strings.Cut(l, ": "); ok && !strings.Contains(m, " ") && m != "" {
			moves = append(moves, m)
		}
	}
	f.t.Fatalf("Fairy-Stockfish ended during perft %d: %v", depth, f.out.Err())
	return nil, 0
}
