package wide_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"varena/engines/fairy"
	"varena/engines/wide"
)

// The variants this package plays: Fairy-Stockfish 11.1's built-ins on
// boards over 64 squares without drops, and minixiangqi.
var variantNames = []string{
	"capablanca", "caparandom", "gothic", "janus", "embassy", "grand", "courier",
	"shako", "xiangqi", "minixiangqi", "manchu", "janggi", "janggicasual",
	"janggimodern", "janggitraditional", "chancellor", "centaur", "modern",
	"jesonmor", "clobber10",
	// With pieces in hand: drops, gating, placement.
	"crazyhouse", "loop", "chessgi", "pocketknight", "placement", "seirawan",
	"shouse", "capahouse", "minishogi", "shogi", "kyotoshogi", "dobutsu",
	"gorogoro", "judkins", "euroshogi", "sittuyin",
	// The other built-ins of 11.1 the wide engine plays.
	"mini", "clobber", "breakthrough", "micro",
	// The games of two boards, played on one (their hands from the FEN).
	"bughouse", "koedem", "supply",
}

var (
	variantMu    sync.Mutex
	variantCache = map[string]*wide.Variant{}
)

// variant returns a built-in variant by name, lowered by engines/fairy.
func variant(t testing.TB, name string) *wide.Variant {
	t.Helper()
	variantMu.Lock()
	defer variantMu.Unlock()
	if v, ok := variantCache[name]; ok {
		return v
	}
	d := fairy.Lookup(nil, name)
	if d == nil {
		t.Fatalf("no built-in variant %q", name)
	}
	v, err := d.Wide()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	variantCache[name] = v
	return v
}

func mustFEN(t testing.TB, v *wide.Variant, fen string) wide.Position {
	t.Helper()
	p, err := wide.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

const fsfPath = "/usr/games/fairy-stockfish"

// fsf is a running Fairy-Stockfish 11.1 for perft divides.
type fsf struct {
	cmd *exec.Cmd
	in  *bufio.Writer
	out *bufio.Scanner
}

func startFSF(t testing.TB) *fsf {
	t.Helper()
	if _, err := os.Stat(fsfPath); err != nil {
		t.Skipf("Fairy-Stockfish 11.1 not installed at %s", fsfPath)
	}
	cmd := exec.Command(fsfPath)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	f := &fsf{cmd: cmd, in: bufio.NewWriter(stdin), out: bufio.NewScanner(stdout)}
	f.out.Buffer(make([]byte, 1<<20), 1<<20)
	t.Cleanup(func() {
		f.send("quit")
		stdin.Close()
		cmd.Wait()
	})
	f.send("uci")
	f.until("uciok")
	return f
}

func (f *fsf) send(s string) {
	f.in.WriteString(s + "\n")
	f.in.Flush()
}

func (f *fsf) until(prefix string) []string {
	var lines []string
	for f.out.Scan() {
		l := f.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			break
		}
	}
	return lines
}

// divide returns Fairy-Stockfish's perft divide of a position.
func (f *fsf) divide(variant, fen string, moves []string, depth int) (map[string]uint64, uint64) {
	f.send("setoption name UCI_Variant value " + variant)
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	f.send(pos)
	f.send(fmt.Sprintf("go perft %d", depth))
	div := map[string]uint64{}
	var total uint64
	for _, l := range f.until("Nodes searched") {
		if strings.HasPrefix(l, "Nodes searched") {
			total, _ = strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(l, "Nodes searched:")), 10, 64)
			continue
		}
		if i := strings.Index(l, ": "); i > 0 && !strings.Contains(l[:i], " ") {
			n, err := strconv.ParseUint(l[i+2:], 10, 64)
			if err == nil {
				div[l[:i]] += n
			}
		}
	}
	return div, total
}

// fen returns Fairy-Stockfish's FEN of a position.
func (f *fsf) fen(variant, fen string, moves []string) string {
	f.send("setoption name UCI_Variant value " + variant)
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	f.send(pos)
	f.send("d")
	for _, l := range f.until("Checkers") {
		if strings.HasPrefix(l, "Fen: ") {
			return strings.TrimPrefix(l, "Fen: ")
		}
	}
	return ""
}
