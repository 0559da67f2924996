package variants

import (
	"bufio"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"varena/engines"
)

// fsfNewPath is the Fairy-Stockfish build of commit c19b5f6, beside the
// checkout (../shared), which reads every key of its own variants.ini.
const fsfNewPath = "../../../shared/fairy-stockfish/fairy-stockfish-c19b5f6"

// liveFSF is a running Fairy-Stockfish, one command at a time.
type liveFSF struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
	t   testing.TB
}

func startLiveFSF(t testing.TB, bin, ini string) *liveFSF {
	t.Helper()
	bin, _ = filepath.Abs(bin)
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("no Fairy-Stockfish at %s: %v", bin, err)
	}
	cmd := exec.Command(bin)
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
	f := &liveFSF{cmd: cmd, in: in, out: bufio.NewScanner(out), t: t}
	f.out.Buffer(make([]byte, 1<<16), 1<<22)
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
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
	if ini != "" {
		f.ask("setoption name VariantPath value " + ini)
	}
	return f
}

// ask sends the commands and returns the lines up to readyok.
func (f *liveFSF) ask(cmds ...string) []string {
	f.t.Helper()
	for _, c := range cmds {
		fmt.Fprintln(f.in, c)
	}
	fmt.Fprintln(f.in, "isready")
	var lines []string
	for f.out.Scan() {
		if l := f.out.Text(); l == "readyok" {
			return lines
		} else {
			lines = append(lines, l)
		}
	}
	f.t.Fatalf("Fairy-Stockfish ended while answering %q", cmds)
	return nil
}

// divide sets up the variant's start position with moves and returns
// go perft's count per root move.
func (f *liveFSF) divide(variant string, moves []string, depth int) map[string]uint64 {
	f.t.Helper()
	p := "position startpos"
	if len(moves) > 0 {
		p += " moves " + strings.Join(moves, " ")
	}
	f.ask("setoption name UCI_Variant value "+variant, p)
	fmt.Fprintf(f.in, "go perft %d\n", depth)
	out := map[string]uint64{}
	for f.out.Scan() {
		l := f.out.Text()
		if _, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
			f.ask()
			return out
		}
		if m, n, ok := strings.Cut(l, ": "); ok && m != "" && !strings.Contains(m, " ") {
			c, err := strconv.ParseUint(strings.TrimSpace(n), 10, 64)
			if err == nil {
				out[m] = c
			}
		}
	}
	f.t.Fatalf("Fairy-Stockfish ended during perft")
	return nil
}

// TestFSFFileLive compares, for every section of Fairy-Stockfish's own
// variants.ini that varena plays, perft divides with the c19b5f6 build
// loading the same file: from the start position (depth 3 where the tree
// is small, else 2) and from positions of seeded random games (depth 2).
// It is slow: VARENA_FSF_FILE_LIVE=1 runs it (VARENA_FSF_FILE_SECTION
// names one section).
func TestFSFFileLive(t *testing.T) {
	if os.Getenv("VARENA_FSF_FILE_LIVE") == "" {
		t.Skip("VARENA_FSF_FILE_LIVE=1 compares with Fairy-Stockfish c19b5f6")
	}
	path, _ := filepath.Abs(fsfFile)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no %s: %v", fsfFile, err)
	}
	f := startLiveFSF(t, fsfNewPath, path)
	set, err := LoadSet(path)
	if err != nil {
		t.Fatal(err)
	}
	vs := set.Loaded()
	only := os.Getenv("VARENA_FSF_FILE_SECTION")
	var equal, differ []string
	for _, v := range vs {
		if only != "" && v.Name != only {
			continue
		}
		if why := compareSection(t, f, v); why != "" {
			differ = append(differ, v.Name)
			t.Logf("DIFFERS %s: %s", v.Name, why)
		} else {
			equal = append(equal, v.Name)
		}
	}
	sort.Strings(equal)
	t.Logf("equal perft (%d): %s", len(equal), strings.Join(equal, " "))
	t.Logf("different perft (%d): %s", len(differ), strings.Join(differ, " "))
}

// compareSection returns "" when every divide agrees, else the first
// difference.
func compareSection(t *testing.T, f *liveFSF, v *engines.Variant) string {
	start, err := engines.ParseFEN(v, v.StartFEN)
	if err != nil {
		return "start: " + err.Error()
	}
	cmp := func(pos *engines.Position, moves []string, depth int) string {
		want := f.divide(v.Name, moves, depth)
		got := map[string]uint64{}
		for _, e := range engines.Divide(pos, depth) {
			got[v.UCI(e.Move)] = e.Nodes
		}
		var keys []string
		for k := range want {
			keys = append(keys, k)
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			if got[k] != want[k] {
				return fmt.Sprintf("after %v (%s) depth %d: %s: %d, Fairy-Stockfish %d (%d moves, FSF %d)", moves, pos.FEN(), depth, k, got[k], want[k], len(got), len(want))
			}
		}
		return ""
	}
	depth := 2
	if engines.Perft(&start, 2) < 20000 {
		depth = 3
	}
	if why := cmp(&start, nil, depth); why != "" {
		return why
	}
	rng := rand.New(rand.NewSource(int64(len(v.Name)) * 7919))
	for g := 0; g < 3; g++ {
		pos := start
		var moves []string
		plies := 4 + rng.Intn(40)
		for i := 0; i < plies; i++ {
			var buf [engines.MaxMoves]engines.Move
			legal := pos.GenerateMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			m := legal[rng.Intn(len(legal))]
			moves = append(moves, v.UCI(m))
			var child engines.Position
			pos.MakeMove(m, &child)
			pos = child
		}
		if why := cmp(&pos, moves, 2); why != "" {
			return why
		}
	}
	return ""
}
