package wide_test

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"varena/engines/wide"
)

// TestSpeedAgainstFSF times Fairy-Stockfish 11.1's go perft (a fresh
// process each, start-up included) and Perft on the same start positions
// and depths, one after the other, and logs the ratio. Run with
//
//	WIDE_SPEED=1 go test ./engines/wide -run TestSpeedAgainstFSF -v
func TestSpeedAgainstFSF(t *testing.T) {
	if os.Getenv("WIDE_SPEED") == "" {
		t.Skip("set WIDE_SPEED=1 to time against Fairy-Stockfish")
	}
	if _, err := os.Stat(fsfPath); err != nil {
		t.Skipf("no Fairy-Stockfish at %s", fsfPath)
	}
	cases := []struct {
		name  string
		depth int
	}{
		{"xiangqi", 5}, {"janggi", 5}, {"capablanca", 5}, {"grand", 4}, {"shako", 4}, {"courier", 5}, {"minixiangqi", 5},
		{"crazyhouse", 5}, {"shogi", 5},
	}
	var sumW, sumF float64
	for _, c := range cases {
		v := variant(t, c.name)
		pos := mustFEN(t, v, v.StartFEN())
		start := time.Now()
		n := wide.Perft(&pos, c.depth)
		tw := time.Since(start).Seconds()
		cmd := exec.Command(fsfPath)
		cmd.Stdin = strings.NewReader(fmt.Sprintf("setoption name UCI_Variant value %s\nposition startpos\ngo perft %d\nquit\n", c.name, c.depth))
		start = time.Now()
		out, err := cmd.Output()
		tf := time.Since(start).Seconds()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out), fmt.Sprintf("Nodes searched: %d", n)) {
			t.Errorf("%s perft %d = %d, Fairy-Stockfish: %s", c.name, c.depth, n, out[len(out)-40:])
		}
		sumW, sumF = sumW+tw, sumF+tf
		t.Logf("%-12s depth %d %10d nodes: wide %.3fs (%.1f Mnodes/s), Fairy-Stockfish %.3fs: %.2fx", c.name, c.depth, n, tw, float64(n)/tw/1e6, tf, tf/tw)
	}
	t.Logf("all: wide %.2fs, Fairy-Stockfish %.2fs: %.2fx", sumW, sumF, sumF/sumW)
}
